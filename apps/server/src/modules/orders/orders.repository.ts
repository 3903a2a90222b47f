import type { Locale } from '@shop/contracts/locale';
import type { CustomerData, OrderStatus, PaymentType } from '@shop/contracts/orders';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows, withDates } from '#src/db/client.ts';
import { translatedSql } from '#src/db/translate.ts';
import { isOnSale, visibleToBrand } from '#src/modules/offers/offers.repository.ts';
import type { StoredNotification } from './order-notifications.ts';

/** The only module of the order side with SQL. Every function runs on the pool or inside a transaction. */

export type OrderRow = {
  id: number;
  order_key: string;
  brand_id: number;
  status: OrderStatus;
  currency: 'EUR';
  locale: Locale;
  payment_type: PaymentType | null;
  reduction_id: number | null;
  customer_data: (CustomerData & { acceptTerms?: boolean }) | null;
  referral: ReferralData | null;
  subtotal_cents: number;
  discount_cents: number;
  prepaid_cents: number;
  total_cents: number;
  created_at: Date;
  closed_at: Date | null;
  paid_at: Date | null;
  hold_until: Date | null;
  notifications: StoredNotification[];
  /** The account the order belongs to (closed while signed in, adopted at sign-in, or claimed). */
  customer_id: string | null;
};

export type ReferralData = {
  code: string;
  payload: string | null;
  path: string | null;
  referer: string | null;
  used: boolean;
};

export type ItemRow = {
  id: number;
  variant_id: number;
  quantity: number;
  unit_price_cents: number;
  /** The variant's price and stock now, and whether its offer can still be sold to the order's brand. */
  price_cents: number;
  stock: number;
  is_sellable: boolean;
  nights: number;
  persons: number;
  offer_id: number;
  offer_slug: string;
  hotel_slug: string;
  title: string;
  hotel_name: string;
  city: string;
  image_seed: string | null;
};

export type ReductionRow = {
  id: number;
  code: string;
  name: string;
  operation: '+' | '%';
  value: number;
  minimum_order_cents: number;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  used_count: number;
  valid_from: Date | null;
  valid_to: Date | null;
  is_active: boolean;
  /** The offers the code reduces; null: every offer. */
  offer_ids: number[] | null;
};

export type OrderCardRow = {
  gift_card_id: number;
  tan: string;
  /** What the card pays for this order (set when the order closes; recomputed while it is a cart). */
  amount_cents: number;
  balance_cents: number;
  valid_to: Date | null;
  /** Blocked in the back office: refused as if it did not exist. */
  blocked?: boolean;
};

/** PGlite hands timestamps over as text, node-postgres as Date: rows leave this module with Dates. */
const orderDates = ['created_at', 'closed_at', 'paid_at', 'hold_until'] as const;
const reductionDates = ['valid_from', 'valid_to'] as const;

const orderColumns = sql.raw(`id, order_key, brand_id, status, currency, locale, payment_type, reduction_id,
  customer_data, referral, subtotal_cents, discount_cents, prepaid_cents, total_cents, created_at, closed_at,
  paid_at, hold_until, notifications, customer_id`);

