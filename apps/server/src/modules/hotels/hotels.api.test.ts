import { hotelSchema } from '@shop/contracts/catalogue';
import { type Price, toPrice } from '@shop/contracts/money';
import { maxPageSize } from '@shop/contracts/params';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { createTestApp, getJson, type TestApp } from '#src/test/app.ts';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop?.close());

async function someHotel() {
  const [hotel] = await queryRows<{ slug: string; name: string; latitude: number; longitude: number }>(
    shop.database.db,
    sql`SELECT h.slug, h.name, h.latitude, h.longitude FROM hotels h
      WHERE EXISTS (SELECT 1 FROM offers o WHERE o.hotel_id = h.id AND o.brand_id IS NULL) ORDER BY h.id LIMIT 1`,
  );
  return hotel!;
}

describe('hotels', () => {
  it('answers a hotel by slug with address, features and offers count', async () => {
    const hotel = await someHotel();
    const { status, body } = await getJson(shop.app, `/api/hotel/${hotel.slug}`);
    expect(status).toBe(200);
    const parsed = hotelSchema.parse(body);
    expect(parsed.name).toBe(hotel.name);
    expect(parsed.offerCount).toBeGreaterThan(0);
    expect(parsed.features.every((feature) => feature.code >= 1 && feature.code <= 33)).toBe(true);
    expect((await getJson(shop.app, '/api/hotel/no-such-hotel')).status).toBe(404);
    expect((await getJson(shop.app, '/api/hotel/%20bad%20slug')).status).toBe(400);
  });

  it('lists hotels page by page', async () => {
    const first = await getJson(shop.app, '/api/hotel/list/1/20');
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(20);
    expect(first.body.total).toBeGreaterThanOrEqual(150);
    const second = await getJson(shop.app, '/api/hotel/list/2/20');
    expect(second.body.items[0].slug).not.toBe(first.body.items[0].slug);
    expect((await getJson(shop.app, '/api/hotel/list/0/20')).status).toBe(400);
    expect((await getJson(shop.app, '/api/hotel/list/1/100')).status).toBe(400);
  });

  it('finds hotels close to a point, nearest first and within the radius', async () => {
    const hotel = await someHotel();
    const { status, body } = await getJson(
      shop.app,
      `/api/hotel/close-to?latitude=${hotel.latitude}&longitude=${hotel.longitude}&radius=100`,
    );
    expect(status).toBe(200);
    expect(body.items[0].slug).toBe(hotel.slug);
    expect(body.items[0].distanceKm).toBe(0);
    const distances = body.items.map((item: { distanceKm: number }) => item.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances.every((distance: number) => distance <= 100)).toBe(true);

    const nowhere = await getJson(shop.app, '/api/hotel/close-to?latitude=-60&longitude=-150&radius=10');
    expect(nowhere.body.items).toEqual([]);
    for (const query of [
      'latitude=91&longitude=0',
      'latitude=abc&longitude=1',
      'longitude=1',
      'latitude=1&longitude=1&radius=0',
    ]) {
      expect((await getJson(shop.app, `/api/hotel/close-to?${query}`)).status, query).toBe(400);
    }
  });
});

