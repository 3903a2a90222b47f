import type { Database } from '#src/db/client.ts';
import { findInvoice } from '#src/modules/invoices/invoices.repository.ts';
import { listVouchers, presentVoucherUse } from '#src/modules/vouchers/vouchers.repository.ts';
import type { OrderDocuments } from './order-presenter.ts';

/** What a paid order shows besides itself: its vouchers (id, code, state) and its invoice number. */
export async function orderDocuments(db: Database, orderId: number): Promise<OrderDocuments> {
  const [vouchers, invoice] = await Promise.all([listVouchers(db, orderId), findInvoice(db, orderId)]);
  return {
    vouchers: vouchers.map((voucher) => ({
      id: voucher.id,
      code: voucher.code,
      ...presentVoucherUse(voucher),
    })),
    invoiceNumber: invoice?.invoice_number ?? null,
  };
}