export async function insertOrder(
  db: Database,
  order: { key: string; brandId: number; currency: string; locale: Locale; customerId?: string | null },
): Promise<{ id: number }> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO orders (order_key, brand_id, currency, locale, customer_id)
        VALUES (${order.key}, ${order.brandId}, ${order.currency}, ${order.locale}, ${order.customerId ?? null})
        RETURNING id`,
  );
  if (!row) throw new Error('insert into orders returned nothing');
  return row;
}

/** The order by id, locked for the rest of the transaction when `forUpdate` (serialises changes to it). */
export async function findOrder(db: Database, id: number, forUpdate = false): Promise<OrderRow | undefined> {
  const [row] = await queryRows<OrderRow>(
    db,
    forUpdate
      ? sql`SELECT ${orderColumns} FROM orders WHERE id = ${id} FOR UPDATE`
      : sql`SELECT ${orderColumns} FROM orders WHERE id = ${id}`,
  );
  return withDates(row, orderDates);
}

export type OrderGraph = {
  order: OrderRow;
  items: ItemRow[];
  reduction: ReductionRow | null;
  cards: OrderCardRow[];
};

/**
 * The order with its lines, code and gift cards in one round trip: the cart is read after every change,
 * so this is the hottest query of the order side.
 */
export async function findOrderGraph(
  db: Database,
  id: number,
  locale: Locale,
): Promise<OrderGraph | undefined> {
  const [row] = await queryRows<
    OrderRow & { items: ItemRow[] | null; reduction: ReductionRow | null; cards: OrderCardRow[] | null }
  >(
    db,
    sql`
    SELECT ${orderColumns},
      (SELECT json_agg(line ORDER BY line.id) FROM (${itemsSql(sql`orders.id`, sql`orders.brand_id`, locale)}) line) AS items,
      (SELECT row_to_json(r) FROM (${reductionSql(locale)} WHERE id = orders.reduction_id) r) AS reduction,
      (SELECT json_agg(c ORDER BY c.gift_card_id) FROM (${cardsSql(sql`orders.id`)}) c) AS cards
    FROM orders WHERE id = ${id}`,
  );
  if (!row) return undefined;
  const { items, reduction, cards, ...order } = row;
  return {
    order: withDates(order as OrderRow, orderDates) as OrderRow,
    items: items ?? [],
    reduction: reduction ? (withDates(reduction, reductionDates) as ReductionRow) : null,
    cards: (cards ?? []).map((card) => withDates(card, ['valid_to']) as OrderCardRow),
  };
}

function itemsSql(orderId: SQL, brandId: SQL, locale: Locale): SQL {
  return sql`
    SELECT i.id, i.variant_id, i.quantity, i.unit_price_cents, v.price_cents, v.stock, v.nights, v.persons,
      (${isOnSale('o')} AND (o.brand_id IS NULL OR o.brand_id = ${brandId})) AS is_sellable,
      o.id AS offer_id, o.slug AS offer_slug, h.slug AS hotel_slug, ${translatedSql('o.title', locale)} AS title,
      h.name AS hotel_name, ${translatedSql('h.city', locale)} AS city, o.image_seeds[1] AS image_seed
    FROM order_items i
    JOIN variants v ON v.id = i.variant_id
    JOIN offers o ON o.id = v.offer_id
    JOIN hotels h ON h.id = o.hotel_id
    WHERE i.order_id = ${orderId}`;
}

function reductionSql(locale: Locale): SQL {
  return sql`SELECT id, code, ${translatedSql('name', locale)} AS name, operation, value, minimum_order_cents,
      max_uses, max_uses_per_customer, used_count, valid_from, valid_to, is_active, offer_ids
    FROM reductions`;
}

function cardsSql(orderId: SQL): SQL {
  return sql`SELECT c.id AS gift_card_id, c.tan, og.amount_cents, c.balance_cents, c.valid_to,
      c.blocked_at IS NOT NULL AS blocked
    FROM order_gift_cards og JOIN gift_cards c ON c.id = og.gift_card_id
    WHERE og.order_id = ${orderId}`;
}

/**
 * Adds one unit of a variant in one statement: the order must still be a cart (its row is locked for the
 * statement, so a close running at the same time is waited for and then seen), the variant sellable to the
 * brand, and enough stock left for the line's new quantity. Nothing returned = one of these failed.
 */
export async function addUnitIfPossible(
  db: Database,
  order: Pick<OrderRow, 'id' | 'brand_id'>,
  variantId: number,
): Promise<{ id: number; inserted: boolean } | undefined> {
  const [row] = await queryRows<{ id: number; inserted: boolean }>(
    db,
    sql`
    WITH cart AS (SELECT id FROM orders WHERE id = ${order.id} AND status = 'cart' FOR UPDATE)
    INSERT INTO order_items AS i (order_id, variant_id, quantity, unit_price_cents)
    SELECT cart.id, v.id, 1, v.price_cents
    FROM cart, variants v JOIN offers o ON o.id = v.offer_id
    WHERE v.id = ${variantId} AND v.stock >= 1 AND ${isOnSale('o')} AND ${visibleToBrand('o', order.brand_id)}
    ON CONFLICT (order_id, variant_id) DO UPDATE
      SET quantity = i.quantity + 1, unit_price_cents = EXCLUDED.unit_price_cents
      WHERE (SELECT stock FROM variants WHERE id = EXCLUDED.variant_id) > i.quantity
    RETURNING i.id, (xmax = 0) AS inserted`,
  );
  return row;
}

export function findItems(db: Database, order: Pick<OrderRow, 'id' | 'brand_id'>, locale: Locale) {
  return queryRows<ItemRow>(
    db,
    sql`${itemsSql(sql`${order.id}`, sql`${order.brand_id}`, locale)} ORDER BY i.id`,
  );
}

export async function findReduction(
  db: Database,
  id: number,
  locale: Locale,
): Promise<ReductionRow | undefined> {
  const [row] = await queryRows<ReductionRow>(db, sql`${reductionSql(locale)} WHERE id = ${id}`);
  return withDates(row, reductionDates);
}

/** A code of the brand or of every brand, case-insensitive. */
export async function findReductionByCode(
  db: Database,
  brandId: number,
  code: string,
  locale: Locale,
): Promise<ReductionRow | undefined> {
  const [row] = await queryRows<ReductionRow>(
    db,
    sql`${reductionSql(locale)}
        WHERE coalesce(brand_id, 0) IN (0, ${brandId}) AND lower(code) = lower(${code})
        ORDER BY brand_id NULLS LAST LIMIT 1`,
  );
  return withDates(row, reductionDates);
}

/** Other variants of the offer that still have units to sell: the way on when one of them is gone. */
export async function countOtherVariantsInStock(db: Database, offerId: number, variantId: number) {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM variants
        WHERE offer_id = ${offerId} AND id <> ${variantId} AND stock > 0`,
  );
  return row?.count ?? 0;
}

