import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { createTestApp, postJson, type TestApp } from '#src/test/app.ts';
import { type Cart, chooseOnSandbox, readyCart, variantsInStock } from '#src/test/orders.ts';

/** SPEC §7 amazonpay-authorized is a status read: whatever the order's state, it changes none of it. */
let shop: TestApp;
let variantId: number;
beforeAll(async () => {
  shop = await createTestApp();
  [variantId] = (await variantsInStock(shop.database.db)) as [number];
});
afterAll(() => shop?.close());

/** Everything a read must leave alone: the order's row (updated_at included), its payments, the held stock. */
async function stateOf(orderId: number) {
  const { db } = shop.database;
  return {
    order: await queryRows(db, sql`SELECT * FROM orders WHERE id = ${orderId}`),
    payments: await queryRows(db, sql`SELECT * FROM payments WHERE order_id = ${orderId} ORDER BY id`),
    stock: await queryRows(db, sql`SELECT stock FROM variants WHERE id = ${variantId}`),
  };
}

const authorized = (cart: Cart, amazonCheckoutSessionId?: string) =>
  postJson(shop.app, '/api/order/amazonpay-authorized', {
    ...cart,
    ...(amazonCheckoutSessionId ? { amazonCheckoutSessionId } : {}),
  });

const put = (url: string, payload: object) => shop.app.inject({ method: 'PUT', url, payload });

describe('POST /api/order/amazonpay-authorized', () => {
  it('reports the session of an order waiting for Amazon Pay, named or not, and changes nothing', async () => {
    const cart = await readyCart(shop.app, variantId);
    const created = await postJson(shop.app, '/api/order/amazonpay-create', cart);
    const sessionId = created.body.amazonCheckoutSessionId as string;
    const before = await stateOf(cart.orderId);

    const named = await authorized(cart, sessionId);
    const latest = await authorized(cart);
    expect(named.status).toBe(200);
    expect(named.body).toEqual({
      amazonCheckoutSessionId: sessionId,
      redirectUrl: created.body.redirectUrl,
      state: 'created',
    });
    expect(latest.body).toEqual(named.body);
    expect(await stateOf(cart.orderId)).toEqual(before);
  });

  it('does not close a cart: it answers that there is no session, and the cart stays as it was', async () => {
    const cart = await readyCart(shop.app, variantId);
    const before = await stateOf(cart.orderId);
    for (const attempt of [1, 2]) {
      const answer = await authorized(cart);
      expect(answer.status, `attempt ${attempt}`).toBe(402);
      expect(answer.body.type).toBe('payment-failed');
    }
    expect(await stateOf(cart.orderId)).toEqual(before);
    expect(before.order[0]).toMatchObject({ status: 'cart', payment_type: null });
    expect(before.payments).toEqual([]);
  });

  it('does not move an order waiting for PayPal back to Amazon Pay: it reports the old session cancelled', async () => {
    const cart = await readyCart(shop.app, variantId);
    const created = await postJson(shop.app, '/api/order/amazonpay-create', cart);
    const sessionId = created.body.amazonCheckoutSessionId as string;
    // The buyer changed their mind and chose PayPal: the Amazon Pay session was given up.
    expect((await put('/api/order/close', { ...cart, paymentType: 'paypal' })).statusCode).toBe(200);
    const before = await stateOf(cart.orderId);

    for (const attempt of [1, 2]) {
      const answer = await authorized(cart, sessionId);
      expect(answer.status, `attempt ${attempt}`).toBe(200);
      expect(answer.body).toEqual({
        amazonCheckoutSessionId: sessionId,
        redirectUrl: null,
        state: 'cancelled',
      });
    }
    expect(await stateOf(cart.orderId)).toEqual(before);
    expect(before.order[0]).toMatchObject({ status: 'payment-pending', payment_type: 'paypal' });
  });

  it('reports a completed session as captured', async () => {
    const cart = await readyCart(shop.app, variantId);
    const created = await postJson(shop.app, '/api/order/amazonpay-create', cart);
    const sessionId = created.body.amazonCheckoutSessionId as string;
    await chooseOnSandbox(shop.app, created.body.redirectUrl, 'approve');
    const completed = await postJson(shop.app, '/api/order/amazonpay-complete', {
      ...cart,
      amazonCheckoutSessionId: sessionId,
    });
    expect(completed.body.status).toBe('paid');
    const before = await stateOf(cart.orderId);
    const answer = await authorized(cart, sessionId);
    expect(answer.body).toEqual({ amazonCheckoutSessionId: sessionId, redirectUrl: null, state: 'captured' });
    expect(await stateOf(cart.orderId)).toEqual(before);
  });

  it('answers a cancelled order with 410 invalid-order and a wrong key with 404, as every order call', async () => {
    const cart = await readyCart(shop.app, variantId);
    await postJson(shop.app, '/api/order/amazonpay-create', cart);
    expect((await put('/api/order/cancel', cart)).statusCode).toBe(200);
    const gone = await authorized(cart);
    expect(gone.status).toBe(410);
    expect(gone.body.type).toBe('invalid-order');
    const wrongKey = await authorized({ ...cart, key: `${cart.key}x` });
    expect(wrongKey.status).toBe(404);
  });
});
