import type { Locale } from '@shop/contracts/locale';
import type { Database } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import type { Brand } from '#src/modules/brands/brand-directory.ts';
import { isSameKey } from './order-key.ts';
import type { OrderSnapshot } from './order-presenter.ts';
import { snapshotFromGraph } from './order-snapshot.ts';
import { findOrder, findOrderGraph, type OrderRow } from './orders.repository.ts';

/** Who asks: the brand of the request's host and the caller's language. */
export type Shopper = { brand: Brand; locale: Locale };

/**
 * No order for this id and key on this brand: a 404 like any missing record, named so that the routes can
 * count it as a miss of the order key (docs/decisions/011-rate-limits.md).
 */
export class OrderNotFound extends HttpProblem {
  constructor() {
    super(404, 'not-found', 'order');
  }
}

/**
 * The order for id + key, on the caller's brand. A missing order, a wrong key and another brand's order
 * all answer the same 404, so ids cannot be probed. `forUpdate` locks it for the transaction.
 */
export async function loadOrder(
  db: Database,
  shopper: Shopper,
  id: number,
  key: string,
  forUpdate = false,
): Promise<OrderRow> {
  const order = await findOrder(db, id, forUpdate);
  if (!order || !isSameKey(order.order_key, key) || order.brand_id !== shopper.brand.id)
    throw new OrderNotFound();
  return order;
}

/** The same check, reading the whole order in the same round trip (reads; to change it, lock with loadOrder). */
export async function loadSnapshot(
  db: Database,
  shopper: Shopper,
  id: number,
  key: string,
): Promise<OrderSnapshot> {
  const graph = await findOrderGraph(db, id, shopper.locale);
  if (!graph || !isSameKey(graph.order.order_key, key) || graph.order.brand_id !== shopper.brand.id) {
    throw new OrderNotFound();
  }
  return snapshotFromGraph(graph);
}

/** SPEC §8: a cancelled or expired order is gone for the cart (410); a closed one cannot change (428 / 115). */
export function assertNotGone(order: OrderRow): void {
  if (order.status === 'cancelled' || order.status === 'expired') {
    throw new HttpProblem(410, 'invalid-order', `order ${order.id} is ${order.status}`);
  }
}

export function orderClosed(order: Pick<OrderRow, 'id' | 'status'>): HttpProblem {
  return new HttpProblem(428, 'order-closed', `order ${order.id} is ${order.status}`, undefined, 115);
}
