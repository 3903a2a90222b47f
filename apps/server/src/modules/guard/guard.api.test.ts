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
