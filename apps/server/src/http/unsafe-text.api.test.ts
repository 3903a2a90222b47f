import { type Locale, locales } from '@shop/contracts/locale';
import { formatMessage } from '@shop/contracts/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { createTestApp, getJson, postJson, type TestApp } from '#src/test/app.ts';
import { variantsInStock } from '#src/test/orders.ts';

/**
 * Issue 9, finding 4: NUL bytes and lone surrogates in a string field reached PostgreSQL, whose text
 * cannot hold them, and the request failed with a 500. Every string of the contracts now refuses
 * them (packages/contracts/src/text.ts): a 400 validation-error naming the field, in the caller's
 * language, and nothing stored.
 */
let shop: TestApp;
let variantId: number;
beforeAll(async () => {
  shop = await createTestApp();
  [variantId] = (await variantsInStock(shop.database.db)) as [number];
});
afterAll(() => shop.close());

const send = async (method: 'PUT' | 'POST', url: string, payload: object, headers = {}) => {
  const response = await shop.app.inject({ method, url, payload, headers });
  return { status: response.statusCode, body: response.json() };
};

async function newCart() {
  const created = await postJson(shop.app, '/api/order', { currency: 'EUR' });
  expect(created.status).toBe(201);
  return { orderId: created.body.id as number, key: created.body.token as string };
}

const readOrder = async (cart: { orderId: number; key: string }) =>
  (await getJson(shop.app, `/api/order/${cart.orderId}/${cart.key}`)).body;

const customer = {
  gender: 10,
  firstName: 'Jörg',
  lastName: 'Weiß',
  email: 'joerg.weiss@example.com',
  phone: '+49 89 123456',
  street: 'Sendlinger Straße',
  houseNumber: '12a',
  postcode: '80331',
  city: 'München',
  country: 'DE',
  membershipNumber: '',
  newsletter: false,
};

/** What JSON can carry and PostgreSQL (or any sane address) cannot: NUL, a lone high and low surrogate, BEL, C1. */
const unsafeValues = ['Ann\u0000a', '\ud800', 'x\udc00y', 'Anna\u0007', 'Anna\u0085'];

/** The problem a request with unsafe text in `field` is answered with. */
function expectUnsafeText(
  answer: { status: number; body: Record<string, unknown> },
  field: string,
  locale: Locale,
) {
  expect(answer.status).toBe(400);
  expect(answer.body.type).toBe('validation-error');
  const message = formatMessage('unsafeText', locale, { field });
  expect(answer.body.errors).toEqual([{ field, message }]);
  expect(answer.body.detail).toBe(message);
}

describe('text the database cannot hold is a 400 naming the field, never a 500', () => {
  // The route's params are the contract's reductionCodeParams (the code checked like every string).
  it('GET /api/order/reduction/{code} with %00 (or another control character) in the code', async () => {
    for (const code of ['%00', 'FUENF%00ZIG', '%01', '%7F', '%C2%85']) {
      const answer = await getJson(shop.app, `/api/order/reduction/${code}`, { 'accept-language': 'en' });
      expect(answer.status, code).toBe(400);
      expect(answer.body.type).toBe('validation-error');
      expect(answer.body.errors).toEqual([
        { field: 'id', message: 'id contains characters that are not allowed.' },
      ]);
    }
    // A real code still answers.
    expect((await getJson(shop.app, '/api/order/reduction/FUENFZIG')).body.valid).toBe(true);
  });

  it('GET /api/order/{id}/{key} with %00 in the key', async () => {
    const cart = await newCart();
    const answer = await getJson(shop.app, `/api/order/${cart.orderId}/${cart.key}%00`);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ field: 'key', message: 'key enthält unzulässige Zeichen.' }]);
  });

  it('PUT /api/order/customer: NUL, lone surrogates and other controls in a name or the address, in the caller’s language; the stored data stays', async () => {
    const cart = await newCart();
    expect(
      (await send('PUT', '/api/order/customer', { ...cart, ...customer, acceptTerms: true })).status,
    ).toBe(200);
    let request = 0;
    for (const field of ['firstName', 'lastName', 'street', 'city'] as const) {
      for (const value of unsafeValues) {
        const locale = locales[request++ % locales.length] as Locale;
        const answer = await send(
          'PUT',
          '/api/order/customer',
          { ...cart, ...customer, [field]: value, acceptTerms: true },
          { 'accept-language': locale },
        );
        expectUnsafeText(answer, field, locale);
      }
    }
    // The wording, once spelled out per language.
    const italian = await send(
      'PUT',
      '/api/order/customer',
      { ...cart, ...customer, firstName: '\ud83d', acceptTerms: true },
      { 'accept-language': 'it' },
    );
    expect(italian.body.detail).toBe('Il campo Nome contiene caratteri non consentiti.');
    const german = await send('PUT', '/api/order/customer', {
      ...cart,
      ...customer,
      city: 'M\u0000nchen',
      acceptTerms: true,
    });
    expect(german.body.detail).toBe('Ort enthält unzulässige Zeichen.');

    expect((await readOrder(cart)).customer).toEqual(customer);
  });

  it('POST /api/order/items: NUL or a lone surrogate in ref or the other referral texts; the cart stays as it was', async () => {
    const cart = await newCart();
    expect((await postJson(shop.app, '/api/order/items', { ...cart, variantId })).status).toBe(200);
    const before = await readOrder(cart);
    for (const [field, value] of [
      ['ref', 'partner\u0000'],
      ['ref', '\u0000'],
      ['ref', 'partner\ud800'],
      ['refPayload', '{"a":"\u0000"}'],
      ['referer', 'https://example.com/\udfff'],
      ['refPath', '/angebote\u001b'],
    ] as const) {
      const answer = await send('POST', '/api/order/items', { ...cart, variantId, [field]: value });
      expectUnsafeText(answer, field, 'de');
    }
    expect(await readOrder(cart)).toEqual(before);
    const [stored] = await queryRows<{ referral: unknown }>(
      shop.database.db,
      sql`SELECT referral FROM orders WHERE id = ${cart.orderId}`,
    );
    expect(stored?.referral).toBeNull();
  });

  it('takes umlauts, accents, emoji (a surrogate pair), tabs and newlines where the field allows them', async () => {
    const cart = await newCart();
    const added = await send('POST', '/api/order/items', {
      ...cart,
      variantId,
      ref: 'Straße-Ærø-😀',
      refPath: '/angebote/città',
      referer: 'https://example.com/ñ',
      refPayload: 'erste Zeile\nzweite Zeile\r\n\tmit Tab 👍🏽',
    });
    expect(added.status).toBe(200);
    const [stored] = await queryRows<{ referral: Record<string, unknown> }>(
      shop.database.db,
      sql`SELECT referral FROM orders WHERE id = ${cart.orderId}`,
    );
    expect(stored?.referral).toMatchObject({
      code: 'Straße-Ærø-😀',
      path: '/angebote/città',
      payload: 'erste Zeile\nzweite Zeile\r\n\tmit Tab 👍🏽',
    });

    const accented = {
      ...customer,
      gender: 20,
      firstName: 'Zoë 😀',
      lastName: 'Ñúñez-Čapek',
      street: 'Via Ça Ira',
      city: 'Città di Castello',
      country: 'IT',
      postcode: '06012',
    };
    const answer = await send('PUT', '/api/order/customer', { ...cart, ...accented, acceptTerms: true });
    expect(answer.status).toBe(200);
    expect((await readOrder(cart)).customer).toEqual(accented);
  });
});
