import type { Order } from '@shop/contracts/orders';
import type { Voucher, VoucherUpdate } from '@shop/contracts/vouchers';
import { type ApiResult, orderRequest } from '#app/lib/orders/order-client.ts';

/** The id and key of an order, as its page's address has them. */
export type OrderAccess = { orderId: string; orderKey: string };

const accessPath = ({ orderId, orderKey }: OrderAccess) =>
  `${encodeURIComponent(orderId)}/${encodeURIComponent(orderKey)}`;

/** The order again, in the background (waiting for its vouchers): no site lock, no toast. */
export function pollOrder(access: OrderAccess): Promise<ApiResult<Order>> {
  return orderRequest<Order>('lookup', 'GET', `/api/order/${accessPath(access)}`, undefined, {
    isSilent: true,
  });
}

/** One voucher with its guest data, read in the background (the card shows its own loading state). */
export function getVoucher(access: OrderAccess, voucherId: number): Promise<ApiResult<Voucher>> {
  return orderRequest<Voucher>(
    'lookup',
    'GET',
    `/api/voucher/${accessPath(access)}/${voucherId}`,
    undefined,
    {
      isSilent: true,
    },
  );
}

/** SPEC §7 PUT /api/voucher: the guest's name, a message and the layout, until the voucher is printed. */
export function saveVoucher(
  access: OrderAccess,
  voucherId: number,
  update: VoucherUpdate,
): Promise<ApiResult<Voucher>> {
  return orderRequest<Voucher>('voucher', 'PUT', `/api/voucher/${accessPath(access)}/${voucherId}`, update);
}

/** The voucher's PDF; the first download locks its guest data (SPEC §4). */
export const voucherPdfPath = (access: OrderAccess, voucherId: number) =>
  `/api/voucher/download/${accessPath(access)}/${voucherId}.pdf`;

export const invoicePdfPath = (access: OrderAccess, invoiceNumber: string) =>
  `/api/invoice/download/${accessPath(access)}/${encodeURIComponent(invoiceNumber)}.pdf`;
