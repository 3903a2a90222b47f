import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { brandId } from '#src/seed/reference-data.ts';
import { createTestApp, getJson, postJson, type TestApp } from '#src/test/app.ts';
import { releaseExpiredHolds } from './expired-holds.ts';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop.close());

const send = async (method: 'PUT' | 'DELETE' | 'POST', url: string, payload: object, headers = {}) => {
  const response = await shop.app.inject({ method, url, payload, headers });
  return { status: response.statusCode, body: response.body ? response.json() : null };
};

/** Variants in stock that the demo brand sells, cheapest first. */
async function variantsInStock(minimumStock = 5, brand = 1) {
  return queryRows<{ id: number; price_cents: number; stock: number }>(
    shop.database.db,
    sql`SELECT v.id, v.price_cents, v.stock FROM variants v JOIN offers o ON o.id = v.offer_id
        WHERE v.stock >= ${minimumStock} AND o.is_active AND (o.brand_id IS NULL OR o.brand_id = ${brand})
        ORDER BY v.id LIMIT 5`,
  );
}

const stockOf = async (variantId: number) =>
  (
    await queryRows<{ stock: number }>(
      shop.database.db,
      sql`SELECT stock FROM variants WHERE id = ${variantId}`,
    )
  )[0]?.stock;

const customer = {
  gender: 20,
  firstName: 'Anna',
  lastName: 'Huber',
  email: 'anna.huber@example.com',
  phone: '+49 89 123456',
  street: 'Sendlinger Straße',
  houseNumber: '12a',
  postcode: '80331',
  city: 'München',
  country: 'DE',
  newsletter: false,
  acceptTerms: true,
};

async function newCart(host?: string) {
  const headers: Record<string, string> = host ? { host } : {};
  const created = await postJson(shop.app, '/api/order', { currency: 'EUR' }, headers);
  expect(created.status).toBe(201);
  return { orderId: created.body.id as number, key: created.body.token as string, headers };
}

