import { adminCsrfHeader } from '@shop/contracts/admin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { type Cart, exampleCustomer, payWithPayPal, readyCart, variantsInStock } from '#src/test/orders.ts';
import { type StaffClient, signInStaff } from '#src/test/staff.ts';
import { codeAlphabet } from './code-batch.ts';

/**
 * Promotions and codes in the back office (issue 26), checked where they matter: the shop's landing
 * page and the order API's real routes (apply, close, pay), with the limits still enforced there.
 */
let shop: TestApp;
let operator: StaffClient;
let manager: StaffClient;
let support: StaffClient;
let variantId: number;
let sharedOffers: number[];

beforeAll(async () => {
  shop = await createTestApp({ env: { TRUST_PROXY: 'true', CHANGE_POLL_MS: '100' } });
  [operator, manager, support] = await Promise.all([
    signInStaff(shop.app, 'operator@example.org', { locale: 'de' }),
    signInStaff(shop.app, 'manager.autoclub@example.org', { locale: 'de' }),
    signInStaff(shop.app, 'support@example.org', { locale: 'de' }),
  ]);
  [variantId] = (await variantsInStock(shop.database.db)) as [number];
  sharedOffers = (
    await queryRows<{ id: number }>(
      shop.database.db,
      sql`SELECT o.id FROM offers o JOIN offer_search s ON s.offer_id = o.id
          WHERE o.brand_id IS NULL AND o.is_active ORDER BY o.id LIMIT 3`,
    )
  ).map((row) => row.id);
});
afterAll(() => shop.close());

const put = (client: StaffClient, url: string, payload: object) =>
  shop.app.inject({
    method: 'PUT',
    url,
    headers: { cookie: client.cookie, [adminCsrfHeader]: client.csrfToken, 'accept-language': 'de' },
    payload,
  });

