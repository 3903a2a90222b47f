import type { Locale } from '@shop/contracts/locale';
import { toPrice } from '@shop/contracts/money';
import type { Order, PaymentInfo, PaymentType } from '@shop/contracts/orders';
import { sql } from 'drizzle-orm';
import type { PaymentsConfig } from '#src/config.ts';
import { type Database, queryRows } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import type { JobDefinition } from '#src/modules/jobs/job-queue.ts';
import { queueOrderMail } from '#src/modules/mail/mail-outbox.ts';
import {
  type PaymentEvent,
  type PaymentProviders,
  type ProviderName,
  ProviderUnavailableError,
} from '#src/modules/payments/payment-provider.ts';
import { assertNotGone, loadOrder, orderClosed, type Shopper } from './order-access.ts';
import { orderDocuments } from './order-documents.ts';
import { isHolding, releaseHold, takeHold } from './order-holds.ts';
import { type FulfilmentDeps, markOrderPaid } from './order-paid.ts';
import { presentOrder } from './order-presenter.ts';
import { cardUsable, snapshotOf } from './order-snapshot.ts';
import type { OrderRow } from './orders.repository.ts';
import * as repository from './orders.repository.ts';
import { paymentReference } from './payment-reference.ts';

/** Closing and paying an order (SPEC §4 "Order flow", DESIGN.md "Payments"). */

export type CheckoutDeps = FulfilmentDeps & {
  db: Database;
  providers: PaymentProviders;
  payments: PaymentsConfig;
};
type Access = { orderId: number; key: string };
/** The caller's origin (https://brand.example): provider pages send the customer back there. */
type Caller = Shopper & { origin: string };

type PaymentRow = {
  id: number;
  order_id: number;
  provider: ProviderName;
  provider_reference: string;
  status: string;
  amount_cents: number;
  currency: string;
  approval_url: string | null;
  capture_id: string | null;
};

const paymentFailed = (detail: string) => new HttpProblem(402, 'payment-failed', detail);

export type CloseResult = { order: Order; redirectUrl: string | null; payment: PaymentRow | null };

/**
 * Closes the order with a payment type. The order row is locked for the whole step, so a double click, a
 * retry or a second tab gets the outcome of the first close instead of a second order or payment.
 */
export async function closeOrder(
  deps: CheckoutDeps,
  caller: Caller,
  input: Access & { paymentType: PaymentType },
): Promise<CloseResult> {
  const { db } = deps;
  const outcome = await db.transaction(async (tx) => {
    // Lock first, read after: a read that waited for the lock would see the lines, code and cards as
    // they were before the wait (READ COMMITTED re-checks only the locked row).
    const order = await loadOrder(tx, caller, input.orderId, input.key, true);
    const locked = await snapshotOf(tx, order, caller.locale);
    assertNotGone(order);
    const unchanged = { snapshot: locked, create: false };
    if (order.status === 'paid' || order.status === 'awaiting-payment') return unchanged;
    if (order.status === 'payment-pending') {
      if (order.payment_type === input.paymentType) return unchanged;
      // The customer left PayPal / Amazon Pay and chose another way to pay: start over from the cart.
      await releaseHold(tx, order, 'cart');
    }
    const snapshot = order.status === 'cart' ? locked : await snapshotOf(tx, order, caller.locale);
    if (!snapshot.items.length) throw new HttpProblem(409, 'order-conflict', 'the cart is empty');
    if (!order.customer_data) throw new HttpProblem(409, 'order-conflict', 'customer data missing');
    // A gift card used up elsewhere since it was applied: tell the customer instead of charging them more.
    if (snapshot.cards.some((card) => !cardUsable(card))) {
      throw new HttpProblem(422, 'invalid-giftcard', 'a gift card on the order can no longer be used');
    }
    const { totalCents } = snapshot.totals;
    if (input.paymentType === 'credit' && totalCents > 0) {
      throw new HttpProblem(409, 'order-conflict', 'the credit does not cover the order');
    }
    await takeHold(tx, snapshot, caller.locale);
    const base = { totals: snapshot.totals, paymentType: input.paymentType, closedAt: 'now' as const };
    let closed: OrderRow;
    let create = false;
    if (totalCents === 0) {
      closed = await markOrderPaid(tx, deps, await repository.updateOrder(tx, order.id, base));
    } else if (input.paymentType === 'wiretransfer' || input.paymentType === 'credit') {
      const holdUntil = new Date(Date.now() + deps.payments.wireTransfer.holdDays * 86_400_000);
      closed = await repository.updateOrder(tx, order.id, { ...base, status: 'awaiting-payment', holdUntil });
      await queueOrderMail(tx, deps.jobs, order.id, 'order-received');
    } else {
      const holdUntil = new Date(Date.now() + deps.payments.holdMinutes * 60_000);
      closed = await repository.updateOrder(tx, order.id, { ...base, status: 'payment-pending', holdUntil });
      create = true;
    }
    // The lines show the stock left after this order's hold, as a later read would.
    const items = snapshot.items.map((item) => ({ ...item, stock: item.stock - item.quantity }));
    return { snapshot: { ...snapshot, order: closed, items }, create };
  });

  const { order } = outcome.snapshot;
  let payment: PaymentRow | null = null;
  if (outcome.create) payment = await startPayment(deps, caller, order, input.paymentType as ProviderName);
  else if (order.status === 'payment-pending') payment = await latestPayment(db, order.id);
  const redirectUrl = payment?.status === 'created' ? payment.approval_url : null;
  return { order: presentOrder(outcome.snapshot, caller.locale), redirectUrl, payment };
}

