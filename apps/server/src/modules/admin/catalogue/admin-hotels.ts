import type { AdminHotel, AdminHotelList, hotelInputSchema } from '@shop/contracts/admin-catalogue';
import type { Locale } from '@shop/contracts/locale';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, queryRows } from '#src/db/client.ts';
import { translatedSql } from '#src/db/translate.ts';
import { imageUrl } from '#src/modules/catalogue/images.ts';
import { type Actor, recordAudit } from '../audit/audit-trail.ts';
import { publishCatalogueChange } from './catalogue-changes.ts';
import { checkKnown, checkPictures, freeSlug, savedOnce, toField, toStored } from './catalogue-input.ts';
import { catalogueMessages } from './catalogue-messages.ts';

type HotelInput = z.output<typeof hotelInputSchema>;
const pageSize = 50;

export async function listHotels(
  db: Database,
  filter: { query?: string | undefined; page?: number | undefined },
  locale: Locale,
): Promise<AdminHotelList> {
  const page = filter.page ?? 1;
  const query = filter.query ? `%${filter.query.replace(/[\\%_]/g, '\\$&')}%` : null;
  const where = query
    ? sql`WHERE h.name ILIKE ${query} OR h.slug ILIKE ${query} OR h.city::text ILIKE ${query}`
    : sql``;
  const rows = await queryRows<AdminHotelList['hotels'][number] & { total: number }>(
    db,
    sql`SELECT h.id, h.name, ${translatedSql('h.city', locale)} AS city, h.country_iso::text AS "countryIso",
          h.stars, (SELECT count(*)::int FROM offers o WHERE o.hotel_id = h.id) AS "offerCount",
          count(*) OVER ()::int AS total
        FROM hotels h ${where}
        ORDER BY h.name, h.id LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  );
  return {
    hotels: rows.map(({ total: _total, ...hotel }) => hotel),
    total: rows[0]?.total ?? 0,
    page,
    pageSize,
  };
}

type HotelRow = {
  id: number;
  slug: string;
  name: string;
  vendor: string;
  stars: number | null;
  street: string;
  houseNumber: string;
  postcode: string;
  city: Record<string, string>;
  region: Record<string, string> | null;
  countryIso: string;
  latitude: number;
  longitude: number;
  phone: string | null;
  email: string | null;
  description: Record<string, string>;
  featureCodes: number[];
  boardCodes: string[];
  pictures: string[];
  offerCount: number;
};

export async function findAdminHotel(db: Database, id: number): Promise<AdminHotel | null> {
  const [row] = await queryRows<HotelRow>(
    db,
    sql`SELECT h.id, h.slug, h.name, v.name AS vendor, h.stars, h.street, h.house_number AS "houseNumber",
          h.postcode, h.city, h.region, h.country_iso::text AS "countryIso", h.latitude, h.longitude,
          h.phone, h.email, h.description, h.feature_codes AS "featureCodes", h.board_codes AS "boardCodes",
          h.image_seeds AS pictures, (SELECT count(*)::int FROM offers o WHERE o.hotel_id = h.id) AS "offerCount"
        FROM hotels h JOIN vendors v ON v.id = h.vendor_id WHERE h.id = ${id}`,
  );
  if (!row) return null;
  return {
    ...row,
    city: toField(row.city),
    region: toField(row.region),
    description: toField(row.description),
    pictureUrls: row.pictures.map((seed) => imageUrl(seed)),
  };
}

/** The hotel's vendor by name, made when new (names are how operators know them). */
async function vendorId(db: Database, name: string): Promise<number> {
  const [found] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM vendors WHERE lower(name) = lower(${name}) ORDER BY id LIMIT 1`,
  );
  if (found) return found.id;
  const [made] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO vendors (name) VALUES (${name}) RETURNING id`,
  );
  return made!.id;
}

async function checkHotel(db: Database, input: HotelInput, locale: Locale): Promise<void> {
  const messages = catalogueMessages[locale];
  await checkKnown(db, 'countryIso', [input.countryIso], 'countries', messages.unknownCountry);
  await checkKnown(db, 'featureCodes', input.featureCodes, 'hotel_features', messages.unknownFeature);
  await checkKnown(db, 'boardCodes', input.boardCodes, 'boards', messages.unknownBoard);
  await checkPictures(db, input.pictures, locale);
}

/**
 * Creates (id null) or replaces a hotel, with its entry in the audit trail; its offers' search rows
 * follow (name, town and region are searched), and every process shows the change within seconds.
 */
export async function saveHotel(
  db: Database,
  actor: Actor,
  input: HotelInput,
  id: number | null,
  locale: Locale,
): Promise<number | null> {
  const save = db.transaction(async (tx) => {
    const before = id === null ? null : await findAdminHotel(tx, id);
    if (id !== null && !before) return null;
    await checkHotel(tx, input, locale);
    const slug = await freeSlug(tx, 'hotels', input.slug ?? before?.slug, input.name, id, locale);
    const values = sql`${slug}, ${input.name}, ${await vendorId(tx, input.vendor)}, ${input.stars},
      ${input.street}, ${input.houseNumber}, ${input.postcode}, ${JSON.stringify(toStored(input.city))}::jsonb,
      ${input.region.de ? JSON.stringify(toStored(input.region)) : null}::jsonb, ${input.countryIso},
      ${input.latitude}, ${input.longitude}, ${input.phone}, ${input.email},
      ${JSON.stringify(toStored(input.description))}::jsonb, ${sql.param(input.featureCodes)}::smallint[],
      ${sql.param(input.boardCodes)}::text[], ${sql.param(input.pictures)}::text[]`;
    const columns = sql`slug, name, vendor_id, stars, street, house_number, postcode, city, region, country_iso,
      latitude, longitude, phone, email, description, feature_codes, board_codes, image_seeds`;
    const [saved] = await queryRows<{ id: number }>(
      tx,
      id === null
        ? sql`INSERT INTO hotels (${columns}) VALUES (${values}) RETURNING id`
        : sql`UPDATE hotels SET (${columns}) = (${values}) WHERE id = ${id} RETURNING id`,
    );
    const hotelId = saved!.id;
    const after = await findAdminHotel(tx, hotelId);
    await recordAudit(tx, actor, {
      action: id === null ? 'hotel.created' : 'hotel.changed',
      subject: `hotel ${hotelId}`,
      before: before && withoutUrls(before),
      after: after && withoutUrls(after),
    });
    const offerIds = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM offers WHERE hotel_id = ${hotelId}`,
    );
    await publishCatalogueChange(
      tx,
      offerIds.map((offer) => offer.id),
    );
    return hotelId;
  });
  return savedOnce('hotels', save, locale);
}

const withoutUrls = ({ pictureUrls: _urls, offerCount: _count, ...hotel }: AdminHotel) => hotel;
