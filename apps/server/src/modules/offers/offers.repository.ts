import type { Locale } from '@shop/contracts/locale';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import { translatedSql } from '#src/db/translate.ts';
import type { OfferTermsRow } from './offer-terms.ts';

/** What every list of offers (search, deals, promotions, hotel pages) shows of one offer. */
/** What an offer card shows that only an announced change alters: texts, hotel, picture. */
export type OfferCard = {
  id: number;
  slug: string;
  title: string;
  subtitle: string;
  image_seed: string | null;
  hotel_name: string;
  hotel_slug: string;
  city: string;
  country_iso: string;
  vendor_name: string;
};

/**
 * What follows the variants and their stock, from the offer's search row: a sale changes it without
 * announcing anything (search-index.repository.ts refreshStockColumns), so processes keep it briefly
 * unless all sales are their own (catalogue-context.ts offerListings).
 */
export type OfferListing = {
  id: number;
  price_cents: number;
  original_price_cents: number;
  discount_percent: number;
  reference_source: ReferenceSource;
  nights_min: number;
  nights_max: number;
  persons_min: number;
  persons_max: number;
  is_sold_out: boolean;
};

export type OfferSummaryRow = OfferCard & OfferListing;

/** An offer visible on `brandId`: shared offers and the brand's own. */
export const visibleToBrand = (alias: string, brandId: number): SQL =>
  sql`(${sql.raw(alias)}.brand_id IS NULL OR ${sql.raw(alias)}.brand_id = ${brandId})`;

/**
 * An offer that is still sold: active and within its sale period. Anything else is gone (410 on its
 * page); the search index drops it when it is next rebuilt.
 */
export const isOnSale = (alias: string): SQL =>
  sql`(${sql.raw(alias)}.is_active AND (${sql.raw(alias)}.sale_ends_at IS NULL OR ${sql.raw(alias)}.sale_ends_at > now()))`;

