import type { Locale } from '@shop/contracts/locale';
import type { Order } from '@shop/contracts/orders';
import type { Database } from '#src/db/client.ts';
import type { ProviderName } from '#src/modules/payments/payment-provider.ts';
import { findOrderPayment } from '#src/modules/payments/payments.repository.ts';
import type { Access, Caller, CheckoutDeps } from './checkout-context.ts';
import { type CheckoutRefusal, isRefusal } from './checkout-refusals.ts';
import { loadOrder } from './order-access.ts';
import { orderDocuments } from './order-documents.ts';
import { presentOrder } from './order-presenter.ts';
import { snapshotOf } from './order-snapshot.ts';
import type { OrderRow } from './orders.repository.ts';
import { awaitsPayment, captureAndBook } from './payment-capture.ts';

/**
 * The buyer is back from the provider's page (SPEC §7 paypal-transaction, amazonpay-complete): the
 * approved payment is captured and the paid order shown. A repeat (double submit, reload, two tabs, or
 * after the provider's notification already paid it) shows the order paid once.
 */
export async function completePayment(
  deps: CheckoutDeps,
  caller: Caller,
  input: Access & { provider: ProviderName; reference: string },
): Promise<Order | CheckoutRefusal> {
  const { db } = deps;
  let order = await loadOrder(db, caller, input.orderId, input.key);
  const payment = await findOrderPayment(db, order.id, input.provider, input.reference);
  if (!payment) return { refusal: 'unknown-payment' };
  // A concurrent return or notification booked the payment between the two reads: booking marks the
  // payment and the order in one transaction, so the order read again is paid.
  if (payment.status === 'captured' && order.status !== 'paid') {
    order = await loadOrder(db, caller, input.orderId, input.key);
  }
  if (order.status === 'paid') {
    if (payment.status === 'captured') return presentPaidOrder(db, order, caller.locale);
    return { refusal: 'order-closed', orderId: order.id, status: order.status };
  }
  // The same return again (a reload, the back button) after a decline or a lapsed approval asks the
  // provider again and says what it says (declined, lapsed), not that the order no longer awaits it.
  if (payment.status !== 'declined' && !awaitsPayment(order, payment)) {
    return { refusal: 'payment-not-awaited', orderId: order.id };
  }
  const outcome = await captureAndBook(deps, payment);
  if (isRefusal(outcome)) return outcome;
  return presentPaidOrder(db, await loadOrder(db, caller, input.orderId, input.key), caller.locale);
}

async function presentPaidOrder(db: Database, order: OrderRow, locale: Locale): Promise<Order> {
  const snapshot = await snapshotOf(db, order, locale);
  snapshot.documents = await orderDocuments(db, order.id);
  return presentOrder(snapshot, locale);
}
