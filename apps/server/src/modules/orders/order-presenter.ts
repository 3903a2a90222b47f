import type { Locale } from '@shop/contracts/locale';
import { toPrice } from '@shop/contracts/money';
import type { CartChange, CustomerData, Order, OrderItem, OrderSummary } from '@shop/contracts/orders';
import { toImage } from '#src/modules/catalogue/images.ts';
import type { OrderTotals } from './order-pricing.ts';
import type { ItemRow, OrderCardRow, OrderRow, ReductionRow } from './orders.repository.ts';

/** Turns order rows into the shapes of the contract (packages/contracts/src/orders.ts). */

export function presentItem(row: ItemRow, locale: Locale): OrderItem {
  return {
    id: row.id,
    quantity: row.quantity,
    variantId: row.variant_id,
    offerId: row.offer_id,
    offerSlug: row.offer_slug,
    hotelSlug: row.hotel_slug,
    title: row.title,
    subtitle: `${row.hotel_name}, ${row.city}`,
    image: toImage(row.image_seed, row.title),
    unitPrice: toPrice(row.unit_price_cents, locale),
    currency: 'EUR',
    total: toPrice(row.unit_price_cents * row.quantity, locale),
    parameter: { nights: row.nights, persons: row.persons },
    available: row.is_sellable ? row.stock : 0,
  };
}

/** A gift card's code as the summary shows it: enough to recognise it, not enough to use it. */
export function maskTan(tan: string): string {
  return tan.length <= 4 ? tan : `…${tan.slice(-4)}`;
}

export function presentSummary(
  totals: OrderTotals,
  cards: readonly Pick<OrderCardRow, 'gift_card_id' | 'tan'>[],
  locale: Locale,
): OrderSummary {
  const tanById = new Map(cards.map((card) => [card.gift_card_id, card.tan]));
  return {
    subtotal: toPrice(totals.subtotalCents, locale),
    shippingTotal: toPrice(0, locale),
    discountTotal: toPrice(totals.discountCents, locale),
    total: toPrice(totals.totalCents, locale),
    fees: [],
    // Every applied card, also one paying nothing now (others cover the rest, the cart is empty, it
    // expired): the customer sees it and can take it off by its id.
    prepaid: totals.prepaid.map((card) => ({
      giftCardId: card.id,
      name: maskTan(tanById.get(card.id) ?? ''),
      amount: toPrice(card.amountCents, locale),
    })),
  };
}

export type OrderSnapshot = {
  order: OrderRow;
  items: ItemRow[];
  reduction: ReductionRow | null;
  cards: OrderCardRow[];
  totals: OrderTotals;
  /** A paid order's vouchers and invoice (read only where an answer shows them). */
  documents?: OrderDocuments;
};

export type OrderDocuments = { vouchers: Order['vouchers']; invoiceNumber: string | null };

export function presentOrder(snapshot: OrderSnapshot, locale: Locale): Order {
  const { order, items, reduction, cards, totals } = snapshot;
  const customer = order.customer_data;
  return {
    id: order.id,
    token: order.order_key,
    status: order.status,
    currency: 'EUR',
    paymentType: order.payment_type,
    items: items.map((item) => presentItem(item, locale)),
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    summary: presentSummary(totals, cards, locale),
    reduction: reduction
      ? {
          code: reduction.code,
          name: reduction.name,
          operation: reduction.operation,
          value: reduction.operation === '%' ? reduction.value / 10_000 : reduction.value,
        }
      : null,
    reductionId: reduction?.id ?? null,
    // Stored with the terms acceptance, which the order does not show back.
    customer: customer ? withoutTerms(customer) : null,
    createdAt: order.created_at.toISOString(),
    closedAt: order.closed_at?.toISOString() ?? null,
    paidAt: order.paid_at?.toISOString() ?? null,
    vouchers: snapshot.documents?.vouchers ?? [],
    invoiceNumber: snapshot.documents?.invoiceNumber ?? null,
  };
}

export function presentChange(
  snapshot: OrderSnapshot,
  changed: { added?: number[]; modified?: number[]; removed?: ItemRow[] },
  locale: Locale,
): CartChange {
  const pick = (ids: number[] | undefined) =>
    snapshot.items.filter((item) => ids?.includes(item.id)).map((item) => presentItem(item, locale));
  return {
    added: pick(changed.added),
    modified: pick(changed.modified),
    removed: (changed.removed ?? []).map((item) => presentItem({ ...item, quantity: 0 }, locale)),
    summary: presentSummary(snapshot.totals, snapshot.cards, locale),
    itemCount: snapshot.items.reduce((sum, item) => sum + item.quantity, 0),
  };
}

function withoutTerms({
  acceptTerms: _accepted,
  ...customer
}: CustomerData & { acceptTerms?: boolean }): CustomerData {
  return customer;
}