describe('the cart', () => {
  it("names each voucher's hotel town in the caller's language (Roma, Rom)", async () => {
    const [rome] = await queryRows<{ id: number }>(
      shop.database.db,
      sql`SELECT v.id FROM variants v JOIN offers o ON o.id = v.offer_id JOIN hotels h ON h.id = o.hotel_id
        WHERE v.stock >= 5 AND o.brand_id IS NULL AND h.city->>'de' = 'Rom' ORDER BY v.id LIMIT 1`,
    );
    for (const [locale, city] of [
      ['it', 'Roma'],
      ['de', 'Rom'],
      ['en', 'Rome'],
    ] as const) {
      const cart = await newCart();
      const added = await postJson(
        shop.app,
        '/api/order/items',
        { ...cart, variantId: rome!.id },
        { 'accept-language': locale },
      );
      expect(added.status).toBe(200);
      expect(added.body.added[0].subtitle, locale).toMatch(new RegExp(`, ${city}$`));
    }
  });

  it('adds units, changes and removes them, always priced by the server', async () => {
    const [first, second] = await variantsInStock();
    const cart = await newCart();
    const added = await postJson(shop.app, '/api/order/items', {
      ...cart,
      variantId: first?.id,
      quantity: 1,
      unitPrice: 1,
      price: 1,
    });
    expect(added.status).toBe(200);
    expect(added.body.added).toHaveLength(1);
    expect(added.body.summary.subtotal.total).toBe(first?.price_cents);
    const again = await postJson(shop.app, '/api/order/items', { ...cart, variantId: first?.id });
    expect(again.body.added).toHaveLength(0);
    expect(again.body.modified[0].quantity).toBe(2);
    await postJson(shop.app, '/api/order/items', { ...cart, variantId: second?.id });
    const itemId = again.body.modified[0].id;

    const changed = await send('PUT', '/api/order/items', { ...cart, itemId, quantity: 3 });
    expect(changed.body.modified[0].quantity).toBe(3);
    expect(changed.body.itemCount).toBe(4);
    expect(changed.body.summary.total.total).toBe(3 * (first?.price_cents ?? 0) + (second?.price_cents ?? 0));

    const removed = await send('DELETE', '/api/order/items', { ...cart, itemId });
    expect(removed.body.removed).toHaveLength(1);
    expect(removed.body.itemCount).toBe(1);

    const order = await getJson(shop.app, `/api/order/${cart.orderId}/${cart.key}`);
    expect(order.body).toMatchObject({ status: 'cart', itemCount: 1, currency: 'EUR' });
    expect(order.body.items[0].unitPrice.total).toBe(second?.price_cents);
  });

  it('answers a wrong, empty-ish or missing key exactly like a missing order', async () => {
    const cart = await newCart();
    const missing = await getJson(shop.app, '/api/order/999999/whatever');
    const wrong = await getJson(shop.app, `/api/order/${cart.orderId}/${cart.key.slice(1)}x`);
    const otherBrand = await getJson(shop.app, `/api/order/${cart.orderId}/${cart.key}`, {
      host: 'autoclub.localhost',
    });
    for (const answer of [wrong, otherBrand]) {
      expect(answer.status).toBe(404);
      expect({ ...answer.body, instance: undefined }).toEqual({ ...missing.body, instance: undefined });
    }
    // A read without its key, or with an empty one, is a missing order too.
    for (const url of [`/api/order/${cart.orderId}`, `/api/order/${cart.orderId}/`]) {
      const answer = await getJson(shop.app, url);
      expect(answer.status).toBe(404);
      expect(answer.body.type).toBe('not-found');
    }
    const noKey = await postJson(shop.app, '/api/order/items', {
      orderId: cart.orderId,
      key: '',
      variantId: 1,
    });
    expect(noKey.status).toBe(400);
    const withoutKey = await postJson(shop.app, '/api/order/items', { orderId: cart.orderId, variantId: 1 });
    expect(withoutKey.status).toBe(400);
  });

  it('refuses more units than are in stock with sold-out', async () => {
    const [variant] = await variantsInStock(1);
    if (!variant) throw new Error('no variant');
    await shop.database.db.execute(sql`UPDATE variants SET stock = 1 WHERE id = ${variant.id}`);
    const cart = await newCart();
    expect((await postJson(shop.app, '/api/order/items', { ...cart, variantId: variant.id })).status).toBe(
      200,
    );
    const second = await postJson(shop.app, '/api/order/items', { ...cart, variantId: variant.id });
    expect(second.status).toBe(409);
    expect(second.body.type).toBe('sold-out');
    await shop.database.db.execute(
      sql`UPDATE variants SET stock = ${variant.stock} WHERE id = ${variant.id}`,
    );
  });

  it('rejects bad input with 400 problem+json and changes nothing', async () => {
    const cart = await newCart();
    for (const body of [
      { ...cart, variantId: 'x' },
      { ...cart, variantId: 1, quantity: 2 },
      { ...cart, variantId: -1 },
      { orderId: 'abc', key: cart.key, variantId: 1 },
    ]) {
      const answer = await postJson(shop.app, '/api/order/items', body);
      expect(answer.status).toBe(400);
      expect(answer.body.type).toBe('validation-error');
    }
    const order = await getJson(shop.app, `/api/order/${cart.orderId}/${cart.key}`);
    expect(order.body.itemCount).toBe(0);
  });
});

