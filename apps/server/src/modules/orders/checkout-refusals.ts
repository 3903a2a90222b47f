import type { OrderStatus } from '@shop/contracts/orders';
import type { ProviderName } from '#src/modules/payments/payment-provider.ts';

/**
 * The expected ways checking out and paying can end without success, as values (after Vendure's
 * ErrorResult unions): the services return them, the HTTP edge (checkout.routes.ts) answers each with
 * the SPEC's status and problem type. Unexpected failures still throw.
 */
export type CheckoutRefusal =
  /** Cancelled or expired: gone for the cart (SPEC §8: 410 invalid-order). */
  | { refusal: 'order-gone'; orderId: number; status: OrderStatus }
  /** Paid by something else: it can no longer change (SPEC §8: 428 with code 115). */
  | { refusal: 'order-closed'; orderId: number; status: OrderStatus }
  | { refusal: 'cart-empty' }
  | { refusal: 'customer-data-missing' }
  /** Account credit must cover the whole order. */
  | { refusal: 'credit-short' }
  /** A card on the order was used up or expired since it was applied, or its balance changed while closing. */
  | { refusal: 'gift-card-unusable'; reason: 'no-longer-usable' | 'balance-changed' }
  | { refusal: 'sold-out'; title: string; left: number }
  /** The promotion code ran out; `message` is worded for the customer. */
  | { refusal: 'reduction-invalid'; message: string }
  /**
   * A bank transfer may not hold this order's units (docs/decisions/020): too many open transfers, or more
   * units than the buyer's share; `message` says what to do instead, worded for the customer.
   */
  | { refusal: 'transfer-limit'; reason: 'open-transfers' | 'quantity'; message: string }
  /** The provider timed out or failed: we do not know what happened, the customer may try again. */
  | { refusal: 'provider-unavailable'; provider: ProviderName; during: 'create' | 'capture' }
  | { refusal: 'unknown-payment' }
  /** The order does not wait for this payment (paid another way, back in the cart, the attempt ended). */
  | { refusal: 'payment-not-awaited'; orderId: number }
  | { refusal: 'payment-not-approved' }
  | { refusal: 'payment-declined'; reason: string }
  /** The buyer's approval lapsed at the provider before the capture: nothing taken, approve again. */
  | { refusal: 'approval-lapsed' }
  /**
   * The order's total is not the one the buyer confirmed (the cart changed in another tab): nobody is
   * sent to a provider for an amount they did not see.
   */
  | { refusal: 'cart-changed'; totalCents: number; currency: string }
  /** Captured, but the order could not take it (changed meanwhile): the money goes back. */
  | { refusal: 'payment-not-bookable' }
  | { refusal: 'no-amazon-pay-session' };

export function isRefusal(result: object): result is CheckoutRefusal {
  return 'refusal' in result;
}

/**
 * Carries a refusal out of a transaction that must roll back (a transaction rolls back on a throw):
 * thrown inside (here and by order-holds.ts), turned back into the value by `refusedOutcome` outside.
 */
export class RefusedInTransaction extends Error {
  override name = 'RefusedInTransaction';
  constructor(readonly refusal: CheckoutRefusal) {
    super(refusal.refusal);
  }
}

export function refusedOutcome(error: unknown): CheckoutRefusal {
  if (error instanceof RefusedInTransaction) return error.refusal;
  throw error;
}

/** A cancelled or expired order, as a refusal; null for every other status. */
export function goneRefusal(order: { id: number; status: OrderStatus }): CheckoutRefusal | null {
  return order.status === 'cancelled' || order.status === 'expired'
    ? { refusal: 'order-gone', orderId: order.id, status: order.status }
    : null;
}
