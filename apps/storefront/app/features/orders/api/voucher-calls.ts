import type { Order } from '@shop/contracts/orders';
import type { Voucher, VoucherUpdate } from '@shop/contracts/vouchers';
import { type ApiResult, api } from '#app/lib/api-client.ts';

/** The id and key of an order, as its page's address has them. */
export type OrderAccess = { orderId: string; orderKey: string };

const accessPath = ({ orderId, orderKey }: OrderAccess) =>
  `${encodeURIComponent(orderId)}/${encodeURIComponent(orderKey)}`;

const voucherParams = ({ orderId, orderKey }: OrderAccess, voucherId: number) => ({
  id: orderId,
  key: orderKey,
  voucherId,
});

/** The order again, in the background (waiting for its vouchers): no site lock, no toast. */
export function pollOrder({ orderId, orderKey }: OrderAccess): Promise<ApiResult<Order>> {
  return api('GET /api/order/{id}/{key}', {
    action: 'lookup',
    params: { id: orderId, key: orderKey },
    isSilent: true,
  });
}

/** One voucher with its guest data, read in the background (the card shows its own loading state). */
export function getVoucher(access: OrderAccess, voucherId: number): Promise<ApiResult<Voucher>> {
  return api('GET /api/voucher/{id}/{key}/{voucherId}', {
    action: 'lookup',
    params: voucherParams(access, voucherId),
    isSilent: true,
  });
}

/** SPEC §7 PUT /api/voucher: the guest's name, a message and the layout, until the voucher is printed. */
export function saveVoucher(
  access: OrderAccess,
  voucherId: number,
  update: VoucherUpdate,
): Promise<ApiResult<Voucher>> {
  return api('PUT /api/voucher/{id}/{key}/{voucherId}', {
    action: 'voucher',
    params: voucherParams(access, voucherId),
    body: update,
  });
}

/**
 * Prints the voucher: locks its guest data for good (SPEC §4). The server refuses it before a guest's
 * name is saved; it answers the locked voucher, also when it was printed before.
 */
export function printVoucher(access: OrderAccess, voucherId: number): Promise<ApiResult<Voucher>> {
  return api('POST /api/voucher/print/{id}/{key}/{voucherId}', {
    action: 'voucher',
    params: voucherParams(access, voucherId),
  });
}

/**
 * The voucher's PDF: an A4 page to print, or the same voucher laid out to show at the desk on a phone.
 * Opening it locks nothing (mail scanners fetch links too): before `printVoucher` it is a preview
 * stamped as not valid, after it the voucher.
 */
export const voucherPdfPath = (access: OrderAccess, voucherId: number, format: 'a4' | 'phone' = 'a4') =>
  `/api/voucher/download/${accessPath(access)}/${voucherId}${format === 'phone' ? '-phone' : ''}.pdf`;

export const invoicePdfPath = (access: OrderAccess, invoiceNumber: string) =>
  `/api/invoice/download/${accessPath(access)}/${encodeURIComponent(invoiceNumber)}.pdf`;
