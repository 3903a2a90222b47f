import type { Locale } from '@shop/contracts/locale';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import type { TextQuery } from './search-engine.ts';
import { parseTsQueryText } from './text-query.ts';

const searchConfigs: Record<Locale, string> = { de: 'shop_de', en: 'shop_en', it: 'shop_it' };

/**
 * The engine's text query for a to_tsquery expression (buildTsQuery's output): PostgreSQL stems and
 * drops stop words exactly as for the documents. Null when the result has a shape the engine does not
 * evaluate (see parseTsQueryText); search in SQL then.
 */
export async function stemTextQuery(
  db: Database,
  locale: Locale,
  tsQuery: string,
): Promise<TextQuery | null> {
  const [row] = await queryRows<{ query: string }>(
    db,
    sql`SELECT to_tsquery(${searchConfigs[locale]}::regconfig, ${tsQuery})::text AS query`,
  );
  return parseTsQueryText(row!.query);
}
