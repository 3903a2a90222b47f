import type { Locale } from '@shop/contracts/locale';
import type { Database } from '#src/db/client.ts';
import type { OrderSnapshot } from './order-presenter.ts';
import { type ReductionTerms, totalsOf } from './order-pricing.ts';
import { findOrderGraph, type OrderGraph, type OrderRow, type ReductionRow } from './orders.repository.ts';

export function termsOf(reduction: ReductionRow | null): ReductionTerms | null {
  return reduction
    ? {
        operation: reduction.operation,
        value: reduction.value,
        minimumOrderCents: reduction.minimum_order_cents,
        offerIds: reduction.offer_ids,
      }
    : null;
}

/** A blocked card (back office) is refused like an unknown or expired one: the shop tells nobody why. */
export function cardUsable(
  card: { balance_cents: number; valid_to: Date | null; blocked?: boolean | undefined },
  now = new Date(),
): boolean {
  return card.balance_cents > 0 && (card.valid_to === null || card.valid_to > now) && !card.blocked;
}

/**
 * Prices an order: a cart now (its lines' prices, the code, the cards' balances), a closed order as it was
 * fixed when it closed.
 */
export function snapshotFromGraph({ order, items, reduction, cards }: OrderGraph): OrderSnapshot {
  const totals =
    order.status === 'cart'
      ? totalsOf(
          items.map((item) => ({
            quantity: item.quantity,
            unitPriceCents: item.unit_price_cents,
            offerId: item.offer_id,
          })),
          termsOf(reduction),
          cards.map((card) => ({
            id: card.gift_card_id,
            balanceCents: cardUsable(card) ? card.balance_cents : 0,
          })),
        )
      : {
          subtotalCents: order.subtotal_cents,
          discountCents: order.discount_cents,
          prepaid: cards.map((card) => ({ id: card.gift_card_id, amountCents: card.amount_cents })),
          prepaidCents: order.prepaid_cents,
          totalCents: order.total_cents,
        };
  return { order, items, reduction, cards, totals };
}

/** The order as stored now (inside a transaction: as this transaction sees it). */
export async function snapshotOf(
  db: Database,
  order: Pick<OrderRow, 'id'>,
  locale: Locale,
): Promise<OrderSnapshot> {
  const graph = await findOrderGraph(db, order.id, locale);
  if (!graph) throw new Error(`order ${order.id} vanished`);
  return snapshotFromGraph(graph);
}