/** Asks the provider for a payment; if it cannot, the order goes back to the cart and the customer is told. */
async function startPayment(deps: CheckoutDeps, caller: Caller, order: OrderRow, provider: ProviderName) {
  const { db } = deps;
  const orderId = order.id;
  const back = `${caller.origin}/checkout/authorize?provider=${provider}&orderId=${orderId}`;
  try {
    const created = await deps.providers[provider].createPayment({
      orderId,
      amountCents: order.total_cents,
      currency: order.currency,
      returnUrl: back,
      cancelUrl: `${back}&cancelled=1`,
      requestId: `order-${orderId}-${order.closed_at?.getTime() ?? 0}`,
      locale: caller.locale,
      description: `${caller.brand.name} #${orderId}`,
    });
    const [payment] = await queryRows<PaymentRow>(
      db,
      sql`INSERT INTO payments (order_id, provider, provider_reference, status, amount_cents, currency, approval_url)
          VALUES (${orderId}, ${provider}, ${created.reference}, 'created', ${order.total_cents}, ${order.currency},
            ${created.approvalUrl})
          ON CONFLICT (provider, provider_reference) DO UPDATE SET updated_at = now()
          RETURNING *`,
    );
    return payment ?? null;
  } catch (error) {
    await db.transaction(async (tx) => {
      const locked = await repository.findOrder(tx, orderId, true);
      if (locked?.status === 'payment-pending') await releaseHold(tx, locked, 'cart');
    });
    if (error instanceof ProviderUnavailableError) throw paymentFailed(`${provider} is not reachable`);
    throw error;
  }
}

async function latestPayment(db: Database, orderId: number): Promise<PaymentRow | null> {
  const [row] = await queryRows<PaymentRow>(
    db,
    sql`SELECT * FROM payments WHERE order_id = ${orderId} ORDER BY id DESC LIMIT 1`,
  );
  return row ?? null;
}

/** SPEC §7 set-wiretransfer: an order waiting for PayPal / Amazon Pay is paid by bank transfer instead. */
export function switchToWireTransfer(deps: CheckoutDeps, caller: Caller, access: Access) {
  return closeOrder(deps, caller, { ...access, paymentType: 'wiretransfer' });
}

/**
 * Captures the approved payment (PayPal order, Amazon Pay checkout session) and marks the order paid.
 * The capture's request id is fixed per payment, so a repeat (double submit, reload, two tabs) returns the
 * provider's first capture, and the order is paid once.
 */
export async function capturePayment(
  deps: CheckoutDeps,
  caller: Caller,
  input: Access & { provider: ProviderName; reference: string },
): Promise<Order> {
  const { db } = deps;
  const order = await loadOrder(db, caller, input.orderId, input.key);
  const [payment] = await queryRows<PaymentRow>(
    db,
    sql`SELECT * FROM payments WHERE order_id = ${order.id} AND provider = ${input.provider}
          AND provider_reference = ${input.reference}`,
  );
  if (!payment) throw paymentFailed('unknown payment');
  if (order.status === 'paid') {
    if (payment.status === 'captured') return presentPaidOrder(db, order, caller.locale);
    throw orderClosed(order);
  }
  if (
    order.status !== 'payment-pending' ||
    order.payment_type !== input.provider ||
    payment.status !== 'created'
  ) {
    throw paymentFailed(`order ${order.id} is not waiting for this payment`);
  }
  let result: Awaited<ReturnType<PaymentProviders[ProviderName]['capturePayment']>>;
  try {
    result = await deps.providers[input.provider].capturePayment({
      reference: payment.provider_reference,
      amountCents: payment.amount_cents,
      currency: payment.currency,
      requestId: `capture-${payment.id}`,
    });
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw paymentFailed(`${input.provider} did not answer`);
    throw error;
  }
  if (result.status === 'not-approved') throw paymentFailed('the payment was not approved');
  if (result.status === 'declined') {
    await setPaymentStatus(db, payment.id, 'declined');
    throw paymentFailed(`declined: ${result.reason}`);
  }
  const paid = await recordCapture(deps, payment, result);
  if (!paid) throw paymentFailed('the order could not take this payment');
  return presentPaidOrder(db, await loadOrder(db, caller, input.orderId, input.key), caller.locale);
}

