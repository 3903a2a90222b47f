import type { Locale } from '@shop/contracts/locale';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import { translatedSql } from '#src/db/translate.ts';
import {
  type HotelColumns,
  hotelColumns,
  isOnSale,
  visibleToBrand,
} from '#src/modules/offers/offers.repository.ts';

export type HotelRow = HotelColumns & {
  description: string;
  offer_count: number;
  price_cents: number | null;
  /** The cheapest offer on sale and in stock; null when every offer is sold out or gone. */
  cheapest_slug: string | null;
  cheapest_price_cents: number | null;
  distance_km?: number;
};

/** Hotels with at least one offer on the brand, with how many and the cheapest in stock. */
function selectHotels(brandId: number, locale: Locale, extraColumns: SQL = sql``) {
  return sql`
    SELECT ${hotelColumns(locale)}, ${translatedSql('h.description', locale)} AS description,
      stats.offer_count, stats.price_cents ${extraColumns}
    FROM hotels h
    JOIN vendors vd ON vd.id = h.vendor_id
    JOIN LATERAL (
      SELECT count(*)::int AS offer_count, min(s.price_cents) FILTER (WHERE NOT s.is_sold_out) AS price_cents
      FROM offer_search s WHERE s.hotel_id = h.id AND ${visibleToBrand('s', brandId)}
    ) stats ON stats.offer_count > 0`;
}

/**
 * `hotels` (rows of selectHotels) with each one's cheapest offer on sale, joined after their paging so
 * only the hotels answered are looked up. The index can still hold an offer whose sale period ended
 * since it was built: the offer itself decides, as for the ways on from a gone offer.
 */
function withCheapestOffer(hotels: SQL, brandId: number, order: SQL = sql``) {
  return sql`
    SELECT hotels.*, cheapest.slug AS cheapest_slug, cheapest.price_cents AS cheapest_price_cents
    FROM (${hotels}) hotels
    LEFT JOIN LATERAL (
      SELECT o.slug, s.price_cents FROM offer_search s JOIN offers o ON o.id = s.offer_id
      WHERE s.hotel_id = hotels.hotel_id AND NOT s.is_sold_out AND ${isOnSale('o')}
        AND ${visibleToBrand('s', brandId)}
      ORDER BY s.price_cents, s.offer_id
      LIMIT 1
    ) cheapest ON true
    ${order}`;
}

export async function findHotelBySlug(
  db: Database,
  slug: string,
  brandId: number,
  locale: Locale,
): Promise<HotelRow | undefined> {
  const [row] = await queryRows<HotelRow>(
    db,
    withCheapestOffer(sql`${selectHotels(brandId, locale)} WHERE h.slug = ${slug.toLowerCase()}`, brandId),
  );
  return row;
}

export async function listHotels(
  db: Database,
  brandId: number,
  locale: Locale,
  page: number,
  pageSize: number,
): Promise<{ rows: HotelRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    queryRows<HotelRow>(
      db,
      withCheapestOffer(
        sql`${selectHotels(brandId, locale)} ORDER BY h.name, h.id LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
        brandId,
        sql`ORDER BY hotels.hotel_name, hotels.hotel_id`,
      ),
    ),
    queryRows<{ total: number }>(
      db,
      sql`SELECT count(DISTINCT s.hotel_id)::int AS total FROM offer_search s WHERE ${visibleToBrand('s', brandId)}`,
    ),
  ]);
  return { rows, total: count?.total ?? 0 };
}

const earthRadiusKm = 6371;
const kmPerDegree = 111.32;
export const maxNearbyHotels = 200;

/** Hotels within `radiusKm` of a point, nearest first: a box on the lat/lon index, then the exact distance. */
export function findHotelsCloseTo(
  db: Database,
  point: { latitude: number; longitude: number; radiusKm: number },
  brandId: number,
  locale: Locale,
): Promise<HotelRow[]> {
  const latitudeSpan = point.radiusKm / kmPerDegree;
  const cosLatitude = Math.cos((point.latitude * Math.PI) / 180);
  const longitudeSpan =
    cosLatitude > 0.01 ? Math.min(180, point.radiusKm / (kmPerDegree * cosLatitude)) : 180;
  const distance = sql`${earthRadiusKm} * 2 * asin(sqrt(
      power(sin(radians(h.latitude - ${point.latitude}) / 2), 2)
      + cos(radians(${point.latitude})) * cos(radians(h.latitude))
        * power(sin(radians(h.longitude - ${point.longitude}) / 2), 2)))`;
  const nearest = sql`SELECT * FROM (
      ${selectHotels(brandId, locale, sql`, ${distance} AS distance_km`)}
      WHERE h.latitude BETWEEN ${point.latitude - latitudeSpan} AND ${point.latitude + latitudeSpan}
        AND h.longitude BETWEEN ${point.longitude - longitudeSpan} AND ${point.longitude + longitudeSpan}
    ) nearby
    WHERE distance_km <= ${point.radiusKm}
    ORDER BY distance_km, hotel_id LIMIT ${maxNearbyHotels}`;
  return queryRows<HotelRow>(
    db,
    withCheapestOffer(nearest, brandId, sql`ORDER BY hotels.distance_km, hotels.hotel_id`),
  );
}
