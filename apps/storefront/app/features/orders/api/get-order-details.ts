import type { Order, orderMetaSchema, PaymentInfo } from '@shop/contracts/orders';
import { api } from '#app/lib/api-client.ts';
import type { Output } from '#app/lib/contract-types.ts';

/** The affiliate summary and referral of an order (GET /api/order/meta). */
export type OrderMeta = Output<typeof orderMetaSchema>;

export type OrderDetails = { order: Order; payment: PaymentInfo | null; meta: OrderMeta | null };

/**
 * Everything the order page shows: the order (locks the site while it loads), with its payment
 * information and affiliate summary read alongside (silently; the page works without them).
 */
export async function getOrderDetails(
  orderId: string,
  orderKey: string,
): Promise<{ ok: true; data: OrderDetails } | { ok: false; message: string | null }> {
  const params = { id: orderId, key: orderKey };
  const [order, payment, meta] = await Promise.all([
    api('GET /api/order/{id}/{key}', { action: 'view', params }),
    api('GET /api/order/payment/{id}/{key}', { action: 'lookup', params, isSilent: true }),
    api('GET /api/order/meta/{id}/{key}', { action: 'lookup', params, isSilent: true }),
  ]);
  if (!order.ok) return { ok: false, message: order.reaction.errors[0] ?? null };
  return {
    ok: true,
    data: { order: order.data, payment: payment.ok ? payment.data : null, meta: meta.ok ? meta.data : null },
  };
}
