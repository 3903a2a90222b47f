import { toPrice } from '@shop/contracts/money';
import type { PaymentInfo } from '@shop/contracts/orders';
import { findLatestPayment } from '#src/modules/payments/payments.repository.ts';
import type { Access, CheckoutDeps } from './checkout-context.ts';
import { loadOrder, type Shopper } from './order-access.ts';
import { paymentReference } from './payment-reference.ts';

/** SPEC §7 GET /api/order/payment: how the order is paid, the bank details of a transfer, the last attempt. */
export async function paymentInfo(
  deps: Pick<CheckoutDeps, 'db' | 'payments'>,
  shopper: Shopper,
  access: Access,
): Promise<PaymentInfo> {
  const order = await loadOrder(deps.db, shopper, access.orderId, access.key);
  const payment = await findLatestPayment(deps.db, order.id);
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
