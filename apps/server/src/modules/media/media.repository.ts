import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';

/**
 * Every picture seed the catalogue presents (offers' and hotels' `image_seeds`: offer answers, hotel
 * pages and order lines all show these through `toImage()`), with the catalogue version they belong
 * to. One statement, so the version and the seeds are one snapshot. JSON keeps it one row and one
 * parse for the 300,000-odd seeds of a 100,000-offer catalogue.
 */
export async function readCatalogueSeeds(db: Database): Promise<{ version: string; seeds: string[] }> {
  const [row] = await queryRows<{ version: number | null; seeds: string[] | string }>(
    db,
    sql`SELECT (SELECT version FROM catalogue_version WHERE id = 1) AS version,
      (SELECT coalesce(json_agg(seed), '[]'::json) FROM (
        SELECT unnest(image_seeds) AS seed FROM offers
        UNION ALL
        SELECT unnest(image_seeds) AS seed FROM hotels
      ) AS named) AS seeds`,
  );
  const seeds = row?.seeds ?? [];
  return {
    version: String(row?.version ?? 0),
    seeds: typeof seeds === 'string' ? (JSON.parse(seeds) as string[]) : seeds,
  };
}

/** The catalogue version alone (one row by primary key): bumped by every search index rebuild. */
export async function readCatalogueVersion(db: Database): Promise<string> {
  const [row] = await queryRows<{ version: number | null }>(
    db,
    sql`SELECT (SELECT version FROM catalogue_version WHERE id = 1) AS version`,
  );
  return String(row?.version ?? 0);
}
