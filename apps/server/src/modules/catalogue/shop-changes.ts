import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';

/**
 * Tells every process (on every machine) that something the shop shows changed: content pages, a brand's
 * configuration, promotions, an offer's texts or prices. Call it in the transaction that writes the change,
 * so the announcement commits with it. Each process polls the counter (shop-change-watch.ts) and drops its
 * catalogue answers, rendered pages and brand configurations when it moves. Changes to what search finds go
 * through `rebuildSearchIndex`, which bumps `catalogue_version` (the search index reloads on that).
 */
export async function announceShopChange(db: Database): Promise<void> {
  await db.execute(sql`UPDATE shop_version SET version = version + 1, changed_at = now() WHERE id = 1`);
}