async function presentPaidOrder(db: Database, order: OrderRow, locale: Locale): Promise<Order> {
  const snapshot = await snapshotOf(db, order, locale);
  snapshot.documents = await orderDocuments(db, order.id);
  return presentOrder(snapshot, locale);
}

async function setPaymentStatus(db: Database, paymentId: number, status: string) {
  await db.execute(sql`UPDATE payments SET status = ${status}, updated_at = now() WHERE id = ${paymentId}`);
}

/**
 * Books a capture on its order: only with the order's amount and currency, and only while the order still
 * waits for it. Otherwise the money goes back to the customer. True when the order is (now) paid by it.
 */
async function recordCapture(
  deps: CheckoutDeps,
  payment: PaymentRow,
  capture: { captureId: string; amountCents: number; currency: string },
): Promise<boolean> {
  const matches = capture.amountCents === payment.amount_cents && capture.currency === payment.currency;
  const booked = matches
    ? await deps.db.transaction(async (tx) => {
        const order = await repository.findOrder(tx, payment.order_id, true);
        if (!order) return false;
        if (order.status === 'paid') {
          const [same] = await queryRows<{ id: number }>(
            tx,
            sql`SELECT id FROM payments WHERE id = ${payment.id} AND status = 'captured'`,
          );
          return same !== undefined;
        }
        if (order.status !== 'payment-pending' || order.total_cents !== capture.amountCents) return false;
        await tx.execute(
          sql`UPDATE payments SET status = 'captured', capture_id = ${capture.captureId}, updated_at = now()
              WHERE id = ${payment.id}`,
        );
        await markOrderPaid(tx, deps, order);
        return true;
      })
    : false;
  if (!booked) {
    // The money goes back by a job, queued with the status in one transaction: a refund the provider
    // refuses or does not answer is retried, and the payment says 'refunded' only once it confirmed.
    await deps.db.transaction(async (tx) => {
      await tx.execute(
        sql`UPDATE payments SET status = 'refund-pending', capture_id = ${capture.captureId}, updated_at = now()
            WHERE id = ${payment.id}`,
      );
      await deps.jobs.enqueue(
        tx,
        refundJob,
        { paymentId: payment.id, amountCents: capture.amountCents, currency: capture.currency },
        { singletonKey: `refund-${payment.id}` },
      );
    });
  }
  return booked;
}

const refundJob = 'payments.refund';

/** Gives back a capture the shop could not book; the request id makes a retry the same refund. */
export function refundJobDefinition(
  deps: Pick<CheckoutDeps, 'db' | 'providers'>,
): JobDefinition<{ paymentId: number; amountCents: number; currency: string }> {
  return {
    name: refundJob,
    retryLimit: 10,
    retryDelaySeconds: 30,
    expireInSeconds: 120,
    async run({ paymentId, amountCents, currency }) {
      const [payment] = await queryRows<PaymentRow>(
        deps.db,
        sql`SELECT * FROM payments WHERE id = ${paymentId}`,
      );
      if (payment?.status !== 'refund-pending' || !payment.capture_id) return;
      await deps.providers[payment.provider].refund({
        captureId: payment.capture_id,
        amountCents,
        currency,
        requestId: `refund-${payment.id}`,
      });
      await setPaymentStatus(deps.db, payment.id, 'refunded');
    },
  };
}

/**
 * A verified provider notification (webhook / IPN), already de-duplicated: a capture the customer's
 * browser never reported (closed tab) still pays the order; a denied one marks the attempt declined.
 */
export async function handlePaymentEvent(deps: CheckoutDeps, provider: ProviderName, event: PaymentEvent) {
  // Amazon Pay's notifications name the charge, not the checkout session: those match on the capture.
  const match = event.reference
    ? sql`provider_reference = ${event.reference}`
    : event.captureId
      ? sql`capture_id = ${event.captureId}`
      : null;
  if (!match) return;
  const [payment] = await queryRows<PaymentRow>(
    deps.db,
    sql`SELECT * FROM payments WHERE provider = ${provider} AND ${match}`,
  );
  if (!payment) return;
  if (event.kind === 'capture-completed' && event.captureId && event.amountCents !== null && event.currency) {
    if (payment.status === 'captured') return;
    await recordCapture(deps, payment, {
      captureId: event.captureId,
      amountCents: event.amountCents,
      currency: event.currency,
    });
  } else if (event.kind === 'capture-denied' && payment.status === 'created') {
    await setPaymentStatus(deps.db, payment.id, 'declined');
  }
}

