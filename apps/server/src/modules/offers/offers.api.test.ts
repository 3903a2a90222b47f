import { offerDataSchema, offerGoneSchema, offerSchema } from '@shop/contracts/catalogue';
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

describe('offer terms (issue 13)', () => {
  type TermsRow = {
    id: number;
    arrival_days: number[];
    min_stay_nights: number | null;
    children_policy: {
      isAllowed: boolean;
      bands: { fromAge: number; toAge: number; pricePercent: number }[];
    };
    pets_policy: { policy: string; feePerNightCents: number | null };
    blackout_periods: { from: string; to: string; reason: string }[];
    inclusions: { code: string; quantity: number; per: string }[];
  };
  const onSale = sql`o.brand_id IS NULL AND o.is_active AND o.sale_ends_at IS NULL`;

  it('answers arrival days, stays, children, pets, blackouts and inclusions as data, in the caller language', async () => {
    const [offer] = await rows<TermsRow>(sql`
      SELECT o.id, o.arrival_days, o.min_stay_nights, o.children_policy, o.pets_policy, o.blackout_periods,
        o.inclusions FROM offers o
      WHERE ${onSale} AND cardinality(o.arrival_days) > 0 AND jsonb_array_length(o.inclusions) > 1
        AND jsonb_array_length(o.blackout_periods) > 0 AND o.pets_policy->>'policy' = 'allowed'
        AND o.pets_policy->>'feePerNightCents' IS NOT NULL
      ORDER BY o.id LIMIT 1`);
    expect(offer).toBeDefined();
    const english = offerDataSchema.parse(
      (await getJson(shop.app, `/api/offer/data?id=${offer!.id}`, { 'accept-language': 'en' })).body,
    );
    expect(english.terms.arrivalDays).toEqual(offer!.arrival_days);
    expect(english.terms.minStayNights).toBe(offer!.min_stay_nights);
    expect(english.terms.children).toEqual(offer!.children_policy);
    expect(english.terms.pets).toEqual({
      policy: 'allowed',
      feePerNight: expect.objectContaining({ total: offer!.pets_policy.feePerNightCents }),
    });
    expect(english.terms.inclusions.map(({ code, quantity, per }) => ({ code, quantity, per }))).toEqual(
      offer!.inclusions,
    );
    // Periods already over are left out; the rest come with a British date range.
    const today = new Date().toISOString().slice(0, 10);
    const upcoming = offer!.blackout_periods.filter((period) => period.to >= today);
    expect(english.terms.blackoutPeriods.map(({ from, to }) => ({ from, to }))).toEqual(
      upcoming.map(({ from, to }) => ({ from, to })),
    );
    for (const period of english.terms.blackoutPeriods) {
      expect(period.display).toMatch(/^\d{1,2} [A-Z][a-z]{2,3} \d{4} – \d{1,2} [A-Z][a-z]{2,3} \d{4}$/);
    }
    const german = offerDataSchema.parse((await getJson(shop.app, `/api/offer/data?id=${offer!.id}`)).body);
    const italian = offerDataSchema.parse(
      (await getJson(shop.app, `/api/offer/data?id=${offer!.id}`, { 'accept-language': 'it' })).body,
    );
    expect(german.terms.blackoutPeriods[0]?.display).toMatch(/^\d\d\.\d\d\.\d{4} – \d\d\.\d\d\.\d{4}$/);
    for (const [index, inclusion] of english.terms.inclusions.entries()) {
      const labels = [
        inclusion.label,
        german.terms.inclusions[index]!.label,
        italian.terms.inclusions[index]!.label,
      ];
      expect(labels.every((label) => label.length > 0)).toBe(true);
    }
    expect(german.terms.pets?.feePerNight?.display).toMatch(/^€ \d+,(-|\d\d)$/);
  });

  it('varies the terms across the demo catalogue', async () => {
    const [spread] = await rows<Record<string, number>>(sql`
      SELECT count(DISTINCT arrival_days)::int AS arrival_patterns,
        count(*) FILTER (WHERE min_stay_nights IS NOT NULL)::int AS split_stays,
        count(*) FILTER (WHERE NOT (children_policy->>'isAllowed')::boolean)::int AS adults_only,
        count(DISTINCT pets_policy->>'policy')::int AS pet_policies,
        count(*) FILTER (WHERE jsonb_array_length(blackout_periods) = 0)::int AS without_blackouts,
        count(DISTINCT inclusions)::int AS inclusion_sets
      FROM offers`);
    expect(spread!.arrival_patterns).toBeGreaterThanOrEqual(4);
    expect(spread!.split_stays).toBeGreaterThan(0);
    expect(spread!.adults_only).toBeGreaterThan(0);
    expect(spread!.pet_policies).toBe(3);
    expect(spread!.without_blackouts).toBeGreaterThan(0);
    expect(spread!.inclusion_sets).toBeGreaterThan(20);
  });

  it('gives each variant its price per person and night', async () => {
    const offer = await sharedOffer();
    const parsed = offerSchema.parse((await getJson(shop.app, `/api/offer?id=${offer.id}`)).body);
    for (const variant of parsed.variants) {
      expect(variant.perPersonAndNight.total).toBe(
        Math.round(variant.price.total / (variant.persons * variant.nights)),
      );
      expect(variant.perPersonAndNight.display).toMatch(/^€ [\d.]+,(-|\d\d)$/);
    }
  });
});

