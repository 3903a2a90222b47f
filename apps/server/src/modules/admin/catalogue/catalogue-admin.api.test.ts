import type { HotelInput, NewOffer } from '@shop/contracts/admin-catalogue';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { type StaffClient, signInStaff } from '#src/test/staff.ts';

/**
 * The catalogue in the back office (issue 26), seen from both sides of the counter: what staff save is
 * what the shop's own API answers, every refusal leaves the catalogue as it was, and a brand manager
 * changes only offers sold on their own brand alone.
 */
let shop: TestApp;
let operator: StaffClient;
let manager: StaffClient;
let support: StaffClient;
const onAutoclub = { host: 'autoclub.localhost', 'accept-language': 'de' };
const onDemo = { host: 'demo.localhost', 'accept-language': 'de' };

beforeAll(async () => {
  // The change watch runs as in production: nothing here refreshes the shop by hand.
  shop = await createTestApp({ env: { CHANGE_POLL_MS: '100' } });
  [operator, manager, support] = await Promise.all([
    signInStaff(shop.app, 'operator@example.org', { locale: 'de' }),
    signInStaff(shop.app, 'manager.autoclub@example.org', { locale: 'en' }),
    signInStaff(shop.app, 'support@example.org', { locale: 'de' }),
  ]);
});
afterAll(() => shop.close());

/** A photo as a camera would send it: a gradient, big enough, JPEG. */
const photo = (width = 1600, height = 1000) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();

const hotelInput = (pictures: string[]): HotelInput => ({
  name: 'Hotel Seeblick Admin',
  vendor: 'Seeblick GmbH',
  stars: 4,
  street: 'Uferweg',
  houseNumber: '3',
  postcode: '6370',
  city: { de: 'Kitzbühel', en: 'Kitzbuehel', it: '' },
  region: { de: 'Tirol', en: 'Tyrol', it: '' },
  countryIso: 'at',
  latitude: 47.45,
  longitude: 12.39,
  phone: '+43 5356 1234',
  email: 'Rezeption@Seeblick.example',
  description: { de: 'Direkt am See.', en: 'Right on the lake.', it: '' },
  featureCodes: [1, 5],
  boardCodes: ['HP'],
  pictures,
});

const offerInput = (hotelId: number, overrides: Partial<NewOffer> = {}): NewOffer => ({
  hotelId,
  brand: 'autoclub',
  title: { de: 'Zwergenglück am Seeblick', en: 'Dwarf luck at Seeblick', it: '' },
  subtitle: { de: 'Drei Nächte mit Halbpension', en: 'Three nights half board', it: '' },
  boardCode: 'HP',
  themeIds: [],
  pictures: [],
  isActive: true,
  saleEndsOn: null,
  arrivalDays: [],
  minStayNights: null,
  children: null,
  pets: null,
  blackoutPeriods: [],
  inclusions: [{ code: 'welcome-drink', quantity: 1, per: 'person' }],
  texts: [
    { position: 2, title: { de: 'Leistungen', en: 'Included' }, body: { de: '3 Nächte', en: '3 nights' } },
    { position: 1, title: { de: 'Lage', en: 'Location' }, body: { de: 'Am See', en: 'On the lake' } },
  ],
  variants: [
    { nights: 3, persons: 2, priceCents: 29_900, originalPriceCents: 45_000, stock: 10 },
    { nights: 5, persons: 2, priceCents: 44_900, originalPriceCents: 70_000, stock: 5 },
  ],
  ...overrides,
});

const counts = async () =>
  (
    await queryRows<{ hotels: number; offers: number; variants: number; audit: number }>(
      shop.database.db,
      sql`SELECT (SELECT count(*)::int FROM hotels) AS hotels, (SELECT count(*)::int FROM offers) AS offers,
        (SELECT count(*)::int FROM variants) AS variants, (SELECT count(*)::int FROM audit_events) AS audit`,
    )
  )[0];

// biome-ignore lint/suspicious/noExplicitAny: each test reads the fields of the shop route it asks.
type ShopBody = any;

/** What the shop answers, asked until `isDone` or 5 s passed (the change watch's promise). */
async function shopAnswer(url: string, headers: Record<string, string>, isDone: (body: ShopBody) => boolean) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const answer = await shop.app.inject({ method: 'GET', url, headers });
    const body = answer.statusCode === 200 ? answer.json() : { status: answer.statusCode };
    if (isDone(body) || Date.now() > deadline) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function search(query: string, headers: Record<string, string>) {
  const answer = await shop.app.inject({
    method: 'POST',
    url: '/api/offer/search',
    headers,
    payload: { query },
  });
  return (answer.json() as { items: { id: number }[] }).items.map((item) => item.id);
}