describe('promotion codes', () => {
  it("applies a '%' code, refuses unknown, expired and below-minimum codes with 417 in the caller's language", async () => {
    const [variant] = await variantsInStock();
    const cart = await newCart();
    await postJson(shop.app, '/api/order/items', { ...cart, variantId: variant?.id });
    const applied = await postJson(shop.app, '/api/order/reduction', { ...cart, code: 'willkommen10' });
    expect(applied.status).toBe(200);
    expect(applied.body.reduction).toMatchObject({ code: 'WILLKOMMEN10', operation: '%', value: 0.1 });
    expect(applied.body.summary.discountTotal.total).toBe(Math.round((variant?.price_cents ?? 0) * 0.1));

    const unknown = await postJson(
      shop.app,
      '/api/order/reduction',
      { ...cart, code: 'GIBTSNICHT' },
      {
        'accept-language': 'it',
      },
    );
    expect(unknown.status).toBe(417);
    expect(unknown.body).toMatchObject({
      type: 'invalid-reduction',
      title: 'Purtroppo il codice promozionale utilizzato non è più valido.',
    });
    const expired = await postJson(shop.app, '/api/order/reduction', { ...cart, code: 'ABGELAUFEN' });
    expect(expired.body.detail).toBe('Dieser Aktionscode ist abgelaufen.');

    const info = await getJson(shop.app, '/api/order/reduction/FUENFZIG');
    expect(info.body).toEqual({
      valid: true,
      operation: '+',
      value: 5000,
      name: '€ 50 Rabatt ab € 100',
      minimumOrder: 10000,
    });
    expect((await getJson(shop.app, '/api/order/reduction/ABGELAUFEN')).body.valid).toBe(false);

    const small = await newCart();
    const [cheap] = await queryRows<{ id: number }>(
      shop.database.db,
      sql`SELECT v.id FROM variants v JOIN offers o ON o.id = v.offer_id
          WHERE v.price_cents < 10000 AND v.stock > 0 AND o.is_active AND o.brand_id IS NULL LIMIT 1`,
    );
    if (cheap) {
      await postJson(shop.app, '/api/order/items', { ...small, variantId: cheap.id });
      const below = await postJson(shop.app, '/api/order/reduction', { ...small, code: 'FUENFZIG' });
      expect(below.status).toBe(417);
      expect(below.body.detail).toBe('Dieser Aktionscode gilt ab einem Bestellwert von € 100,-.');
    }
  });
});

describe('promotion codes say why they do not apply', () => {
  /** A variant in stock of an offer with (or without) the wellness theme, shared by every brand. */
  async function wellnessVariant(isWellness: boolean) {
    const [row] = await queryRows<{ id: number; price_cents: number }>(
      shop.database.db,
      sql`SELECT v.id, v.price_cents FROM variants v JOIN offers o ON o.id = v.offer_id
          WHERE v.stock >= 5 AND o.is_active AND o.brand_id IS NULL
            AND ${isWellness ? sql`` : sql`NOT`} EXISTS (
              SELECT 1 FROM offer_themes ot JOIN themes t ON t.id = ot.theme_id
              WHERE ot.offer_id = o.id AND t.slug = 'wellness')
          ORDER BY v.id LIMIT 1`,
    );
    if (!row) throw new Error('the demo catalogue has no such variant');
    return row;
  }

  it('a code for some offers is refused on a cart without them (de/en/it) and reduces only their vouchers', async () => {
    const other = await wellnessVariant(false);
    const wellness = await wellnessVariant(true);
    const cart = await newCart();
    await postJson(shop.app, '/api/order/items', { ...cart, variantId: other.id });
    const expected = {
      de: 'Dieser Aktionscode gilt nicht für die Gutscheine in Ihrem Warenkorb.',
      en: 'This promotion code does not apply to the vouchers in your cart.',
      it: 'Questo codice promozionale non vale per i voucher nel carrello.',
    };
    for (const [language, detail] of Object.entries(expected)) {
      const refused = await postJson(
        shop.app,
        '/api/order/reduction',
        { ...cart, code: 'WELLNESS15' },
        { 'accept-language': language },
      );
      expect(refused.status).toBe(417);
      expect(refused.body).toMatchObject({ type: 'invalid-reduction', detail });
    }
    expect((await getJson(shop.app, `/api/order/${cart.orderId}/${cart.key}`)).body.reduction).toBeNull();

    await postJson(shop.app, '/api/order/items', { ...cart, variantId: wellness.id });
    const applied = await postJson(shop.app, '/api/order/reduction', { ...cart, code: 'wellness15' });
    expect(applied.status).toBe(200);
    expect(applied.body.summary.subtotal.total).toBe(other.price_cents + wellness.price_cents);
    // 15 % of the wellness voucher only.
    expect(applied.body.summary.discountTotal.total).toBe(Math.round(wellness.price_cents * 0.15));
  });

  it('a code this customer has redeemed before is refused as used by them when the order closes, in their language', async () => {
    const [variant] = await variantsInStock();
    const email = `used-${Date.now()}@example.com`;
    const first = await newCart();
    await postJson(shop.app, '/api/order/items', { ...first, variantId: variant?.id });
    expect(
      (await postJson(shop.app, '/api/order/reduction', { ...first, code: 'WILLKOMMEN10' })).status,
    ).toBe(200);
    expect((await send('PUT', '/api/order/customer', { ...first, ...customer, email })).status).toBe(200);
    expect((await send('PUT', '/api/order/close', { ...first, paymentType: 'wiretransfer' })).status).toBe(
      200,
    );

    // The cart's calls do not tell whether an address used the code (anyone can type any address):
    // applying it and preparing the order go through; the close says it, in the caller's language.
    const second = await newCart();
    await postJson(shop.app, '/api/order/items', { ...second, variantId: variant?.id });
    expect((await send('PUT', '/api/order/customer', { ...second, ...customer, email })).status).toBe(200);
    expect(
      (await postJson(shop.app, '/api/order/reduction', { ...second, code: 'WILLKOMMEN10' })).status,
    ).toBe(200);
    const prepared = await getJson(shop.app, `/api/order/prepare/${second.orderId}/${second.key}`);
    expect(prepared.body).toMatchObject({ validForSale: true, reductionInvalidated: false });
    for (const [language, detail] of [
      ['en', 'You have already redeemed this promotion code.'],
      ['it', 'Ha già utilizzato questo codice promozionale.'],
    ]) {
      const refused = await send(
        'PUT',
        '/api/order/close',
        { ...second, paymentType: 'paypal' },
        { 'accept-language': language },
      );
      expect(refused.status).toBe(417);
      expect(refused.body).toMatchObject({ type: 'invalid-reduction', detail });
    }
  });
});

