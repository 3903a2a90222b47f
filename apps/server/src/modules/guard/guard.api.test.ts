import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { brandCart, exampleCustomer, putCustomer } from '#src/test/orders.ts';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop.close());

// Demo brands: autoclub (9 digits, Luhn, may be skipped), sparbuch (8 digits, mod 11, required).
const autoclub = { host: 'autoclub.localhost' };
const sparbuch = { host: 'sparbuch.localhost' };

const guard = async (headers: Record<string, string>, payload: object) => {
  const response = await shop.app.inject({ method: 'POST', url: '/api/guard/number', headers, payload });
  return { status: response.statusCode, body: response.json() };
};

describe('POST /api/guard/number', () => {
  it("checks the brand's pattern and check digit; spaces and dashes do not count", async () => {
    expect(await guard(autoclub, { number: '123456782' })).toEqual({ status: 200, body: { valid: true } });
    expect(await guard(autoclub, { number: '1234-5678 2' })).toEqual({ status: 200, body: { valid: true } });
    // Right length, wrong check digit; wrong length; letters.
    expect((await guard(autoclub, { number: '123456789' })).body).toEqual({ valid: false });
    expect((await guard(autoclub, { number: '12345678' })).body).toEqual({ valid: false });
    expect((await guard(autoclub, { number: 'ABCDEFGHI' })).body).toEqual({ valid: false });
    expect((await guard(sparbuch, { number: '12345679' })).body).toEqual({ valid: true });
    expect((await guard(sparbuch, { number: '12345678' })).body).toEqual({ valid: false });
  });

  it('a brand without membership numbers answers 404; no number is a 400 problem', async () => {
    const none = await guard({ host: 'demo.localhost' }, { number: '123456782' });
    expect(none.status).toBe(404);
    expect(none.body.type).toMatch(/not-found$/);
    const empty = await guard({ ...autoclub, 'accept-language': 'de' }, { number: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe('Nummer ist ein Pflichtfeld.');
  });
});

describe('the order keeps only numbers the brand accepts', () => {
  const storedNumber = async (orderId: number) =>
    (
      await queryRows<{ number: string | null }>(
        shop.database.db,
        sql`SELECT customer_data->>'membershipNumber' AS number FROM orders WHERE id = ${orderId}`,
      )
    )[0]?.number;

  it('an invalid number is a 400 on the field in the caller’s language, and nothing is stored', async () => {
    const access = await brandCart(shop.app, shop.database.db, autoclub);
    const refused = await putCustomer(
      shop.app,
      { ...autoclub, 'accept-language': 'it' },
      { ...access, ...exampleCustomer, membershipNumber: '123456789' },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { field: 'membershipNumber', message: 'Il campo Numero di socio non è valido.' },
    ]);
    expect(await storedNumber(access.orderId)).toBeNull();
  });

  it('a valid number is stored normalised; a skipped optional one is empty', async () => {
    const access = await brandCart(shop.app, shop.database.db, autoclub);
    const saved = await putCustomer(shop.app, autoclub, {
      ...access,
      ...exampleCustomer,
      membershipNumber: '1234 5678-2',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.customer.membershipNumber).toBe('123456782');
    const skipped = await putCustomer(shop.app, autoclub, {
      ...access,
      ...exampleCustomer,
      membershipNumber: '',
    });
    expect(skipped.body.customer.membershipNumber).toBe('');
  });

  it('where the brand requires the number, leaving it out is a 400; other brands drop a stray one', async () => {
    const required = await brandCart(shop.app, shop.database.db, sparbuch);
    const missing = await putCustomer(
      shop.app,
      { ...sparbuch, 'accept-language': 'de' },
      { ...required, ...exampleCustomer },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe('Mitgliedsnummer ist ein Pflichtfeld.');
    const demo = await brandCart(shop.app, shop.database.db, {});
    const stray = await putCustomer(shop.app, {}, { ...demo, ...exampleCustomer, membershipNumber: '999' });
    expect(stray.body.customer.membershipNumber).toBe('');
  });
});

describe('limits on membership numbers (docs/decisions/021-lock-outs.md)', () => {
  /** A distinct 9-digit number for each n (most fail the check digit: every new number counts). */
  const number = (n: number) => String(100_000_000 + n * 7919);
  const fromClient = (ip: string, headers: Record<string, string>) => ({
    check: (value: string, locale = 'de') =>
      shop.app.inject({
        method: 'POST',
        url: '/api/guard/number',
        remoteAddress: ip,
        headers: { ...headers, 'accept-language': locale },
        payload: { number: value },
      }),
    putCustomer: (cart: { orderId: number; key: string }, value: string) =>
      shop.app.inject({
        method: 'PUT',
        url: '/api/order/customer',
        remoteAddress: ip,
        headers,
        payload: { ...cart, ...exampleCustomer, membershipNumber: value },
      }),
  });

  it("numbers tried in the order's customer call count with the guard's: 60 per client in 15 minutes, then 429 before the key is looked at", async () => {
    const client = fromClient('203.0.113.70', autoclub);
    const carts = [
      await brandCart(shop.app, shop.database.db, autoclub),
      await brandCart(shop.app, shop.database.db, autoclub),
      await brandCart(shop.app, shop.database.db, autoclub),
    ];
    for (let n = 0; n < 57; n++) {
      const answer = await client.putCustomer(carts[n % 3] as (typeof carts)[number], number(n));
      expect([200, 400]).toContain(answer.statusCode);
    }
    for (let n = 57; n < 60; n++) expect((await client.check(number(n))).statusCode).toBe(200);

    const refused = await client.check(number(60), 'en');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ type: 'too-many-requests', title: 'Too many requests.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The customer call too, whether its key is right or not: a refused client learns nothing.
    const cart = carts[0] as (typeof carts)[number];
    expect((await client.putCustomer(cart, number(61))).statusCode).toBe(429);
    expect((await client.putCustomer({ ...cart, key: `${cart.key}x` }, number(61))).statusCode).toBe(429);
    // Other clients are not affected.
    expect((await fromClient('203.0.113.71', autoclub).check(number(60))).statusCode).toBe(200);
  });

  it('the 21st number on one order is refused; strangers without its key use up nothing of it', async () => {
    const cart = await brandCart(shop.app, shop.database.db, autoclub);
    for (let n = 0; n < 30; n++) {
      const stranger = fromClient(`198.51.100.${n + 1}`, autoclub);
      expect((await stranger.putCustomer({ ...cart, key: `wrong-${n}` }, number(100 + n))).statusCode).toBe(
        404,
      );
    }
    // Its buyers (a shared cart, several devices) try 20 numbers; the 21st is refused.
    for (let n = 0; n < 20; n++) {
      const answer = await fromClient(`198.51.101.${n + 1}`, autoclub).putCustomer(cart, number(200 + n));
      expect([200, 400]).toContain(answer.statusCode);
    }
    const refused = await fromClient('198.51.101.99', autoclub).putCustomer(cart, '123456782');
    expect(refused.statusCode).toBe(429);
  });
});
