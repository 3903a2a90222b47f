import type { Order, PaymentType } from '@shop/contracts/orders';
import type { Database } from '#src/db/client.ts';
import { queueOrderMail } from '#src/modules/mail/mail-outbox.ts';
import type { ProviderName } from '#src/modules/payments/payment-provider.ts';
import { findLatestPayment, type PaymentRow } from '#src/modules/payments/payments.repository.ts';
import type { Access, Caller, CheckoutDeps } from './checkout-context.ts';
import {
  type CheckoutRefusal,
  goneRefusal,
  isRefusal,
  RefusedInTransaction,
  refusedOutcome,
} from './checkout-refusals.ts';
import { loadOrder } from './order-access.ts';
import { releaseHold, takeHold } from './order-holds.ts';
import { markOrderPaid } from './order-paid.ts';
import { type OrderSnapshot, presentOrder } from './order-presenter.ts';
import { cardUsable, snapshotOf } from './order-snapshot.ts';
import type { OrderRow } from './orders.repository.ts';
import * as repository from './orders.repository.ts';
import { startProviderPayment } from './start-payment.ts';
import { clientHashOf, holdForTransfer } from './transfer-holds.ts';
import { runWorkflow, type Step } from './workflow.ts';

/**
 * Checking out: closing the order with a payment type (SPEC §4 "Order flow"), as two steps: close the
 * order (take its hold, fix its totals) and, for PayPal and Amazon Pay, start the provider's payment.
 * When the provider cannot start one, the close is undone and the order is a cart again.
 */

export type ClosedOrder = { order: Order; redirectUrl: string | null; payment: PaymentRow | null };

/**
 * Closes the order with a payment type. The order row is locked for the whole closing step, so a double
 * click, a retry or a second tab gets the outcome of the first close instead of a second order or payment.
 */
export async function closeOrder(
  deps: CheckoutDeps,
  caller: Caller,
  input: CloseRequest,
): Promise<ClosedOrder | CheckoutRefusal> {
  return runWorkflow(
    'close-order',
    async (run) => {
      const closed = await run.step(closeOrderStep, { deps, caller, input });
      if (isRefusal(closed)) return closed;
      const { order } = closed.snapshot;
      let payment: PaymentRow | null = null;
      if (closed.isNewlyPending) {
        const provider = input.paymentType as ProviderName;
        const started = await run.step(startProviderPayment, { deps, caller, order, provider });
        if (started && isRefusal(started)) return started;
        payment = started;
      } else if (order.status === 'payment-pending') {
        payment = await findLatestPayment(deps.db, order.id);
        if (!payment && order.payment_type === input.paymentType) {
          // A close cut off between its two steps (the database went away after the hold was taken,
          // before the payment was recorded) left nothing to approve: start it now. The provider's
          // request id is fixed per closing, so it answers the payment it may have made then.
          const provider = input.paymentType as ProviderName;
          const started = await run.step(startProviderPayment, { deps, caller, order, provider });
          if (started && isRefusal(started)) return started;
          payment = started;
        }
      }
      const redirectUrl = payment?.status === 'created' ? payment.approval_url : null;
      return { order: presentOrder(closed.snapshot, caller.locale), redirectUrl, payment };
    },
    isRefusal,
  );
}

/** SPEC §7 set-wiretransfer: an order waiting for PayPal / Amazon Pay is paid by bank transfer instead. */
export function switchToWireTransfer(deps: CheckoutDeps, caller: Caller, access: Access) {
  return closeOrder(deps, caller, { ...access, paymentType: 'wiretransfer' });
}

/** `confirmedTotal`: the cents the buyer saw when they confirmed, if the client sent it. */
type CloseRequest = Access & { paymentType: PaymentType; confirmedTotal?: number | undefined };
type CloseInput = { deps: CheckoutDeps; caller: Caller; input: CloseRequest };
/** The order as closed; `isNewlyPending` when this close made it wait for a provider's payment. */
type Closed = { snapshot: OrderSnapshot; isNewlyPending: boolean };

/**
 * Step: in one transaction, takes the order's hold and moves it on: paid (nothing left to pay),
 * awaiting a bank transfer (within the limits on what transfers hold), or waiting for PayPal / Amazon
 * Pay. An order already closed with the same payment type is answered as it is. Compensation: an order
 * left waiting for a provider that could not start the payment goes back to the cart.
 */
