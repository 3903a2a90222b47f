import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import type { JobQueue } from '#src/modules/jobs/job-queue.ts';
import type { ProviderName } from '#src/modules/payments/payment-provider.ts';
import { findLatestPayment, type PaymentRow } from '#src/modules/payments/payments.repository.ts';
import { refundJobDefinition } from '#src/modules/payments/refund-payment.job.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { timePasses } from '#src/test/database.ts';
import { chooseOnSandbox, orderAsSeen, readyCart, variantsInStock } from '#src/test/orders.ts';
import { anHourPasses, backgroundMinute, holdRunsOut } from '#src/test/reconciliation.ts';
import type { CheckoutDeps } from './checkout-context.ts';

/**
 * Captured money is never lost (issue 23, docs/decisions/024), with the built-in simulator
 * (PAYMENTS_MODE=sandbox): payments the shop never booked, because the process that captured them died
 * or the buyer never came back, are found by asking the provider, then booked or refunded; a hold goes
 * back only when the provider says nothing was taken.
 */
let shop: TestApp;
let variantId: number;
let deps: CheckoutDeps;
const enqueued: { name: string; data: object }[] = [];
beforeAll(async () => {
  shop = await createTestApp();
  [variantId] = (await variantsInStock(shop.database.db)) as [number];
  // The app's own queue and services; the enqueued jobs are recorded to run the refund job by hand.
  const jobs: Pick<JobQueue, 'enqueue'> = {
    async enqueue(tx, name, data, options) {
      await shop.app.jobs.enqueue(tx, name, data, options);
      enqueued.push({ name, data });
    },
  };
  deps = { ...shop.app.background.checkout, jobs };
});
afterAll(() => shop?.close());

const db = () => shop.database.db;

/** A cart closed with `provider`: the order waits at the simulator; answers its payment row too. */
async function closedWith(provider: ProviderName) {
  const cart = await readyCart(shop.app, variantId);
  const closed = await shop.app.inject({
    method: 'PUT',
    url: '/api/order/close',
    payload: { ...cart, paymentType: provider },
  });
  expect(closed.statusCode).toBe(200);
  const payment = (await findLatestPayment(db(), cart.orderId)) as PaymentRow;
  return { cart, payment, redirectUrl: closed.json().redirectUrl as string };
}

/**
 * The capture a process sent to the provider before it was killed, with the payment's own request id,
 * as captureAndBook sends it: the provider took the money, the shop never booked it.
 */
async function capturedByALostProcess(payment: PaymentRow) {
  const capture = await deps.providers[payment.provider].capturePayment({
    reference: payment.provider_reference,
    amountCents: payment.amount_cents,
    currency: payment.currency,
    requestId: `capture-${payment.id}`,
  });
  expect(capture.status).toBe('captured');
}

const stockOf = async () =>
  (await queryRows<{ stock: number }>(db(), sql`SELECT stock FROM variants WHERE id = ${variantId}`))[0]
    ?.stock;

const paymentStatusOf = async (payment: PaymentRow) =>
  (await queryRows<{ status: string }>(db(), sql`SELECT status FROM payments WHERE id = ${payment.id}`))[0]
    ?.status;

const paid = { status: 'paid', vouchers: 1, invoiceNumber: expect.stringMatching(/^DEMO-/) };

