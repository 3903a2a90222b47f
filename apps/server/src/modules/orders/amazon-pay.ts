import type { Database } from '#src/db/client.ts';
import {
  findLatestPayment,
  findOrderPayment,
  type PaymentRow,
} from '#src/modules/payments/payments.repository.ts';
import { closeOrder } from './checkout.service.ts';
import type { Access, Caller, CheckoutDeps } from './checkout-context.ts';
import { type CheckoutRefusal, goneRefusal, isRefusal } from './checkout-refusals.ts';
import { loadOrder, type Shopper } from './order-access.ts';

/** Amazon Pay's calls (SPEC §7 amazonpay-create, -createredirect, -authorized), answered in one shape. */
export type AmazonPaySession = { amazonCheckoutSessionId: string; redirectUrl: string | null; state: string };

/**
 * amazonpay-create and amazonpay-createredirect: the order's checkout session, created by closing the
 * order with Amazon Pay (a repeat answers the session the first close made); with `sessionId`, that one.
 */
export async function amazonPaySession(
  deps: CheckoutDeps,
  caller: Caller,
  access: Access,
  sessionId?: string,
): Promise<AmazonPaySession | CheckoutRefusal> {
  const closed = await closeOrder(deps, caller, { ...access, paymentType: 'amazonpay' });
  if (isRefusal(closed)) return closed;
  const payment =
    sessionId === undefined
      ? closed.payment
      : await findOrderPayment(deps.db, access.orderId, 'amazonpay', sessionId);
  return presentSession(payment);
}

/**
 * amazonpay-authorized, a status read: the state of the order's Amazon Pay checkout session (the one
 * named, or its latest). It changes nothing, neither the order nor its payments.
 */
export async function amazonPayStatus(
  db: Database,
  shopper: Shopper,
  access: Access,
  sessionId?: string,
): Promise<AmazonPaySession | CheckoutRefusal> {
  const order = await loadOrder(db, shopper, access.orderId, access.key);
  const gone = goneRefusal(order);
  if (gone) return gone;
  const payment =
    sessionId === undefined
      ? await findLatestPayment(db, order.id, 'amazonpay')
      : await findOrderPayment(db, order.id, 'amazonpay', sessionId);
  return presentSession(payment);
}

function presentSession(payment: PaymentRow | null): AmazonPaySession | CheckoutRefusal {
  if (payment?.provider !== 'amazonpay') return { refusal: 'no-amazon-pay-session' };
  return {
    amazonCheckoutSessionId: payment.provider_reference,
    redirectUrl: payment.status === 'created' ? payment.approval_url : null,
    state: payment.status,
  };
}
