import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { signSandboxEvent } from '#src/modules/payments/sandbox/sandbox-providers.ts';
import { createTestApp, getJson, postJson, type TestApp } from '#src/test/app.ts';
import { type Cart, chooseOnSandbox, readyCart, variantsInStock } from '#src/test/orders.ts';

/**
 * A PayPal order the buyer approved is captured on the approval notification (PayPal's
 * CHECKOUT.ORDER.APPROVED; here the simulator's signed `checkout-approved`), whether or not the buyer
 * comes back, and paid once whoever comes first.
 */
let shop: TestApp;
let variantId: number;
beforeAll(async () => {
  shop = await createTestApp();
  [variantId] = (await variantsInStock(shop.database.db)) as [number];
});
afterAll(() => shop?.close());

/** A cart closed with PayPal; answers the PayPal order id and the simulator page. */
async function closedWithPayPal(): Promise<Cart & { reference: string; redirectUrl: string }> {
  const cart = await readyCart(shop.app, variantId);
  const closed = await shop.app.inject({
    method: 'PUT',
    url: '/api/order/close',
    payload: { ...cart, paymentType: 'paypal' },
  });
  expect(closed.json().order.status).toBe('payment-pending');
  const { redirectUrl } = closed.json() as { redirectUrl: string };
  return { ...cart, redirectUrl, reference: redirectUrl.split('/').pop() as string };
}

async function notifyApproved(reference: string, eventId = `evt-approved-${reference}`) {
  const body = JSON.stringify({ id: eventId, kind: 'checkout-approved', reference });
  return shop.app.inject({
    method: 'POST',
    url: '/api/payment/webhook/paypal',
    payload: body,
    headers: {
      'content-type': 'application/json',
      'x-sandbox-signature': await signSandboxEvent(shop.database.db, body),
    },
  });
}

const buyerReturns = (cart: Cart & { reference: string }) =>
  postJson(shop.app, '/api/order/paypal-transaction', {
    orderId: cart.orderId,
    key: cart.key,
    payPalOrderId: cart.reference,
  });

/** What paying the order made: each must exist exactly once (one unit bought: one voucher). */
async function madeFor(orderId: number) {
  const [row] = await queryRows<Record<string, number>>(
    shop.database.db,
    sql`SELECT
          (SELECT count(*)::int FROM payments WHERE order_id = ${orderId} AND status = 'captured') AS captures,
          (SELECT count(*)::int FROM vouchers WHERE order_id = ${orderId}) AS vouchers,
          (SELECT count(*)::int FROM invoices WHERE order_id = ${orderId}) AS invoices,
          (SELECT count(*)::int FROM mails WHERE order_id = ${orderId} AND kind = 'payment-received') AS mails`,
  );
  return row;
}
const once = { captures: 1, vouchers: 1, invoices: 1, mails: 1 };

const statusOf = async (cart: Cart) =>
  (await getJson(shop.app, `/api/order/${cart.orderId}/${cart.key}`)).body.status;

describe('the approval notification of a PayPal order', () => {
  it('approved, never back: the notification captures and pays the order, once however often it comes', async () => {
    const order = await closedWithPayPal();
    await chooseOnSandbox(shop.app, order.redirectUrl, 'approve');
    expect((await notifyApproved(order.reference)).statusCode).toBe(200);

    const paid = await getJson(shop.app, `/api/order/${order.orderId}/${order.key}`);
    expect(paid.body.status).toBe('paid');
    expect(paid.body.vouchers).toHaveLength(1);
    expect(paid.body.invoiceNumber).toEqual(expect.any(String));
    expect(await madeFor(order.orderId)).toEqual(once);

    // Redelivered, and delivered again under a new event id: nothing more happens.
    expect((await notifyApproved(order.reference)).statusCode).toBe(200);
    expect((await notifyApproved(order.reference, `evt-again-${order.reference}`)).statusCode).toBe(200);
    expect(await madeFor(order.orderId)).toEqual(once);
  });

  it('first the notification, then the buyer: the buyer sees the paid order, captured once', async () => {
    const order = await closedWithPayPal();
    await chooseOnSandbox(shop.app, order.redirectUrl, 'approve');
    expect((await notifyApproved(order.reference)).statusCode).toBe(200);
    const back = await buyerReturns(order);
    expect(back.status).toBe(200);
    expect(back.body.status).toBe('paid');
    expect(back.body.vouchers).toHaveLength(1);
    expect(await madeFor(order.orderId)).toEqual(once);
  });

  it('first the buyer, then the notification: nothing more happens', async () => {
    const order = await closedWithPayPal();
    await chooseOnSandbox(shop.app, order.redirectUrl, 'approve');
    expect((await buyerReturns(order)).body.status).toBe('paid');
    expect((await notifyApproved(order.reference)).statusCode).toBe(200);
    expect(await madeFor(order.orderId)).toEqual(once);
  });

  it('the buyer and the notification at the same moment: captured, fulfilled and mailed once', async () => {
    for (const round of [1, 2, 3]) {
      const order = await closedWithPayPal();
      await chooseOnSandbox(shop.app, order.redirectUrl, 'approve');
      const [notified, back, backAgain] = await Promise.all([
        notifyApproved(order.reference),
        buyerReturns(order),
        buyerReturns(order),
      ]);
      expect(notified.statusCode, `round ${round}`).toBe(200);
      expect(back.body.status, `round ${round}`).toBe('paid');
      expect(backAgain.body.status, `round ${round}`).toBe('paid');
      expect(await madeFor(order.orderId), `round ${round}`).toEqual(once);
    }
  });

  it('not approved yet: the notification captures nothing and the order keeps waiting', async () => {
    const order = await closedWithPayPal();
    expect((await notifyApproved(order.reference)).statusCode).toBe(200);
    expect(await statusOf(order)).toBe('payment-pending');
    expect((await madeFor(order.orderId))?.captures).toBe(0);
  });

  it('an order the buyer moved to bank transfer is not captured', async () => {
    const order = await closedWithPayPal();
    await chooseOnSandbox(shop.app, order.redirectUrl, 'approve');
    const wire = await shop.app.inject({ method: 'PUT', url: '/api/order/set-wiretransfer', payload: order });
    expect(wire.json().order.status).toBe('awaiting-payment');
    expect((await notifyApproved(order.reference)).statusCode).toBe(200);
    expect(await statusOf(order)).toBe('awaiting-payment');
    const [sandbox] = await queryRows<{ state: string }>(
      shop.database.db,
      sql`SELECT state FROM sandbox_payments WHERE id = ${order.reference}`,
    );
    expect(sandbox?.state).toBe('approved');
  });
});
