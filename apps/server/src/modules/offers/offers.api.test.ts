import { offerDataSchema, offerSchema } from '@shop/contracts/catalogue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { createTestApp, getJson, type TestApp } from '#src/test/app.ts';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop?.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(shop.database.db, query);

async function sharedOffer() {
  const [offer] = await rows<{ id: number; slug: string; title: { de: string; en?: string; it?: string } }>(
    sql`SELECT id, slug, title FROM offers WHERE brand_id IS NULL AND title ? 'en' AND title ? 'it' ORDER BY id LIMIT 1`,
  );
  return offer!;
}

describe('GET /api/offer', () => {
  it('answers an offer with its variants, hotel and price in the shop format', async () => {
    const offer = await sharedOffer();
    const { status, body } = await getJson(shop.app, `/api/offer?id=${offer.id}`);
    expect(status).toBe(200);
    const parsed = offerSchema.parse(body);
    expect(parsed.title).toBe(offer.title.de);
    expect(parsed.variants.length).toBeGreaterThan(0);
    const variants = await rows<{ id: number; price_cents: number }>(
      sql`SELECT id, price_cents FROM variants WHERE offer_id = ${offer.id}`,
    );
    expect(parsed.variants.map((variant) => variant.id).sort()).toEqual(variants.map((v) => v.id).sort());
    for (const variant of parsed.variants) {
      expect(variant.price.display).toMatch(/^€ [\d.]+,(-|\d\d)$/);
      expect(variant.price.discountPercent).toBeGreaterThanOrEqual(0);
      expect(variant.price.discountPercent).toBeLessThanOrEqual(70);
    }
    expect(parsed.validityYears).toBe(3);
  });

  it('speaks the language of the Accept-Language header, falling back to English', async () => {
    const offer = await sharedOffer();
    const english = await getJson(shop.app, `/api/offer?id=${offer.id}`, { 'accept-language': 'en-GB' });
    expect(english.body.title).toBe(offer.title.en);
    const italian = await getJson(shop.app, `/api/offer?id=${offer.id}`, { 'accept-language': 'it' });
    expect(italian.body.title).toBe(offer.title.it);
    const french = await getJson(shop.app, `/api/offer?id=${offer.id}`, { 'accept-language': 'fr' });
    expect(french.body.title).toBe(offer.title.en);
    expect(english.body.price.display).toMatch(/^€ [\d,]+\.\d\d$/);
  });

  it('shows Italian callers the English text where an Italian one is missing', async () => {
    // The demo catalogue is complete in every language; an operator's offer may not be yet.
    const [offer] = await rows<{ id: number; title: { en: string } }>(
      sql`UPDATE offers SET title = title - 'it'
        WHERE id = (SELECT max(id) FROM offers WHERE brand_id IS NULL) RETURNING id, title`,
    );
    const { body } = await getJson(shop.app, `/api/offer?id=${offer!.id}`, { 'accept-language': 'it' });
    expect(body.title).toBe(offer!.title.en);
  });

  it("names the hotel's town and region in the caller's language", async () => {
    const [offer] = await rows<{ id: number; hotel_slug: string }>(sql`
      SELECT o.id, h.slug AS hotel_slug FROM offers o JOIN hotels h ON h.id = o.hotel_id
      WHERE o.brand_id IS NULL AND h.region->>'de' = 'Südtirol' AND h.city->>'de' <> h.city->>'it'
      ORDER BY o.id LIMIT 1`);
    const [names] = await rows<{ city: Record<string, string> }>(sql`
      SELECT h.city FROM hotels h WHERE h.slug = ${offer!.hotel_slug}`);
    for (const [locale, region] of [
      ['de', 'Südtirol'],
      ['en', 'South Tyrol'],
      ['it', 'Alto Adige'],
    ] as const) {
      const headers = { 'accept-language': locale };
      const detail = await getJson(shop.app, `/api/offer/data?id=${offer!.id}`, headers);
      expect(detail.body.hotel.address).toMatchObject({ city: names!.city[locale], region });
      const hotel = await getJson(shop.app, `/api/hotel/${offer!.hotel_slug}`, headers);
      expect(hotel.body.address).toMatchObject({ city: names!.city[locale], region });
    }
    expect(names!.city.it).not.toBe(names!.city.de);
  });

  it('finds the same offer by slug, case-insensitively', async () => {
    const offer = await sharedOffer();
    const { status, body } = await getJson(shop.app, `/api/offer/slug/${offer.slug.toUpperCase()}`);
    expect(status).toBe(200);
    expect(body.id).toBe(offer.id);
  });

  it('marks sold-out offers and low stock', async () => {
    const [soldOut] = await rows<{ id: number }>(sql`
      SELECT offer_id AS id FROM variants v JOIN offers o ON o.id = v.offer_id WHERE o.brand_id IS NULL
      GROUP BY offer_id HAVING max(stock) = 0 ORDER BY offer_id LIMIT 1`);
    const { body } = await getJson(shop.app, `/api/offer?id=${soldOut!.id}`);
    expect(body.isSoldOut).toBe(true);
    expect(body.variants.every((variant: { isSoldOut: boolean }) => variant.isSoldOut)).toBe(true);

    const [low] = await rows<{ id: number; offer_id: number; stock: number }>(sql`
      SELECT v.id, v.offer_id, v.stock FROM variants v JOIN offers o ON o.id = v.offer_id
      WHERE o.brand_id IS NULL AND v.stock BETWEEN 1 AND 5 ORDER BY v.id LIMIT 1`);
    const detail = await getJson(shop.app, `/api/offer?id=${low!.offer_id}`);
    const variant = detail.body.variants.find((v: { id: number }) => v.id === low!.id);
    expect(variant.piecesLeft).toBe(low!.stock);
  });

  it('answers 404 problem+json for an unknown offer and 400 for a malformed id', async () => {
    const missing = await shop.app.inject({ method: 'GET', url: '/api/offer?id=2147483647' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/problem+json');
    expect(missing.json()).toMatchObject({ type: 'not-found', status: 404 });

    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '', '1e3']) {
      const bad = await getJson(shop.app, `/api/offer?id=${encodeURIComponent(id)}`);
      expect(bad.status, id).toBe(400);
      expect(bad.body.type).toBe('validation-error');
      expect(bad.body.detail).toContain('id');
    }
    const none = await getJson(shop.app, '/api/offer');
    expect(none.status).toBe(400);
  });

  it('writes validation messages in the caller language', async () => {
    const german = await getJson(shop.app, '/api/offer?id=abc');
    expect(german.body.detail).toBe('id: muss eine positive ganze Zahl sein');
    expect(german.body.title).toBe('Bitte überprüfen Sie Ihre Eingaben.');
    const italian = await getJson(shop.app, '/api/offer?id=abc', { 'accept-language': 'it' });
    expect(italian.body.detail).toBe('id: deve essere un numero intero positivo');
  });
});