describe.each(['paypal', 'amazonpay'] as const)('reconciling %s payments in the sandbox', (provider) => {
  it('a capture the shop never booked pays its order: vouchers, invoice and the payment mail', async () => {
    const { cart, payment, redirectUrl } = await closedWith(provider);
    await chooseOnSandbox(shop.app, redirectUrl, 'approve');
    await capturedByALostProcess(payment);
    await anHourPasses(db(), payment);
    expect((await orderAsSeen(shop.app, db(), cart)).status).toBe('payment-pending');

    await backgroundMinute(deps);
    const order = await orderAsSeen(shop.app, db(), cart);
    expect(order).toMatchObject(paid);
    expect(order.mails).toContain('payment-received');
    expect(await paymentStatusOf(payment)).toBe('captured');
    // Asked again, nothing happens twice.
    await anHourPasses(db(), payment);
    await backgroundMinute(deps);
    expect(await orderAsSeen(shop.app, db(), cart)).toEqual(order);
  });

  it('a hold that runs out with a captured payment is booked, not released', async () => {
    const { cart, payment, redirectUrl } = await closedWith(provider);
    await chooseOnSandbox(shop.app, redirectUrl, 'approve');
    await capturedByALostProcess(payment);
    const stock = await stockOf();
    await holdRunsOut(db(), cart);

    await backgroundMinute(deps);
    expect(await orderAsSeen(shop.app, db(), cart)).toMatchObject(paid);
    expect(await stockOf()).toBe(stock);
  });

  it('an approval whose buyer never came back is captured and booked when its hold runs out', async () => {
    const { cart, payment, redirectUrl } = await closedWith(provider);
    await chooseOnSandbox(shop.app, redirectUrl, 'approve');
    await holdRunsOut(db(), cart);

    await backgroundMinute(deps);
    expect(await orderAsSeen(shop.app, db(), cart)).toMatchObject(paid);
    expect(await paymentStatusOf(payment)).toBe('captured');
  });

  it('a capture its order can no longer take (the buyer paid by transfer meanwhile) is refunded by the refund job', async () => {
    const { cart, payment, redirectUrl } = await closedWith(provider);
    await chooseOnSandbox(shop.app, redirectUrl, 'approve');
    await capturedByALostProcess(payment);
    // The buyer saw an error and chose a bank transfer: the attempt is cancelled without asking anyone.
    const switched = await shop.app.inject({
      method: 'PUT',
      url: '/api/order/close',
      payload: { ...cart, paymentType: 'wiretransfer' },
    });
    expect(switched.json().order.status).toBe('awaiting-payment');
    expect(await paymentStatusOf(payment)).toBe('cancelled');
    await anHourPasses(db(), payment);

    enqueued.length = 0;
    await backgroundMinute(deps);
    expect(await paymentStatusOf(payment)).toBe('refund-pending');
    const refunds = enqueued.filter((job) => job.name === 'payments.refund');
    expect(refunds).toHaveLength(1);
    const refund = refundJobDefinition(deps);
    await refund.run(refunds[0]?.data as Parameters<typeof refund.run>[0]);
    expect(await paymentStatusOf(payment)).toBe('refunded');
    const atProvider = await queryRows<{ amount_cents: number }>(
      db(),
      sql`SELECT r.amount_cents FROM sandbox_refunds r JOIN sandbox_payments s ON s.capture_id = r.capture_id
          WHERE s.id = ${payment.provider_reference}`,
    );
    expect(atProvider).toEqual([{ amount_cents: payment.amount_cents }]);
    // The order still waits for the transfer, untouched.
    expect((await orderAsSeen(shop.app, db(), cart)).status).toBe('awaiting-payment');
  });

  it('a provider that does not answer keeps the hold; once it says nothing was taken, the order is a cart again', async () => {
    const { cart, payment, redirectUrl } = await closedWith(provider);
    // The simulator's time-out: the provider answers no call, the status call included.
    await chooseOnSandbox(shop.app, redirectUrl, 'timeout');
    const held = await stockOf();
    await holdRunsOut(db(), cart);

    await backgroundMinute(deps);
    expect((await orderAsSeen(shop.app, db(), cart)).status).toBe('payment-pending');
    expect(await stockOf()).toBe(held);
    expect(await paymentStatusOf(payment)).toBe('created');

    // A day later the payment has lapsed at the provider: nothing was taken.
    await timePasses(db(), 'sandbox_payments', payment.provider_reference, '25 hours');
    await anHourPasses(db(), payment);
    await backgroundMinute(deps);
    expect((await orderAsSeen(shop.app, db(), cart)).status).toBe('cart');
    expect(await stockOf()).toBe((held ?? 0) + 1);
    expect(await paymentStatusOf(payment)).toBe('cancelled');
  });

  it('a buyer still deciding keeps the hold while it runs; a cancelled payment gives it back once it ran out', async () => {
    const { cart, payment, redirectUrl } = await closedWith(provider);
    await anHourPasses(db(), payment);
    await backgroundMinute(deps);
    expect((await orderAsSeen(shop.app, db(), cart)).status).toBe('payment-pending');

    await chooseOnSandbox(shop.app, redirectUrl, 'cancel');
    await anHourPasses(db(), payment);
    await backgroundMinute(deps);
    expect((await orderAsSeen(shop.app, db(), cart)).status).toBe('payment-pending');

    await holdRunsOut(db(), cart);
    await anHourPasses(db(), payment);
    await backgroundMinute(deps);
    expect((await orderAsSeen(shop.app, db(), cart)).status).toBe('cart');
  });
});
