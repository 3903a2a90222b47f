import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import type { JobQueue } from '#src/modules/jobs/job-queue.ts';
import type { ProviderName } from '#src/modules/payments/payment-provider.ts';
import { findLatestPayment, type PaymentRow } from '#src/modules/payments/payments.repository.ts';
import { refundJobDefinition } from '#src/modules/payments/refund-payment.job.ts';
import {
  type AmazonPayStub,
  amazonPayStubIds,
  createAmazonPayTestKeys,
  startAmazonPayStub,
} from '#src/modules/payments/testing/amazonpay-stub.ts';
import {
  type PayPalStub,
  paypalStubCredentials,
  startPayPalStub,
} from '#src/modules/payments/testing/paypal-stub.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { orderAsSeen, readyCart, variantsInStock } from '#src/test/orders.ts';
import { anHourPasses, backgroundMinute, holdRunsOut } from '#src/test/reconciliation.ts';
import type { CheckoutDeps } from './checkout-context.ts';

/**
 * The same as payment-reconciliation.api.test.ts with PayPal and Amazon Pay themselves
 * (PAYMENTS_MODE=live against their stubs): the reconciliation asks PayPal's GET order and Amazon Pay's
 * GET checkout session and GET charge, and books, captures, refunds or releases on their answers.
 * No provider notification is sent: these are the payments a lost webhook would leave behind.
 */
let shop: TestApp;
let paypal: PayPalStub;
let amazonPay: AmazonPayStub;
let variantId: number;
let deps: CheckoutDeps;
const enqueued: { name: string; data: object }[] = [];
beforeAll(async () => {
  const keys = createAmazonPayTestKeys();
  [paypal, amazonPay] = await Promise.all([startPayPalStub(), startAmazonPayStub(keys.publicKey)]);
  shop = await createTestApp({
    env: {
      PAYMENTS_MODE: 'live',
      PAYMENT_TIMEOUT_MS: '1000',
      PAYPAL_API_URL: paypal.url,
      PAYPAL_CLIENT_ID: paypalStubCredentials.clientId,
      PAYPAL_CLIENT_SECRET: paypalStubCredentials.clientSecret,
      PAYPAL_WEBHOOK_ID: paypalStubCredentials.webhookId,
      AMAZONPAY_API_URL: amazonPay.url,
      AMAZONPAY_PUBLIC_KEY_ID: keys.publicKeyId,
      AMAZONPAY_PRIVATE_KEY: keys.privateKeyPem,
      AMAZONPAY_STORE_ID: amazonPayStubIds.storeId,
      AMAZONPAY_MERCHANT_ID: amazonPayStubIds.merchantId,
    },
  });
  [variantId] = (await variantsInStock(shop.database.db)) as [number];
  const jobs: Pick<JobQueue, 'enqueue'> = {
    async enqueue(tx, name, data, options) {
      await shop.app.jobs.enqueue(tx, name, data, options);
      enqueued.push({ name, data });
    },
  };
  deps = { ...shop.app.background.checkout, jobs };
});
afterAll(async () => {
  await shop?.close();
  await Promise.all([paypal?.close(), amazonPay?.close()]);
});

const db = () => shop.database.db;

/** How each provider's buyer approves: PayPal's page, or Amazon's page and the way back to the shop. */
const approveAt: Record<ProviderName, (reference: string) => void> = {
  paypal: (reference) => paypal.approve(reference),
  amazonpay: (reference) => amazonPay.returnBuyer(reference),
};
/** The provider gives up on the payment: PayPal voids the order, Amazon cancels the session. */
const cancelAt: Record<ProviderName, (reference: string) => void> = {
  paypal: (reference) => paypal.voidOrder(reference),
  amazonpay: (reference) => amazonPay.cancel(reference, 'BuyerCanceled'),
};
const stubOf = (provider: ProviderName) => (provider === 'paypal' ? paypal : amazonPay);

async function closedWith(provider: ProviderName) {
  const cart = await readyCart(shop.app, variantId);
  const closed = await shop.app.inject({
    method: 'PUT',
    url: '/api/order/close',
    payload: { ...cart, paymentType: provider },
  });
  expect(closed.statusCode).toBe(200);
  const payment = (await findLatestPayment(db(), cart.orderId)) as PaymentRow;
  return { cart, payment };
}