describe('checkout', () => {
  it("refuses customer data with the SPEC §5 messages in the caller's language, naming each field; the stored data stays", async () => {
    const cart = await newCart();
    expect((await send('PUT', '/api/order/customer', { ...cart, ...customer })).status).toBe(200);
    const expected = {
      de: ['Vorname ist ein Pflichtfeld.', 'E-Mail-Adresse muss eine gültige E-Mail-Adresse sein.'],
      en: ['First name is required.', 'E-mail address must be a valid e-mail address.'],
      it: [
        'Il campo Nome è obbligatorio.',
        'Il campo Indirizzo e-mail deve essere un indirizzo e-mail valido.',
      ],
    };
    for (const [language, messages] of Object.entries(expected)) {
      const answer = await send(
        'PUT',
        '/api/order/customer',
        { ...cart, ...customer, firstName: '  ', email: 'anna.huber@' },
        { 'accept-language': language },
      );
      expect(answer.status).toBe(400);
      expect(answer.body.type).toBe('validation-error');
      // SPEC §8: the detail is the messages joined with ';'.
      expect(answer.body.detail).toBe(messages.join(';'));
      expect(answer.body.errors).toEqual([
        { field: 'firstName', message: messages[0] },
        { field: 'email', message: messages[1] },
      ]);
    }
    const order = await getJson(shop.app, `/api/order/${cart.orderId}/${cart.key}`);
    const { acceptTerms: _accepted, ...stored } = customer;
    expect(order.body.customer).toEqual({ ...stored, membershipNumber: '' });
  });

  it('words every customer check with the field it is about (required, maximum length, list, terms)', async () => {
    const cart = await newCart();
    const answer = await send(
      'PUT',
      '/api/order/customer',
      {
        ...cart,
        ...customer,
        gender: 5,
        lastName: '',
        city: 'x'.repeat(101),
        postcode: '!',
        phone: 'ruf an',
        country: 'US',
        acceptTerms: false,
      },
      { 'accept-language': 'it' },
    );
    expect(answer.status).toBe(400);
    expect((answer.body.detail as string).split(';')).toEqual([
      'Il campo Appellativo deve essere uno dei valori proposti.',
      'Il campo Cognome è obbligatorio.',
      'Il campo Telefono può contenere solo cifre, spazi e + ( ) / -.',
      'Il campo CAP deve contenere da 3 a 10 lettere, cifre, spazi o -.',
      'Il campo Città può contenere al massimo 100 caratteri.',
      'Il campo Paese deve essere uno dei valori proposti.',
      'È necessario accettare i termini e condizioni!',
    ]);
    const german = await send('PUT', '/api/order/customer', { ...cart, ...customer, acceptTerms: false });
    expect(german.body.detail).toBe('Sie müssen die AGB akzeptieren!');
    const english = await send(
      'PUT',
      '/api/order/customer',
      { ...cart, ...customer, acceptTerms: false },
      { 'accept-language': 'en' },
    );
    expect(english.body.detail).toBe('You must accept the terms and conditions!');
    expect((await getJson(shop.app, `/api/order/${cart.orderId}/${cart.key}`)).body.customer).toBeNull();
  });

  it('closes with wire transfer: stock held, bank details shown, the order closed for changes; a second close answers the same', async () => {
    const [variant] = await variantsInStock();
    if (!variant) throw new Error('no variant');
    const before = await stockOf(variant.id);
    const cart = await newCart();
    await postJson(shop.app, '/api/order/items', { ...cart, variantId: variant.id });
    await postJson(shop.app, '/api/order/items', { ...cart, variantId: variant.id });
    expect((await send('PUT', '/api/order/customer', { ...cart, ...customer })).status).toBe(200);
    const prepared = await getJson(shop.app, `/api/order/prepare/${cart.orderId}/${cart.key}`);
    expect(prepared.body.validForSale).toBe(true);

    const [first, second] = await Promise.all([
      send('PUT', '/api/order/close', { ...cart, paymentType: 'wiretransfer' }, { 'idempotency-key': 'a' }),
      send('PUT', '/api/order/close', { ...cart, paymentType: 'wiretransfer' }, { 'idempotency-key': 'a' }),
    ]);
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(first.body.order.status).toBe('awaiting-payment');
    expect(first.body.redirectUrl).toBeNull();
    expect(await stockOf(variant.id)).toBe((before ?? 0) - 2);

    const payment = await getJson(shop.app, `/api/order/payment/${cart.orderId}/${cart.key}`);
    expect(payment.body.wireTransfer).toMatchObject({
      reference: `DEMO-${String(cart.orderId).padStart(8, '0')}`,
      amount: { total: 2 * variant.price_cents },
    });

    const edit = await postJson(shop.app, '/api/order/items', { ...cart, variantId: variant.id });
    expect(edit.status).toBe(428);
    expect(edit.body).toMatchObject({ type: 'order-closed', code: 115 });

    // The hold runs out: the order expires and the stock comes back.
    await shop.database.db.execute(
      sql`UPDATE orders SET hold_until = now() - interval '1 minute' WHERE id = ${cart.orderId}`,
    );
    expect(await releaseExpiredHolds({ db: shop.database.db, jobs: shop.app.jobs })).toBeGreaterThanOrEqual(
      1,
    );
    expect(await stockOf(variant.id)).toBe(before);
    const gone = await postJson(shop.app, '/api/order/items', { ...cart, variantId: variant.id });
    expect(gone.status).toBe(410);
    expect(gone.body.type).toBe('invalid-order');
  });

  it('an adjusted order names each voucher, links to its offer and says when other variants are left', async () => {
    // An offer with three variants in stock: one sells out, one has fewer units than the cart wants.
    const [offer] = await queryRows<{ id: number; slug: string; hotel_slug: string; variant_ids: number[] }>(
      shop.database.db,
      sql`SELECT o.id, o.slug, h.slug AS hotel_slug, array_agg(v.id ORDER BY v.id) AS variant_ids
          FROM offers o JOIN hotels h ON h.id = o.hotel_id JOIN variants v ON v.offer_id = o.id
          WHERE o.is_active AND o.brand_id IS NULL AND v.stock >= 3
          GROUP BY o.id, h.slug HAVING count(*) >= 3 ORDER BY o.id LIMIT 1`,
    );
    if (!offer) throw new Error('no offer with three variants in stock');
    const [gone, fewer, other] = offer.variant_ids as [number, number, number];
    const stocks = await Promise.all([gone, fewer, other].map(stockOf));
    const cart = await newCart();
    for (const variantId of [gone, fewer, fewer, fewer]) {
      await postJson(shop.app, '/api/order/items', { ...cart, variantId });
    }
    await shop.database.db.execute(sql`UPDATE variants SET stock = 0 WHERE id = ${gone}`);
    await shop.database.db.execute(sql`UPDATE variants SET stock = 2 WHERE id = ${fewer}`);
    try {
      const prepared = await getJson(shop.app, `/api/order/prepare/${cart.orderId}/${cart.key}`, {
        'accept-language': 'en',
      });
      const path = `/urlaub/${offer.hotel_slug}/${offer.slug}`;
      const [removed, decreased] = prepared.body.notifications;
      expect(removed).toMatchObject({ kind: 'NotAvailable', params: { offerPath: path, otherVariants: 2 } });
      expect(removed.text).toMatch(
        /^“.+” is no longer available and was removed from your cart\. Other options of this offer are still available\.$/,
      );
      expect(removed.text).toContain(removed.params.title);
      expect(decreased).toMatchObject({
        kind: 'QuantityDecreased',
        params: { offerPath: path, quantity: 2 },
      });

      // Every variant of the offer gone: no promise of others.
      const second = await newCart();
      await shop.database.db.execute(sql`UPDATE variants SET stock = 1 WHERE id = ${gone}`);
      await postJson(shop.app, '/api/order/items', { ...second, variantId: gone });
      await shop.database.db.execute(sql`UPDATE variants SET stock = 0 WHERE offer_id = ${offer.id}`);
      const emptied = await getJson(shop.app, `/api/order/prepare/${second.orderId}/${second.key}`, {
        'accept-language': 'de',
      });
      expect(emptied.body.order.itemCount).toBe(0);
      expect(emptied.body.notifications).toHaveLength(1);
      expect(emptied.body.notifications[0]).toMatchObject({ params: { offerPath: path, otherVariants: 0 } });
      expect(emptied.body.notifications[0].text).toMatch(
        /^„.+“ ist nicht mehr verfügbar und wurde aus dem Warenkorb entfernt\.$/,
      );
    } finally {
      for (const [index, variantId] of [gone, fewer, other].entries()) {
        await shop.database.db.execute(
          sql`UPDATE variants SET stock = ${stocks[index]} WHERE id = ${variantId}`,
        );
      }
    }
  });

  it('adjusts an order whose item sold out before checkout and says so once', async () => {
    const [kept, soldOut] = await variantsInStock();
    if (!kept || !soldOut) throw new Error('no variants');
    const cart = await newCart();
    await postJson(shop.app, '/api/order/items', { ...cart, variantId: kept.id });
    await postJson(shop.app, '/api/order/items', { ...cart, variantId: soldOut.id });
    await shop.database.db.execute(sql`UPDATE variants SET stock = 0 WHERE id = ${soldOut.id}`);

    const validated = await getJson(shop.app, `/api/order/validate/${cart.orderId}/${cart.key}`);
    expect(validated.body).toMatchObject({ validForSale: false, itemSoldOut: true });
    expect(validated.body.order.itemCount).toBe(2);

    const prepared = await getJson(shop.app, `/api/order/prepare/${cart.orderId}/${cart.key}`, {
      'accept-language': 'en',
    });
    expect(prepared.body).toMatchObject({ validForSale: false, itemSoldOut: true });
    expect(prepared.body.order.itemCount).toBe(1);
    expect(prepared.body.notifications[0]).toMatchObject({ kind: 'NotAvailable' });
    expect(prepared.body.notifications[0].text).toMatch(
      /is no longer available and was removed from your cart/,
    );

    const notes = await getJson(shop.app, `/api/order/notifications/${cart.orderId}/${cart.key}`);
    expect(notes.body).toHaveLength(1);
    expect((await getJson(shop.app, `/api/order/notifications/${cart.orderId}/${cart.key}`)).body).toEqual(
      [],
    );
    expect((await getJson(shop.app, `/api/order/notifications/1/wrong`)).body).toEqual([]);
    await shop.database.db.execute(
      sql`UPDATE variants SET stock = ${soldOut.stock} WHERE id = ${soldOut.id}`,
    );
  });

  it('cancels an unpaid order and gives its stock back', async () => {
    const [variant] = await variantsInStock();
    if (!variant) throw new Error('no variant');
    const before = await stockOf(variant.id);
    const cart = await newCart();
    await postJson(shop.app, '/api/order/items', { ...cart, variantId: variant.id });
    await send('PUT', '/api/order/customer', { ...cart, ...customer });
    await send('PUT', '/api/order/close', { ...cart, paymentType: 'wiretransfer' });
    expect(await stockOf(variant.id)).toBe((before ?? 0) - 1);
    const cancelled = await send('PUT', '/api/order/cancel', cart);
    expect(cancelled.body.status).toBe('cancelled');
    expect(await stockOf(variant.id)).toBe(before);
  });
});

