import { hotelSchema } from '@shop/contracts/catalogue';
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
