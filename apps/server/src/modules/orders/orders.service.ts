import { toPrice } from '@shop/contracts/money';
import type {
  CartChange,
  CustomerData,
  Order,
  OrderNotification,
  ValidationResult,
} from '@shop/contracts/orders';
import { offerPath } from '@shop/contracts/site-paths';
import type { Database } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import type { BrandConfigs } from '#src/modules/brands/brand-config.ts';
import type { JobQueue } from '#src/modules/jobs/job-queue.ts';
import { startDoubleOptIn } from '#src/modules/newsletter/newsletter.service.ts';
import { queueReminderDispatch } from '#src/modules/reminders/reminder-dispatch.ts';
import { assertNotGone, loadOrder, loadSnapshot, orderClosed, type Shopper } from './order-access.ts';
import { orderDocuments } from './order-documents.ts';
import { isHolding, releaseHold } from './order-holds.ts';
import { newOrderKey } from './order-key.ts';
import { presentNotification, type StoredNotification } from './order-notifications.ts';
import { type OrderSnapshot, presentChange, presentOrder } from './order-presenter.ts';
import { cardUsable, snapshotOf } from './order-snapshot.ts';
import type { ItemRow, OrderRow, ReferralData } from './orders.repository.ts';
import * as repository from './orders.repository.ts';
import { describeReductionFailure, reductionFailure } from './reduction-rules.ts';

/** The cart side of an order (SPEC §4 "Order flow"): create, items, codes, gift cards, customer data. */

type Access = { orderId: number; key: string };

export async function createOrder(
  db: Database,
  shopper: Shopper,
  customerId: string | null = null,
): Promise<{ id: number; token: string }> {
  const key = newOrderKey();
  const { id } = await repository.insertOrder(db, {
    key,
    brandId: shopper.brand.id,
    currency: 'EUR',
    locale: shopper.locale,
    customerId,
  });
  return { id, token: key };
}

export async function getOrder(db: Database, shopper: Shopper, id: number, key: string): Promise<Order> {
  const snapshot = await loadSnapshot(db, shopper, id, key);
  if (snapshot.order.status === 'paid') snapshot.documents = await orderDocuments(db, id);
  return presentOrder(snapshot, shopper.locale);
}

export async function getSnapshot(
  db: Database,
  shopper: Shopper,
  id: number,
  key: string,
): Promise<OrderSnapshot> {
  return loadSnapshot(db, shopper, id, key);
}

/**
 * Runs a cart change in a transaction with the order locked, so two tabs changing one cart queue up.
 * An order waiting for PayPal or Amazon Pay goes back to being a cart (its hold released): the customer
 * came back to change it.
 */
async function changeCart<T>(
  db: Database,
  shopper: Shopper,
  access: Access,
  change: (tx: Database, order: OrderRow) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    let order = await loadOrder(tx, shopper, access.orderId, access.key, true);
    assertNotGone(order);
    if (order.status === 'payment-pending') {
      await releaseHold(tx, order, 'cart');
      order = { ...order, status: 'cart' };
    }
    if (order.status !== 'cart') throw orderClosed(order);
    return change(tx, order);
  });
}

/** A cart is priced when it is read; its totals are stored when it closes. */
function freshSnapshot(tx: Database, shopper: Shopper, orderId: number): Promise<OrderSnapshot> {
  return snapshotOf(tx, { id: orderId }, shopper.locale);
}

export type ReferralInput = {
  ref?: string | undefined;
  referer?: string | undefined;
  refPath?: string | undefined;
  refPayload?: string | undefined;
  refUsed?: boolean | undefined;
};

/**
 * SPEC §7: one unit per call. Stock is checked here and taken when the order closes. The hot path is
 * three round trips: the order (key check), one statement that adds the unit under the order's lock,
 * and the cart as it is now.
 */