describe("a hotel's cheapest offer (the map's price pins)", () => {
  type OfferRef = { id: number; slug: string };
  type TestHotel = { id: number; slug: string; latitude: number; longitude: number; offers: OfferRef[] };
  const db = () => shop.database.db;

  /** A hotel from the end of the catalogue (the tests above use the first ones). */
  async function lastHotel(except = 0): Promise<Omit<TestHotel, 'offers'>> {
    const [row] = await queryRows<Omit<TestHotel, 'offers'>>(
      db(),
      sql`SELECT h.id, h.slug, h.latitude, h.longitude FROM hotels h
        WHERE h.id <> ${except} AND EXISTS (SELECT 1 FROM offer_search s WHERE s.hotel_id = h.id)
        ORDER BY h.id DESC LIMIT 1`,
    );
    return row!;
  }

  let hotel: TestHotel;
  let soldOutHotel: Omit<TestHotel, 'offers'>;
  beforeAll(async () => {
    // The demo has about three offers a hotel: five shared ones are moved into one hotel.
    const target = await lastHotel();
    const offers = await queryRows<OfferRef>(
      db(),
      sql`SELECT o.id, o.slug FROM offer_search s JOIN offers o ON o.id = s.offer_id
        WHERE s.brand_id IS NULL ORDER BY s.hotel_id = ${target.id} DESC, s.hotel_id DESC, o.id LIMIT 5`,
    );
    const ids = sql.param(offers.map((offer) => offer.id));
    await db().execute(sql`UPDATE offers SET hotel_id = ${target.id} WHERE id = ANY(${ids}::int[])`);
    await db().execute(sql`UPDATE offer_search SET hotel_id = ${target.id},
      country_iso = (SELECT country_iso FROM hotels WHERE id = ${target.id}) WHERE offer_id = ANY(${ids}::int[])`);
    hotel = { ...target, offers };
    soldOutHotel = await lastHotel(target.id);
  });

  it('is the cheapest offer on sale of the caller’s brand: sold-out, gone and other brands’ offers are skipped', async () => {
    const [own, other] = await queryRows<{ id: number; short: string }>(
      db(),
      sql`SELECT id, short FROM brands ORDER BY id LIMIT 2`,
    );
    const [soldOut, ended, inactive, exclusive, cheapest] = hotel.offers as [OfferRef, ...OfferRef[]];
    for (const [index, offer] of hotel.offers.entries()) {
      await db().execute(
        sql`UPDATE offer_search SET price_cents = ${10_000 + index * 100}, is_sold_out = false
          WHERE offer_id = ${offer.id}`,
      );
    }
    await db().execute(sql`UPDATE offer_search SET is_sold_out = true WHERE offer_id = ${soldOut.id}`);
    // Gone since the index was built: the index still holds them, the offers say they are not sold.
    await db().execute(
      sql`UPDATE offers SET sale_ends_at = now() - interval '1 day' WHERE id = ${ended!.id}`,
    );
    await db().execute(sql`UPDATE offers SET is_active = false WHERE id = ${inactive!.id}`);
    await db().execute(sql`UPDATE offers SET brand_id = ${other!.id} WHERE id = ${exclusive!.id}`);
    await db().execute(
      sql`UPDATE offer_search SET brand_id = ${other!.id} WHERE offer_id = ${exclusive!.id}`,
    );

    const ownHost = { host: `${own!.short}.localhost:3000` };
    const expected = { slug: cheapest!.slug, price: toPrice(10_400, 'de') };
    expect((await getJson(shop.app, `/api/hotel/${hotel.slug}`, ownHost)).body.cheapestOffer).toEqual(
      expected,
    );
    const nearby = await getJson(
      shop.app,
      `/api/hotel/close-to?latitude=${hotel.latitude}&longitude=${hotel.longitude}&radius=1`,
      ownHost,
    );
    expect(nearby.body.items.find((item: { id: number }) => item.id === hotel.id).cheapestOffer).toEqual(
      expected,
    );
    const english = await getJson(shop.app, `/api/hotel/${hotel.slug}`, {
      ...ownHost,
      'accept-language': 'en',
    });
    expect(english.body.cheapestOffer.price).toEqual(toPrice(10_400, 'en'));

    const otherHost = { host: `${other!.short}.localhost:3000` };
    expect((await getJson(shop.app, `/api/hotel/${hotel.slug}`, otherHost)).body.cheapestOffer).toEqual({
      slug: exclusive!.slug,
      price: toPrice(10_300, 'de'),
    });
  });

  it('is null when every offer is sold out; the list carries it too', async () => {
    await db().execute(sql`UPDATE offer_search SET is_sold_out = true WHERE hotel_id = ${soldOutHotel.id}`);
    const detail = await getJson(shop.app, `/api/hotel/${soldOutHotel.slug}`);
    expect(detail.body.offerCount).toBeGreaterThan(0);
    expect(detail.body.cheapestOffer).toBeNull();

    const list = await getJson(shop.app, `/api/hotel/list/1/${maxPageSize}`);
    const items: { id: number; price: Price | null; cheapestOffer: { price: Price } | null }[] =
      list.body.items;
    expect(items.some((item) => item.cheapestOffer !== null)).toBe(true);
    // Untouched hotels: the cheapest offer's price is the "from" price.
    for (const item of items.filter(({ id }) => id !== hotel.id)) {
      expect(item.cheapestOffer?.price ?? null).toEqual(item.price);
    }
  });
});
