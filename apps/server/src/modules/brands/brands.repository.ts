import type { Database } from '#src/db/client.ts';
import { brands } from '#src/db/schema/index.ts';

export type BrandRow = typeof brands.$inferSelect;

// Async on purpose: a Drizzle query is a lazy thenable that runs again on every `then`, and the brand
// directory caches what this returns.
export async function listBrands(db: Database): Promise<BrandRow[]> {
  return await db.select().from(brands).orderBy(brands.id);
}
