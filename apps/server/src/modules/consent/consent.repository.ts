import type { ConsentChoice } from '@shop/contracts/consent';
import type { Locale } from '@shop/contracts/locale';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';

/** The only module of the consent records with SQL. */

export type ConsentRecord = {
  brandId: number;
  visitorId: string;
  choice: ConsentChoice;
  bannerVersion: string;
  textHash: string | null;
  services: string[];
  locale: Locale;
};

/** Appends one answer; records are never changed: a later answer is a new row, the latest counts. */
export async function insertConsentRecord(db: Database, record: ConsentRecord): Promise<void> {
  // The services go as one JSON parameter: a JS array in a sql`` template would become a list of parameters.
  await queryRows(
    db,
    sql`INSERT INTO consent_records (brand_id, visitor_id, choice, banner_version, text_hash, services, locale)
        VALUES (${record.brandId}, ${record.visitorId}, ${record.choice}, ${record.bannerVersion},
                ${record.textHash}, ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(record.services)}::jsonb)),
                ${record.locale})`,
  );
}
