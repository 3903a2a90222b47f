import type { Database } from '#src/db/client.ts';
import {
  type CaptureResult,
  type PaymentProviders,
  ProviderUnavailableError,
} from '#src/modules/payments/payment-provider.ts';
import {
  findPayment,
  markPaymentCaptured,
  markPaymentDeclined,
  type PaymentRow,
} from '#src/modules/payments/payments.repository.ts';
import { queueRefund } from '#src/modules/payments/refund-payment.job.ts';
import { type CheckoutRefusal, isRefusal } from './checkout-refusals.ts';
import { type FulfilmentDeps, markOrderPaid } from './order-paid.ts';
import type { OrderRow } from './orders.repository.ts';
import * as repository from './orders.repository.ts';
import { runWorkflow, type Step, type WorkflowRun } from './workflow.ts';

/**
 * Paying an order with a provider's capture, as named steps: capture the money at the provider (or
 * accept a capture the provider reported), then book it on the order, which fulfils it (order-paid.ts).
 * The capture's compensation is a refund: it runs when the order cannot take the money or booking fails.
 *
 * Whoever comes first, the buyer's return or the provider's notification, and however many come at once:
 * the capture's request id is fixed per payment, so the provider answers every capture call with its
 * first capture, and booking happens under the order's row lock, so the order is paid (and fulfilled) once.
 */

export type CaptureDeps = FulfilmentDeps & { db: Database; providers: PaymentProviders };
type Capture = Extract<CaptureResult, { status: 'captured' }>;
/** `booked`: this call paid the order; `already-booked`: an earlier or concurrent one did. */
export type CaptureOutcome = { captured: 'booked' | 'already-booked' } | CheckoutRefusal;

/** Whether the order waits for exactly this attempt: only then may it be captured. */
export function awaitsPayment(
  order: Pick<OrderRow, 'status' | 'payment_type'>,
  payment: PaymentRow,
): boolean {
  return (
    order.status === 'payment-pending' &&
    order.payment_type === payment.provider &&
    payment.status === 'created'
  );
}

/** Captures an approved payment (PayPal order, Amazon Pay checkout session) and books it on its order. */
export function captureAndBook(deps: CaptureDeps, payment: PaymentRow): Promise<CaptureOutcome> {
  return runWorkflow(
    'capture-payment',
    async (run) => {
      const result = await run.step(captureAtProvider, { deps, payment });
      if (isRefusal(result)) return result;
      if (result.status === 'not-approved') return { refusal: 'payment-not-approved' };
      if (result.status === 'declined') {
        await markPaymentDeclined(deps.db, payment.id);
        return { refusal: 'payment-declined', reason: result.reason };
      }
      if (result.status === 'expired') {
        // Not taken, and never will be: the attempt is over like a declined one.
        await markPaymentDeclined(deps.db, payment.id);
        return { refusal: 'approval-lapsed' };
      }
      return book(run, deps, payment, result);
    },
    isRefusal,
  );
}

/** Books a capture the provider made and reported itself (a notification after the buyer's tab closed). */
export function bookReportedCapture(
  deps: CaptureDeps,
  payment: PaymentRow,
  capture: Capture,
): Promise<CaptureOutcome> {
  return runWorkflow(
    'book-reported-capture',
    async (run) => {
      await run.step(acceptReportedCapture, { deps, payment, capture });
      return book(run, deps, payment, capture);
    },
    isRefusal,
  );
}

type CaptureInput = { deps: CaptureDeps; payment: PaymentRow };

/** Step: the provider moves the money. Compensation: it goes back by a refund. */
const captureAtProvider: Step<CaptureInput, CaptureResult | CheckoutRefusal> = {
  name: 'capture-at-provider',
  async run({ deps, payment }) {
    try {
      return await deps.providers[payment.provider].capturePayment({
        reference: payment.provider_reference,
        amountCents: payment.amount_cents,
        currency: payment.currency,
        requestId: `capture-${payment.id}`,
      });
    } catch (error) {
      if (error instanceof ProviderUnavailableError) {
        return { refusal: 'provider-unavailable', provider: payment.provider, during: 'capture' };
      }
      throw error;
    }
  },
  async compensate({ deps, payment }, result) {
    if (!isRefusal(result) && result.status === 'captured') await giveBack(deps, payment, result);
  },
};

/** Step: a capture that has already happened. Compensation: as for our own capture, a refund. */
const acceptReportedCapture: Step<CaptureInput & { capture: Capture }, Capture> = {
  name: 'accept-reported-capture',
  run: async ({ capture }) => capture,
  compensate: ({ deps, payment }, capture) => giveBack(deps, payment, capture),
};

/** Step: books the capture on its order and fulfils it, in one transaction. */
const bookOnOrder: Step<CaptureInput & { capture: Capture }, CaptureOutcome> = {
  name: 'book-on-order',
  async run({ deps, payment, capture }) {
    // Only the order's amount and currency are accepted; anything else goes back.
    if (capture.amountCents !== payment.amount_cents || capture.currency !== payment.currency) {
      return { refusal: 'payment-not-bookable' };
    }
    return deps.db.transaction(async (tx): Promise<CaptureOutcome> => {
      const order = await repository.findOrder(tx, payment.order_id, true);
      // Read under the order's lock, which a refund's marking takes too (giveBack).
      const current = await findPayment(tx, payment.id);
      if (!order || !current) return { refusal: 'payment-not-bookable' };
      if (order.status === 'paid') {
        return current.status === 'captured'
          ? { captured: 'already-booked' }
          : { refusal: 'payment-not-bookable' };
      }
      const isGivenBack = current.status === 'refund-pending' || current.status === 'refunded';
      if (isGivenBack || order.status !== 'payment-pending' || order.total_cents !== capture.amountCents) {
        return { refusal: 'payment-not-bookable' };
      }
      await markPaymentCaptured(tx, payment.id, capture.captureId);
      await markOrderPaid(tx, deps, order);
      return { captured: 'booked' };
    });
  },
};

function book(run: WorkflowRun, deps: CaptureDeps, payment: PaymentRow, capture: Capture) {
  return run.step(bookOnOrder, { deps, payment, capture });
}

/**
 * The compensation of a capture: the payment is marked for refunding and the refund job queued, in one
 * transaction under the order's row lock, so that it is ordered against booking the same payment: a
 * payment booked meanwhile is not refunded (payments.repository markRefundPending), and one marked for
 * refunding is not booked.
 */
async function giveBack(deps: CaptureDeps, payment: PaymentRow, capture: Capture): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await repository.findOrder(tx, payment.order_id, true);
    await queueRefund(tx, deps.jobs, payment.id, capture);
  });
}
