import type { Database } from '#src/db/client.ts';
import { brands } from '#src/db/schema/index.ts';

export type BrandRow = typeof brands.$inferSelect;

export function listBrands(db: Database): Promise<BrandRow[]> {
  return db.select().from(brands).orderBy(brands.id);
}
