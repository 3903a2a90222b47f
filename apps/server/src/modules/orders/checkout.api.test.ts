import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { decodeQr } from '#src/modules/documents/pdf-inspection.test-support.ts';
import { signSandboxEvent } from '#src/modules/payments/sandbox/sandbox-providers.ts';
import { refreshStockColumns } from '#src/modules/search/search-index.repository.ts';
import { createTestApp, getJson, postJson, type TestApp } from '#src/test/app.ts';
import { exampleCustomer } from '#src/test/orders.ts';

/** Purchases through the built-in payment simulator (PAYMENTS_MODE=sandbox), as a browser would make them. */
let shop: TestApp;
let variant: { id: number; price_cents: number };
beforeAll(async () => {
  shop = await createTestApp();
  const [row] = await queryRows<{ id: number; price_cents: number }>(
    shop.database.db,
    sql`SELECT v.id, v.price_cents FROM variants v JOIN offers o ON o.id = v.offer_id
        WHERE v.stock >= 20 AND o.is_active AND o.brand_id IS NULL ORDER BY v.id LIMIT 1`,
  );
  if (!row) throw new Error('no variant in stock');
  variant = row;
});
afterAll(() => shop.close());

const put = async (url: string, payload: object) => {
  const response = await shop.app.inject({ method: 'PUT', url, payload });
  return { status: response.statusCode, body: response.json() };
};

async function readyCart(variantId = variant.id) {
  const created = await postJson(shop.app, '/api/order', {});
  const cart = { orderId: created.body.id as number, key: created.body.token as string };
  await postJson(shop.app, '/api/order/items', { ...cart, variantId });
  await put('/api/order/customer', { ...cart, ...exampleCustomer });
  return cart;
}

/** The customer's choice on the simulator page; answers where the "provider" sends them back. */
async function choose(redirectUrl: string, action: 'approve' | 'cancel' | 'decline' | 'timeout' | 'expire') {
  const page = await shop.app.inject({ method: 'GET', url: redirectUrl });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain(`${redirectUrl}/${action}`);
  const answer = await shop.app.inject({ method: 'POST', url: `${redirectUrl}/${action}` });
  expect(answer.statusCode).toBe(303);
  return new URL(answer.headers.location as string);
}

const stockOf = async () =>
  (
    await queryRows<{ stock: number }>(
      shop.database.db,
      sql`SELECT stock FROM variants WHERE id = ${variant.id}`,
    )
  )[0]?.stock;

describe("the way back from the provider's page", () => {
  it("leads to the brand's own address, whatever Host the request named", async () => {
    const cart = await readyCart();
    const closed = await shop.app.inject({
      method: 'PUT',
      url: '/api/order/close',
      headers: { host: 'evil.example' },
      payload: { ...cart, paymentType: 'paypal' },
    });
    expect(closed.statusCode).toBe(200);
    const { redirectUrl } = closed.json() as { redirectUrl: string };
    for (const action of ['approve', 'cancel'] as const) {
      const answer = await shop.app.inject({
        method: 'POST',
        url: `${redirectUrl}/${action}`,
        headers: { host: 'evil.example' },
      });
      expect(answer.statusCode).toBe(303);
      // The test app's PUBLIC_URL is the default, http://localhost:3000.
      expect(new URL(answer.headers.location as string).origin, action).toBe('http://localhost:3000');
    }
  });
});

