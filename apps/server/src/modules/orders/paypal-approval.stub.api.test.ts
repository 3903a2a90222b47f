import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { createAmazonPayTestKeys } from '#src/modules/payments/testing/amazonpay-stub.ts';
import {
  type PayPalStub,
  paypalGenuineSignature,
  paypalStubCredentials,
  startPayPalStub,
} from '#src/modules/payments/testing/paypal-stub.ts';
import { createTestApp, getJson, postJson, type TestApp } from '#src/test/app.ts';
import { type Cart, readyCart, variantsInStock } from '#src/test/orders.ts';

/**
 * The same as paypal-approval.api.test.ts with PayPal itself (PAYMENTS_MODE=live against the PayPal
 * stub): the webhook's CHECKOUT.ORDER.APPROVED event, verified by PayPal, captures the order.
 */
let shop: TestApp;
let paypal: PayPalStub;
let variantId: number;
beforeAll(async () => {
  paypal = await startPayPalStub();
  shop = await createTestApp({
    env: {
      PAYMENTS_MODE: 'live',
      PAYPAL_API_URL: paypal.url,
      PAYPAL_CLIENT_ID: paypalStubCredentials.clientId,
      PAYPAL_CLIENT_SECRET: paypalStubCredentials.clientSecret,
      PAYPAL_WEBHOOK_ID: paypalStubCredentials.webhookId,
      AMAZONPAY_PUBLIC_KEY_ID: 'LIVE-TEST',
      AMAZONPAY_PRIVATE_KEY: createAmazonPayTestKeys().privateKeyPem,
      AMAZONPAY_STORE_ID: 'store',
      AMAZONPAY_MERCHANT_ID: 'merchant',
    },
  });
  [variantId] = (await variantsInStock(shop.database.db)) as [number];
});
afterAll(async () => {
  await shop?.close();
  await paypal?.close();
});

/** A cart closed with PayPal and approved by the buyer on PayPal's page; answers the PayPal order id. */
async function approvedAtPayPal(): Promise<Cart & { reference: string }> {
  const cart = await readyCart(shop.app, variantId);
  const closed = await shop.app.inject({
    method: 'PUT',
    url: '/api/order/close',
    payload: { ...cart, paymentType: 'paypal' },
  });
  const reference = new URL(closed.json().redirectUrl).searchParams.get('token') as string;
  paypal.approve(reference);
  return { ...cart, reference };
}

let transmission = 0;
/** PayPal's webhook for the approval, signed as the stub's verify-webhook-signature accepts. */
function notifyApproved(reference: string) {
  transmission += 1;
  return shop.app.inject({
    method: 'POST',
    url: '/api/payment/webhook/paypal',
    headers: {
      'content-type': 'application/json',
      'paypal-transmission-id': `b2f1c3a0-0000-11ef-0000-${String(transmission).padStart(12, '0')}`,
      'paypal-transmission-time': '2025-03-01T10:00:01Z',
      'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-1',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-transmission-sig': paypalGenuineSignature,
    },
    payload: JSON.stringify({
      id: `WH-APPROVED-${transmission}`,
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource_type: 'checkout-order',
      resource: { id: reference, intent: 'CAPTURE', status: 'APPROVED' },
    }),
  });
}

const capturesAtPayPal = (reference: string) =>
  paypal.requests.filter((request) => request.path === `/v2/checkout/orders/${reference}/capture`);

async function capturedPayments(orderId: number) {
  const [row] = await queryRows<{ n: number }>(
    shop.database.db,
    sql`SELECT count(*)::int AS n FROM payments WHERE order_id = ${orderId} AND status = 'captured'`,
  );
  return row?.n;
}

describe("PayPal's CHECKOUT.ORDER.APPROVED webhook", () => {
  it('captures and pays an order whose buyer never came back', async () => {
    const order = await approvedAtPayPal();
    expect((await notifyApproved(order.reference)).statusCode).toBe(200);
    const paid = await getJson(shop.app, `/api/order/${order.orderId}/${order.key}`);
    expect(paid.body.status).toBe('paid');
    expect(paid.body.vouchers).toHaveLength(1);
    expect(await capturedPayments(order.orderId)).toBe(1);
  });

  it('and the buyer coming back at the same moment: one capture at PayPal, the order paid once', async () => {
    const order = await approvedAtPayPal();
    const [notified, back] = await Promise.all([
      notifyApproved(order.reference),
      postJson(shop.app, '/api/order/paypal-transaction', {
        orderId: order.orderId,
        key: order.key,
        payPalOrderId: order.reference,
      }),
    ]);
    expect(notified.statusCode).toBe(200);
    expect(back.status).toBe(200);
    expect(back.body.status).toBe('paid');
    expect(await capturedPayments(order.orderId)).toBe(1);
    // Both asked with the payment's one request id: PayPal made one capture and answered it twice.
    const requestIds = new Set(capturesAtPayPal(order.reference).map((r) => r.headers['paypal-request-id']));
    expect(requestIds.size).toBe(1);
  });
});