export async function addItem(
  db: Database,
  shopper: Shopper,
  input: Access & { variantId: number } & ReferralInput,
): Promise<CartChange> {
  let order = await loadOrder(db, shopper, input.orderId, input.key);
  assertNotGone(order);
  if (order.status === 'payment-pending') order = await reopen(db, shopper, input);
  if (order.status !== 'cart') throw orderClosed(order);
  const line = await repository.addUnitIfPossible(db, order, input.variantId);
  if (!line) {
    const now = await repository.findOrder(db, order.id);
    if (now && now.status !== 'cart') {
      assertNotGone(now);
      throw orderClosed(now);
    }
    const variant = await repository.findVariantForSale(db, input.variantId, shopper.brand.id);
    if (!variant) throw new HttpProblem(404, 'not-found', `variant ${input.variantId}`);
    throw new HttpProblem(409, 'sold-out', `variant ${variant.id}: ${variant.stock} left`);
  }
  if (input.ref && !order.referral) {
    const referral: ReferralData = {
      code: input.ref,
      payload: input.refPayload ?? null,
      path: input.refPath ?? null,
      referer: input.referer ?? null,
      used: input.refUsed ?? false,
    };
    await repository.updateOrder(db, order.id, { referral });
  }
  const snapshot = await snapshotOf(db, order, shopper.locale);
  return presentChange(
    snapshot,
    line.inserted ? { added: [line.id] } : { modified: [line.id] },
    shopper.locale,
  );
}

/** An order waiting at PayPal / Amazon Pay that the customer changes becomes a cart again. */
function reopen(db: Database, shopper: Shopper, access: Access): Promise<OrderRow> {
  return changeCart(db, shopper, access, async (_tx, order) => order);
}

export async function changeItem(
  db: Database,
  shopper: Shopper,
  input: Access & { itemId: number; quantity: number },
): Promise<CartChange> {
  return changeCart(db, shopper, input, async (tx, order) => {
    const items = await repository.findItems(tx, order, shopper.locale);
    const item = items.find((candidate) => candidate.id === input.itemId);
    if (!item) throw new HttpProblem(404, 'not-found', `item ${input.itemId}`);
    if (input.quantity > item.quantity && input.quantity > item.stock) {
      throw new HttpProblem(409, 'sold-out', `variant ${item.variant_id}: ${item.stock} left`);
    }
    await repository.setItemQuantity(tx, order.id, item.id, input.quantity);
    const snapshot = await freshSnapshot(tx, shopper, order.id);
    return presentChange(
      snapshot,
      input.quantity === 0 ? { removed: [item] } : { modified: [item.id] },
      shopper.locale,
    );
  });
}

export function removeItem(db: Database, shopper: Shopper, input: Access & { itemId: number }) {
  return changeItem(db, shopper, { ...input, quantity: 0 });
}

/**
 * Runs once the caller has proved access to the order and before a code or card is looked up: the routes
 * count the attempt there and refuse it when there were too many (docs/decisions/011-rate-limits.md).
 */
export type BeforeLookup = () => Promise<void>;

const noLimit: BeforeLookup = async () => {};

export async function applyReduction(
  db: Database,
  shopper: Shopper,
  input: Access & { code: string },
  beforeLookup: BeforeLookup = noLimit,
) {
  return changeCart(db, shopper, input, async (tx, order) => {
    await beforeLookup();
    const reduction = await repository.findReductionByCode(tx, shopper.brand.id, input.code, shopper.locale);
    const snapshot = await snapshotOf(tx, order, shopper.locale);
    // Whether the cart's address has used a once-per-customer code is told only when the order closes
    // (order-holds.ts): here anyone could type any address and ask (docs/decisions/020).
    const failure = reductionFailure(reduction, {
      subtotalCents: snapshot.totals.subtotalCents,
      offerIds: snapshot.items.map((item) => item.offer_id),
    });
    if (failure || !reduction) {
      throw new HttpProblem(
        417,
        'invalid-reduction',
        describeReductionFailure(failure ?? 'unknown', reduction, shopper.locale),
      );
    }
    await repository.updateOrder(tx, order.id, { reductionId: reduction.id });
    return presentOrder(await freshSnapshot(tx, shopper, order.id), shopper.locale);
  });
}

