import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import { visibleToBrand } from '#src/modules/offers/offers.repository.ts';

export type SitemapCounts = { hotels: number; offers: number };
export type SitemapOfferRow = { hotel_slug: string; offer_slug: string };

/** How many hotels and offers the brand's sitemap lists (offer_search holds only active offers). */
export async function countSitemapEntries(db: Database, brandId: number): Promise<SitemapCounts> {
  const [row] = await queryRows<SitemapCounts>(
    db,
    sql`SELECT count(DISTINCT s.hotel_id)::int AS hotels, count(*)::int AS offers
      FROM offer_search s WHERE ${visibleToBrand('s', brandId)}`,
  );
  return row ?? { hotels: 0, offers: 0 };
}

/** One sitemap file's worth of hotels with offers on the brand, in a stable order. */
export async function findSitemapHotelSlugs(
  db: Database,
  brandId: number,
  offset: number,
  limit: number,
): Promise<string[]> {
  const rows = await queryRows<{ slug: string }>(
    db,
    sql`SELECT h.slug FROM hotels h
      WHERE EXISTS (SELECT 1 FROM offer_search s WHERE s.hotel_id = h.id AND ${visibleToBrand('s', brandId)})
      ORDER BY h.id LIMIT ${limit} OFFSET ${offset}`,
  );
  return rows.map((row) => row.slug);
}

/** One sitemap file's worth of the brand's offers (sold-out ones too: their pages exist), in a stable order. */
export function findSitemapOffers(
  db: Database,
  brandId: number,
  offset: number,
  limit: number,
): Promise<SitemapOfferRow[]> {
  return queryRows<SitemapOfferRow>(
    db,
    sql`SELECT h.slug AS hotel_slug, o.slug AS offer_slug
      FROM offer_search s
      JOIN offers o ON o.id = s.offer_id
      JOIN hotels h ON h.id = s.hotel_id
      WHERE ${visibleToBrand('s', brandId)}
      ORDER BY s.offer_id LIMIT ${limit} OFFSET ${offset}`,
  );
}