/** Summaries for the given offer ids, in the order of `ids`. */
export async function findOfferSummaries(
  db: Database,
  ids: number[],
  locale: Locale,
): Promise<OfferSummaryRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<OfferSummaryRow>(
    db,
    sql`
    SELECT s.offer_id AS id, o.slug, ${translatedSql('o.title', locale)} AS title,
      ${translatedSql('o.subtitle', locale)} AS subtitle, o.image_seeds[1] AS image_seed,
      h.name AS hotel_name, h.slug AS hotel_slug, ${translatedSql('h.city', locale)} AS city, h.country_iso,
      vd.name AS vendor_name,
      s.price_cents, s.original_price_cents, s.discount_percent, s.reference_source,
      s.nights_min, s.nights_max, s.persons_min, s.persons_max, s.is_sold_out
    FROM offer_search s
    JOIN offers o ON o.id = s.offer_id
    JOIN hotels h ON h.id = s.hotel_id
    JOIN vendors vd ON vd.id = h.vendor_id
    WHERE s.offer_id = ANY(${sql.param(ids)}::int[])`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The listings of offers still in the search rows (others are gone), in no particular order. */
export function findOfferListings(db: Database, ids: number[]): Promise<OfferListing[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<OfferListing>(
    db,
    sql`SELECT offer_id AS id, price_cents, original_price_cents, discount_percent, reference_source,
      nights_min, nights_max, persons_min, persons_max, is_sold_out
    FROM offer_search WHERE offer_id = ANY(${sql.param(ids)}::int[])`,
  );
}

/** What a variant's "statt" price is: the hotel's regular price, or our lowest of the last 30 days. */
export type ReferenceSource = 'hotel' | 'former';

export type VariantRow = {
  id: number;
  nights: number;
  persons: number;
  price: number;
  original: number;
  source: ReferenceSource;
  stock: number;
};

export type OfferRow = {
  id: number;
  slug: string;
  title: string;
  subtitle: string;
  image_seeds: string[];
  board_code: string | null;
  theme_ids: number[];
  variants: VariantRow[];
} & HotelColumns;

/** The hotel columns an offer detail shows, shared with the hotel queries. */
export type HotelColumns = {
  hotel_id: number;
  hotel_slug: string;
  hotel_name: string;
  stars: number | null;
  street: string;
  house_number: string;
  postcode: string;
  city: string;
  region: string | null;
  country_iso: string;
  latitude: number;
  longitude: number;
  hotel_image_seeds: string[];
  feature_codes: number[];
  vendor_name: string;
};

/** Town and region in `locale` (their own forms: Dobbiaco, Alto Adige), as every hotel column list. */
export const hotelColumns = (locale: Locale): SQL => sql`
  h.id AS hotel_id, h.slug AS hotel_slug, h.name AS hotel_name, h.stars, h.street, h.house_number,
  h.postcode, ${translatedSql('h.city', locale)} AS city,
  CASE WHEN h.region IS NULL THEN NULL ELSE ${translatedSql('h.region', locale)} END AS region,
  h.country_iso, h.latitude, h.longitude,
  h.image_seeds AS hotel_image_seeds, h.feature_codes, vd.name AS vendor_name`;

const offerMatch = (by: { id: number } | { slug: string }) =>
  'id' in by ? sql`o.id = ${by.id}` : sql`o.slug = ${by.slug.toLowerCase()}`;

/** One offer with its hotel, themes and variants, by id or slug, if it is sold on the brand. */
export async function findOffer(
  db: Database,
  by: { id: number } | { slug: string },
  brandId: number,
  locale: Locale,
): Promise<OfferRow | undefined> {
  const [row] = await queryRows<OfferRow>(
    db,
    sql`
    SELECT o.id, o.slug, ${translatedSql('o.title', locale)} AS title,
      ${translatedSql('o.subtitle', locale)} AS subtitle, o.image_seeds, o.board_code,
      coalesce((SELECT array_agg(ot.theme_id ORDER BY ot.theme_id) FROM offer_themes ot WHERE ot.offer_id = o.id), '{}')
        AS theme_ids,
      coalesce((SELECT json_agg(json_build_object('id', v.id, 'nights', v.nights, 'persons', v.persons,
          'price', v.price_cents, 'original', v.original_price_cents, 'source', v.reference_source,
          'stock', v.stock)
          ORDER BY v.nights, v.persons, v.price_cents, v.id)
        FROM variants v WHERE v.offer_id = o.id), '[]') AS variants,
      ${hotelColumns(locale)}
    FROM offers o
    JOIN hotels h ON h.id = o.hotel_id
    JOIN vendors vd ON vd.id = h.vendor_id
    WHERE ${offerMatch(by)} AND ${isOnSale('o')} AND ${visibleToBrand('o', brandId)}`,
  );
  return row;
}

/** The terms of an offer that is on sale (arrival days, stays, children, pets, blackouts, inclusions). */
export async function findOfferTerms(db: Database, offerId: number): Promise<OfferTermsRow | undefined> {
  const [row] = await queryRows<OfferTermsRow>(
    db,
    sql`
    SELECT o.arrival_days, o.min_stay_nights, o.children_policy, o.pets_policy, o.blackout_periods,
      o.inclusions, o.sale_ends_at
    FROM offers o WHERE o.id = ${offerId}`,
  );
  return row;
}

export type GoneOfferRow = {
  id: number;
  slug: string;
  title: string;
  hotel_id: number;
  hotel_slug: string;
  hotel_name: string;
  city: string;
  country_iso: string;
};

/** An offer of the brand that exists but is no longer sold (switched off, or its sale period over). */
export async function findGoneOffer(
  db: Database,
  by: { id: number } | { slug: string },
  brandId: number,
  locale: Locale,
): Promise<GoneOfferRow | undefined> {
  const [row] = await queryRows<GoneOfferRow>(
    db,
    sql`
    SELECT o.id, o.slug, ${translatedSql('o.title', locale)} AS title, h.id AS hotel_id,
      h.slug AS hotel_slug, h.name AS hotel_name, ${translatedSql('h.city', locale)} AS city, h.country_iso
    FROM offers o JOIN hotels h ON h.id = o.hotel_id
    WHERE ${offerMatch(by)} AND NOT ${isOnSale('o')} AND ${visibleToBrand('o', brandId)}`,
  );
  return row;
}

/**
 * Offers on sale and in stock of one hotel, or of one country outside a hotel: the ways on from an
 * offer that is gone. Biggest saving first.
 */
export async function findCurrentOfferIds(
  db: Database,
  where: { hotelId: number } | { countryIso: string; exceptHotelId: number },
  brandId: number,
  limit: number,
): Promise<number[]> {
  const scope =
    'hotelId' in where
      ? sql`s.hotel_id = ${where.hotelId}`
      : sql`s.country_iso = ${where.countryIso} AND s.hotel_id <> ${where.exceptHotelId}`;
  const rows = await queryRows<{ offer_id: number }>(
    db,
    sql`
    SELECT s.offer_id FROM offer_search s JOIN offers o ON o.id = s.offer_id
    WHERE ${scope} AND NOT s.is_sold_out AND ${isOnSale('o')} AND ${visibleToBrand('s', brandId)}
    ORDER BY s.discount_percent DESC, s.price_cents, s.offer_id
    LIMIT ${limit}`,
  );
  return rows.map((row) => row.offer_id);
}

export type OfferTextRow = { position: number | null; title: string; body: string };

/** An offer's texts, ascending by position with unpositioned ones last (SPEC §3). */
export function findOfferTexts(db: Database, offerId: number, locale: Locale): Promise<OfferTextRow[]> {
  return queryRows<OfferTextRow>(
    db,
    sql`
    SELECT position, ${translatedSql('title', locale)} AS title, ${translatedSql('body', locale)} AS body
    FROM offer_texts WHERE offer_id = ${offerId}
    ORDER BY position ASC NULLS LAST, id`,
  );
}

export type VariantWithOfferRow = VariantRow & {
  offer_id: number;
  offer_slug: string;
  offer_title: string;
  image_seed: string | null;
};

export async function findVariant(
  db: Database,
  variantId: number,
  brandId: number,
  locale: Locale,
): Promise<VariantWithOfferRow | undefined> {
  const [row] = await queryRows<VariantWithOfferRow>(
    db,
    sql`
    SELECT v.id, v.nights, v.persons, v.price_cents AS price, v.original_price_cents AS original, v.stock,
      o.id AS offer_id, o.slug AS offer_slug, ${translatedSql('o.title', locale)} AS offer_title,
      o.image_seeds[1] AS image_seed
    FROM variants v JOIN offers o ON o.id = v.offer_id
    WHERE v.id = ${variantId} AND ${isOnSale('o')} AND ${visibleToBrand('o', brandId)}`,
  );
  return row;
}

/** A page of a hotel's offers (cheapest first, sold-out last), or undefined if the hotel does not exist. */
export async function findHotelOfferIds(
  db: Database,
  hotelSlug: string,
  brandId: number,
  page: number,
  pageSize: number,
): Promise<{ ids: number[]; total: number } | undefined> {
  const rows = await queryRows<{ hotel_id: number; offer_id: number | null; total: number }>(
    db,
    sql`
    SELECT h.id AS hotel_id, page.offer_id, coalesce(page.total, 0)::int AS total
    FROM hotels h
    LEFT JOIN LATERAL (
      SELECT s.offer_id, count(*) OVER () AS total
      FROM offer_search s
      WHERE s.hotel_id = h.id AND ${visibleToBrand('s', brandId)}
      ORDER BY s.is_sold_out, s.price_cents, s.offer_id
      LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}
    ) page ON true
    WHERE h.slug = ${hotelSlug.toLowerCase()}`,
  );
  if (rows.length === 0) return undefined;
  const ids = rows.flatMap((row) => (row.offer_id === null ? [] : [row.offer_id]));
  // Past the last page the lateral join is empty and carries no total: count separately.
  const total =
    ids.length > 0 ? Number(rows[0]?.total) : await countHotelOffers(db, rows[0]!.hotel_id, brandId);
  return { ids, total };
}

async function countHotelOffers(db: Database, hotelId: number, brandId: number): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM offer_search s WHERE s.hotel_id = ${hotelId} AND ${visibleToBrand('s', brandId)}`,
  );
  return row?.total ?? 0;
}

/** The biggest savings currently in stock. */
export async function findTravelDealIds(db: Database, brandId: number, limit: number): Promise<number[]> {
  const rows = await queryRows<{ offer_id: number }>(
    db,
    sql`
    SELECT s.offer_id FROM offer_search s
    WHERE NOT s.is_sold_out AND ${visibleToBrand('s', brandId)}
    ORDER BY s.discount_percent DESC, s.price_cents, s.offer_id
    LIMIT ${limit}`,
  );
  return rows.map((row) => row.offer_id);
}