export async function removeReduction(db: Database, shopper: Shopper, input: Access): Promise<Order> {
  return changeCart(db, shopper, input, async (tx, order) => {
    await repository.updateOrder(tx, order.id, { reductionId: null });
    return presentOrder(await freshSnapshot(tx, shopper, order.id), shopper.locale);
  });
}

export async function reductionInfo(db: Database, shopper: Shopper, code: string) {
  const reduction = await repository.findReductionByCode(db, shopper.brand.id, code, shopper.locale);
  const failure = reductionFailure(reduction, null);
  if (!reduction || failure)
    return { valid: false, operation: null, value: null, name: null, minimumOrder: null };
  return {
    valid: true,
    operation: reduction.operation,
    value: reduction.operation === '%' ? reduction.value / 10_000 : reduction.value,
    name: reduction.name,
    minimumOrder: reduction.minimum_order_cents || null,
  };
}

export async function addGiftCard(
  db: Database,
  shopper: Shopper,
  input: Access & { tan: string },
  beforeLookup: BeforeLookup = noLimit,
): Promise<Order> {
  return changeCart(db, shopper, input, async (tx, order) => {
    await beforeLookup();
    const card = await repository.findGiftCard(tx, shopper.brand.id, input.tan);
    if (!card || !cardUsable(card)) throw new HttpProblem(422, 'invalid-giftcard', 'gift card');
    await repository.addOrderCard(tx, order.id, card.id);
    return presentOrder(await freshSnapshot(tx, shopper, order.id), shopper.locale);
  });
}

/**
 * Takes a card off the order, named by its code or by its id (the summary's `prepaid[].giftCardId`); a
 * card that is not on the order leaves the order as it was.
 */
export async function removeGiftCard(
  db: Database,
  shopper: Shopper,
  input: Access & { tan?: string | undefined; giftCardId?: number | undefined },
): Promise<Order> {
  return changeCart(db, shopper, input, async (tx, order) => {
    const giftCardId =
      input.giftCardId ??
      (input.tan === undefined
        ? undefined
        : (await repository.findGiftCard(tx, shopper.brand.id, input.tan))?.id);
    if (giftCardId !== undefined) await repository.removeOrderCard(tx, order.id, giftCardId);
    return presentOrder(await freshSnapshot(tx, shopper, order.id), shopper.locale);
  });
}

/**
 * The membership number to store, asked once the caller has proved access to the order: the route counts
 * the number as a guess there and checks it against the brand's rule (docs/decisions/021-lock-outs.md).
 */
export type MembershipNumberCheck = (typed: string) => Promise<string>;

export async function setCustomer(
  db: Database,
  shopper: Shopper,
  input: Access & CustomerData & { acceptTerms: true },
  acceptMembershipNumber: MembershipNumberCheck = async (typed) => typed,
): Promise<Order> {
  const { orderId, key, acceptTerms, ...typed } = input;
  const order = await loadOrder(db, shopper, orderId, key);
  assertNotGone(order);
  const customer = { ...typed, membershipNumber: await acceptMembershipNumber(typed.membershipNumber) };
  const customerData = { ...customer, acceptTerms };
  // A cart takes it in one guarded statement; an order waiting at a provider is reopened first.
  if (order.status === 'cart' && (await repository.updateCart(db, order.id, { customerData }))) {
    return presentOrder(await snapshotOf(db, order, shopper.locale), shopper.locale);
  }
  return changeCart(db, shopper, { orderId, key }, async (tx, locked) => {
    await repository.updateOrder(tx, locked.id, { customerData });
    return presentOrder(await freshSnapshot(tx, shopper, locked.id), shopper.locale);
  });
}

type Reconciliation = Omit<ValidationResult, 'order' | 'notifications'> & {
  notifications: StoredNotification[];
};

/**
 * Compares the cart with the shop now: sold-out or unsellable lines, fewer units left, changed prices,
 * a code that no longer applies, gift cards used up elsewhere. With `apply` the cart is adjusted and the
 * notifications stored for the notifications call (prepare); without, it only reports (validate).
 */
