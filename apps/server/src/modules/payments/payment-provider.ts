/**
 * One interface for every payment provider the shop redirects to (DESIGN.md "Payments"). The order
 * service owns the order's state; a provider only creates, captures, refunds and verifies. Wire
 * transfer and account credit need no provider.
 */
export type ProviderName = 'paypal' | 'amazonpay';

export type CreatePaymentInput = {
  orderId: number;
  amountCents: number;
  currency: string;
  /** Where the provider sends the customer after approving (our /checkout/authorize page). */
  returnUrl: string;
  /** Where the provider sends the customer after cancelling. */
  cancelUrl: string;
  /** Idempotency key of the create call: retrying it must not create a second payment. */
  requestId: string;
  /** The order's language, for the provider's page. */
  locale: 'de' | 'en' | 'it';
  /** Shown on the provider's page and the customer's statement. */
  description: string;
};

export type CreatedPayment = {
  /** PayPal order id / Amazon Pay checkout session id. */
  reference: string;
  /** The page where the customer approves the payment. */
  approvalUrl: string;
};

export type CaptureInput = {
  reference: string;
  /** The order's amount: the capture is accepted only if the provider's amount and currency equal it. */
  amountCents: number;
  currency: string;
  /** Idempotency key (PayPal-Request-Id, x-amz-pay-idempotency-key): a repeat returns the same capture. */
  requestId: string;
};

export type CaptureResult =
  | { status: 'captured'; captureId: string; amountCents: number; currency: string }
  /** The customer has not approved yet (or cancelled on the provider's page). */
  | { status: 'not-approved' }
  /** The provider refused the payment (card declined, risk check). */
  | { status: 'declined'; reason: string }
  /**
   * The buyer's approval lapsed before the capture (Amazon Pay's session expired; the simulator's
   * "approve too late"): nothing was taken, the buyer has to approve a new payment.
   */
  | { status: 'expired' };

/**
 * What the provider says about a payment when asked (the reconciliation's question, modules/orders/
 * payment-reconciliation.ts). Only `not-taken` lets the shop give the order's hold back; a provider that
 * does not answer, or answers with an outcome still open at its end (a capture under review), throws
 * ProviderUnavailableError: the outcome is unknown and the order keeps waiting.
 */
export type PaymentAtProvider =
  /** The money is taken: this capture (PayPal capture, Amazon Pay charge) holds it. */
  | Extract<CaptureResult, { status: 'captured' }>
  /** The buyer approved and nobody captured yet: a capture now takes the money. */
  | { status: 'approved' }
  /** The buyer has not approved (yet): no money moves unless they do and the shop captures. */
  | { status: 'waiting' }
  /** Voided, cancelled, declined, expired or unknown to the provider: no money was or will be taken. */
  | { status: 'not-taken'; reason: string };

export type RefundInput = { captureId: string; amountCents: number; currency: string; requestId: string };

/** A verified provider notification; `eventId` is unique per provider, so each is processed once. */
export type PaymentEvent = {
  eventId: string;
  /**
   * checkout-approved: the buyer approved the payment at the provider (PayPal's CHECKOUT.ORDER.APPROVED),
   * so it can be captured even if they never come back to the shop.
   */
  kind:
    | 'checkout-approved'
    | 'capture-completed'
    | 'capture-denied'
    | 'refund-completed'
    | 'checkout-canceled'
    | 'other';
  reference: string | null;
  captureId: string | null;
  amountCents: number | null;
  currency: string | null;
  payload: unknown;
};

/** The provider did not answer in time or answered with a server error: the outcome is unknown. */
export class ProviderUnavailableError extends Error {
  override name = 'ProviderUnavailableError';
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  capturePayment(input: CaptureInput): Promise<CaptureResult>;
  refund(input: RefundInput): Promise<{ refundId: string }>;
  /** Asks the provider where a payment stands (PayPal order, Amazon Pay checkout session, by reference). */
  paymentStatus(reference: string): Promise<PaymentAtProvider>;
  /**
   * Checks a notification's signature (PayPal: verify-webhook-signature; Amazon Pay: the IPN's
   * signed SNS message) and returns the event, or null when it is not genuine.
   */
  verifyEvent(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): Promise<PaymentEvent | null>;
}

export type PaymentProviders = Record<ProviderName, PaymentProvider>;
