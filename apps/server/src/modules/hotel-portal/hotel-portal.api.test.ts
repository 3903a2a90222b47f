import { voucherCheckSymbol } from '@shop/contracts/voucher-code';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { readPdf } from '#src/modules/documents/pdf-inspection.test-support.ts';
import { createAmazonPayTestKeys } from '#src/modules/payments/testing/amazonpay-stub.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { type Cart, exampleCustomer, readyCart } from '#src/test/orders.ts';
import { type StaffClient, signInStaff } from '#src/test/staff.ts';

/**
 * The hotel's desk and hotel systems (issue 27) on a live installation (PAYMENTS_MODE=live: a voucher
 * paid by bank transfer is genuine). The demo's receptionist works for hotel 1.
 */
let shop: TestApp;
let operator: StaffClient;
let desk: StaffClient;
let deskHotelVariant: number;
let otherHotelVariant: number;

const liveEnv = {
  PAYMENTS_MODE: 'live',
  PAYPAL_CLIENT_ID: 'live-test',
  PAYPAL_CLIENT_SECRET: 'live-test',
  PAYPAL_WEBHOOK_ID: 'live-test',
  AMAZONPAY_PUBLIC_KEY_ID: 'LIVE-TEST',
  AMAZONPAY_STORE_ID: 'store',
  AMAZONPAY_MERCHANT_ID: 'merchant',
};

/** A variant of `hotel` (or of any other hotel) that every brand sells, with units in stock. */
async function variantOf(hotel: { is: number } | { not: number }): Promise<{ id: number; hotelId: number }> {
  const [row] = await queryRows<{ id: number; hotel_id: number }>(
    shop.database.db,
    sql`SELECT v.id, o.hotel_id FROM variants v JOIN offers o ON o.id = v.offer_id
        WHERE v.stock >= 5 AND o.is_active AND o.brand_id IS NULL
          AND ${'is' in hotel ? sql`o.hotel_id = ${hotel.is}` : sql`o.hotel_id <> ${hotel.not}`}
        ORDER BY v.id LIMIT 1`,
  );
  if (!row) throw new Error('no variant in stock');
  return { id: row.id, hotelId: row.hotel_id };
}

beforeAll(async () => {
  shop = await createTestApp({
    env: { ...liveEnv, AMAZONPAY_PRIVATE_KEY: createAmazonPayTestKeys().privateKeyPem, TRUST_PROXY: 'true' },
  });
  [operator, desk] = await Promise.all([
    signInStaff(shop.app, 'operator@example.org', { locale: 'en' }),
    signInStaff(shop.app, 'rezeption@example.org', { locale: 'en' }),
  ]);
  deskHotelVariant = (await variantOf({ is: 1 })).id;
  const other = await variantOf({ not: 1 });
  otherHotelVariant = other.id;
});
afterAll(() => shop?.close());

type PaidVoucher = Cart & { voucherId: number; code: string };