/** A fresh result: sellable, nothing adjusted (each call gets its own notification list). */
function nothingChanged(): Reconciliation {
  return {
    validForSale: true,
    itemQuantityChanged: false,
    itemSoldOut: false,
    reductionInvalidated: false,
    giftCardInvalidated: false,
    priceChanged: false,
    notifications: [],
  };
}

async function reconcile(tx: Database, shopper: Shopper, snapshot: OrderSnapshot, apply: boolean) {
  const { order } = snapshot;
  const result = nothingChanged();
  const kept: ItemRow[] = [];
  for (const item of snapshot.items) {
    const available = item.is_sellable ? item.stock : 0;
    // Each message names its voucher and leads to its offer (issue 13: the way on, not a dead end).
    const voucher = { title: item.title, offerPath: offerPath(item.hotel_slug, item.offer_slug) };
    if (available <= 0) {
      result.itemSoldOut = true;
      const otherVariants = item.is_sellable
        ? await repository.countOtherVariantsInStock(tx, item.offer_id, item.variant_id)
        : 0;
      result.notifications.push({ kind: 'NotAvailable', params: { ...voucher, otherVariants } });
      if (apply) await repository.setItemQuantity(tx, order.id, item.id, 0);
      continue;
    }
    if (available < item.quantity) {
      result.itemQuantityChanged = true;
      result.notifications.push({
        kind: 'QuantityDecreased',
        params: { ...voucher, quantity: available },
      });
      if (apply) await repository.setItemQuantity(tx, order.id, item.id, available);
    }
    if (item.price_cents !== item.unit_price_cents) {
      result.priceChanged = true;
      result.notifications.push({
        kind: 'PriceHasChanged',
        params: { ...voucher, price: toPrice(item.price_cents, shopper.locale).display },
      });
      if (apply) await repository.setItemPrice(tx, item.id, item.price_cents);
    }
    kept.push({ ...item, quantity: Math.min(item.quantity, available), unit_price_cents: item.price_cents });
  }
  if (snapshot.reduction) {
    const subtotal = kept.reduce((sum, item) => sum + item.quantity * item.unit_price_cents, 0);
    // A once-per-customer code's uses by the address are not asked here but at the close (applyReduction).
    const failure = reductionFailure(snapshot.reduction, {
      subtotalCents: subtotal,
      offerIds: kept.map((item) => item.offer_id),
    });
    if (failure) {
      result.reductionInvalidated = true;
      result.notifications.push({
        kind: failure === 'expired' ? 'PromotionCodeExpired' : 'PromotionCodeInvalid',
        params: {
          code: snapshot.reduction.code,
          reason: failure,
          minimumCents: snapshot.reduction.minimum_order_cents,
        },
      });
      if (apply) await repository.updateOrder(tx, order.id, { reductionId: null });
    }
  }
  for (const card of snapshot.cards) {
    if (cardUsable(card)) continue;
    result.giftCardInvalidated = true;
    result.notifications.push({ kind: 'GiftCardInvalidated', params: { code: card.tan } });
    if (apply) await repository.removeOrderCard(tx, order.id, card.gift_card_id);
  }
  result.validForSale = kept.length > 0 && result.notifications.length === 0;
  return result;
}

function presentValidation(result: Reconciliation, order: Order, shopper: Shopper): ValidationResult {
  return {
    ...result,
    notifications: result.notifications.map((notification) =>
      presentNotification(notification, shopper.locale),
    ),
    order,
  };
}

/** SPEC §4 "Prepare for checkout": adjusts the cart to what can be sold and says what changed. */
export async function prepareOrder(
  db: Database,
  shopper: Shopper,
  access: Access,
): Promise<ValidationResult> {
  // The usual case, a cart that can be sold as it is, is answered from one read without a transaction.
  const current = await loadSnapshot(db, shopper, access.orderId, access.key);
  assertNotGone(current.order);
  if (current.order.status === 'cart' && !current.order.notifications.length) {
    const check = await reconcile(db, shopper, current, false);
    if (!check.notifications.length) {
      return presentValidation(check, presentOrder(current, shopper.locale), shopper);
    }
  }
  return changeCart(db, shopper, access, async (tx, order) => {
    const before = await snapshotOf(tx, order, shopper.locale);
    const result = await reconcile(tx, shopper, before, true);
    if (result.notifications.length || order.notifications.length) {
      await repository.updateOrder(tx, order.id, { notifications: result.notifications });
    }
    // Unchanged carts (the usual case) are answered from the first read.
    const snapshot = result.notifications.length ? await freshSnapshot(tx, shopper, order.id) : before;
    return presentValidation(result, presentOrder(snapshot, shopper.locale), shopper);
  });
}

