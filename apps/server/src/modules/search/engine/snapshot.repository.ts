import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import type { OfferRow } from './offer-index.ts';

/** Identifies the offer_search contents: rebuildSearchIndex bumps it on every change. */
export async function readFingerprint(db: Database): Promise<string> {
  const [row] = await queryRows<{ version: number | null }>(
    db,
    sql`SELECT (SELECT version FROM catalogue_version WHERE id = 1) AS version`,
  );
  return String(row?.version ?? 0);
}

type SnapshotRow = Omit<OfferRow, 'documents'> & { de: string; en: string; it: string };

/** Rows per round trip: small enough that parsing one chunk blocks the event loop only briefly. */
const chunkSize = 2000;

function readChunk(db: Database, afterOfferId: number | null): Promise<SnapshotRow[]> {
  return queryRows<SnapshotRow>(
    db,
    sql`SELECT offer_id AS "offerId", brand_id AS "brandId", country_iso::text AS "countryIso",
        theme_ids AS "themeIds", nights_set AS "nightsSet", persons_set AS "personsSet",
        price_cents AS "priceCents", discount_percent AS "discountPercent", is_sold_out AS "isSoldOut",
        -- Whole microseconds, exact in a double: Date would drop them and "newest" could tie differently.
        (extract(epoch FROM created_at) * 1000000)::float8 AS "createdAt",
        document_de::text AS de, document_en::text AS en, document_it::text AS it
      FROM offer_search
      WHERE ${afterOfferId === null ? sql`true` : sql`offer_id > ${afterOfferId}`}
      ORDER BY offer_id
      LIMIT ${chunkSize}`,
  );
}

const numbers = (values: readonly unknown[]) => values.map(Number);

function toOfferRow(row: SnapshotRow): OfferRow {
  return {
    offerId: row.offerId,
    brandId: row.brandId,
    countryIso: row.countryIso,
    themeIds: numbers(row.themeIds),
    nightsSet: numbers(row.nightsSet),
    personsSet: numbers(row.personsSet),
    priceCents: row.priceCents,
    discountPercent: row.discountPercent,
    isSoldOut: row.isSoldOut,
    createdAt: Number(row.createdAt),
    documents: { de: row.de, en: row.en, it: row.it },
  };
}

/**
 * Reads offer_search in offer id order, chunk after chunk, handing each to `onRows`. One read-only
 * REPEATABLE READ transaction makes the chunks and the returned fingerprint one consistent snapshot.
 */
export function readOfferSnapshot(
  db: Database,
  onRows: (rows: OfferRow[]) => void | Promise<void>,
): Promise<{ fingerprint: string }> {
  return db.transaction(
    async (transaction) => {
      const tx = transaction as unknown as Database;
      const fingerprint = await readFingerprint(tx);
      let next = readChunk(tx, null);
      try {
        for (;;) {
          const rows = await next;
          if (rows.length === 0) break;
          // The next chunk is requested before this one is parsed, so PostgreSQL works meanwhile.
          next = rows.length < chunkSize ? Promise.resolve([]) : readChunk(tx, rows.at(-1)!.offerId);
          await onRows(rows.map(toOfferRow));
        }
      } catch (error) {
        next.catch(() => {});
        throw error;
      }
      return { fingerprint };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