export async function paymentInfo(
  deps: CheckoutDeps,
  shopper: Shopper,
  access: Access,
): Promise<PaymentInfo> {
  const order = await loadOrder(deps.db, shopper, access.orderId, access.key);
  const payment = await latestPayment(deps.db, order.id);
  const amount = toPrice(order.status === 'cart' ? 0 : order.total_cents, shopper.locale);
  const bank = deps.payments.wireTransfer;
  return {
    status: order.status,
    paymentType: order.payment_type,
    amount,
    wireTransfer:
      order.payment_type === 'wiretransfer' && order.status !== 'cart'
        ? {
            accountHolder: bank.accountHolder,
            iban: bank.iban,
            bic: bank.bic,
            bank: bank.bank,
            reference: paymentReference(shopper.brand.short, order.id),
            amount,
            dueDate: (order.hold_until ?? new Date()).toISOString().slice(0, 10),
          }
        : null,
    lastAttempt: payment ? { provider: payment.provider, status: payment.status } : null,
  };
}

export async function orderMeta(db: Database, shopper: Shopper, access: Access) {
  const order = await loadOrder(db, shopper, access.orderId, access.key);
  const snapshot = await snapshotOf(db, order, shopper.locale);
  const email = order.customer_data?.email;
  const returning = email ? await repository.hasPaidBefore(db, order.brand_id, email, order.id) : false;
  const revenue = snapshot.totals.subtotalCents - snapshot.totals.discountCents;
  return {
    id: order.id,
    status: order.status,
    itemCount: snapshot.items.reduce((sum, item) => sum + item.quantity, 0),
    total: toPrice(snapshot.totals.totalCents, shopper.locale),
    affiliate: {
      id: order.id,
      total: revenue,
      currency: 'EUR' as const,
      customer: returning ? 1 : 0,
      usedReduction: snapshot.reduction?.code ?? null,
    },
    referral: order.referral
      ? {
          code: order.referral.code,
          path: order.referral.path,
          referer: order.referral.referer,
          used: order.referral.used,
        }
      : null,
  };
}

/** Amazon Pay (SPEC §7): the checkout session of the order, created by closing it with amazonpay. */
export async function amazonPaySession(
  deps: CheckoutDeps,
  caller: Caller,
  access: Access,
  sessionId?: string,
) {
  const closed = await closeOrder(deps, caller, { ...access, paymentType: 'amazonpay' });
  const payment =
    sessionId === undefined
      ? closed.payment
      : (
          await queryRows<PaymentRow>(
            deps.db,
            sql`SELECT * FROM payments WHERE order_id = ${access.orderId} AND provider = 'amazonpay'
                  AND provider_reference = ${sessionId}`,
          )
        )[0];
  if (payment?.provider !== 'amazonpay') throw paymentFailed('no Amazon Pay checkout session');
  return {
    amazonCheckoutSessionId: payment.provider_reference,
    redirectUrl: payment.status === 'created' ? payment.approval_url : null,
    state: payment.status,
  };
}

/** Once a minute across all processes (pg-boss runs a schedule once): expired holds go back. */
export function releaseExpiredHoldsJob(deps: Pick<CheckoutDeps, 'db' | 'jobs'>): JobDefinition<object> {
  return {
    name: 'orders.release-expired-holds',
    retryLimit: 2,
    retryDelaySeconds: 10,
    expireInSeconds: 300,
    schedule: '* * * * *',
    async run() {
      // Batches of 100 until none is left, so a backlog after downtime clears in one run.
      while ((await releaseExpiredHolds(deps)) === 100) {}
    },
  };
}

/**
 * Gives back what expired orders hold: wire transfers not paid in time expire; orders left at PayPal or
 * Amazon Pay go back to being carts. Rows another process is working on are skipped.
 */
export async function releaseExpiredHolds(
  deps: Pick<CheckoutDeps, 'db' | 'jobs'>,
  batch = 100,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const expired = await repository.findExpiredHolds(tx, batch);
    for (const { id } of expired) {
      const order = (await repository.findOrder(tx, id)) as OrderRow;
      if (!isHolding(order)) continue;
      const isUnpaidTransfer = order.status === 'awaiting-payment';
      await releaseHold(tx, order, isUnpaidTransfer ? 'expired' : 'cart');
      if (isUnpaidTransfer) await queueOrderMail(tx, deps.jobs, order.id, 'transfer-expired');
    }
    return expired.length;
  });
}
