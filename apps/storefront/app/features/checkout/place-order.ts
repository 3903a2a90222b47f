import type { OrderNotification, PaymentType } from '@shop/contracts/orders';
import { optInAtCheckout } from '#app/features/newsletter/api/newsletter-calls.ts';
import { adjustedOrderToast, adjustedOrderToastMs } from '#app/lib/orders/adjusted-order.ts';
import { adoptOrder, forgetCart, refreshCart } from '#app/lib/orders/cart-store.ts';
import { showToast } from '#app/lib/toasts.ts';
import { closeOrder, prepareOrder, saveCustomer } from './api/checkout-calls.ts';
import { type FieldErrors, isCustomerField } from './customer-form.ts';
import type { CustomerRequest } from './customer-validation.ts';

/** Where placing the order ended: the form shows it or the page moves on. */
export type PlaceOrderOutcome =
  /** The server refused the data or the payment: messages for the form (field ones and others). */
  | { kind: 'refused'; fieldErrors: FieldErrors; formErrors: string[] }
  /** Preparing changed the order (SPEC §4): the toast has been shown; the customer checks the order. */
  | { kind: 'adjusted'; notifications: OrderNotification[] }
  /** Said by a toast already (no connection, unexpected error) or nothing to say. */
  | { kind: 'stopped' }
  /**
   * The order's total is not the one the buyer confirmed (changed in another tab): nothing was closed;
   * the cart shows the new amount (cents, `currency`) and the buyer confirms again.
   */
  | { kind: 'changed'; total: number; currency: string }
  /** PayPal / Amazon Pay: the customer approves there and comes back to /checkout/authorize. */
  | { kind: 'redirect'; url: string }
  /** Closed (wire transfer waits for the money, credit is paid): the order page. */
  | { kind: 'closed'; path: string };

/**
 * SPEC §4 order flow, the checkout's steps in order: save the customer data, prepare (the server
 * re-checks stock, prices and codes and adjusts the order), close with the payment type. Each step's
 * answer becomes the cart; a step that fails ends the sequence (nothing has been charged before the
 * close, and the close itself is idempotent per click-attempt).
 */
export async function placeOrder(
  request: CustomerRequest,
  paymentType: PaymentType,
  /** Cents: the total on the page when the buyer clicked. */
  confirmedTotal: number,
): Promise<PlaceOrderOutcome> {
  const access = { orderId: request.orderId, key: request.key };

  const saved = await saveCustomer(request);
  if (!saved.ok) {
    const fieldErrors: FieldErrors = {};
    for (const [field, message] of Object.entries(saved.reaction.fieldErrors)) {
      if (isCustomerField(field)) fieldErrors[field] = message;
    }
    // Field messages show at their fields; the detail list only when none of them is one of ours.
    const formErrors = Object.keys(fieldErrors).length > 0 ? [] : saved.reaction.errors;
    return formErrors.length > 0 || Object.keys(fieldErrors).length > 0
      ? { kind: 'refused', fieldErrors, formErrors }
      : { kind: 'stopped' };
  }
  adoptOrder(saved.data);
  // The newsletter box starts the double opt-in (the server mails the confirmation link); it never
  // stops the purchase. Without the tick nothing is sent: there is nothing to ask for.
  if (request.newsletter) await optInAtCheckout(access);

  const prepared = await prepareOrder(access);
  if (!prepared.ok) return { kind: 'stopped' };
  adoptOrder(prepared.data.order);
  const adjusted = adjustedOrderToast(prepared.data);
  if (adjusted) {
    showToast({ tone: 'danger', parts: adjusted, durationMs: adjustedOrderToastMs });
    return { kind: 'adjusted', notifications: prepared.data.notifications };
  }

  const closed = await closeOrder(access, paymentType, confirmedTotal);
  if (!closed.ok) {
    const problem = closed.failure.kind === 'problem' ? closed.failure.problem : null;
    if (problem?.type === 'cart-changed' && problem.total !== undefined) {
      // The cart as it is now (the answers above may predate the change): its total is the new one.
      await refreshCart();
      return { kind: 'changed', total: problem.total, currency: problem.currency ?? 'EUR' };
    }
    // A toast has said it already; otherwise (a gift card used up, an empty cart) the form says it.
    return closed.reaction.toast || closed.reaction.errors.length === 0
      ? { kind: 'stopped' }
      : { kind: 'refused', fieldErrors: {}, formErrors: closed.reaction.errors };
  }
  const { order, redirectUrl } = closed.data;
  if (order.status === 'payment-pending' && redirectUrl) {
    adoptOrder(order);
    return { kind: 'redirect', url: redirectUrl };
  }
  // The order is closed: this browser's next add starts a new cart (SPEC §4).
  forgetCart();
  return { kind: 'closed', path: `/complete/${order.id}/${encodeURIComponent(order.token)}` };
}
