import type { Locale } from '@shop/contracts/locale';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import { translatedSql } from '#src/db/translate.ts';
import { visibleToBrand } from '#src/modules/offers/offers.repository.ts';

export type PromotionRow = {
  id: number;
  name: string;
  promotion_type: string;
  type: string;
  title: string;
  description: string;
  is_active: boolean;
  valid_from: Date | string | null;
  valid_to: Date | string | null;
  count: number;
};

const isCurrent = sql.raw(
  `p.is_active AND (p.valid_from IS NULL OR p.valid_from <= now()) AND (p.valid_to IS NULL OR p.valid_to > now())`,
);

function promotionColumns(locale: Locale, brandId: number) {
  return sql`p.id, p.name, p.promotion_type, p.type, ${translatedSql('p.title', locale)} AS title,
    ${translatedSql('p.description', locale)} AS description, p.is_active, p.valid_from, p.valid_to,
    (SELECT count(*)::int FROM promotion_offers po JOIN offer_search s ON s.offer_id = po.offer_id
      WHERE po.promotion_id = p.id AND ${visibleToBrand('s', brandId)}) AS count`;
}

/** The promotions running now on a brand: its own and the shared ones. */
export function findCurrentPromotions(
  db: Database,
  brandId: number,
  locale: Locale,
): Promise<PromotionRow[]> {
  return queryRows<PromotionRow>(
    db,
    sql`SELECT ${promotionColumns(locale, brandId)} FROM promotions p
      WHERE ${isCurrent} AND ${visibleToBrand('p', brandId)}
      ORDER BY p.brand_id NULLS LAST, p.name`,
  );
}

/** A running promotion by name (case-insensitive); the brand's own wins over a shared one. */
export async function findCurrentPromotion(
  db: Database,
  name: string,
  brandId: number,
  locale: Locale,
): Promise<PromotionRow | undefined> {
  const [row] = await queryRows<PromotionRow>(
    db,
    sql`SELECT ${promotionColumns(locale, brandId)} FROM promotions p
      WHERE lower(p.name) = ${name.toLowerCase()} AND ${isCurrent} AND ${visibleToBrand('p', brandId)}
      ORDER BY p.brand_id NULLS LAST LIMIT 1`,
  );
  return row;
}

export async function findPromotionOfferIds(
  db: Database,
  promotionId: number,
  brandId: number,
  limit: number,
): Promise<number[]> {
  const rows = await queryRows<{ offer_id: number }>(
    db,
    sql`SELECT po.offer_id FROM promotion_offers po JOIN offer_search s ON s.offer_id = po.offer_id
      WHERE po.promotion_id = ${promotionId} AND ${visibleToBrand('s', brandId)}
      ORDER BY s.is_sold_out, po.position, po.offer_id LIMIT ${limit}`,
  );
  return rows.map((row) => row.offer_id);
}