describe('offers no longer sold (issue 13)', () => {
  async function goneOffers() {
    return rows<{ id: number; slug: string; hotel_id: number; country_iso: string; is_active: boolean }>(sql`
      SELECT o.id, o.slug, o.hotel_id, h.country_iso, o.is_active FROM offers o JOIN hotels h ON h.id = o.hotel_id
      WHERE o.brand_id IS NULL AND (NOT o.is_active OR o.sale_ends_at < now()) ORDER BY o.id`);
  }

  it('the demo has switched-off offers and offers past their sale period', async () => {
    const gone = await goneOffers();
    expect(gone.some((offer) => !offer.is_active)).toBe(true);
    expect(gone.some((offer) => offer.is_active)).toBe(true);
  });

  it('answers 410 problem+json with the hotel’s and destination’s current offers, by id and by slug', async () => {
    for (const offer of await goneOffers()) {
      const byId = await shop.app.inject({
        method: 'GET',
        url: `/api/offer?id=${offer.id}`,
        headers: { 'accept-language': 'en' },
      });
      expect(byId.statusCode, offer.slug).toBe(410);
      expect(byId.headers['content-type']).toContain('application/problem+json');
      const gone = offerGoneSchema.parse(byId.json());
      expect(gone).toMatchObject({
        type: 'offer-gone',
        status: 410,
        offer: { id: offer.id, slug: offer.slug },
      });
      expect(gone.title).toBe('Sorry, this offer is no longer available.');
      expect(gone.destination.iso).toBe(offer.country_iso);

      const suggested = [...gone.alternatives.hotel, ...gone.alternatives.destination];
      expect(suggested.length, offer.slug).toBeGreaterThan(0);
      expect(suggested.some((summary) => summary.id === offer.id)).toBe(false);
      expect(suggested.every((summary) => !summary.isSoldOut)).toBe(true);
      expect(gone.alternatives.hotel.every((summary) => summary.contact.slug === gone.hotel.slug)).toBe(true);
      expect(
        gone.alternatives.destination.every((summary) => summary.contact.country.iso === offer.country_iso),
      ).toBe(true);
      expect(gone.alternatives.destination.some((summary) => summary.contact.slug === gone.hotel.slug)).toBe(
        false,
      );
      // Each suggestion opens.
      for (const summary of suggested) {
        expect((await getJson(shop.app, `/api/offer?id=${summary.id}`)).status).toBe(200);
      }

      const bySlug = await getJson(shop.app, `/api/offer/slug/${offer.slug}`);
      expect(bySlug.status).toBe(410);
      expect(bySlug.body.title).toBe('Dieses Angebot gibt es leider nicht mehr.');
      expect((await getJson(shop.app, `/api/offer/data?id=${offer.id}`)).status).toBe(404);
    }
  });

  it('keeps them out of search, and their vouchers out of the cart', async () => {
    const [offer] = await goneOffers();
    const [variant] = await rows<{ id: number }>(
      sql`SELECT id FROM variants WHERE offer_id = ${offer!.id} LIMIT 1`,
    );
    expect((await getJson(shop.app, `/api/offer/variant/${variant!.id}`)).status).toBe(404);
    const hotel = await rows<{ offer_id: number }>(
      sql`SELECT offer_id FROM offer_search WHERE offer_id = ${offer!.id}`,
    );
    expect(hotel).toEqual([]);
  });

  it('still answers 404 for an offer that never was, and for another brand’s gone offer', async () => {
    expect((await getJson(shop.app, '/api/offer/slug/never-was-an-offer-1')).status).toBe(404);
    const [exclusive] = await rows<{ id: number }>(sql`
      SELECT o.id FROM offers o WHERE o.brand_id IS NOT NULL ORDER BY o.id LIMIT 1`);
    await shop.database.db.execute(sql`UPDATE offers SET is_active = false WHERE id = ${exclusive!.id}`);
    expect((await getJson(shop.app, `/api/offer?id=${exclusive!.id}`)).status).toBe(404);
    await shop.database.db.execute(sql`UPDATE offers SET is_active = true WHERE id = ${exclusive!.id}`);
  });
});
