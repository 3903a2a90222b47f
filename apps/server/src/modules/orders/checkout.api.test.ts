import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { signSandboxEvent } from '#src/modules/payments/sandbox/sandbox-providers.ts';
import { createTestApp, getJson, postJson, type TestApp } from '#src/test/app.ts';

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

async function readyCart() {
  const created = await postJson(shop.app, '/api/order', {});
  const cart = { orderId: created.body.id as number, key: created.body.token as string };
  await postJson(shop.app, '/api/order/items', { ...cart, variantId: variant.id });
  await put('/api/order/customer', {
    ...cart,
    gender: 10,
    firstName: 'Luca',
    lastName: 'Rossi',
    email: 'luca.rossi@example.it',
    street: 'Via Roma',
    houseNumber: '1',
    postcode: '39100',
    city: 'Bolzano',
    country: 'IT',
    acceptTerms: true,
  });
  return cart;
}

/** The customer's choice on the simulator page; answers where the "provider" sends them back. */
async function choose(redirectUrl: string, action: 'approve' | 'cancel' | 'decline' | 'timeout') {
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
  });

  it('decline and time-out: the customer is told, and can pay another way', async () => {
    for (const action of ['decline', 'timeout'] as const) {
      const cart = await readyCart();
      const closed = await put('/api/order/close', { ...cart, paymentType: 'paypal' });
      const back = await choose(closed.body.redirectUrl, action);
      const answer = await postJson(
        shop.app,
        '/api/order/paypal-transaction',
        { ...cart, payPalOrderId: back.searchParams.get('token') },
        { 'accept-language': 'en' },
      );
      expect(answer.status).toBe(402);
      expect(answer.body.title).toBe('The payment was not successful, please try another payment method.');
      const order = await getJson(shop.app, `/api/order/${cart.orderId}/${cart.key}`);
      expect(order.body.status).toBe('payment-pending');
      expect(
        (await put('/api/order/close', { ...cart, paymentType: 'wiretransfer' })).body.order.status,
      ).toBe('awaiting-payment');
    }
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
    expect((await deliver(signSandboxEvent(event))).statusCode).toBe(200);
    expect((await deliver(signSandboxEvent(event))).statusCode).toBe(200);
    const order = await getJson(shop.app, `/api/order/${cart.orderId}/${cart.key}`);
    expect(order.body.status).toBe('paid');
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
