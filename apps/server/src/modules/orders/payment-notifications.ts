import {
  type PaymentEvent,
  type ProviderName,
  ProviderUnavailableError,
} from '#src/modules/payments/payment-provider.ts';
import {
  findNotifiedPayment,
  markPaymentDeclined,
  type PaymentRow,
} from '#src/modules/payments/payments.repository.ts';
import { isRefusal } from './checkout-refusals.ts';
import * as repository from './orders.repository.ts';
import { awaitsPayment, bookReportedCapture, type CaptureDeps, captureAndBook } from './payment-capture.ts';

/**
 * Applies a verified provider notification (webhook / IPN), already de-duplicated by the webhook route.
 * What the buyer's browser never reported (a closed tab) still pays the order: an approval is captured,
 * a capture is booked. A denied capture marks the attempt declined. Throwing makes the provider deliver
 * the notification again.
 */
export async function handlePaymentEvent(
  deps: CaptureDeps,
  provider: ProviderName,
  event: PaymentEvent,
): Promise<void> {
  const match = event.reference
    ? { reference: event.reference }
    : event.captureId
      ? { captureId: event.captureId }
      : null;
  if (!match) return;
  const payment = await findNotifiedPayment(deps.db, provider, match);
  if (!payment) return;
  if (event.kind === 'checkout-approved') {
    await captureApproved(deps, payment);
  } else if (
    event.kind === 'capture-completed' &&
    event.captureId &&
    event.amountCents !== null &&
    event.currency
  ) {
    if (payment.status === 'captured') return;
    await bookReportedCapture(deps, payment, {
      status: 'captured',
      captureId: event.captureId,
      amountCents: event.amountCents,
      currency: event.currency,
    });
  } else if (event.kind === 'capture-denied' && payment.status === 'created') {
    await markPaymentDeclined(deps.db, payment.id);
  }
}

/**
 * The buyer approved at the provider (PayPal's CHECKOUT.ORDER.APPROVED) but may never come back: we
 * capture as their return would, through the same workflow, so the order is paid once either way.
 */
async function captureApproved(deps: CaptureDeps, payment: PaymentRow): Promise<void> {
  const order = await repository.findOrder(deps.db, payment.order_id);
  // Captured by the buyer's return already, or the order no longer waits for it (back in the cart, paid
  // another way): nothing to capture.
  if (!order || !awaitsPayment(order, payment)) return;
  const outcome = await captureAndBook(deps, payment);
  if (isRefusal(outcome) && outcome.refusal === 'provider-unavailable') {
    throw new ProviderUnavailableError(
      `${payment.provider} did not answer the capture of payment ${payment.id}`,
    );
  }
}