describe('paying with PayPal in the sandbox', () => {
  it('approve: the capture pays the order once, however often the customer comes back', async () => {
    const cart = await readyCart();
    const closed = await put('/api/order/close', { ...cart, paymentType: 'paypal' });
    expect(closed.body.order.status).toBe('payment-pending');
    expect(closed.body.redirectUrl).toMatch(/^\/sandbox\/paypal\//);
    const back = await choose(closed.body.redirectUrl, 'approve');
    expect(back.pathname).toBe('/checkout/authorize');
    expect(back.searchParams.get('provider')).toBe('paypal');
    const payPalOrderId = back.searchParams.get('token');

    const [first, second] = await Promise.all([
      postJson(shop.app, '/api/order/paypal-transaction', { ...cart, payPalOrderId }),
      postJson(shop.app, '/api/order/paypal-transaction', { ...cart, payPalOrderId }),
    ]);
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('paid');
    expect(second.body.status).toBe('paid');
    const captured = await queryRows<{ n: number }>(
      shop.database.db,
      sql`SELECT count(*)::int AS n FROM payments WHERE order_id = ${cart.orderId} AND status = 'captured'`,
    );
    expect(captured[0]?.n).toBe(1);
    const again = await put('/api/order/close', { ...cart, paymentType: 'paypal' });
    expect(again.body.order.status).toBe('paid');
  });

  it('cancel, then bank transfer instead: stock held once, bank details shown', async () => {
    const before = await stockOf();
    const cart = await readyCart();
    const closed = await put('/api/order/close', { ...cart, paymentType: 'paypal' });
    const back = await choose(closed.body.redirectUrl, 'cancel');
    expect(back.searchParams.get('cancelled')).toBe('1');
    const refused = await postJson(shop.app, '/api/order/paypal-transaction', {
      ...cart,
      payPalOrderId: closed.body.redirectUrl.split('/').pop(),
    });
    expect(refused.status).toBe(402);
    expect(refused.body.type).toBe('payment-failed');

    const wire = await put('/api/order/set-wiretransfer', cart);
    expect(wire.body.order).toMatchObject({ status: 'awaiting-payment', paymentType: 'wiretransfer' });
    expect(await stockOf()).toBe((before ?? 0) - 1);
    const payment = await getJson(shop.app, `/api/order/payment/${cart.orderId}/${cart.key}`);
    expect(payment.body.wireTransfer.iban).toMatch(/^DE/);
    expect(payment.body.lastAttempt).toEqual({ provider: 'paypal', status: 'cancelled' });
    // The order page's GiroCode: the EPC QR code of exactly this transfer, read back from its image.
    const { giroCode, iban, reference, amount } = payment.body.wireTransfer;
    expect(giroCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(giroCode.split(',')[1], 'base64');
    const { data, info } = await sharp(svg, { density: 300 })
      .flatten({ background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const scanned = decodeQr(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width);
    const cents = amount.total;
    expect(scanned?.split('\n')).toEqual(
      expect.arrayContaining([
        'BCD',
        iban.replace(/\s+/g, ''),
        `EUR${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
        reference,
      ]),
    );
  });

  it('decline, time-out and an approval that lapsed: each is told as what it is, and the customer can pay another way', async () => {
    const told = {
      decline: [
        'payment-declined',
        'The payment provider declined the payment; nothing was charged. Please pay with another card or account, or choose another payment method.',
      ],
      timeout: [
        'payment-timeout',
        'The payment provider did not answer in time. Nothing will be charged twice; please try again in a few minutes.',
      ],
      expire: [
        'payment-stale',
        'This payment approval is no longer valid: it has expired or the order has changed since. Nothing was charged; please pay again from the checkout.',
      ],
    } as const;
    for (const [action, [type, title]] of Object.entries(told) as [
      keyof typeof told,
      readonly [string, string],
    ][]) {
      const cart = await readyCart();
      const closed = await put('/api/order/close', { ...cart, paymentType: 'paypal' });
      const back = await choose(closed.body.redirectUrl, action);
      // Sent back as after an approval (not to the cancel address): the capture finds out.
      expect(back.searchParams.get('cancelled'), action).toBeNull();
      const answer = await postJson(
        shop.app,
        '/api/order/paypal-transaction',
        { ...cart, payPalOrderId: back.searchParams.get('token') },
        { 'accept-language': 'en' },
      );
      expect(answer.status, action).toBe(402);
      expect(answer.body.type, action).toBe(type);
      expect(answer.body.title, action).toBe(title);
      // The same return again (a reload of the return page) is told the same.
      const again = await postJson(
        shop.app,
        '/api/order/paypal-transaction',
        { ...cart, payPalOrderId: back.searchParams.get('token') },
        { 'accept-language': 'en' },
      );
      expect(again.body.type, `${action}, again`).toBe(type);
      const order = await getJson(shop.app, `/api/order/${cart.orderId}/${cart.key}`);
      expect(order.body.status).toBe('payment-pending');
      expect(
        (await put('/api/order/close', { ...cart, paymentType: 'wiretransfer' })).body.order.status,
      ).toBe('awaiting-payment');
    }
  });

  it('an approval the order no longer waits for (the cart changed in another tab) is stale, not declined', async () => {
    const cart = await readyCart();
    const closed = await put('/api/order/close', { ...cart, paymentType: 'paypal' });
    // The other tab adds a unit: the order is a cart again, with another total.
    await postJson(shop.app, '/api/order/items', { ...cart, variantId: variant.id });
    const back = await choose(closed.body.redirectUrl, 'approve');
    const answer = await postJson(shop.app, '/api/order/paypal-transaction', {
      ...cart,
      payPalOrderId: back.searchParams.get('token'),
    });
    expect(answer.status).toBe(402);
    expect(answer.body.type).toBe('payment-stale');
    const order = await getJson(shop.app, `/api/order/${cart.orderId}/${cart.key}`);
    expect(order.body.status).toBe('cart');
  });

  it('a verified capture notification pays an order whose customer never came back, once', async () => {
    const cart = await readyCart();
    const closed = await put('/api/order/close', { ...cart, paymentType: 'paypal' });
    const reference = closed.body.redirectUrl.split('/').pop();
    const event = JSON.stringify({
      id: `evt-${reference}`,
      kind: 'capture-completed',
      reference,
      captureId: `CAP-${reference}`,
      amountCents: closed.body.order.summary.total.total,
      currency: 'EUR',
    });
    const deliver = (signature: string) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/payment/webhook/paypal',
        payload: event,
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
      });
    expect((await deliver('forged')).statusCode).toBe(400);
    const signature = await signSandboxEvent(shop.database.db, event);
    expect((await deliver(signature)).statusCode).toBe(200);
    expect((await deliver(signature)).statusCode).toBe(200);
    const order = await getJson(shop.app, `/api/order/${cart.orderId}/${cart.key}`);
    expect(order.body.status).toBe('paid');
  });
});

describe('the total the buyer confirmed', () => {
  const sandboxPayments = async (orderId: number) =>
    (
      await queryRows<{ n: number }>(
        shop.database.db,
        sql`SELECT count(*)::int AS n FROM payments WHERE order_id = ${orderId}`,
      )
    )[0]?.n;

  it('another total at the close (a second tab changed the cart): 409 with the new total, nobody sent to PayPal', async () => {
    const cart = await readyCart();
    const seen = (await getJson(shop.app, `/api/order/${cart.orderId}/${cart.key}`)).body.summary.total.total;
    // The second tab adds a unit after the first showed its total.
    await postJson(shop.app, '/api/order/items', { ...cart, variantId: variant.id });
    const stock = await stockOf();
    const refused = await shop.app.inject({
      method: 'PUT',
      url: '/api/order/close',
      payload: { ...cart, paymentType: 'paypal', confirmedTotal: seen },
      headers: { 'accept-language': 'it' },
    });
    expect(refused.statusCode).toBe(409);
    const problem = refused.json();
    expect(problem).toMatchObject({
      type: 'cart-changed',
      total: seen + variant.price_cents,
      currency: 'EUR',
      title:
        'Il carrello è cambiato, per esempio in un’altra finestra. Si prega di controllare il nuovo importo e confermare di nuovo l’ordine.',
    });
    // Nothing was taken or started: the order is still a cart, its stock untouched, no payment.
    expect((await getJson(shop.app, `/api/order/${cart.orderId}/${cart.key}`)).body.status).toBe('cart');
    expect(await stockOf()).toBe(stock);
    expect(await sandboxPayments(cart.orderId)).toBe(0);

    // Confirmed again with the new total: the close goes through, for that amount.
    const closed = await put('/api/order/close', {
      ...cart,
      paymentType: 'paypal',
      confirmedTotal: problem.total,
    });
    expect(closed.status).toBe(200);
    expect(closed.body.order.summary.total.total).toBe(problem.total);
    expect(closed.body.redirectUrl).toMatch(/^\/sandbox\/paypal\//);
    // A tab still showing the old total does not go on to the payment the other one started.
    const stale = await put('/api/order/close', { ...cart, paymentType: 'paypal', confirmedTotal: seen });
    expect(stale.status).toBe(409);
    expect(stale.body.type).toBe('cart-changed');
  });
});

describe('paying with Amazon Pay in the sandbox', () => {
  it('create → the buyer approves → complete pays the order', async () => {
    const cart = await readyCart();
    const created = await postJson(shop.app, '/api/order/amazonpay-create', cart);
    expect(created.status).toBe(200);
    expect(created.body.redirectUrl).toMatch(/^\/sandbox\/amazonpay\//);
    const sessionId = created.body.amazonCheckoutSessionId;
    const redirect = await postJson(shop.app, '/api/order/amazonpay-createredirect', {
      ...cart,
      amazonCheckoutSessionId: sessionId,
    });
    expect(redirect.body.redirectUrl).toBe(created.body.redirectUrl);
    const back = await choose(created.body.redirectUrl, 'approve');
    expect(back.searchParams.get('amazonCheckoutSessionId')).toBe(sessionId);
    const completed = await postJson(shop.app, '/api/order/amazonpay-complete', {
      ...cart,
      amazonCheckoutSessionId: sessionId,
    });
    expect(completed.status).toBe(200);
    expect(completed.body.status).toBe('paid');
  });
});

describe('offer lists follow the stock that orders hold', () => {
  it("the last unit held: the offer shows sold out in its hotel's list; given back, in stock again", async () => {
    const { db } = shop.database;
    // An offer other than the other tests': one unit left of its first variant, none of the others.
    const [offer] = await queryRows<{ offer_id: number; variant_id: number; hotel_slug: string }>(
      db,
      sql`SELECT v.offer_id, min(v.id)::int AS variant_id, h.slug AS hotel_slug
          FROM variants v JOIN offers o ON o.id = v.offer_id JOIN hotels h ON h.id = o.hotel_id
          WHERE o.is_active AND o.brand_id IS NULL
            AND v.offer_id <> (SELECT offer_id FROM variants WHERE id = ${variant.id})
          GROUP BY v.offer_id, h.slug ORDER BY v.offer_id DESC LIMIT 1`,
    );
    if (!offer) throw new Error('no second offer');
    await db.execute(
      sql`UPDATE variants SET stock = CASE WHEN id = ${offer.variant_id} THEN 1 ELSE 0 END
          WHERE offer_id = ${offer.offer_id}`,
    );
    // The setup changed stock behind the shop's back: lists start in step with it.
    await refreshStockColumns(db, [offer.offer_id]);
    const listed = async () => {
      const list = await getJson(shop.app, `/api/offer/hotel/${offer.hotel_slug}/1/48`);
      expect(list.status).toBe(200);
      const entry = list.body.items.find((item: { id: number }) => item.id === offer.offer_id);
      if (!entry) throw new Error(`offer ${offer.offer_id} is not in its hotel's list`);
      return entry as { isSoldOut: boolean };
    };
    expect((await listed()).isSoldOut).toBe(false);

    const cart = await readyCart(offer.variant_id);
    const closed = await put('/api/order/close', { ...cart, paymentType: 'paypal' });
    expect(closed.body.order.status).toBe('payment-pending');
    expect((await listed()).isSoldOut).toBe(true);

    // The customer cancels the unpaid order: its unit goes back on the shelf.
    const cancelled = await put('/api/order/cancel', cart);
    expect(cancelled.body.status).toBe('cancelled');
    expect((await listed()).isSoldOut).toBe(false);
  });
});
