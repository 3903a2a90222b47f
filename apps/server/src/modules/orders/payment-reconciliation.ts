import type { JobDefinition } from '#src/modules/jobs/job-queue.ts';
import {
  type PaymentAtProvider,
  type ProviderName,
  ProviderUnavailableError,
} from '#src/modules/payments/payment-provider.ts';
import {
  claimPaymentChecks,
  findPayment,
  type PaymentRow,
  postponePaymentCheck,
  settlePaymentCheck,
} from '#src/modules/payments/payments.repository.ts';
import { CapturePendingError } from '#src/modules/payments/provider-http.ts';
import { queueReminderDispatch } from '#src/modules/reminders/reminder-dispatch.ts';
import type { CheckoutDeps } from './checkout-context.ts';
import { isRefusal } from './checkout-refusals.ts';
import { releaseHold } from './order-holds.ts';
import * as repository from './orders.repository.ts';
import { awaitsPayment, bookReportedCapture, captureAndBook } from './payment-capture.ts';

/**
 * Captured money is never lost (docs/decisions/024). A process killed between a provider's capture and
 * the booking transaction, or a buyer who approved and closed the tab, leaves an order waiting while the
 * provider holds the answer. So the provider is asked about every payment whose outcome it has not
 * confirmed, once it has waited PAYMENT_CHECK_AFTER_SECONDS and again with growing pauses, and always at
 * the end of its order's hold, before the hold may go back:
 *
 *   captured            → booked on its order (vouchers, invoice, mail), or refunded by the refund job
 *                         when the order can no longer take it (payment-capture.ts, the same workflow as
 *                         a provider's notification)
 *   approved            → captured and booked, as the buyer's return would
 *   waiting / not taken → the hold goes back (the order is a cart again) only once it has run out
 *   no answer           → nothing changes; asked again later
 *
 * Two runs at once (two processes, the schedule and a retry) claim disjoint payments (SKIP LOCKED), and
 * booking and refunding happen under the order's row lock with the payment's fixed capture request id,
 * so nothing is booked or refunded twice.
 */

export const reconcilePaymentsJob = 'payments.reconcile';

/** Payments claimed per round; a run takes rounds until none is due or its time is up. */
const batchSize = 50;
/** Provider calls at once: enough for a backlog, few enough not to look like an attack on the provider. */
const parallelCalls = 4;
/** A run stops claiming after this long: the next minute's run goes on. */
const runBudgetMs = 50_000;
/**
 * A claimed payment is due again after this long if its run died: longer than a run takes (its budget and
 * the calls in flight). A run that takes longer only lets a payment be asked about twice, which changes
 * nothing (booking and refunding are idempotent).
 */
const leaseSeconds = 120;

export type ReconciliationOutcome =
  /** The capture is booked on its order (by this run or, meanwhile, by the buyer or a notification). */
  | 'booked'
  /** Captured, but its order could not take it: the refund job is queued. */
  | 'refund-queued'
  /** Nothing was taken and the hold had run out: the order is a cart again. */
  | 'released'
  /** The outcome is known and needs nothing: no more questions about this payment. */
  | 'settled'
  /** The buyer has not decided and the hold runs on: asked again later. */
  | 'waiting'
  /** The provider did not answer (or not in a way to act on): asked again later. */
  | 'unanswered';

export type ReconciliationSummary = Record<ReconciliationOutcome, number>;

/** Every minute, once across all processes; `npm run worker` processes run it when web processes do not. */
export function reconcilePaymentsJobDefinition(deps: CheckoutDeps): JobDefinition<object> {
  return {
    name: reconcilePaymentsJob,
    retryLimit: 2,
    retryDelaySeconds: 30,
    expireInSeconds: 300,
    schedule: '* * * * *',
    async run() {
      await reconcilePayments(deps);
    },
  };
}

export async function reconcilePayments(deps: CheckoutDeps): Promise<ReconciliationSummary> {
  const summary: ReconciliationSummary = {
    booked: 0,
    'refund-queued': 0,
    released: 0,
    settled: 0,
    waiting: 0,
    unanswered: 0,
  };
  // A provider that did not answer once in a run is not asked again in it: a provider that is down
  // would otherwise cost a time-out per payment.
  const down = new Set<ProviderName>();
  const started = Date.now();
  for (;;) {
    const due = await claimPaymentChecks(deps.db, {
      waitedSeconds: deps.payments.checkAfterSeconds,
      limit: batchSize,
      leaseSeconds,
    });
    await eachWithAtMost(parallelCalls, due, async (payment) => {
      summary[await reconcilePayment(deps, payment, down)] += 1;
    });
    if (due.length < batchSize || Date.now() - started > runBudgetMs) break;
  }
  const checked = Object.values(summary).reduce((sum, count) => sum + count, 0);
  if (checked > 0) {
    // Counts and provider names only: nothing about the buyers.
    deps.log.info({ ...summary, unansweredProviders: [...down] }, 'payments reconciled with their providers');
  }
  return summary;
}