describe('brand scoping', () => {
  it("shows a brand's exclusive offers on its own host only", async () => {
    const [exclusive] = await rows<{ id: number; short: string }>(sql`
      SELECT o.id, b.short FROM offers o JOIN brands b ON b.id = o.brand_id ORDER BY o.id LIMIT 1`);
    expect(exclusive).toBeDefined();
    const own = await getJson(shop.app, `/api/offer?id=${exclusive!.id}`, {
      host: `${exclusive!.short}.localhost:3000`,
    });
    expect(own.status).toBe(200);
    const other = await getJson(shop.app, `/api/offer?id=${exclusive!.id}`, { host: 'localhost:3000' });
    expect(other.status).toBe(404);
  });
});

describe('GET /api/offer/data', () => {
  it('answers texts ascending by position with unpositioned ones last, and the hotel', async () => {
    const [offer] = await rows<{ offer_id: number }>(
      sql`SELECT t.offer_id FROM offer_texts t JOIN offers o ON o.id = t.offer_id
        WHERE o.brand_id IS NULL AND t.position IS NULL ORDER BY t.offer_id LIMIT 1`,
    );
    const { status, body } = await getJson(shop.app, `/api/offer/data?id=${offer!.offer_id}`);
    expect(status).toBe(200);
    const data = offerDataSchema.parse(body);
    const positions = data.texts.map((text) => text.position);
    expect(positions.at(-1)).toBeNull();
    const numbered = positions.filter((p): p is number => p !== null);
    expect(numbered).toEqual([...numbered].sort((a, b) => a - b));
    expect(data.hotel.features.length).toBeGreaterThan(0);
  });
});

