import type { Order, PaymentInfo } from '@shop/contracts/orders';
import { orderRequest } from '#app/lib/orders/order-client.ts';

/** The affiliate summary and referral of an order (GET /api/order/meta), as the contract has them. */
export type OrderMeta = {
  id: number;
  status: Order['status'];
  itemCount: number;
  total: Order['summary']['total'];
  affiliate: { id: number; total: number; currency: string; customer: number; usedReduction: string | null };
  referral: { code: string; path: string | null; referer: string | null; used: boolean } | null;
};

export type OrderDetails = { order: Order; payment: PaymentInfo | null; meta: OrderMeta | null };

/**
 * Everything the order page shows: the order (locks the site while it loads), with its payment
 * information and affiliate summary read alongside (silently; the page works without them).
 */
export async function getOrderDetails(
  orderId: string,
  orderKey: string,
): Promise<{ ok: true; data: OrderDetails } | { ok: false; message: string | null }> {
  const path = `${encodeURIComponent(orderId)}/${encodeURIComponent(orderKey)}`;
  const [order, payment, meta] = await Promise.all([
    orderRequest<Order>('view', 'GET', `/api/order/${path}`),
    orderRequest<PaymentInfo>('lookup', 'GET', `/api/order/payment/${path}`, undefined, { isSilent: true }),
    orderRequest<OrderMeta>('lookup', 'GET', `/api/order/meta/${path}`, undefined, { isSilent: true }),
  ]);
  if (!order.ok) return { ok: false, message: order.reaction.errors[0] ?? null };
  return {
    ok: true,
    data: { order: order.data, payment: payment.ok ? payment.data : null, meta: meta.ok ? meta.data : null },
  };
}