const count = async (table: 'promotions' | 'reductions' | 'promotion_offers') =>
  (await queryRows<{ n: number }>(shop.database.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]
    ?.n;

const auditOf = (subject: string) =>
  queryRows<{ action: string; before: Record<string, unknown> | null; after: Record<string, unknown> }>(
    shop.database.db,
    sql`SELECT action, before, after FROM audit_events WHERE subject = ${subject} ORDER BY id`,
  );

/** Asks the shop until `check` holds, for at most 5 s: the promise of a back-office change. */
async function within5s(check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > 5_000) throw new Error('not live within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - start;
}

const promotion = (overrides: object = {}) => ({
  brand: null,
  name: 'herbstzauber',
  promotionType: 'Campaign',
  title: { de: 'Herbstzauber', en: 'Autumn magic', it: 'Magia d’autunno' },
  description: {
    de: 'Goldene Tage in den Bergen.',
    en: 'Golden days in the mountains.',
    it: 'Giorni d’oro.',
  },
  validFrom: null,
  validTo: null,
  ...overrides,
});

const code = (overrides: object = {}) => ({
  brand: null,
  code: 'HERBST25',
  name: { de: '€ 25 Herbstrabatt', en: '€ 25 autumn discount', it: '€ 25 di sconto d’autunno' },
  operation: '+',
  value: 2500,
  ...overrides,
});

describe('promotions', () => {
  it('creates a promotion whose landing page the shop shows within 5 s with its offers in order; switched off, it is gone; each step audited', async () => {
    const landing = () => shop.app.inject({ method: 'GET', url: '/api/offer/promotion/herbstzauber' });
    expect((await landing()).statusCode).toBe(404);
    const created = await operator.post('/api/admin/promotions', promotion());
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json();
    expect(created.json()).toMatchObject({ name: 'herbstzauber', state: 'running', brand: null, offers: 0 });

    const [first, second] = sharedOffers as [number, number];
    const ordered = await put(operator, `/api/admin/promotions/${id}/offers`, { offerIds: [second, first] });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(ordered.json().offerList.map((offer: { id: number }) => offer.id)).toEqual([second, first]);

    await within5s(async () => (await landing()).statusCode === 200);
    const page = (await landing()).json();
    expect(page.promotion).toMatchObject({ title: 'Herbstzauber', count: 2, promotionType: 'Campaign' });
    expect(page.items.map((item: { id: number }) => item.id)).toEqual([second, first]);

    const renamed = await put(operator, `/api/admin/promotions/${id}`, {
      ...promotion(),
      title: { de: 'Goldener Herbst', en: 'Golden autumn', it: '' },
    });
    expect(renamed.json().title).toEqual({ de: 'Goldener Herbst', en: 'Golden autumn', it: '' });
    // An empty language falls back in the shop (English, then German), never an empty title.
    await within5s(
      async () =>
        (
          await shop.app.inject({
            method: 'GET',
            url: '/api/offer/promotion/herbstzauber',
            headers: { 'accept-language': 'it' },
          })
        ).json().promotion?.title === 'Golden autumn',
    );

    const off = await operator.post(`/api/admin/promotions/${id}/switch-off`);
    expect(off.json()).toMatchObject({ active: false, state: 'off' });
    await within5s(async () => (await landing()).statusCode === 404);

    const trail = await auditOf(`promotion:${id}`);
    expect(trail.map((entry) => entry.action)).toEqual([
      'promotions.create',
      'promotions.offers',
      'promotions.update',
      'promotions.switch-off',
    ]);
    expect(trail[1]).toMatchObject({ before: { offerIds: [] }, after: { offerIds: [second, first] } });
    expect(trail[2]?.before).toMatchObject({ title: { de: 'Herbstzauber' } });
    expect(trail[2]?.after).toMatchObject({ title: { de: 'Goldener Herbst' } });
    expect(trail[3]).toMatchObject({ before: { active: true }, after: { active: false } });

    const listed = await support.get('/api/admin/promotions?query=herbstz&state=off');
    expect(listed.json()).toMatchObject({ total: 1, promotions: [{ id, name: 'herbstzauber' }] });
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const promotions = await count('promotions');
    const bad = await operator.post(
      '/api/admin/promotions',
      promotion({ name: 'Kein Name!', validFrom: '2026-12-01', validTo: '2026-11-01' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((error: { field: string }) => error.field)
        .sort(),
    ).toEqual(['name', 'validTo']);
    const creation = await operator.post('/api/admin/promotions', promotion({ name: 'eisblumen' }));
    expect(creation.statusCode, creation.body).toBe(200);
    const created = creation.json();
    const duplicate = await operator.post('/api/admin/promotions', promotion({ name: 'EisBlumen' }));
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().errors).toEqual([{ field: 'name', message: expect.stringContaining('Namen') }]);
    expect(await count('promotions')).toBe((promotions ?? 0) + 1);

    const unknownOffer = await put(operator, `/api/admin/promotions/${created.id}/offers`, {
      offerIds: [sharedOffers[0], 999_999],
    });
    expect(unknownOffer.statusCode).toBe(400);
    expect(unknownOffer.json().errors[0]).toMatchObject({ field: 'offerIds' });
    const invalidUpdate = await put(operator, `/api/admin/promotions/${created.id}`, {
      ...promotion({ name: 'eisblumen' }),
      title: { de: '' },
    });
    expect(invalidUpdate.statusCode).toBe(400);
    const unchanged = (await operator.get(`/api/admin/promotions/${created.id}`)).json();
    expect(unchanged).toMatchObject({ title: { de: 'Herbstzauber' }, offerList: [] });
    expect((await auditOf(`promotion:${created.id}`)).map((entry) => entry.action)).toEqual([
      'promotions.create',
    ]);
  });

  it('keeps a brand manager to their brands: every brand’s or another brand’s promotion is refused', async () => {
    const own = await manager.post(
      '/api/admin/promotions',
      promotion({ brand: 'autoclub', name: 'auto-herbst' }),
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().brand).toMatchObject({ short: 'autoclub' });
    expect((await manager.post('/api/admin/promotions', promotion({ name: 'x1' }))).statusCode).toBe(403);
    expect(
      (await manager.post('/api/admin/promotions', promotion({ brand: 'demo', name: 'x2' }))).statusCode,
    ).toBe(403);
    const [demo] = await queryRows<{ id: number }>(
      shop.database.db,
      sql`SELECT p.id FROM promotions p JOIN brands b ON b.id = p.brand_id WHERE b.short <> 'autoclub' LIMIT 1`,
    );
    const [shared] = await queryRows<{ id: number }>(
      shop.database.db,
      sql`SELECT id FROM promotions WHERE brand_id IS NULL LIMIT 1`,
    );
    for (const other of [demo?.id, shared?.id]) {
      expect((await manager.get(`/api/admin/promotions/${other}`)).statusCode).toBe(404);
      expect(
        (await put(manager, `/api/admin/promotions/${other}`, promotion({ brand: 'autoclub' }))).statusCode,
      ).toBe(404);
      expect((await manager.post(`/api/admin/promotions/${other}/switch-off`)).statusCode).toBe(404);
    }
    // Moving their own promotion to every brand is the operator's.
    expect(
      (await put(manager, `/api/admin/promotions/${own.json().id}`, promotion({ name: 'auto-herbst' })))
        .statusCode,
    ).toBe(403);
    const list = (await manager.get('/api/admin/promotions')).json();
    expect(list.total).toBeGreaterThan(0);
    expect(
      list.promotions.every((row: { brand: { short: string } | null }) => row.brand?.short === 'autoclub'),
    ).toBe(true);
  });

  it('refuses moving a promotion to a brand that does not sell its offers, naming the brand field', async () => {
    const [autoclubOffer] = await queryRows<{ id: number }>(
      shop.database.db,
      sql`SELECT o.id FROM offers o JOIN brands b ON b.id = o.brand_id WHERE b.short = 'autoclub' AND o.is_active LIMIT 1`,
    );
    const created = (
      await operator.post('/api/admin/promotions', promotion({ brand: 'autoclub', name: 'nur-autoclub' }))
    ).json();
    const listed = await put(operator, `/api/admin/promotions/${created.id}/offers`, {
      offerIds: [autoclubOffer!.id],
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const moved = await put(
      operator,
      `/api/admin/promotions/${created.id}`,
      promotion({ brand: 'demo', name: 'nur-autoclub' }),
    );
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual([
      {
        field: 'brand',
        message: expect.stringContaining(`nicht verkauft werden: ${autoclubOffer!.id}`),
      },
    ]);
    expect((await operator.get(`/api/admin/promotions/${created.id}`)).json().brand).toMatchObject({
      short: 'autoclub',
    });
  });
});

/** Applies `code` to a new cart of the demo brand with one voucher and the customer's data. */
async function cartWithCode(promotionCode: string, email: string = exampleCustomer.email) {
  const cart = await readyCart(shop.app, variantId, { ...exampleCustomer, email });
  const applied = await shop.app.inject({
    method: 'POST',
    url: '/api/order/reduction',
    payload: { ...cart, code: promotionCode },
  });
  return { cart, applied };
}

const close = (cart: Cart) =>
  shop.app.inject({
    method: 'PUT',
    url: '/api/order/close',
    payload: { ...cart, paymentType: 'wiretransfer' },
  });

describe('codes', () => {
  it('a created code works in the shop’s cart; the paid order is listed with its link; once per customer holds', async () => {
    const created = await operator.post('/api/admin/codes', code({ oncePerCustomer: true }));
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json();
    expect(created.json()).toMatchObject({ code: 'HERBST25', state: 'running', usedCount: 0, orders: [] });

    const { cart, applied } = await cartWithCode('herbst25', 'erika.herbst@example.org');
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().summary.discountTotal.total).toBe(2500);
    expect(applied.json().reduction).toMatchObject({ code: 'HERBST25', operation: '+' });
    await payWithPayPal(shop.app, cart);

    const detail = (await support.get(`/api/admin/codes/${id}`)).json();
    expect(detail).toMatchObject({ usedCount: 1, paidOrders: 1, ordersTotal: 1 });
    expect(detail.orders).toEqual([
      expect.objectContaining({
        id: cart.orderId,
        status: 'paid',
        discountCents: 2500,
        href: `/admin/orders/${cart.orderId}`,
      }),
    ]);
    const listed = (await operator.get('/api/admin/codes?query=herbst2')).json();
    expect(listed.codes).toEqual([expect.objectContaining({ id, usedCount: 1, paidOrders: 1 })]);

    // The same customer (in another spelling of the address) again: the close refuses it.
    const again = await cartWithCode('HERBST25', 'Erika.Herbst@example.org');
    expect(again.applied.statusCode).toBe(200);
    const refused = await close(again.cart);
    expect(refused.statusCode).toBe(417);
    expect(refused.json()).toMatchObject({ type: expect.stringContaining('invalid-reduction') });
    // Another customer may.
    const other = await cartWithCode('HERBST25', 'otto.herbst@example.org');
    expect((await close(other.cart)).statusCode).toBe(200);
    expect((await operator.get(`/api/admin/codes/${id}`)).json()).toMatchObject({
      usedCount: 2,
      ordersTotal: 2,
    });
  });

  it('a usage limit, a minimum order, a percentage, an offer restriction and a switch-off apply in the shop', async () => {
    const limited = (await operator.post('/api/admin/codes', code({ code: 'NURZWEI', maxUses: 1 }))).json();
    const first = await cartWithCode('NURZWEI', 'a1@example.org');
    expect((await close(first.cart)).statusCode).toBe(200);
    const second = await cartWithCode('NURZWEI', 'a2@example.org');
    // Used up once the first order holds it: applying already says so.
    expect(second.applied.statusCode).toBe(417);
    expect((await operator.get(`/api/admin/codes/${limited.id}`)).json()).toMatchObject({
      state: 'used-up',
      usedCount: 1,
    });

    const percent = (
      await operator.post('/api/admin/codes', code({ code: 'ZEHNPROZENT', operation: '%', value: 1000 }))
    ).json();
    const tenth = await cartWithCode('zehnprozent');
    const subtotal = tenth.applied.json().summary.subtotal.total;
    expect(tenth.applied.json().summary.discountTotal.total).toBe(Math.round(subtotal * 0.1));

    const high = await operator.post(
      '/api/admin/codes',
      code({ code: 'AB-EINER-MILLION', minimumOrderCents: 100_000_000 }),
    );
    expect((await cartWithCode('AB-EINER-MILLION')).applied.statusCode).toBe(417);
    expect(high.json().minimumOrderCents).toBe(100_000_000);

    const [otherOffer] = await queryRows<{ id: number }>(
      shop.database.db,
      sql`SELECT o.id FROM offers o WHERE o.brand_id IS NULL
          AND o.id <> (SELECT offer_id FROM variants WHERE id = ${variantId}) LIMIT 1`,
    );
    await operator.post('/api/admin/codes', code({ code: 'NURDORT', offerIds: [otherOffer?.id] }));
    expect((await cartWithCode('NURDORT')).applied.statusCode).toBe(417);

    const off = await operator.post(`/api/admin/codes/${percent.id}/switch-off`);
    expect(off.json()).toMatchObject({ active: false, state: 'off' });
    expect((await cartWithCode('ZEHNPROZENT')).applied.statusCode).toBe(417);
    expect(await auditOf(`code:${percent.id}`)).toMatchObject([
      { action: 'codes.create', before: null, after: { code: 'ZEHNPROZENT', value: 1000 } },
      { action: 'codes.switch-off', before: { active: true }, after: { active: false } },
    ]);
  });

  it('refuses bad input naming the field and changes nothing; an update keeps the uses', async () => {
    const codes = await count('reductions');
    const cases: [object, string][] = [
      [code({ code: 'herbst25' }), 'code'],
      [code({ code: 'HÄ' }), 'code'],
      [code({ code: 'HUNDERT', operation: '%', value: 10_001 }), 'value'],
      [code({ code: 'UNBEKANNT', offerIds: [999_999] }), 'offerIds'],
      [code({ code: 'ZEITREISE', validFrom: '2027-01-02', validTo: '2027-01-01' }), 'validTo'],
      [code({ code: 'ZEITREISE', validTo: '2027-02-30' }), 'validTo'],
    ];
    for (const [body, field] of cases) {
      const answer = await operator.post('/api/admin/codes', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().errors.map((error: { field: string }) => error.field)).toContain(field);
    }
    expect(await count('reductions')).toBe(codes);

    const [herbst] = (await operator.get('/api/admin/codes?query=HERBST25')).json().codes;
    const refused = await put(operator, `/api/admin/codes/${herbst.id}`, code({ code: 'WILLKOMMEN10' }));
    expect(refused.statusCode).toBe(400);
    const changed = await put(
      operator,
      `/api/admin/codes/${herbst.id}`,
      code({ value: 3000, validTo: '2030-12-31' }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      value: 3000,
      validTo: '2030-12-31',
      usedCount: 2,
      oncePerCustomer: false,
    });
    const [entry] = (await auditOf(`code:${herbst.id}`)).slice(-1);
    expect(entry).toMatchObject({
      action: 'codes.update',
      before: { value: 2500, validTo: null, oncePerCustomer: true },
      after: { value: 3000, validTo: '2030-12-31', oncePerCustomer: false },
    });
  });

  it('one code on two brands saved at once: one is made, the other hears the field’s error', async () => {
    const codes = await count('reductions');
    const answers = await Promise.all(
      ['demo', 'familyclub'].map((brand) =>
        operator.post('/api/admin/codes', code({ brand, code: 'ZUGLEICH-BEIDE' })),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((answer) => answer.statusCode === 400)!;
    expect(refused.json().errors.map((error: { field: string }) => error.field)).toEqual(['code']);
    expect(await count('reductions')).toBe(codes! + 1);
  });

  it('generates a batch of unique single-use codes as CSV, each usable once', async () => {
    const before = await count('reductions');
    const answer = await operator.post('/api/admin/codes/batch', {
      ...code(),
      code: undefined,
      count: 40,
      prefix: 'flyer',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="codes-40.csv"');
    const lines = answer.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Code');
    const codes = lines.slice(1);
    expect(codes).toHaveLength(40);
    expect(new Set(codes).size).toBe(40);
    for (const batchCode of codes) expect(batchCode).toMatch(new RegExp(`^FLYER-[${codeAlphabet}]{10}$`));
    expect(await count('reductions')).toBe((before ?? 0) + 40);
    const [entry] = await queryRows<{ after: { count: number; first: string } }>(
      shop.database.db,
      sql`SELECT after FROM audit_events WHERE action = 'codes.batch'`,
    );
    expect(entry?.after).toMatchObject({ count: 40, first: codes[0] });

    const [one, two] = codes as [string, string];
    const used = await cartWithCode(one, 'b1@example.org');
    expect((await close(used.cart)).statusCode).toBe(200);
    expect((await cartWithCode(one, 'b2@example.org')).applied.statusCode).toBe(417);
    const fresh = await cartWithCode(two.toLowerCase(), 'b3@example.org');
    expect(fresh.applied.statusCode).toBe(200);
    expect((await close(fresh.cart)).statusCode).toBe(200);
  });

  it('generates 10,000 codes in one go, and refuses 10,001 or bad terms without writing any', async () => {
    const before = (await count('reductions')) ?? 0;
    const tooMany = await operator.post('/api/admin/codes/batch', { ...code(), count: 10_001 });
    expect(tooMany.statusCode).toBe(400);
    const badOffer = await operator.post('/api/admin/codes/batch', {
      ...code(),
      count: 5,
      offerIds: [999_999],
    });
    expect(badOffer.statusCode).toBe(400);
    expect(await count('reductions')).toBe(before);
    const answer = await operator.post('/api/admin/codes/batch', { ...code(), count: 10_000 });
    expect(answer.statusCode).toBe(200);
    const codes = answer.body.trim().split('\r\n').slice(1);
    expect(new Set(codes).size).toBe(10_000);
    expect(await count('reductions')).toBe(before + 10_000);
  }, 60_000);

  it('keeps a brand manager to their brands’ codes; support only reads', async () => {
    const own = await manager.post('/api/admin/codes', code({ brand: 'autoclub', code: 'AUTO-HERBST' }));
    expect(own.statusCode, own.body).toBe(200);
    expect((await manager.post('/api/admin/codes', code({ code: 'ALLE-MARKEN' }))).statusCode).toBe(403);
    // A brand's code names only offers sold on that brand.
    const [foreignOffer] = await queryRows<{ id: number }>(
      shop.database.db,
      sql`SELECT o.id FROM offers o JOIN brands b ON b.id = o.brand_id WHERE b.short <> 'autoclub' LIMIT 1`,
    );
    const foreign = await manager.post(
      '/api/admin/codes',
      code({ brand: 'autoclub', code: 'AUTO-FREMD', offerIds: [foreignOffer?.id] }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0]).toMatchObject({ field: 'offerIds' });
    const otherBrand = await manager.post('/api/admin/codes', code({ brand: 'demo', code: 'DEMO-X' }));
    expect(otherBrand.statusCode).toBe(403);
    expect(
      (await manager.post('/api/admin/codes/batch', { ...code({ brand: 'demo' }), count: 3 })).statusCode,
    ).toBe(403);
    const [herbst] = (await operator.get('/api/admin/codes?query=HERBST25')).json().codes;
    expect((await manager.get(`/api/admin/codes/${herbst.id}`)).statusCode).toBe(404);
    expect(
      (await put(manager, `/api/admin/codes/${herbst.id}`, code({ brand: 'autoclub' }))).statusCode,
    ).toBe(404);
    expect((await manager.post(`/api/admin/codes/${herbst.id}/switch-off`)).statusCode).toBe(404);
    expect((await operator.get(`/api/admin/codes/${herbst.id}`)).json().active).toBe(true);
    const list = (await manager.get('/api/admin/codes')).json();
    expect(list.codes.map((row: { code: string }) => row.code)).toEqual(['AUTO-HERBST']);
    expect((await support.post('/api/admin/codes', code({ code: 'SUPPORT' }))).statusCode).toBe(403);
    expect((await support.get('/api/admin/codes?query=auto-')).json().total).toBe(1);
  });
});