describe('GET /api/offer/variant/:id', () => {
  it('answers the variant with its offer, and 404 for an unknown one', async () => {
    const [variant] = await rows<{ id: number; offer_id: number; price_cents: number }>(
      sql`SELECT v.id, v.offer_id, v.price_cents FROM variants v JOIN offers o ON o.id = v.offer_id
        WHERE o.brand_id IS NULL ORDER BY v.id LIMIT 1`,
    );
    const { status, body } = await getJson(shop.app, `/api/offer/variant/${variant!.id}`);
    expect(status).toBe(200);
    expect(body.offer.id).toBe(variant!.offer_id);
    expect(body.price.total).toBe(variant!.price_cents);
    expect((await getJson(shop.app, '/api/offer/variant/2147483647')).status).toBe(404);
  });
});

describe('GET /api/offer/hotel/:slug/:page/:pageSize', () => {
  it("pages through a hotel's offers", async () => {
    const [hotel] = await rows<{ slug: string; offers: number }>(sql`
      SELECT h.slug, count(*)::int AS offers FROM hotels h JOIN offers o ON o.hotel_id = h.id
      WHERE o.brand_id IS NULL GROUP BY h.id HAVING count(*) >= 3 AND bool_and(o.brand_id IS NULL) ORDER BY h.id LIMIT 1`);
    const first = await getJson(shop.app, `/api/offer/hotel/${hotel!.slug}/1/2`);
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(hotel!.offers);
    expect(first.body.items).toHaveLength(2);
    const last = await getJson(shop.app, `/api/offer/hotel/${hotel!.slug}/2/2`);
    expect(last.body.items).toHaveLength(hotel!.offers - 2);
    const beyond = await getJson(shop.app, `/api/offer/hotel/${hotel!.slug}/50/2`);
    expect(beyond.body).toMatchObject({ items: [], total: hotel!.offers });
    expect((await getJson(shop.app, '/api/offer/hotel/no-such-hotel/1/10')).status).toBe(404);
    expect((await getJson(shop.app, `/api/offer/hotel/${hotel!.slug}/1/49`)).status).toBe(400);
  });
});

describe('travel deals and promotions', () => {
  it('lists the biggest savings in stock first', async () => {
    const { status, body } = await getJson(shop.app, '/api/offer/travel-deals');
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    const discounts = body.map(
      (offer: { price: { discountPercent: number } }) => offer.price.discountPercent,
    );
    expect(discounts).toEqual([...discounts].sort((a, b) => b - a));
    expect(body.every((offer: { isSoldOut: boolean }) => !offer.isSoldOut)).toBe(true);
  });

  it("lists a brand's current promotions and opens one by name", async () => {
    const host = { host: 'sparbuch.localhost' };
    const list = await getJson(shop.app, '/api/offer/promotions', host);
    expect(list.status).toBe(200);
    const deal = list.body.find(
      (promotion: { promotionType: string }) => promotion.promotionType === 'Custom:deal',
    );
    expect(deal).toBeDefined();
    const detail = await getJson(shop.app, `/api/offer/promotion/${deal.name}`, host);
    expect(detail.status).toBe(200);
    expect(detail.body.items.length).toBe(Math.min(deal.count, 48));

    const elsewhere = await getJson(shop.app, '/api/offer/promotions');
    expect(elsewhere.body.some((promotion: { name: string }) => promotion.name === deal.name)).toBe(false);
    expect((await getJson(shop.app, `/api/offer/promotion/${deal.name}`)).status).toBe(404);
    expect((await getJson(shop.app, '/api/offer/promotion/abgelaufen')).status).toBe(404);
  });
});
