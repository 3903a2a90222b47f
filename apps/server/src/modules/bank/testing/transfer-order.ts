import type { FastifyInstance } from 'fastify';
import { type Cart, readyCart } from '#src/test/orders.ts';

export type TransferOrder = Cart & { reference: string; totalCents: number };

/** An order of one unit of `variantId`, closed for a bank transfer: its payment reference and amount. */
export async function transferOrder(
  app: Pick<FastifyInstance, 'inject'>,
  variantId: number,
): Promise<TransferOrder> {
  const cart = await readyCart(app, variantId);
  const closed = await app.inject({
    method: 'PUT',
    url: '/api/order/close',
    payload: { ...cart, paymentType: 'wiretransfer' },
  });
  const status = closed.json().order?.status;
  if (status !== 'awaiting-payment')
    throw new Error(`closing for a transfer: ${closed.statusCode} ${status}`);
  const payment = (
    await app.inject({ method: 'GET', url: `/api/order/payment/${cart.orderId}/${cart.key}` })
  ).json();
  return { ...cart, reference: payment.wireTransfer.reference, totalCents: payment.amount.total };
}

/** The order as its buyer reads it (`GET /api/order/:id/:key`). */
export async function readOrder(app: Pick<FastifyInstance, 'inject'>, cart: Cart) {
  return (await app.inject({ method: 'GET', url: `/api/order/${cart.orderId}/${cart.key}` })).json();
}