/** A voucher paid by bank transfer (marked paid by the operator), named for Greta Gast. */
async function paidVoucher(variantId = deskHotelVariant): Promise<PaidVoucher> {
  const cart = await readyCart(shop.app, variantId, { ...exampleCustomer, email: 'greta@example.org' });
  const closed = await shop.app.inject({
    method: 'PUT',
    url: '/api/order/close',
    payload: { ...cart, paymentType: 'wiretransfer' },
  });
  expect(closed.statusCode, closed.body).toBe(200);
  const total = (await operator.get(`/api/admin/orders/${cart.orderId}`)).json().totalCents;
  const paid = await operator.post(`/api/admin/orders/${cart.orderId}/mark-paid`, {
    amountCents: total,
    note: 'Überweisung eingegangen',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const [voucher] = paid.json().vouchers as { id: number; code: string }[];
  const named = await shop.app.inject({
    method: 'PUT',
    url: `/api/voucher/${cart.orderId}/${cart.key}/${voucher!.id}`,
    payload: { customer: { firstName: 'Greta', lastName: 'Gast' } },
  });
  expect(named.statusCode, named.body).toBe(200);
  return { ...cart, voucherId: voucher!.id, code: voucher!.code };
}

const check = (client: StaffClient, code: string) =>
  client.post('/api/hotel-portal/vouchers/check', { code });
const redeem = (client: StaffClient, body: object, headers: Record<string, string> = {}) =>
  client.post('/api/hotel-portal/vouchers/redeem', body, headers);
/** A stay of the voucher's nights from 1 May 2027. */
const stay = async (code: string) => {
  const nights = (await check(operator, code)).json().voucher.nights as number;
  return { code, arrival: '2027-05-01', departure: `2027-05-${String(1 + nights).padStart(2, '0')}` };
};

const redemptionsOf = (voucherId: number) =>
  queryRows<{ id: number; undone_at: Date | null }>(
    shop.database.db,
    sql`SELECT id, undone_at FROM voucher_redemptions WHERE voucher_id = ${voucherId} ORDER BY id`,
  );

describe('checking a voucher at the desk', () => {
  it('answers valid with what is printed on it, and catches a typo before any lookup', async () => {
    const voucher = await paidVoucher();
    const answer = await check(desk, voucher.code.toLowerCase().replaceAll('-', ' '));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      code: voucher.code,
      state: 'valid',
      redeemable: true,
      voucher: { hotel: { id: 1 }, guestName: 'Greta Gast', specimen: false },
      redemption: null,
    });
    const { nights, persons, offerTitle, validUntil } = answer.json().voucher;
    expect(nights).toBeGreaterThan(0);
    expect(persons).toBeGreaterThan(0);
    expect(offerTitle).toBeTruthy();
    // SPEC §9: three years from payment.
    expect(new Date(validUntil).getUTCFullYear() - new Date().getUTCFullYear()).toBe(3);

    // One symbol changed: the check symbol no longer fits, and the answer says so in the member's language.
    const last = voucher.code.at(-1) === 'A' ? 'B' : 'A';
    const typo = await desk.post(
      '/api/hotel-portal/vouchers/check',
      { code: `${voucher.code.slice(0, -1)}${last}` },
      { 'accept-language': 'de' },
    );
    expect(typo.statusCode).toBe(400);
    expect(typo.json().errors[0]).toMatchObject({
      field: 'code',
      message: expect.stringContaining('falsch geschrieben'),
    });
  });

  it('says only "another hotel" for another hotel’s voucher, and nothing of it', async () => {
    const voucher = await paidVoucher(otherHotelVariant);
    const answer = await check(desk, voucher.code);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      code: voucher.code,
      state: 'other-hotel',
      redeemable: false,
      voucher: null,
      redemption: null,
      voidedAt: null,
    });
    expect(answer.body).not.toContain('Greta');
    const refused = await redeem(desk, await stay(voucher.code));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      type: expect.stringContaining('voucher-not-redeemable'),
      state: 'other-hotel',
    });
    expect(refused.body).not.toContain('Greta');
    expect(await redemptionsOf(voucher.voucherId)).toEqual([]);
  });

  it('answers 404 for a well-formed code no voucher has', async () => {
    const symbols = 'ZZZZZZZZZZZ';
    const code = `${symbols}${voucherCheckSymbol(symbols)}`;
    const answer = await check(desk, code);
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-type']).toContain('application/problem+json');
  });
});