/** The same check without changing anything. A closed order is valid as it stands. */
export async function validateOrder(
  db: Database,
  shopper: Shopper,
  access: Access,
): Promise<ValidationResult> {
  const snapshot = await loadSnapshot(db, shopper, access.orderId, access.key);
  const { order } = snapshot;
  assertNotGone(order);
  const presented = presentOrder(snapshot, shopper.locale);
  if (order.status !== 'cart') {
    return presentValidation(nothingChanged(), presented, shopper);
  }
  return presentValidation(await reconcile(db, shopper, snapshot, false), presented, shopper);
}

/** The notifications of the last prepare; reading them clears them. */
export async function takeNotifications(
  db: Database,
  shopper: Shopper,
  access: Access,
): Promise<OrderNotification[]> {
  return db.transaction(async (tx) => {
    const order = await loadOrder(tx, shopper, access.orderId, access.key, true);
    if (order.notifications.length) await repository.updateOrder(tx, order.id, { notifications: [] });
    return order.notifications.map((notification) => presentNotification(notification, shopper.locale));
  });
}

export async function setOptins(
  db: Database,
  shopper: Shopper,
  input: Access & { optinEmail: boolean; optinPhone: boolean; optinNewsletter: boolean },
  /** What the newsletter box needs to start the double opt-in (modules/newsletter). */
  newsletter?: { jobs: Pick<JobQueue, 'enqueue'>; brandConfigs: Pick<BrandConfigs, 'get'> },
): Promise<void> {
  // A brand without the newsletter shows no box; a request that ticks it anyway starts nothing.
  const hasNewsletter =
    input.optinNewsletter && newsletter
      ? (await newsletter.brandConfigs.get(shopper.brand.short)).hasNewsletterOptin
      : false;
  await db.transaction(async (tx) => {
    const order = await loadOrder(tx, shopper, input.orderId, input.key, true);
    assertNotGone(order);
    await repository.updateOrder(tx, order.id, {
      optins: {
        email: input.optinEmail,
        phone: input.optinPhone,
        newsletter: input.optinNewsletter,
        at: new Date(),
      },
    });
    // The box only asks: the confirmation mail's link subscribes (double opt-in), in this transaction.
    const email = order.customer_data?.email;
    if (hasNewsletter && newsletter && email) {
      await startDoubleOptIn(tx, newsletter.jobs, {
        brandId: order.brand_id,
        email,
        locale: shopper.locale,
        source: 'checkout',
      });
    }
  });
}

/** Cancels an unpaid order; its stock, code and gift-card amounts go back. A paid order cannot be cancelled here. */
export async function cancelOrder(
  deps: { db: Database; jobs: Pick<JobQueue, 'enqueue'> },
  shopper: Shopper,
  access: Access,
): Promise<Order> {
  return deps.db.transaction(async (tx) => {
    const order = await loadOrder(tx, shopper, access.orderId, access.key, true);
    assertNotGone(order);
    if (order.status === 'paid') throw orderClosed(order);
    // A cart was priced live until now: keep the figures it had when it was given up.
    if (order.status === 'cart') {
      const { totals } = await snapshotOf(tx, order, shopper.locale);
      await repository.updateOrder(tx, order.id, { totals });
    }
    // Stock a closed order held goes back: whoever waits for it is told (modules/reminders).
    if (isHolding(order)) await queueReminderDispatch(tx, deps.jobs, [order.id]);
    await releaseHold(tx, order, 'cancelled');
    return presentOrder(await snapshotOf(tx, order, shopper.locale), shopper.locale);
  });
}
