import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import type { JobQueue } from '#src/modules/jobs/job-queue.ts';
import type { PaymentProviders } from '#src/modules/payments/payment-provider.ts';
import { findOrderPayment, type PaymentRow } from '#src/modules/payments/payments.repository.ts';
import { queueRefund, refundJobDefinition } from '#src/modules/payments/refund-payment.job.ts';
import { createSandboxProviders } from '#src/modules/payments/sandbox/sandbox-providers.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { type Cart, chooseOnSandbox, readyCart, variantsInStock } from '#src/test/orders.ts';
import { type CaptureDeps, captureAndBook } from './payment-capture.ts';

/**
 * The capture workflow's compensation: money captured for an order that cannot take it (it changed
 * between the check and the booking, or booking failed) goes back through the payments.refund job.
 */
let shop: TestApp;
let variantId: number;
let sandbox: PaymentProviders;
beforeAll(async () => {
  shop = await createTestApp();
  [variantId] = (await variantsInStock(shop.database.db)) as [number];
  sandbox = createSandboxProviders(shop.database.db);
});
afterAll(() => shop?.close());

/** A PayPal order the buyer approved in the simulator; answers its payment row. */
async function approvedOrder(): Promise<Cart & { payment: PaymentRow }> {
  const cart = await readyCart(shop.app, variantId);
  const closed = await shop.app.inject({
    method: 'PUT',
    url: '/api/order/close',
    payload: { ...cart, paymentType: 'paypal' },
  });
  const { redirectUrl } = closed.json() as { redirectUrl: string };
  await chooseOnSandbox(shop.app, redirectUrl, 'approve');
  const payment = await findOrderPayment(
    shop.database.db,
    cart.orderId,
    'paypal',
    redirectUrl.split('/').pop() as string,
  );
  if (!payment) throw new Error('no payment row');
  return { ...cart, payment };
}

type Enqueued = { name: string; data: object };
/** The app's queue, recording what is enqueued; `failing` names jobs whose enqueue throws. */
function recordingJobs(failing: string[] = []) {
  const enqueued: Enqueued[] = [];
  const jobs: Pick<JobQueue, 'enqueue'> = {
    async enqueue(tx, name, data, options) {
      if (failing.includes(name)) throw new Error(`enqueue ${name} failed`);
      await shop.app.jobs.enqueue(tx, name, data, options);
      enqueued.push({ name, data });
    },
  };
  return { jobs, enqueued };
}

const rowsOf = async (cart: Cart) => {
  const { db } = shop.database;
  const [order] = await queryRows<{ status: string }>(
    db,
    sql`SELECT status FROM orders WHERE id = ${cart.orderId}`,
  );
  const [payment] = await queryRows<{ status: string; capture_id: string | null }>(
    db,
    sql`SELECT status, capture_id FROM payments WHERE order_id = ${cart.orderId} AND provider = 'paypal'`,
  );
  const [vouchers] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM vouchers WHERE order_id = ${cart.orderId}`,
  );
  return { order: order?.status, payment, vouchers: vouchers?.n };
};

describe('capturing a payment the order can no longer take', () => {
  it('refunds it by the payments.refund job: queued with the refund-pending status, refunded when it runs', async () => {
    const order = await approvedOrder();
    const { jobs, enqueued } = recordingJobs();
    // While PayPal captures, the buyer switches to bank transfer in another tab.
    const providers: PaymentProviders = {
      ...sandbox,
      paypal: {
        ...sandbox.paypal,
        async capturePayment(input) {
          const result = await sandbox.paypal.capturePayment(input);
          await shop.app.inject({ method: 'PUT', url: '/api/order/set-wiretransfer', payload: order });
          return result;
        },
      },
    };
    const deps: CaptureDeps = { ...shop.app.background.checkout, providers, jobs };

    expect(await captureAndBook(deps, order.payment)).toEqual({ refusal: 'payment-not-bookable' });
    const after = await rowsOf(order);
    expect(after).toMatchObject({ order: 'awaiting-payment', vouchers: 0 });
    expect(after.payment).toEqual({
      status: 'refund-pending',
      capture_id: expect.stringMatching(/^SBX-CAP-/),
    });
    expect(enqueued).toEqual([
      {
        name: 'payments.refund',
        data: { paymentId: order.payment.id, amountCents: order.payment.amount_cents, currency: 'EUR' },
      },
    ]);
    // Given back again (a late capture notification, the return racing the webhook): still one job.
    await queueRefund(shop.database.db, jobs, order.payment.id, {
      captureId: after.payment?.capture_id as string,
      amountCents: order.payment.amount_cents,
      currency: 'EUR',
    });
    expect(enqueued).toHaveLength(1);

    const refund = refundJobDefinition({ db: shop.database.db, providers: sandbox });
    await refund.run(enqueued[0]?.data as Parameters<typeof refund.run>[0]);
    expect((await rowsOf(order)).payment?.status).toBe('refunded');
    const refunds = await queryRows<{ amount_cents: number }>(
      shop.database.db,
      sql`SELECT amount_cents FROM sandbox_refunds WHERE capture_id = ${after.payment?.capture_id}`,
    );
    expect(refunds).toEqual([{ amount_cents: order.payment.amount_cents }]);
  });

  it('refunds it when booking fails unexpectedly, and the failure still reaches the caller', async () => {
    const order = await approvedOrder();
    // The payment mail cannot be queued: the paying transaction rolls back.
    const { jobs, enqueued } = recordingJobs(['mail.send']);
    const deps: CaptureDeps = { ...shop.app.background.checkout, providers: sandbox, jobs };

    await expect(captureAndBook(deps, order.payment)).rejects.toThrow('enqueue mail.send failed');
    const after = await rowsOf(order);
    expect(after).toMatchObject({ order: 'payment-pending', vouchers: 0 });
    expect(after.payment?.status).toBe('refund-pending');
    expect(enqueued.map((job) => job.name)).toEqual(['payments.refund']);

    // Money on its way back is never booked: the buyer's retry is refused.
    const retry = await shop.app.inject({
      method: 'POST',
      url: '/api/order/paypal-transaction',
      payload: { orderId: order.orderId, key: order.key, payPalOrderId: order.payment.provider_reference },
    });
    expect(retry.statusCode).toBe(402);
    expect((await rowsOf(order)).order).toBe('payment-pending');
  });

  it('books, and refunds nothing, when the order can take it', async () => {
    const order = await approvedOrder();
    const { jobs, enqueued } = recordingJobs();
    const deps: CaptureDeps = { ...shop.app.background.checkout, providers: sandbox, jobs };
    expect(await captureAndBook(deps, order.payment)).toEqual({ captured: 'booked' });
    expect(await captureAndBook(deps, order.payment)).toEqual({ captured: 'already-booked' });
    expect(await rowsOf(order)).toMatchObject({
      order: 'paid',
      payment: { status: 'captured' },
      vouchers: 1,
    });
    expect(enqueued.map((job) => job.name)).toEqual(['mail.send']);
  });
});
