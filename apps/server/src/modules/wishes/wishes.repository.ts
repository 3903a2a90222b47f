import type { WishKind } from '@shop/contracts/wishes';
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';

/** The only module of the wishes with SQL. */
export async function insertWish(
  db: Database,
  wish: { brandId: number; locale: string; email: string; kind: WishKind; text: string },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO wishes (brand_id, locale, email, kind, text)
        VALUES (${wish.brandId}, ${wish.locale}, ${wish.email}, ${wish.kind}, ${wish.text})`,
  );
}