async function reconcilePayment(
  deps: CheckoutDeps,
  payment: PaymentRow,
  down: Set<ProviderName>,
): Promise<ReconciliationOutcome> {
  let answer: PaymentAtProvider | undefined;
  if (!down.has(payment.provider)) {
    try {
      answer = await deps.providers[payment.provider].paymentStatus(payment.provider_reference);
    } catch (error) {
      // A capture under review is an answer, just not a final one; anything else leaves the provider out
      // of this run. An answer we do not understand (PaymentProviderError) changes nothing either.
      if (error instanceof ProviderUnavailableError && !(error instanceof CapturePendingError)) {
        down.add(payment.provider);
      }
      const level = error instanceof ProviderUnavailableError ? 'warn' : 'error';
      deps.log[level](
        { err: error, payment: payment.id, provider: payment.provider },
        'payment check: no answer to act on; the order keeps waiting',
      );
    }
  }
  if (!answer) {
    await postponePaymentCheck(deps.db, payment.id, deps.payments.checkAfterSeconds);
    return 'unanswered';
  }
  try {
    const outcome = await act(deps, payment, answer);
    if (outcome === 'waiting' || outcome === 'unanswered') {
      await postponePaymentCheck(deps.db, payment.id, deps.payments.checkAfterSeconds);
    }
    return outcome;
  } catch (error) {
    deps.log.error(
      { err: error, payment: payment.id, provider: payment.provider },
      'payment check: acting on the answer failed; asked again later',
    );
    await postponePaymentCheck(deps.db, payment.id, deps.payments.checkAfterSeconds);
    return 'unanswered';
  }
}

async function act(
  deps: CheckoutDeps,
  payment: PaymentRow,
  answer: PaymentAtProvider,
): Promise<ReconciliationOutcome> {
  switch (answer.status) {
    case 'captured': {
      // The workflow of a provider's capture notification: booked when the order still waits for exactly
      // this amount, else given back (its compensation queues the refund). Either way the payment leaves
      // the states that are checked (captured, refund-pending).
      const outcome = await bookReportedCapture(deps, payment, answer);
      return isRefusal(outcome) ? 'refund-queued' : 'booked';
    }
    case 'approved': {
      const order = await repository.findOrder(deps.db, payment.order_id);
      if (!order || !awaitsPayment(order, payment)) {
        // The order stopped waiting for it (paid another way, back in the cart): nobody captures it, and
        // an approval alone moves no money.
        await settlePaymentCheck(deps.db, payment.id);
        return 'settled';
      }
      const outcome = await captureAndBook(deps, payment);
      if (!isRefusal(outcome)) return 'booked';
      if (outcome.refusal === 'payment-not-bookable') return 'refund-queued';
      // Declined at the capture: marked so (payments.repository markPaymentDeclined), nothing to ask.
      if (outcome.refusal === 'payment-declined') return 'settled';
      return outcome.refusal === 'provider-unavailable' ? 'unanswered' : 'waiting';
    }
    case 'waiting':
    case 'not-taken':
      return releaseIfRunOut(deps, payment);
  }
}

/**
 * Nothing is taken: the order's hold goes back once it has run out, under the order's row lock (the
 * buyer's return and the sweep take it too). Releasing cancels the payment, which keeps one more check
 * (cancelOpenPayments): a capture that was on its way meanwhile would show up there and be refunded.
 */
async function releaseIfRunOut(deps: CheckoutDeps, payment: PaymentRow): Promise<ReconciliationOutcome> {
  return deps.db.transaction(async (tx) => {
    const order = await repository.findOrder(tx, payment.order_id, true);
    const current = await findPayment(tx, payment.id);
    if (!order || !current || !awaitsPayment(order, current)) {
      // Cancelled already, or its order moved on: no money was taken and none will be.
      await settlePaymentCheck(tx, payment.id);
      return 'settled';
    }
    if (!(await repository.hasHoldRunOut(tx, order.id))) return 'waiting';
    await releaseHold(tx, order, 'cart');
    // The stock given back may be what reminders wait for (modules/reminders).
    await queueReminderDispatch(tx, deps.jobs, [order.id]);
    return 'released';
  });
}

/** Runs `work` on every item, at most `limit` at a time. */
async function eachWithAtMost<T>(limit: number, items: T[], work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