describe('redeeming', () => {
  it('redeems once; a second scan says when and by whom; the buyer’s order shows it used; undo within 24 hours', async () => {
    const voucher = await paidVoucher();
    const body = { ...(await stay(voucher.code)), bookingReference: 'PMS-4711' };
    const first = await redeem(desk, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().redemption).toMatchObject({
      redeemedBy: 'Rita Rezeption',
      arrival: '2027-05-01',
      bookingReference: 'PMS-4711',
      undoneAt: null,
    });
    const again = await redeem(desk, body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      state: 'redeemed',
      detail: expect.stringContaining('Rita Rezeption'),
    });
    const checked = (await check(desk, voucher.code)).json();
    expect(checked).toMatchObject({
      state: 'redeemed',
      redeemable: false,
      redemption: { bookingReference: 'PMS-4711' },
    });

    const order = (
      await shop.app.inject({ method: 'GET', url: `/api/order/${voucher.orderId}/${voucher.key}` })
    ).json();
    expect(order.vouchers[0]).toMatchObject({ state: 'used', usedAt: first.json().redemption.redeemedAt });

    const trail = await queryRows<{ action: string; staff_email: string }>(
      shop.database.db,
      sql`SELECT action, staff_email FROM audit_events WHERE order_id = ${voucher.orderId} AND action LIKE 'voucher.%'`,
    );
    expect(trail).toEqual([{ action: 'voucher.redeem', staff_email: 'rezeption@example.org' }]);

    const redemptionId = first.json().redemption.id;
    const undone = await desk.post(`/api/hotel-portal/redemptions/${redemptionId}/undo`, {
      note: 'falscher Gast',
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().undoneBy).toBe('Rita Rezeption');
    expect((await check(desk, voucher.code)).json()).toMatchObject({ state: 'valid', redeemable: true });
    expect((await desk.post(`/api/hotel-portal/redemptions/${redemptionId}/undo`, {})).statusCode).toBe(409);
  });

  it('lets only the operator undo after 24 hours', async () => {
    const voucher = await paidVoucher();
    const { redemption } = (await redeem(desk, await stay(voucher.code))).json();
    await shop.database.db.execute(
      sql`UPDATE voucher_redemptions SET redeemed_at = now() - interval '25 hours' WHERE id = ${redemption.id}`,
    );
    const late = await desk.post(`/api/hotel-portal/redemptions/${redemption.id}/undo`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toContain('24 hours');
    const byOperator = await operator.post(`/api/hotel-portal/redemptions/${redemption.id}/undo`, {
      note: 'Hotel hat angerufen',
    });
    expect(byOperator.statusCode).toBe(200);
    expect((await redemptionsOf(voucher.voucherId))[0]?.undone_at).not.toBeNull();
  });

  it('needs a reason when the nights differ, and refuses a departure before the arrival', async () => {
    const voucher = await paidVoucher();
    const body = await stay(voucher.code);
    const longer = { ...body, departure: '2027-05-20' };
    const refused = await redeem(desk, longer);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].field).toBe('nightsNote');
    const backwards = await redeem(desk, { ...body, departure: '2027-04-20' });
    expect(backwards.statusCode).toBe(400);
    expect(await redemptionsOf(voucher.voucherId)).toEqual([]);
    const withReason = await redeem(desk, { ...longer, nightsNote: 'Gast verlängert auf eigene Rechnung' });
    expect(withReason.statusCode).toBe(201);
  });

  it('refuses refunded, cancelled, expired and specimen vouchers with their reason, and changes nothing', async () => {
    const refunded = await paidVoucher();
    const refund = await operator.post(`/api/admin/orders/${refunded.orderId}/refund`, { note: 'Storno' });
    expect(refund.statusCode, refund.body).toBe(200);

    const cancelled = await paidVoucher();
    await shop.database.db.execute(
      sql`UPDATE vouchers SET voided_at = now() WHERE id = ${cancelled.voucherId}`,
    );

    const expired = await paidVoucher();
    await shop.database.db.execute(
      sql`UPDATE vouchers SET valid_until = now() - interval '1 day' WHERE id = ${expired.voucherId}`,
    );

    // Paid in the payments simulator (before this installation went live): a specimen.
    const specimen = await paidVoucher();
    await shop.database.db.execute(
      sql`WITH simulated AS (
            INSERT INTO sandbox_payments (id, provider, state, amount_cents, currency, return_url, cancel_url)
            VALUES ('SANDBOX-OLD-1', 'paypal', 'captured', 100, 'EUR', 'x', 'x') RETURNING id)
          INSERT INTO payments (order_id, provider, provider_reference, status, amount_cents)
          SELECT ${specimen.orderId}, 'paypal', id, 'captured', 100 FROM simulated`,
    );

    for (const [voucher, state] of [
      [refunded, 'refunded'],
      [cancelled, 'cancelled'],
      [expired, 'expired'],
      [specimen, 'specimen'],
    ] as const) {
      const checked = (await check(desk, voucher.code)).json();
      expect(checked, state).toMatchObject({ state, redeemable: false });
      expect(checked.voucher.guestName).toBe('Greta Gast');
      const refused = await redeem(desk, await stay(voucher.code));
      expect(refused.statusCode, state).toBe(409);
      expect(refused.json().state).toBe(state);
      expect(await redemptionsOf(voucher.voucherId), state).toEqual([]);
    }
  });

  it('redeems a voucher once when 20 requests come at the same moment', async () => {
    const voucher = await paidVoucher();
    const body = await stay(voucher.code);
    const answers = await Promise.all(Array.from({ length: 20 }, () => redeem(desk, body)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    expect(await redemptionsOf(voucher.voucherId)).toHaveLength(1);
  });
});

describe('hotel systems with an API key', () => {
  const withKey = (key: string, path: string, body: object, headers: Record<string, string> = {}) =>
    shop.app.inject({
      method: 'POST',
      url: path,
      headers: { authorization: `Bearer ${key}`, 'accept-language': 'en', ...headers },
      payload: body,
    });

  it('checks and redeems for its hotel, answers a retried Idempotency-Key with the first redemption, and is refused once revoked', async () => {
    const made = await operator.post('/api/admin/hotels/1/api-keys', { label: 'Hotel PMS' });
    expect(made.statusCode, made.body).toBe(201);
    const { key, id } = made.json();
    expect(key).toMatch(/^hk_[\w-]{32}$/);
    // Shown once: the list names it without the key, the database keeps only a hash.
    const listed = (await operator.get('/api/admin/hotels/1/api-keys')).json();
    expect(listed.keys[0]).toMatchObject({ id, label: 'Hotel PMS', revokedAt: null });
    expect(JSON.stringify(listed)).not.toContain(key);
    const stored = await queryRows<{ key_hash: string }>(
      shop.database.db,
      sql`SELECT key_hash FROM hotel_api_keys`,
    );
    expect(stored.map((row) => row.key_hash)).not.toContain(key);

    const voucher = await paidVoucher();
    const checked = await withKey(key, '/api/hotel-portal/vouchers/check', { code: voucher.code });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().state).toBe('valid');

    const body = await stay(voucher.code);
    const first = await withKey(key, '/api/hotel-portal/vouchers/redeem', body, {
      'idempotency-key': 'booking-0001',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().redemption.redeemedBy).toBe('Hotel PMS');
    const retried = await withKey(key, '/api/hotel-portal/vouchers/redeem', body, {
      'idempotency-key': 'booking-0001',
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().redemption.id).toBe(first.json().redemption.id);
    expect(await redemptionsOf(voucher.voucherId)).toHaveLength(1);

    // The same key for another voucher is a client's mistake, not a second redemption.
    const other = await paidVoucher();
    const reused = await withKey(key, '/api/hotel-portal/vouchers/redeem', await stay(other.code), {
      'idempotency-key': 'booking-0001',
    });
    expect(reused.statusCode).toBe(422);
    expect(await redemptionsOf(other.voucherId)).toEqual([]);
    // …also when both come at the same moment: one redeems, the other is told its key is taken.
    const [left, right] = [await paidVoucher(), await paidVoucher()];
    const both = await Promise.all(
      [left, right].map(async (voucher) =>
        withKey(key, '/api/hotel-portal/vouchers/redeem', await stay(voucher.code), {
          'idempotency-key': 'booking-0002',
        }),
      ),
    );
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);

    // Another hotel's voucher: nothing of it.
    const foreign = await paidVoucher(otherHotelVariant);
    const seen = await withKey(key, '/api/hotel-portal/vouchers/check', { code: foreign.code });
    expect(seen.json()).toMatchObject({ state: 'other-hotel', voucher: null });

    // A proxy's Basic authentication in front of the back office is no key: the session still counts.
    expect(
      (await operator.get('/api/admin/orders', { authorization: 'Basic dXNlcjpwYXNz' })).statusCode,
    ).toBe(200);
    // A key opens nothing of the back office.
    const office = await shop.app.inject({
      method: 'GET',
      url: '/api/admin/orders',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(office.statusCode).toBe(401);

    expect((await operator.send('DELETE', `/api/admin/hotels/1/api-keys/${id}`)).statusCode).toBe(204);
    const revoked = await withKey(key, '/api/hotel-portal/vouchers/check', { code: voucher.code });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.headers['content-type']).toContain('application/problem+json');
  });

  it('is documented in the OpenAPI document with its key scheme', async () => {
    const document = (await shop.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const redeemPath = document.paths['/api/hotel-portal/vouchers/redeem'].post;
    expect(redeemPath.security).toEqual([{ hotelKey: [] }, { staffSession: [] }]);
    expect(redeemPath.requestBody.content['application/json'].schema.example).toMatchObject({
      code: 'K7QM-XR4T-9P2W',
      arrival: '2027-05-01',
    });
    expect(document.components.securitySchemes.hotelKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});

describe('guessing', () => {
  it('limits misses per staff member and per hotel, never a busy desk’s hits', async () => {
    const limited = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const member = await signInStaff(limited.app, 'rezeption@example.org', { locale: 'en' });
      const miss = (n: number) => {
        const symbols = `ZZZZZZZZZZ${'ABCDEFGHJKLMN'[n]}`;
        return member.post('/api/hotel-portal/vouchers/check', {
          code: `${symbols}${voucherCheckSymbol(symbols)}`,
        });
      };
      const statuses: number[] = [];
      for (let n = 0; n < 11; n++) statuses.push((await miss(n)).statusCode);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
      expect(statuses[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('the hotel’s statement', () => {
  /** The month before this one, `YYYY-MM` (Europe/Berlin), where the test's redemptions are moved. */
  const lastMonth = () => {
    const berlin = new Date(new Date().toLocaleString('en-US', { timeZone: 'Europe/Berlin' }));
    const month = new Date(Date.UTC(berlin.getFullYear(), berlin.getMonth() - 1, 1));
    return month.toISOString().slice(0, 7);
  };
  const intoMonth = (redemptionId: number, month: string, day: number) =>
    shop.database.db.execute(
      sql`UPDATE voucher_redemptions
          SET redeemed_at = (${`${month}-${String(day).padStart(2, '0')} 12:00`})::timestamp AT TIME ZONE 'Europe/Berlin'
          WHERE id = ${redemptionId}`,
    );
  const setNetRate = async (netRateCents: number) => {
    const answer = await operator.send('PATCH', `/api/admin/variants/${deskHotelVariant}`, { netRateCents });
    expect(answer.statusCode, answer.body).toBe(200);
  };

  it('adds up last month’s redemptions at their net rates to the cent, without the undone one; paid once, then final', async () => {
    const month = lastMonth();
    // A at € 123.45; B at € 123.45 but undone; the rate changes to € 99.99; C at € 99.99, refunded to
    // the buyer after the stay (the hotel is paid all the same); D refunded before: never redeemable.
    await setNetRate(12_345);
    const a = await paidVoucher();
    const b = await paidVoucher();
    const redeemedA = (await redeem(desk, await stay(a.code))).json().redemption.id as number;
    const redeemedB = (await redeem(desk, await stay(b.code))).json().redemption.id as number;
    expect((await desk.post(`/api/hotel-portal/redemptions/${redeemedB}/undo`, {})).statusCode).toBe(200);
    await setNetRate(9_999);
    const c = await paidVoucher();
    const redeemedC = (await redeem(desk, await stay(c.code))).json().redemption.id as number;
    expect(
      (await operator.post(`/api/admin/orders/${c.orderId}/refund`, { note: 'Kulanz' })).statusCode,
    ).toBe(200);
    const d = await paidVoucher();
    await operator.post(`/api/admin/orders/${d.orderId}/refund`, { note: 'Storno' });
    expect((await redeem(desk, await stay(d.code))).statusCode).toBe(409);
    for (const [id, day] of [
      [redeemedA, 3],
      [redeemedB, 4],
      [redeemedC, 28],
    ] as const) {
      await intoMonth(id, month, day);
    }

    const statement = (await desk.get(`/api/hotel-portal/statements/1/${month}`)).json();
    expect(statement.lines.map((line: { code: string }) => line.code)).toEqual([a.code, c.code]);
    expect(statement.lines.map((line: { netRateCents: number }) => line.netRateCents)).toEqual([
      12_345, 9_999,
    ]);
    expect(statement.lines[1].refundedLater).toBe(true);
    expect(statement).toMatchObject({ totalCents: 22_344, missingRates: 0, isClosed: true, paid: null });
    expect(statement.lines[0].guestName).toBe('Greta Gast');

    const csv = await desk.get(`/api/hotel-portal/statements/1/${month}?format=csv`, {
      'accept-language': 'de',
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`${a.code};Greta Gast;`);
    expect(csv.body.trim().split('\r\n').at(-1)).toBe('Summe;;;;;;;223,44');
    const pdf = await desk.get(`/api/hotel-portal/statements/1/${month}?format=pdf`, {
      'accept-language': 'en',
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = readPdf(pdf.rawPayload).text;
    expect(text).toContain('Statement of redeemed vouchers');
    expect(text).toContain('Total: € 223.44');
    expect(text).toContain(c.code);
    expect(text).not.toContain(b.code);
    // Issued under the brand's logo (an image object), as the shop's invoices are.
    expect(pdf.rawPayload.includes('/Subtype /Image')).toBe(true);

    // Another hotel's statement is not found for this desk; the operator sees every hotel.
    const foreignHotel = (await check(operator, (await paidVoucher(otherHotelVariant)).code)).json().voucher
      .hotel.id;
    expect((await desk.get(`/api/hotel-portal/statements/${foreignHotel}/${month}`)).statusCode).toBe(404);
    const list = (await operator.get(`/api/admin/hotel-statements?month=${month}`)).json();
    expect(list.statements).toContainEqual(
      expect.objectContaining({
        hotel: expect.objectContaining({ id: 1 }),
        redemptions: 2,
        totalCents: 22_344,
      }),
    );

    // The running month cannot be paid; last month can, once.
    const thisMonth = new Date().toISOString().slice(0, 7);
    expect((await operator.post(`/api/admin/hotel-statements/1/${thisMonth}/paid`, {})).statusCode).toBe(409);
    const paid = await operator.post(`/api/admin/hotel-statements/1/${month}/paid`, {
      note: 'Überweisung 4711',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().paid).toMatchObject({ totalCents: 22_344, redemptions: 2 });
    expect((await operator.post(`/api/admin/hotel-statements/1/${month}/paid`, {})).statusCode).toBe(409);
    // A paid redemption is final, even for the operator.
    const late = await operator.post(`/api/hotel-portal/redemptions/${redeemedA}/undo`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().type).toContain('redemption-final');
    // Hotel staff may read their statement, never pay it.
    expect((await desk.post(`/api/admin/hotel-statements/1/${month}/paid`, {})).statusCode).toBe(403);
  });

  it('lists vouchers that expired unredeemed as breakage, without redeemed or refunded ones', async () => {
    const expired = await paidVoucher();
    const redeemedThenExpired = await paidVoucher();
    const refunded = await paidVoucher();
    await redeem(desk, await stay(redeemedThenExpired.code));
    await operator.post(`/api/admin/orders/${refunded.orderId}/refund`, { note: 'Storno' });
    await shop.database.db.execute(
      sql`UPDATE vouchers SET valid_until = now() - interval '2 days'
          WHERE id IN (${expired.voucherId}, ${redeemedThenExpired.voucherId}, ${refunded.voucherId})`,
    );
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    const answer = (await operator.get(`/api/admin/breakage?from=${from}&to=${today}`)).json();
    const codes = answer.vouchers.map((voucher: { code: string }) => voucher.code);
    expect(codes).toContain(expired.code);
    expect(codes).not.toContain(redeemedThenExpired.code);
    expect(codes).not.toContain(refunded.code);
    const [order] = await queryRows<{ total_cents: number }>(
      shop.database.db,
      sql`SELECT unit_price_cents AS total_cents FROM order_items WHERE order_id = ${expired.orderId}`,
    );
    expect(answer.vouchers.find((voucher: { code: string }) => voucher.code === expired.code).paidCents).toBe(
      order?.total_cents,
    );
    const csv = await operator.get(`/api/admin/breakage?from=${from}&to=${today}&format=csv`);
    expect(csv.body).toContain(expired.code);
    expect((await desk.get(`/api/admin/breakage?from=${from}&to=${today}`)).statusCode).toBe(403);
  });
});