/** The capture a killed process sent with the payment's own request id: taken, never booked. */
async function capturedByALostProcess(payment: PaymentRow) {
  approveAt[payment.provider](payment.provider_reference);
  const capture = await deps.providers[payment.provider].capturePayment({
    reference: payment.provider_reference,
    amountCents: payment.amount_cents,
    currency: payment.currency,
    requestId: `capture-${payment.id}`,
  });
  if (capture.status !== 'captured') throw new Error(`not captured: ${capture.status}`);
  return capture;
}

const paymentStatusOf = async (payment: PaymentRow) =>
  (await queryRows<{ status: string }>(db(), sql`SELECT status FROM payments WHERE id = ${payment.id}`))[0]
    ?.status;

const paid = { status: 'paid', vouchers: 1, invoiceNumber: expect.stringMatching(/^DEMO-/) };

describe.each(['paypal', 'amazonpay'] as const)('reconciling %s payments (live mode, stub)', (provider) => {
  it('a capture the shop never booked pays its order: vouchers, invoice and the payment mail', async () => {
    const { cart, payment } = await closedWith(provider);
    await capturedByALostProcess(payment);
    await anHourPasses(db(), payment);

    await backgroundMinute(deps);
    const order = await orderAsSeen(shop.app, db(), cart);
    expect(order).toMatchObject(paid);
    expect(order.mails).toContain('payment-received');
  });

  it('a hold that runs out with a captured payment is booked, not released', async () => {
    const { cart, payment } = await closedWith(provider);
    await capturedByALostProcess(payment);
    await holdRunsOut(db(), cart);

    await backgroundMinute(deps);
    expect(await orderAsSeen(shop.app, db(), cart)).toMatchObject(paid);
  });

  it('a capture its order can no longer take is refunded through the refund job, at the provider', async () => {
    const { cart, payment } = await closedWith(provider);
    const capture = await capturedByALostProcess(payment);
    const switched = await shop.app.inject({
      method: 'PUT',
      url: '/api/order/close',
      payload: { ...cart, paymentType: 'wiretransfer' },
    });
    expect(switched.json().order.status).toBe('awaiting-payment');
    await anHourPasses(db(), payment);

    enqueued.length = 0;
    await backgroundMinute(deps);
    const refunds = enqueued.filter((job) => job.name === 'payments.refund');
    expect(refunds).toHaveLength(1);
    const refund = refundJobDefinition(deps);
    await refund.run(refunds[0]?.data as Parameters<typeof refund.run>[0]);
    expect(await paymentStatusOf(payment)).toBe('refunded');
    // One refund of the whole capture, asked of the provider by the job.
    const refundsAtProvider = stubOf(provider).requests.filter((request) =>
      provider === 'paypal'
        ? request.path === `/v2/payments/captures/${capture.captureId}/refund`
        : request.path === '/v2/refunds' && request.body.includes(`"chargeId":"${capture.captureId}"`),
    );
    expect(refundsAtProvider).toHaveLength(1);
    expect(refundsAtProvider[0]?.body).toContain(`"${(payment.amount_cents / 100).toFixed(2)}"`);
  });

  it('a provider that does not answer keeps the hold; once it says nothing was taken, the order is a cart again', async () => {
    const { cart, payment } = await closedWith(provider);
    cancelAt[provider](payment.provider_reference);
    await holdRunsOut(db(), cart);

    stubOf(provider).failNext({ status: 503, body: {} });
    await backgroundMinute(deps);
    expect((await orderAsSeen(shop.app, db(), cart)).status).toBe('payment-pending');
    expect(await paymentStatusOf(payment)).toBe('created');

    await anHourPasses(db(), payment);
    await backgroundMinute(deps);
    expect((await orderAsSeen(shop.app, db(), cart)).status).toBe('cart');
    expect(await paymentStatusOf(payment)).toBe('cancelled');
  });
});

describe('an approval at PayPal whose buyer never came back and whose webhook never arrived', () => {
  it('is captured at PayPal with the payment’s request id and booked once its hold runs out', async () => {
    const { cart, payment } = await closedWith('paypal');
    paypal.approve(payment.provider_reference);
    await holdRunsOut(db(), cart);

    await backgroundMinute(deps);
    expect(await orderAsSeen(shop.app, db(), cart)).toMatchObject(paid);
    const captures = paypal.requests.filter(
      (request) => request.path === `/v2/checkout/orders/${payment.provider_reference}/capture`,
    );
    expect(captures.map((request) => request.headers['paypal-request-id'])).toEqual([
      `capture-${payment.id}`,
    ]);
  });
});
