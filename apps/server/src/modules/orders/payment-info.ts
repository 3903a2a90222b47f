import { toPrice } from '@shop/contracts/money';
import type { PaymentInfo } from '@shop/contracts/orders';
import { type EpcTransfer, epcPayload, epcQrSvg } from '#src/modules/documents/epc-qr.ts';
import { findLatestPayment } from '#src/modules/payments/payments.repository.ts';
import type { Access, CheckoutDeps } from './checkout-context.ts';
import { loadOrder, type Shopper } from './order-access.ts';
import { paymentReference } from './payment-reference.ts';

/**
 * The same EPC QR code the order-received mail attaches (documents/epc-qr.ts), as an <img> source; null
 * when the bank details make no valid code (the page then shows the details without it, never fails).
 */
async function giroCodeDataUrl(transfer: EpcTransfer): Promise<string | null> {
  let payload: string;
  try {
    payload = epcPayload(transfer);
  } catch {
    return null;
  }
  const svg = await epcQrSvg(payload);
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

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
  const isTransfer = order.payment_type === 'wiretransfer' && order.status !== 'cart';
  const reference = paymentReference(shopper.brand.short, order.id);
  return {
    status: order.status,
    paymentType: order.payment_type,
    amount,
    wireTransfer: isTransfer
      ? {
          accountHolder: bank.accountHolder,
          iban: bank.iban,
          bic: bank.bic,
          bank: bank.bank,
          reference,
          amount,
          dueDate: (order.hold_until ?? new Date()).toISOString().slice(0, 10),
          giroCode:
            order.status === 'awaiting-payment' && order.total_cents > 0
              ? await giroCodeDataUrl({
                  name: bank.accountHolder,
                  iban: bank.iban,
                  bic: bank.bic,
                  amountCents: order.total_cents,
                  reference,
                })
              : null,
        }
      : null,
    lastAttempt: payment ? { provider: payment.provider, status: payment.status } : null,
  };
}
