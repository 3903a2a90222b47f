import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { type Cart, payWithPayPal, readyCart, variantsInStock } from '#src/test/orders.ts';
import { type StaffClient, signInStaff } from '#src/test/staff.ts';

/**
 * The back office's reports (issue 26) on orders bought and refunded through the API: what the report
 * says must be what happened, counted on the office's day, for the brands the member answers for.
 */
let shop: TestApp;
let operator: StaffClient;
let manager: StaffClient;
let variantId: number;
const paid: { cart: Cart; totalCents: number }[] = [];
let refundedCents = 0;
/** The hotel of the vouchers sold, and the net rate it is owed per redeemed voucher. */
let hotel: { id: number; name: string };
const netRateCents = 8_765;

/** Today as the office counts days (the report's days). */
const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date());

beforeAll(async () => {
  shop = await createTestApp({ env: { JOBS_IN_SERVER: 'true', TRUST_PROXY: 'true' } });
  [operator, manager] = await Promise.all([
    signInStaff(shop.app, 'operator@example.org', { locale: 'de' }),
    signInStaff(shop.app, 'manager.autoclub@example.org', { locale: 'de' }),
  ]);
  [variantId] = (await variantsInStock(shop.database.db)) as [number];
  // Two orders of the demo brand, one with two vouchers; then one voucher of that one refunded.
  for (const units of [1, 2]) {
    const cart = await readyCart(shop.app, variantId);
    if (units === 2)
      await shop.app.inject({ method: 'POST', url: '/api/order/items', payload: { ...cart, variantId } });
    await payWithPayPal(shop.app, cart);
    paid.push({
      cart,
      totalCents: (await operator.get(`/api/admin/orders/${cart.orderId}`)).json().totalCents,
    });
  }
  const twoVouchers = paid[1] as { cart: Cart };
  const detail = (await operator.get(`/api/admin/orders/${twoVouchers.cart.orderId}`)).json();
  const refund = await operator.post(`/api/admin/orders/${twoVouchers.cart.orderId}/refund`, {
    voucherIds: [detail.vouchers[0].id],
    note: 'Gast kann nicht reisen',
  });
  expect(refund.statusCode, refund.body).toBe(200);
  for (let attempt = 0; attempt < 200; attempt++) {
    const refunds = (await operator.get(`/api/admin/orders/${twoVouchers.cart.orderId}`)).json().refunds;
    if (refunds.every((entry: { status: string }) => entry.status === 'refunded')) {
      refundedCents = refunds[0].amountCents;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(refundedCents).toBeGreaterThan(0);
  // At the hotel: the first order's voucher redeemed; the second order's other voucher redeemed and undone.
  const rate = await operator.send('PATCH', `/api/admin/variants/${variantId}`, { netRateCents });
  expect(rate.statusCode, rate.body).toBe(200);
  const kept = (await operator.get(`/api/admin/orders/${paid[0]?.cart.orderId}`)).json().vouchers[0];
  for (const [code, undo] of [
    [kept.code, false],
    [detail.vouchers[1].code, true],
  ] as const) {
    const checked = (await operator.post('/api/hotel-portal/vouchers/check', { code })).json();
    hotel = { id: checked.voucher.hotel.id, name: checked.voucher.hotel.name };
    const departure = new Date(Date.UTC(2027, 4, 1 + checked.voucher.nights)).toISOString().slice(0, 10);
    const redeemed = await operator.post(
      '/api/hotel-portal/vouchers/redeem',
      { code, arrival: '2027-05-01', departure },
      { 'idempotency-key': `report-${code}` },
    );
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    if (undo) {
      const undone = await operator.post(
        `/api/hotel-portal/redemptions/${redeemed.json().redemption.id}/undo`,
        {
          note: 'Falscher Gutschein gescannt',
        },
      );
      expect(undone.statusCode, undone.body).toBe(200);
    }
  }
});
afterAll(() => shop.close());

const revenue = (client: StaffClient, query: Record<string, string>, headers: Record<string, string> = {}) =>
  client.get(`/api/admin/reports/revenue?${new URLSearchParams(query)}`, headers);

describe('the revenue report', () => {
  it('counts the orders paid today, their vouchers and revenue, and the refund, on the demo brand', async () => {
    const answer = await revenue(operator, { from: today, to: today, brand: 'demo' });
    expect(answer.statusCode, answer.body).toBe(200);
    const report = answer.json();
    expect(report.brands).toEqual([{ short: 'demo', name: expect.any(String) }]);
    expect(report.rows).toHaveLength(1);
    const expected = {
      period: today,
      brand: 'demo',
      orders: 2,
      revenueCents: paid.reduce((sum, order) => sum + order.totalCents, 0),
      vouchers: 3,
      refunds: 1,
      refundedCents,
      redeemed: 1,
    };
    expect(report.rows[0]).toEqual(expected);
    const { period: _period, brand: _brand, ...totals } = expected;
    expect(report.totals).toEqual(totals);
  });

  it('has every period of the range for every brand, zeros where nothing was sold, weeks from Monday', async () => {
    const days = (await revenue(operator, { from: '2026-01-01', to: '2026-01-31' })).json();
    const brands = days.brands.length;
    expect(brands).toBeGreaterThanOrEqual(2);
    expect(days.rows).toHaveLength(31 * brands);
    expect(days.rows.every((row: { orders: number }) => row.orders === 0)).toBe(true);
    const weeks = (
      await revenue(operator, { from: '2026-01-01', to: '2026-01-31', interval: 'week' })
    ).json();
    // 1 January 2026 is a Thursday: its week starts on Monday, 29 December.
    expect([...new Set(weeks.rows.map((row: { period: string }) => row.period))]).toEqual([
      '2025-12-29',
      '2026-01-05',
      '2026-01-12',
      '2026-01-19',
      '2026-01-26',
    ]);
    const months = (
      await revenue(operator, { from: '2026-01-15', to: '2026-03-02', interval: 'month' })
    ).json();
    expect([...new Set(months.rows.map((row: { period: string }) => row.period))]).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
    ]);
  });

  it('gives a brand manager their brands only: another brand is not found, and without one they see theirs', async () => {
    const foreign = await revenue(manager, { from: today, to: today, brand: 'demo' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).toContain('application/problem+json');
    const own = (await revenue(manager, { from: today, to: today })).json();
    expect(own.brands.map((brand: { short: string }) => brand.short)).toEqual(['autoclub']);
    expect(own.totals.orders).toBe(0);
    const unknown = await revenue(operator, { from: today, to: today, brand: 'gibt-es-nicht' });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers the same rows as a CSV file in the caller’s language', async () => {
    const answer = await revenue(
      operator,
      { from: today, to: today, brand: 'demo', format: 'csv' },
      { 'accept-language': 'en' },
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="revenue-${today}-${today}-day.csv"`,
    );
    const total = paid.reduce((sum, order) => sum + order.totalCents, 0);
    const euros = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    expect(answer.body).toBe(
      `\uFEFFPeriod from;Brand;Orders;Revenue;Vouchers;Refunds;Refunded;Redeemed\r\n${today};demo;2;${euros(total)};3;1;${euros(refundedCents)};1\r\n`,
    );
  });

  it('refuses a range that ends before it starts, is longer than three years, or is no date, naming the field', async () => {
    const refused: Record<string, string>[] = [
      { from: '2026-02-01', to: '2026-01-31' },
      { from: '2020-01-01', to: '2026-01-01' },
      { from: '2026-02-30x', to: '2026-03-01' },
      // A day that does not exist (the database would refuse it with a 500).
      { from: '2025-02-30', to: '2025-03-01' },
      { from: '2026-01-01', to: '2026-01-31', interval: 'year' },
    ];
    for (const query of refused) {
      const answer = await revenue(operator, query, { 'accept-language': 'de' });
      expect(answer.statusCode, JSON.stringify(query)).toBe(400);
      expect(answer.json().errors.length).toBeGreaterThan(0);
    }
    const backwards = (
      await revenue(operator, { from: '2026-02-01', to: '2026-01-31' }, { 'accept-language': 'de' })
    ).json();
    expect(backwards.errors).toEqual([
      {
        field: 'to',
        message: 'muss ein Zeitraum von höchstens drei Jahren sein, der Beginn nicht nach dem Ende',
      },
    ]);
  });
});

describe('vouchers redeemed at hotels', () => {
  it('counts the redemption in force per hotel and brand with the net owed, not the undone one', async () => {
    const answer = await operator.get(`/api/admin/reports/redeemed?from=${today}&to=${today}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      from: today,
      to: today,
      brands: expect.arrayContaining([{ short: 'demo', name: expect.any(String) }]),
      hotels: [
        {
          hotelId: hotel.id,
          hotel: hotel.name,
          brand: 'demo',
          redeemed: 1,
          netCents: netRateCents,
          withoutRate: 0,
        },
      ],
      totals: { redeemed: 1, netCents: netRateCents, withoutRate: 0 },
    });
    // Another day, and another brand's manager: none.
    const before = (await operator.get('/api/admin/reports/redeemed?from=2026-01-01&to=2026-01-31')).json();
    expect(before.hotels).toEqual([]);
    const foreign = (await manager.get(`/api/admin/reports/redeemed?from=${today}&to=${today}`)).json();
    expect(foreign.totals).toEqual({ redeemed: 0, netCents: 0, withoutRate: 0 });
  });

  it('answers the same rows as a CSV file in the caller’s language', async () => {
    const answer = await operator.get(
      `/api/admin/reports/redeemed?from=${today}&to=${today}&brand=demo&format=csv`,
      { 'accept-language': 'de' },
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="redeemed-${today}-${today}.csv"`,
    );
    expect(answer.body).toBe(
      `\uFEFFHotel-Nr.;Hotel;Marke;Eingelöst;Netto geschuldet;Ohne Nettopreis\r\n${hotel.id};${hotel.name};demo;1;87,65;0\r\n`,
    );
  });
});

describe('top offers and searches that found nothing', () => {
  it('lists the offer sold today with its vouchers and revenue', async () => {
    const answer = await operator.get(`/api/admin/reports/top-offers?from=${today}&to=${today}&brand=demo`);
    expect(answer.statusCode, answer.body).toBe(200);
    const [top] = answer.json().offers;
    expect(top).toMatchObject({ vouchers: 3, revenueCents: expect.any(Number) });
    expect(top.title.length).toBeGreaterThan(3);
  });

  it('counts a term that found nothing per brand, never an e-mail address or a phone number', async () => {
    const search = (query: string, extra: object = {}) =>
      shop.app.inject({ method: 'POST', url: '/api/offer/search', payload: { query, ...extra } });
    for (const query of [
      'Zzyzx Traumhotel',
      'zzyzx   traumhotel',
      'anna.muster@example.org',
      '+49 170 1234567',
      'Gardasee',
    ]) {
      expect((await search(query)).statusCode).toBe(200);
    }
    // Narrowed by a refinement, a term that finds nothing is not the term's fault.
    await search('Qwxyz', { countries: ['IT'] });
    const misses = async () => {
      const answer = await operator.get(`/api/admin/reports/search-misses?from=${today}&to=${today}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().terms as { term: string; searches: number }[];
    };
    // Counted in memory until the minute's flush: none yet.
    expect(await misses()).toEqual([]);
    await shop.app.searchMisses.flush();
    expect(await misses()).toEqual([{ term: 'zzyzx traumhotel', searches: 2, lastDay: today }]);
    // Another brand's manager sees none of the demo brand's terms.
    expect(
      (await manager.get(`/api/admin/reports/search-misses?from=${today}&to=${today}`)).json().terms,
    ).toEqual([]);
  });
});