/** Uses of a code by one customer, named by the address as `emailIdentity` normalises it. */
export async function countRedemptions(db: Database, reductionId: number, customer: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM reduction_redemptions
        WHERE reduction_id = ${reductionId} AND customer_email = ${customer}`,
  );
  return row?.count ?? 0;
}

export async function findOrderCards(db: Database, orderId: number): Promise<OrderCardRow[]> {
  const rows = await queryRows<OrderCardRow>(db, sql`${cardsSql(sql`${orderId}`)} ORDER BY c.id`);
  return rows.map((row) => withDates(row, ['valid_to']) as OrderCardRow);
}

export async function findGiftCard(db: Database, brandId: number, tan: string) {
  const [row] = await queryRows<{
    id: number;
    balance_cents: number;
    valid_to: Date | null;
    blocked: boolean;
  }>(
    db,
    sql`SELECT id, balance_cents, valid_to, blocked_at IS NOT NULL AS blocked FROM gift_cards
        WHERE upper(tan) = upper(${tan}) AND coalesce(brand_id, 0) IN (0, ${brandId})`,
  );
  return withDates(row, ['valid_to']);
}

export async function findVariantForSale(db: Database, variantId: number, brandId: number) {
  const [row] = await queryRows<{ id: number; price_cents: number; stock: number }>(
    db,
    sql`SELECT v.id, v.price_cents, v.stock FROM variants v JOIN offers o ON o.id = v.offer_id
        WHERE v.id = ${variantId} AND ${isOnSale('o')} AND ${visibleToBrand('o', brandId)}`,
  );
  return row;
}

export async function setItemQuantity(db: Database, orderId: number, itemId: number, quantity: number) {
  await db.execute(
    quantity > 0
      ? sql`UPDATE order_items SET quantity = ${quantity} WHERE id = ${itemId} AND order_id = ${orderId}`
      : sql`DELETE FROM order_items WHERE id = ${itemId} AND order_id = ${orderId}`,
  );
}

export async function setItemPrice(db: Database, itemId: number, unitPriceCents: number) {
  await db.execute(sql`UPDATE order_items SET unit_price_cents = ${unitPriceCents} WHERE id = ${itemId}`);
}

export type OrderUpdate = {
  status?: OrderStatus;
  paymentType?: PaymentType | null;
  reductionId?: number | null;
  customerData?: unknown;
  referral?: ReferralData;
  totals?: { subtotalCents: number; discountCents: number; prepaidCents: number; totalCents: number };
  closedAt?: 'now' | null;
  paidAt?: 'now' | null;
  holdUntil?: Date | null;
  notifications?: StoredNotification[];
  optins?: unknown;
};

/**
 * Writes the given fields (and updated_at) while the order is still a cart; false when it no longer is
 * (closed meanwhile). One statement, so it needs no transaction.
 */
export async function updateCart(db: Database, id: number, update: OrderUpdate): Promise<boolean> {
  return (await writeOrder(db, id, update, sql`AND status = 'cart'`)) !== undefined;
}

/** Writes the given fields (and updated_at); fields left out stay as they are. Answers the row as written. */
export async function updateOrder(db: Database, id: number, update: OrderUpdate): Promise<OrderRow> {
  const row = await writeOrder(db, id, update, sql``);
  if (!row) throw new Error(`order ${id} does not exist`);
  return row;
}

async function writeOrder(db: Database, id: number, update: OrderUpdate, condition: SQL) {
  const sets = [sql`updated_at = now()`];
  if (update.status !== undefined) sets.push(sql`status = ${update.status}`);
  if (update.paymentType !== undefined) sets.push(sql`payment_type = ${update.paymentType}`);
  if (update.reductionId !== undefined) sets.push(sql`reduction_id = ${update.reductionId}`);
  if (update.customerData !== undefined)
    sets.push(sql`customer_data = ${JSON.stringify(update.customerData)}::jsonb`);
  if (update.referral !== undefined) sets.push(sql`referral = ${JSON.stringify(update.referral)}::jsonb`);
  if (update.optins !== undefined) sets.push(sql`optins = ${JSON.stringify(update.optins)}::jsonb`);
  if (update.notifications !== undefined) {
    sets.push(sql`notifications = ${JSON.stringify(update.notifications)}::jsonb`);
  }
  if (update.totals) {
    const t = update.totals;
    sets.push(
      sql`subtotal_cents = ${t.subtotalCents}, discount_cents = ${t.discountCents},
          prepaid_cents = ${t.prepaidCents}, total_cents = ${t.totalCents}`,
    );
  }
  if (update.closedAt !== undefined)
    sets.push(update.closedAt ? sql`closed_at = now()` : sql`closed_at = NULL`);
  if (update.paidAt !== undefined) sets.push(update.paidAt ? sql`paid_at = now()` : sql`paid_at = NULL`);
  if (update.holdUntil !== undefined) sets.push(sql`hold_until = ${update.holdUntil?.toISOString() ?? null}`);
  const [row] = await queryRows<OrderRow>(
    db,
    sql`UPDATE orders SET ${sql.join(sets, sql`, `)} WHERE id = ${id} ${condition} RETURNING ${orderColumns}`,
  );
  return withDates(row, orderDates);
}

export async function addOrderCard(db: Database, orderId: number, giftCardId: number): Promise<void> {
  await db.execute(
    sql`INSERT INTO order_gift_cards (order_id, gift_card_id, amount_cents) VALUES (${orderId}, ${giftCardId}, 0)
        ON CONFLICT DO NOTHING`,
  );
}

export async function removeOrderCard(db: Database, orderId: number, giftCardId: number): Promise<void> {
  await db.execute(
    sql`DELETE FROM order_gift_cards WHERE order_id = ${orderId} AND gift_card_id = ${giftCardId}`,
  );
}

export async function setOrderCardAmount(db: Database, orderId: number, giftCardId: number, cents: number) {
  await db.execute(
    sql`UPDATE order_gift_cards SET amount_cents = ${cents} WHERE order_id = ${orderId} AND gift_card_id = ${giftCardId}`,
  );
}

/** A variant's stock after a change, and its offer. */
export type StockLeft = { offerId: number; left: number };

/**
 * Takes `quantity` units off the shelf; undefined when fewer are left (stock never goes below zero).
 */
export async function takeStock(
  db: Database,
  variantId: number,
  quantity: number,
): Promise<StockLeft | undefined> {
  const [row] = await queryRows<StockLeft>(
    db,
    sql`UPDATE variants SET stock = stock - ${quantity} WHERE id = ${variantId} AND stock >= ${quantity}
        RETURNING offer_id AS "offerId", stock AS "left"`,
  );
  return row;
}

export async function returnStock(db: Database, variantId: number, quantity: number): Promise<StockLeft> {
  const [row] = await queryRows<StockLeft>(
    db,
    sql`UPDATE variants SET stock = stock + ${quantity} WHERE id = ${variantId}
        RETURNING offer_id AS "offerId", stock AS "left"`,
  );
  if (!row) throw new Error(`variant ${variantId} is gone`);
  return row;
}

/**
 * Counts one use of a code, if it still has uses left and is valid now. The conditional update locks the
 * reduction's row, so concurrent redemptions of one code queue here and the limit holds.
 */
export async function redeemReduction(db: Database, reductionId: number): Promise<ReductionRow | undefined> {
  const [row] = await queryRows<ReductionRow>(
    db,
    sql`UPDATE reductions SET used_count = used_count + 1
        WHERE id = ${reductionId} AND is_active
          AND (max_uses IS NULL OR used_count < max_uses)
          AND (valid_from IS NULL OR valid_from <= now()) AND (valid_to IS NULL OR valid_to > now())
        RETURNING id, code, name->>'de' AS name, operation, value, minimum_order_cents, max_uses,
          max_uses_per_customer, used_count, valid_from, valid_to, is_active`,
  );
  return withDates(row, reductionDates);
}

export async function recordRedemption(db: Database, orderId: number, reductionId: number, customer: string) {
  await db.execute(
    sql`INSERT INTO reduction_redemptions (order_id, reduction_id, customer_email)
        VALUES (${orderId}, ${reductionId}, ${customer})`,
  );
}

export async function releaseRedemption(db: Database, orderId: number): Promise<void> {
  await db.execute(sql`
    WITH released AS (DELETE FROM reduction_redemptions WHERE order_id = ${orderId} RETURNING reduction_id)
    UPDATE reductions SET used_count = used_count - 1 WHERE id IN (SELECT reduction_id FROM released)`);
}

/**
 * Debits a gift card for an order, if its balance covers the amount, it is still valid and not blocked;
 * the movement is written by the same statement, so the card's history never misses a debit.
 */
export async function debitCard(
  db: Database,
  giftCardId: number,
  cents: number,
  orderId: number,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`WITH debited AS (
          UPDATE gift_cards SET balance_cents = balance_cents - ${cents}
          WHERE id = ${giftCardId} AND balance_cents >= ${cents} AND (valid_to IS NULL OR valid_to > now())
            AND blocked_at IS NULL
          RETURNING id, balance_cents)
        INSERT INTO gift_card_movements (gift_card_id, kind, amount_cents, balance_after_cents, order_id)
        SELECT id, 'debited', ${-cents}, balance_cents, ${orderId} FROM debited
        RETURNING gift_card_id AS id`,
  );
  return rows.length === 1;
}

/** Gives an order's amount back to the card (its hold ended), with the movement in the same statement. */
export async function creditCard(
  db: Database,
  giftCardId: number,
  cents: number,
  orderId: number,
): Promise<void> {
  await db.execute(
    sql`WITH credited AS (
          UPDATE gift_cards SET balance_cents = balance_cents + ${cents} WHERE id = ${giftCardId}
          RETURNING id, balance_cents)
        INSERT INTO gift_card_movements (gift_card_id, kind, amount_cents, balance_after_cents, order_id)
        SELECT id, 'credited', ${cents}, balance_cents, ${orderId} FROM credited`,
  );
}

/**
 * Orders whose hold ran out, locked; rows another process is releasing are skipped. So are orders waiting
 * for a provider's payment that is still open: only the provider's answer may give their hold back, and
 * the reconciliation asks for it (payment-reconciliation.ts).
 */
export function findExpiredHolds(db: Database, limit: number) {
  return queryRows<{ id: number }>(
    db,
    sql`SELECT o.id FROM orders o
        WHERE o.hold_until < now() AND o.status IN ('payment-pending', 'awaiting-payment')
          AND NOT (o.status = 'payment-pending' AND EXISTS (
            SELECT 1 FROM payments p
            WHERE p.order_id = o.id AND p.provider = o.payment_type AND p.status = 'created'))
        ORDER BY o.hold_until LIMIT ${limit} FOR UPDATE OF o SKIP LOCKED`,
  );
}

/**
 * Whether the order's hold has run out, by the database's clock as the sweep and the payment checks read
 * it: a process clock a little behind would find a hold still running at its end.
 */
export async function hasHoldRunOut(db: Database, orderId: number): Promise<boolean> {
  const [row] = await queryRows<{ has_run_out: boolean }>(
    db,
    sql`SELECT hold_until <= now() AS has_run_out FROM orders WHERE id = ${orderId}`,
  );
  return row?.has_run_out === true;
}

export async function hasPaidBefore(db: Database, brandId: number, email: string, orderId: number) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM orders WHERE brand_id = ${brandId} AND status = 'paid' AND id <> ${orderId}
          AND lower(customer_data->>'email') = ${email.toLowerCase()} LIMIT 1`,
  );
  return rows.length > 0;
}

/** Gives an order without owner to the customer; false when it already belongs to someone else. */
export async function assignOrder(db: Database, orderId: number, customerId: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE orders SET customer_id = ${customerId}
        WHERE id = ${orderId} AND (customer_id IS NULL OR customer_id = ${customerId}) RETURNING id`,
  );
  return rows.length === 1;
}