/** The search's offer ids once `isDone` holds for them, or after 5 s. */
async function searchUntil(
  query: string,
  headers: Record<string, string>,
  isDone: (ids: number[]) => boolean,
) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const ids = await search(query, headers);
    if (isDone(ids) || Date.now() > deadline) return ids;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let hotelId: number;
let offerId: number;
let seed: string;

describe('hotels and pictures', () => {
  it('an uploaded picture is cropped, stored and served in the shop’s widths', async () => {
    const upload = await operator.send(
      'POST',
      '/api/admin/pictures?left=100&top=50&width=1200&height=800',
      await photo(),
      {
        'content-type': 'image/jpeg',
      },
    );
    expect(upload.statusCode, upload.body).toBe(201);
    ({ seed } = upload.json());
    expect(seed).toMatch(/^p-[0-9a-f]{20}$/);
    expect(upload.json()).toMatchObject({ width: 1200, height: 800 });

    const served = await shop.app.inject({ method: 'GET', url: `/media/${seed}/320.webp` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 320,
      height: 213,
    });
    const unknown = await shop.app.inject({ method: 'GET', url: '/media/p-00000000000000000000/320.webp' });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses what is not a picture, one too small and a crop outside it, storing nothing', async () => {
    const stored = async () =>
      (
        await queryRows<{ n: number }>(shop.database.db, sql`SELECT count(*)::int AS n FROM media_pictures`)
      )[0]!.n;
    const before = await stored();
    const notAPicture = await operator.send(
      'POST',
      '/api/admin/pictures',
      Buffer.from('%PDF-1.7 not a jpeg'),
      {
        'content-type': 'image/jpeg',
      },
    );
    expect(notAPicture.statusCode).toBe(400);
    expect(notAPicture.json().errors).toEqual([
      { field: 'picture', message: expect.stringContaining('kein Bild') },
    ]);
    const small = await operator.send('POST', '/api/admin/pictures', await photo(300, 200), {
      'content-type': 'image/jpeg',
    });
    expect(small.json().detail).toContain('640');
    const outside = await operator.send('POST', '/api/admin/pictures?left=1000&width=1000', await photo(), {
      'content-type': 'image/jpeg',
    });
    expect(outside.statusCode).toBe(400);
    expect(await stored()).toBe(before);
  });

  it('the operator creates a hotel, its e-mail in one form and its country in capitals', async () => {
    const created = await operator.send('POST', '/api/admin/hotels', hotelInput([seed]));
    expect(created.statusCode, created.body).toBe(201);
    hotelId = created.json().id;
    expect(created.json()).toMatchObject({
      slug: 'hotel-seeblick-admin',
      countryIso: 'AT',
      email: 'rezeption@seeblick.example',
      pictures: [seed],
    });
  });

  it('refuses an unknown country or picture and a taken slug, naming the field, changing nothing', async () => {
    const before = await counts();
    const country = await operator.send('POST', '/api/admin/hotels', { ...hotelInput([]), countryIso: 'XX' });
    expect(country.statusCode).toBe(400);
    expect(country.json().errors[0].field).toBe('countryIso');
    const picture = await operator.send('POST', '/api/admin/hotels', hotelInput(['p-0123456789abcdef0123']));
    expect(picture.json().errors[0].field).toBe('pictures');
    const slug = await operator.send('POST', '/api/admin/hotels', {
      ...hotelInput([]),
      slug: 'hotel-seeblick-admin',
    });
    expect(slug.statusCode).toBe(409);
    expect(slug.json().errors[0].field).toBe('slug');
    const invalid = await operator.send('POST', '/api/admin/hotels', { ...hotelInput([]), latitude: 123 });
    expect(invalid.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('hotels are the operator’s: a brand manager and support may read, not write', async () => {
    expect((await manager.send('POST', '/api/admin/hotels', hotelInput([]))).statusCode).toBe(403);
    expect((await support.get(`/api/admin/hotels/${hotelId}`)).statusCode).toBe(200);
  });
});

describe('offers and variants', () => {
  it('an offer with two variants in German and English is found by the shop’s search within 5 s', async () => {
    const created = await manager.send('POST', '/api/admin/offers', offerInput(hotelId));
    expect(created.statusCode, created.body).toBe(201);
    offerId = created.json().id;
    expect(created.json()).toMatchObject({
      brand: 'autoclub',
      slug: 'zwergenglueck-am-seeblick',
      shopPath: '/urlaub/hotel-seeblick-admin/zwergenglueck-am-seeblick',
      variants: [
        { nights: 3, priceCents: 29_900 },
        { nights: 5, priceCents: 44_900 },
      ],
    });
    // Positions order the texts, as the shop shows them.
    expect(created.json().texts.map((text: { title: { de: string } }) => text.title.de)).toEqual([
      'Lage',
      'Leistungen',
    ]);

    expect(await searchUntil('Zwergenglück', onAutoclub, (ids) => ids.includes(offerId))).toContain(offerId);
    expect(await search('Dwarf', { ...onAutoclub, 'accept-language': 'en' })).toContain(offerId);
    // Sold on autoclub alone: another brand's shop does not show it.
    expect(await search('Zwergenglück', onDemo)).not.toContain(offerId);
    const offer = await shopAnswer(
      `/api/offer?id=${offerId}`,
      { ...onAutoclub, 'accept-language': 'en' },
      () => true,
    );
    expect(offer.title).toBe('Dwarf luck at Seeblick');
    // The hotel is in the shop now that it has an offer on sale, with its uploaded picture.
    const page = await shopAnswer(
      '/api/hotel/hotel-seeblick-admin',
      onAutoclub,
      (body) => body.name !== undefined,
    );
    expect(page.name).toBe('Hotel Seeblick Admin');
    expect(JSON.stringify(page)).toContain(`/media/${seed}/`);
  });

  it('a brand manager’s price change is what the shop’s offer answers within 5 s, in the audit trail', async () => {
    const offer = (await manager.get(`/api/admin/offers/${offerId}`)).json();
    // The shop's answer is cached as in production (the change watch drops it).
    await shop.app.inject({ method: 'GET', url: `/api/offer?id=${offerId}`, headers: onAutoclub });
    const changed = await manager.send('PATCH', `/api/admin/variants/${offer.variants[0].id}`, {
      priceCents: 27_900,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const shown = await shopAnswer(`/api/offer?id=${offerId}`, onAutoclub, (body) =>
      body.variants?.some((variant: { price: { total: number } }) => variant.price.total === 27_900),
    );
    expect(shown.variants.map((variant: { price: { total: number } }) => variant.price.total)).toContain(
      27_900,
    );

    const [entry] = await queryRows<{
      action: string;
      before: { priceCents: number };
      after: { priceCents: number };
    }>(
      shop.database.db,
      sql`SELECT action, before, after FROM audit_events WHERE subject = ${`variant ${offer.variants[0].id}`}`,
    );
    expect(entry).toMatchObject({
      action: 'variant.changed',
      before: { priceCents: 29_900 },
      after: { priceCents: 27_900 },
    });
    const [history] = await queryRows<{ prices: number[] }>(
      shop.database.db,
      sql`SELECT array_agg(price_cents ORDER BY since, price_cents DESC) AS prices FROM variant_prices
          WHERE variant_id = ${offer.variants[0].id}`,
    );
    expect(history!.prices).toEqual([29_900, 27_900]);
  });

  it('a brand manager cannot change another brand’s offer, one sold on every brand, nor move one away', async () => {
    const [others] = await queryRows<{
      other: number;
      shared: number;
      otherVariant: number;
      sharedVariant: number;
    }>(
      shop.database.db,
      sql`SELECT (SELECT id FROM offers WHERE brand_id = (SELECT id FROM brands WHERE short = 'familyclub') LIMIT 1) AS other,
        (SELECT id FROM offers WHERE brand_id IS NULL LIMIT 1) AS shared,
        (SELECT v.id FROM variants v JOIN offers o ON o.id = v.offer_id
          WHERE o.brand_id = (SELECT id FROM brands WHERE short = 'familyclub') LIMIT 1) AS "otherVariant",
        (SELECT v.id FROM variants v JOIN offers o ON o.id = v.offer_id WHERE o.brand_id IS NULL LIMIT 1) AS "sharedVariant"`,
    );
    const before = await queryRows(shop.database.db, sql`SELECT * FROM variants ORDER BY id`);
    expect((await manager.get(`/api/admin/offers/${others!.other}`)).statusCode).toBe(404);
    expect(
      (await manager.send('PATCH', `/api/admin/variants/${others!.otherVariant}`, { priceCents: 100 }))
        .statusCode,
    ).toBe(404);
    const shared = await manager.send('PATCH', `/api/admin/variants/${others!.sharedVariant}`, {
      priceCents: 100,
    });
    expect(shared.statusCode).toBe(403);
    expect(shared.json().detail).toContain('operator');
    expect(
      (await manager.send('POST', '/api/admin/offers', offerInput(hotelId, { brand: 'familyclub' })))
        .statusCode,
    ).toBe(403);
    const own = (await manager.get(`/api/admin/offers/${offerId}`)).json();
    const { id: _id, slug: _slug, hotelName: _h, variants: _v, shopPath: _p, ...input } = own;
    expect(
      (await manager.send('PUT', `/api/admin/offers/${offerId}`, { ...input, brand: null })).statusCode,
    ).toBe(403);
    expect(
      (await support.send('PATCH', `/api/admin/variants/${own.variants[0].id}`, { stock: 0 })).statusCode,
    ).toBe(403);
    expect(await queryRows(shop.database.db, sql`SELECT * FROM variants ORDER BY id`)).toEqual(before);
  });

  it('refuses bad offers naming the field: unknown hotel, duplicate variants, a taken slug', async () => {
    const before = await counts();
    const hotel = await operator.send('POST', '/api/admin/offers', offerInput(999_999));
    expect(hotel.json().errors[0].field).toBe('hotelId');
    const duplicate = await operator.send(
      'POST',
      '/api/admin/offers',
      offerInput(hotelId, {
        variants: [
          { nights: 3, persons: 2, priceCents: 100, originalPriceCents: 0, stock: 1 },
          { nights: 3, persons: 2, priceCents: 200, originalPriceCents: 0, stock: 1 },
        ],
      }),
    );
    expect(duplicate.json().errors[0].field).toBe('variants');
    const slug = await operator.send(
      'POST',
      '/api/admin/offers',
      offerInput(hotelId, { slug: 'zwergenglueck-am-seeblick' }),
    );
    expect(slug.statusCode).toBe(409);
    const price = await operator.send('POST', '/api/admin/offers', {
      ...offerInput(hotelId),
      variants: [{ nights: 3, persons: 2, priceCents: -5, originalPriceCents: 0, stock: 1 }],
    });
    expect(price.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('two saves of one new address at once: one offer is made, the other save hears 409 on the slug', async () => {
    const before = await counts();
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        operator.send('POST', '/api/admin/offers', offerInput(hotelId, { slug: 'zugleich-gespeichert' })),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json().errors[0].field).toBe('slug');
    }
    expect((await counts())!.offers).toBe(before!.offers + 1);
  });

  it('a switched-off offer answers 410 in the shop; a copy is made switched off', async () => {
    const own = (await operator.get(`/api/admin/offers/${offerId}`)).json();
    const { id: _id, slug: _slug, hotelName: _h, variants: _v, shopPath: _p, ...input } = own;
    const copy = await operator.send('POST', `/api/admin/offers/${offerId}/copy`);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({
      isActive: false,
      slug: 'zwergenglueck-am-seeblick-copy',
      variants: [{}, {}],
    });

    const off = await operator.send('PUT', `/api/admin/offers/${offerId}`, { ...input, isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    const gone = await shopAnswer(`/api/offer?id=${offerId}`, onAutoclub, (body) => body.status === 410);
    expect(gone.status).toBe(410);
    expect(await searchUntil('Zwergenglück', onAutoclub, (ids) => !ids.includes(offerId))).not.toContain(
      offerId,
    );
  });
});

describe('bulk changes of price and stock', () => {
  const autoclubVariants = () =>
    queryRows<{ id: number; price_cents: number; stock: number }>(
      shop.database.db,
      sql`SELECT v.id, v.price_cents, v.stock FROM variants v JOIN offers o ON o.id = v.offer_id
          WHERE o.brand_id = (SELECT id FROM brands WHERE short = 'autoclub') ORDER BY v.id`,
    );

  it('a dry run lists the changes and writes nothing; the change raises every price of the brand by 10 %', async () => {
    const before = await autoclubVariants();
    const dry = await manager.send('POST', '/api/admin/variants/bulk', { pricePercent: 10 });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ dryRun: true, variants: before.length });
    // Offers sold on every brand are the operator's: counted, not changed.
    expect(dry.json().skippedOffers).toBeGreaterThan(0);
    const first = dry.json().changes.find((row: { variantId: number }) => row.variantId === before[0]!.id);
    const expected = (cents: number) =>
      cents % 100 === 0 ? Math.round((cents * 110) / 10_000) * 100 : Math.round((cents * 110) / 100);
    expect(first).toMatchObject({
      priceBefore: before[0]!.price_cents,
      priceAfter: expected(before[0]!.price_cents),
    });
    expect(await autoclubVariants()).toEqual(before);

    const done = await manager.send('POST', '/api/admin/variants/bulk', { pricePercent: 10, dryRun: false });
    expect(done.json()).toMatchObject({ dryRun: false, variants: before.length });
    const after = await autoclubVariants();
    expect(after.map((row) => row.price_cents)).toEqual(before.map((row) => expected(row.price_cents)));
    const [entry] = await queryRows<{ action: string; after: { variants: unknown[] } }>(
      shop.database.db,
      sql`SELECT action, after FROM audit_events WHERE action = 'variants.bulk-changed' ORDER BY id DESC LIMIT 1`,
    );
    expect(entry!.after.variants).toHaveLength(before.length);
  });

  it('sets stock over a hotel’s offers; support may not, and a contradictory change is refused', async () => {
    const stock = await operator.send('POST', '/api/admin/variants/bulk', {
      hotelId,
      stockSet: 3,
      dryRun: false,
    });
    expect(stock.statusCode, stock.body).toBe(200);
    const rows = await queryRows<{ stock: number }>(
      shop.database.db,
      sql`SELECT v.stock FROM variants v JOIN offers o ON o.id = v.offer_id WHERE o.hotel_id = ${hotelId}`,
    );
    expect(rows.every((row) => row.stock === 3)).toBe(true);
    expect((await support.send('POST', '/api/admin/variants/bulk', { stockSet: 0 })).statusCode).toBe(403);
    const both = await operator.send('POST', '/api/admin/variants/bulk', { stockSet: 1, stockAdd: 1 });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors[0].field).toBe('stockAdd');
  });
});

describe('the "statt" price of a reduction against our own price (EU price indication)', () => {
  it('is the lowest price of the 30 days before the reduction, set by the database, and the shop says so', async () => {
    const created = await operator.send(
      'POST',
      '/api/admin/offers',
      offerInput(hotelId, {
        slug: 'dreissig-tage-preis',
        variants: [{ nights: 2, persons: 2, priceCents: 40_000, originalPriceCents: 50_000, stock: 5 }],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { id: offer, variants } = created.json();
    const variant = variants[0].id;
    // Its price history: 450 € until 40 days ago… then 380 € (20 days ago), then 400 € (5 days ago).
    await shop.database.db.execute(sql`DELETE FROM variant_prices WHERE variant_id = ${variant}`);
    await shop.database.db.execute(sql`INSERT INTO variant_prices (variant_id, price_cents, since) VALUES
      (${variant}, 45000, now() - interval '40 days'), (${variant}, 38000, now() - interval '20 days'),
      (${variant}, 40000, now() - interval '5 days')`);

    const reduced = await operator.send('PATCH', `/api/admin/variants/${variant}`, {
      priceCents: 35_000,
      referenceSource: 'former',
      originalPriceCents: 99_900,
    });
    expect(reduced.statusCode, reduced.body).toBe(200);
    expect(reduced.json().variants[0]).toMatchObject({ priceCents: 35_000, originalPriceCents: 38_000 });
    const shown = await shopAnswer(
      `/api/offer?id=${offer}`,
      onAutoclub,
      (body) => body.variants?.[0]?.price.total === 35_000,
    );
    expect(shown.variants[0].price).toMatchObject({
      total: 35_000,
      original: { total: 38_000 },
      referenceKind: 'lowest-30-days',
    });

    // Typed over, it stays what the rule says; a price rise ends the reduction and its "statt" price.
    const typed = await operator.send('PATCH', `/api/admin/variants/${variant}`, {
      originalPriceCents: 99_900,
    });
    expect(typed.json().variants[0].originalPriceCents).toBe(38_000);
    const raised = await operator.send('PATCH', `/api/admin/variants/${variant}`, { priceCents: 39_000 });
    expect(raised.json().variants[0].originalPriceCents).toBe(0);
  });
});