const closeOrderStep: Step<CloseInput, Closed | CheckoutRefusal> = {
  name: 'close-order',
  run: async ({ deps, caller, input }) => {
    const isTransfer = input.paymentType === 'wiretransfer';
    const clientHash = isTransfer && caller.clientIp ? await clientHashOf(deps.db, caller.clientIp) : null;
    return deps.db
      .transaction(async (tx) => {
        // Lock first, read after: a read that waited for the lock would see the lines, code and cards as
        // they were before the wait (READ COMMITTED re-checks only the locked row).
        const order = await loadOrder(tx, caller, input.orderId, input.key, true);
        const locked = await snapshotOf(tx, order, caller.locale);
        const gone = goneRefusal(order);
        if (gone) throw new RefusedInTransaction(gone);
        if (caller.customerId && order.customer_id === null) {
          await repository.assignOrder(tx, order.id, caller.customerId);
        }
        const unchanged: Closed = { snapshot: locked, isNewlyPending: false };
        if (order.status === 'paid' || order.status === 'awaiting-payment') return unchanged;
        if (order.status === 'payment-pending') {
          if (order.payment_type === input.paymentType) {
            // Another tab closed it for another amount: the buyer is not sent on for a total not seen.
            const changed = changedTotalRefusal(locked, input.confirmedTotal);
            if (changed) throw new RefusedInTransaction(changed);
            return unchanged;
          }
          // The customer left PayPal / Amazon Pay and chose another way to pay: start over from the cart.
          await releaseHold(tx, order, 'cart');
        }
        const snapshot = order.status === 'cart' ? locked : await snapshotOf(tx, order, caller.locale);
        const refusal =
          closingRefusal(snapshot, input.paymentType) ?? changedTotalRefusal(snapshot, input.confirmedTotal);
        // Refusals roll back, with the transaction, a release of the hold above.
        if (refusal) throw new RefusedInTransaction(refusal);
        await takeHold(tx, snapshot, caller.locale, caller.codeOwnerGuard);
        if (isTransfer && snapshot.totals.totalCents > 0) {
          const { openLimit } = deps.payments.wireTransfer;
          await holdForTransfer(tx, snapshot, { clientHash, openLimit }, caller.locale);
        }
        const closed = await moveOn(tx, deps, order, snapshot, input.paymentType);
        // The lines show the stock left after this order's hold, as a later read would.
        const items = snapshot.items.map((item) => ({ ...item, stock: item.stock - item.quantity }));
        return {
          snapshot: { ...snapshot, order: closed, items },
          isNewlyPending: closed.status === 'payment-pending',
        };
      })
      .catch(refusedOutcome);
  },
  async compensate({ deps }, closed) {
    if (isRefusal(closed) || !closed.isNewlyPending) return;
    await deps.db.transaction(async (tx) => {
      const locked = await repository.findOrder(tx, closed.snapshot.order.id, true);
      if (locked?.status === 'payment-pending') await releaseHold(tx, locked, 'cart');
    });
  },
};

/** Why this cart cannot close with this payment type, if it cannot. */
function closingRefusal(snapshot: OrderSnapshot, paymentType: PaymentType): CheckoutRefusal | null {
  if (!snapshot.items.length) return { refusal: 'cart-empty' };
  if (!snapshot.order.customer_data) return { refusal: 'customer-data-missing' };
  // A gift card used up elsewhere since it was applied: tell the customer instead of charging them more.
  if (snapshot.cards.some((card) => !cardUsable(card))) {
    return { refusal: 'gift-card-unusable', reason: 'no-longer-usable' };
  }
  if (paymentType === 'credit' && snapshot.totals.totalCents > 0) return { refusal: 'credit-short' };
  return null;
}

/**
 * The cart's total is not the one the buyer confirmed: it changed since the checkout showed it (another
 * tab added, removed or re-priced something). Refused before any hold or payment, with the new total.
 */
function changedTotalRefusal(
  snapshot: OrderSnapshot,
  confirmedTotal: number | undefined,
): CheckoutRefusal | null {
  if (confirmedTotal === undefined || confirmedTotal === snapshot.totals.totalCents) return null;
  return {
    refusal: 'cart-changed',
    totalCents: snapshot.totals.totalCents,
    currency: snapshot.order.currency,
  };
}

/** The closed order's next state: paid when nothing is left to pay, else waiting for the money. */
async function moveOn(
  tx: Database,
  deps: CheckoutDeps,
  order: OrderRow,
  snapshot: OrderSnapshot,
  paymentType: PaymentType,
): Promise<OrderRow> {
  const base = { totals: snapshot.totals, paymentType, closedAt: 'now' as const };
  if (snapshot.totals.totalCents === 0) {
    return markOrderPaid(tx, deps, await repository.updateOrder(tx, order.id, base));
  }
  if (paymentType === 'wiretransfer' || paymentType === 'credit') {
    const holdUntil = new Date(Date.now() + deps.payments.wireTransfer.holdDays * 86_400_000);
    const closed = await repository.updateOrder(tx, order.id, {
      ...base,
      status: 'awaiting-payment',
      holdUntil,
    });
    await queueOrderMail(tx, deps.jobs, order.id, 'order-received');
    return closed;
  }
  const holdUntil = new Date(Date.now() + deps.payments.holdMinutes * 60_000);
  return repository.updateOrder(tx, order.id, { ...base, status: 'payment-pending', holdUntil });
}