describe('gift cards', () => {
  it('are switched off on brands without the feature', async () => {
    const cart = await newCart();
    const answer = await postJson(shop.app, '/api/order/giftcard', { ...cart, tan: 'GC-DEMO-5000' });
    expect(answer.status).toBe(404);
    expect(answer.body.type).toBe('feature-disabled');
  });

  it('pay part of an order as prepaid, and an order they cover closes paid without a provider', async () => {
    const host = 'familyclub.localhost';
    const [variant] = await variantsInStock(5, 4);
    if (!variant) throw new Error('no variant');
    const cart = await newCart(host);
    const headers = { host };
    await postJson(shop.app, '/api/order/items', { ...cart, variantId: variant.id }, headers);
    const bad = await postJson(shop.app, '/api/order/giftcard', { ...cart, tan: 'GC-NOPE-1' }, headers);
    expect(bad.status).toBe(422);
    const partial = await postJson(
      shop.app,
      '/api/order/giftcard',
      { ...cart, tan: 'gc-demo-5000' },
      headers,
    );
    expect(partial.status).toBe(200);
    const covered = Math.min(5000, variant.price_cents);
    expect(partial.body.summary.prepaid[0].amount.total).toBe(covered);
    expect(partial.body.summary.total.total).toBe(variant.price_cents - covered);

    const full = await postJson(shop.app, '/api/order/giftcard', { ...cart, tan: 'GC-DEMO-100000' }, headers);
    expect(full.body.summary.total.total).toBe(0);
    await send('PUT', '/api/order/customer', { ...cart, ...customer }, headers);
    const closed = await send('PUT', '/api/order/close', { ...cart, paymentType: 'credit' }, headers);
    expect(closed.status).toBe(200);
    expect(closed.body.order.status).toBe('paid');
    const [card] = await queryRows<{ balance_cents: number }>(
      shop.database.db,
      sql`SELECT balance_cents FROM gift_cards WHERE tan = 'GC-DEMO-5000'`,
    );
    expect(card?.balance_cents).toBe(5000 - covered);
    const vouchers = await queryRows<{ n: number }>(
      shop.database.db,
      sql`SELECT count(*)::int AS n FROM vouchers WHERE order_id = ${cart.orderId}`,
    );
    expect(vouchers[0]?.n).toBe(1);
  });

  it('show in the summary with their id, so a card applied in an earlier visit can be taken off by it', async () => {
    const headers = { host: 'autoclub.localhost' };
    const [variant] = await variantsInStock(5, brandId('autoclub'));
    if (!variant) throw new Error('no variant');
    const cart = await newCart(headers.host);
    await postJson(shop.app, '/api/order/items', { ...cart, variantId: variant.id }, headers);
    const [big, small] = await queryRows<{ id: number }>(
      shop.database.db,
      sql`SELECT id FROM gift_cards WHERE tan IN ('GC-AUTO-100000', 'GC-AUTO-5000') ORDER BY tan`,
    );
    if (!big || !small) throw new Error('no demo gift cards');
    expect(
      (await postJson(shop.app, '/api/order/giftcard', { ...cart, tan: 'GC-AUTO-100000' }, headers)).status,
    ).toBe(200);
    expect(
      (await postJson(shop.app, '/api/order/giftcard', { ...cart, tan: 'GC-AUTO-5000' }, headers)).status,
    ).toBe(200);

    // A new visit knows only the order: its summary names every card with its id and masked code.
    const orderUrl = `/api/order/${cart.orderId}/${cart.key}`;
    const before = await getJson(shop.app, orderUrl, headers);
    const bySmall = Math.min(5000, variant.price_cents);
    const byId = <T extends { giftCardId: number }>(entries: T[]) =>
      [...entries].sort((a, b) => a.giftCardId - b.giftCardId);
    expect(byId(before.body.summary.prepaid)).toEqual(
      byId([
        { giftCardId: small.id, name: '…5000', amount: expect.objectContaining({ total: bySmall }) },
        {
          giftCardId: big.id,
          name: '…0000',
          amount: expect.objectContaining({ total: variant.price_cents - bySmall }),
        },
      ]),
    );
    expect(before.body.summary.total.total).toBe(0);

    // Exactly one of code and id: a clear message in the caller's language, and nothing changes.
    const refusals = {
      de: 'Bitte geben Sie genau eines an: den Gutscheincode (tan) oder die Gutschein-ID (giftCardId).',
      en: 'Please send exactly one of the gift card code (tan) and the gift card id (giftCardId).',
      it: 'Si prega di indicare esattamente uno tra il codice del buono (tan) e l’ID del buono (giftCardId).',
    };
    for (const [language, message] of Object.entries(refusals)) {
      for (const body of [cart, { ...cart, tan: 'GC-AUTO-100000', giftCardId: big.id }]) {
        const refused = await send('DELETE', '/api/order/giftcard', body, {
          ...headers,
          'accept-language': language,
        });
        expect(refused.status).toBe(400);
        expect(refused.body).toMatchObject({ type: 'validation-error', detail: message });
      }
    }
    // A card that is not on this order: the order stays as it was.
    const [otherBrandCard] = await queryRows<{ id: number }>(
      shop.database.db,
      sql`SELECT id FROM gift_cards WHERE tan = 'GC-DEMO-5000'`,
    );
    const notOnOrder = await send(
      'DELETE',
      '/api/order/giftcard',
      { ...cart, giftCardId: otherBrandCard?.id },
      headers,
    );
    expect(notOnOrder.status).toBe(200);
    expect(notOnOrder.body.summary).toEqual(before.body.summary);
    expect((await getJson(shop.app, orderUrl, headers)).body).toEqual(before.body);

    // By its id: the card is off, the other one pays now.
    const removed = await send('DELETE', '/api/order/giftcard', { ...cart, giftCardId: big.id }, headers);
    expect(removed.status).toBe(200);
    expect(removed.body.summary.prepaid).toEqual([
      { giftCardId: small.id, name: '…5000', amount: expect.objectContaining({ total: bySmall }) },
    ]);
    // By its code, as before.
    const byCode = await send('DELETE', '/api/order/giftcard', { ...cart, tan: 'gc-auto-5000' }, headers);
    expect(byCode.body.summary.prepaid).toEqual([]);
    expect(byCode.body.summary.total.total).toBe(variant.price_cents);
    expect((await getJson(shop.app, orderUrl, headers)).body.summary).toEqual(byCode.body.summary);

    // A card that pays nothing now (the cart was emptied) still shows, and still comes off.
    await postJson(shop.app, '/api/order/giftcard', { ...cart, tan: 'GC-AUTO-5000' }, headers);
    const [line] = (await getJson(shop.app, orderUrl, headers)).body.items;
    await send('DELETE', '/api/order/items', { ...cart, itemId: line.id }, headers);
    const empty = await getJson(shop.app, orderUrl, headers);
    expect(empty.body.summary.prepaid).toEqual([
      { giftCardId: small.id, name: '…5000', amount: expect.objectContaining({ total: 0 }) },
    ]);
    const gone = await send('DELETE', '/api/order/giftcard', { ...cart, giftCardId: small.id }, headers);
    expect(gone.body.summary.prepaid).toEqual([]);
  });
});
