import type {
  CartChange,
  CustomerData,
  Order,
  OrderItem,
  OrderStatus,
  OrderSummary,
  PaymentType,
} from '@shop/contracts/orders';
import { type EcommerceItem, toEuros, trackEcommerce, variantName } from '#app/lib/analytics.ts';
import { type ApiResult, api, onCartGone } from '#app/lib/api-client.ts';
import { readStored, storageKeys, writeStored } from '#app/lib/browser-storage.ts';
import { createStore, useStore } from '#app/lib/store.ts';
import { markReferralUsed, referralFields, storedReferral } from './referral.ts';

/** The cart as the storefront keeps it: the order's editable side, without timestamps. */
export type Cart = {
  id: number;
  key: string;
  status: OrderStatus;
  items: OrderItem[];
  itemCount: number;
  summary: OrderSummary;
  reduction: Order['reduction'];
  customer: CustomerData | null;
  paymentType: PaymentType | null;
};

export type CartState = {
  /** 'unknown' on the server and until the browser has looked for a stored cart. */
  phase: 'unknown' | 'loading' | 'ready';
  cart: Cart | null;
  /** SPEC §4 promotion code "invalid": set by a refused code, reset by the next cart change. */
  isReductionInvalid: boolean;
  isDrawerOpen: boolean;
};

export type ActionResult =
  | { ok: true }
  | { ok: false; errors: string[]; fieldErrors: Record<string, string> };

const initialState: CartState = {
  phase: 'unknown',
  cart: null,
  isReductionInvalid: false,
  isDrawerOpen: false,
};

export const cartStore = createStore<CartState>(initialState);

/** Orders that can still change or be paid; a stored order in any other state is forgotten. */
const openStatuses: ReadonlySet<OrderStatus> = new Set(['cart', 'payment-pending']);

// ---------------------------------------------------------------------------------------------------
// Hooks

export const useCartState = () => useStore(cartStore, (state) => state, initialState);

/** The top bar's count: the sum of quantities, 0 until the stored cart has been read. */
export const useCartCount = () => useStore(cartStore, (state) => state.cart?.itemCount ?? 0, 0);

export const useIsCartDrawerOpen = () => useStore(cartStore, (state) => state.isDrawerOpen, false);

export function openCartDrawer(): void {
  cartStore.set((state) => (state.isDrawerOpen ? state : { ...state, isDrawerOpen: true }));
}

export function closeCartDrawer(): void {
  cartStore.set((state) => (state.isDrawerOpen ? { ...state, isDrawerOpen: false } : state));
}

// ---------------------------------------------------------------------------------------------------
// Identity: the order id and key in browser storage (SPEC §4, §9)

export type CartAccess = { orderId: number; key: string };

export function storedCartAccess(): CartAccess | null {
  const orderId = Number(readStored(storageKeys.orderId));
  const key = readStored(storageKeys.orderToken);
  return Number.isInteger(orderId) && orderId > 0 && key ? { orderId, key } : null;
}

function storeCartAccess(access: CartAccess | null): void {
  writeStored(storageKeys.orderId, access ? String(access.orderId) : null);
  writeStored(storageKeys.orderToken, access ? access.key : null);
}

/** Clearing the cart forgets the stored id and key; the next add starts a new one (SPEC §4). */
export function forgetCart(): void {
  storeCartAccess(null);
  cartStore.set((state) => ({
    ...state,
    phase: 'ready',
    cart: null,
    isReductionInvalid: false,
  }));
}

onCartGone(forgetCart);

/**
 * After signing in (SPEC §4): the order the server answered (the adopted guest cart, or the account's
 * open one) becomes the cart, read afresh; none means no cart. Queued after any cart call in flight.
 */
export function continueWithCart(access: CartAccess | null): Promise<void> {
  return enqueue(async () => {
    if (!access) {
      forgetCart();
      return;
    }
    storeCartAccess(access);
    const result = await fetchOrder(access, 'load', true);
    if (result.ok) adoptOrder(result.data);
  });
}

// ---------------------------------------------------------------------------------------------------
// Queue: one cart call at a time, so answers arrive in order and a double click creates one cart

let queue: Promise<unknown> = Promise.resolve();

function enqueue<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

// ---------------------------------------------------------------------------------------------------
// Reading

export function cartFromOrder(order: Order): Cart {
  return {
    id: order.id,
    key: order.token,
    status: order.status,
    items: order.items,
    itemCount: order.itemCount,
    summary: order.summary,
    reduction: order.reduction,
    customer: order.customer,
    paymentType: order.paymentType,
  };
}

/** Takes a full order answer (reduction, gift card, customer, prepare) as the cart. */
export function adoptOrder(order: Order): void {
  if (!openStatuses.has(order.status)) {
    forgetCart();
    return;
  }
  storeCartAccess({ orderId: order.id, key: order.token });
  cartStore.set((state) => ({ ...state, phase: 'ready', cart: cartFromOrder(order) }));
}

let loading: Promise<void> | null = null;

/** At start (after hydration): the stored cart, if any, read silently. */
export function loadStoredCart(): Promise<void> {
  loading ??= enqueue(async () => {
    const access = storedCartAccess();
    if (!access) {
      cartStore.set((state) => ({ ...state, phase: 'ready' }));
      return;
    }
    cartStore.set((state) => ({ ...state, phase: 'loading' }));
    const result = await fetchOrder(access, 'load', true);
    if (result.ok) adoptOrder(result.data);
    else cartStore.set((state) => ({ ...state, phase: 'ready' }));
  });
  return loading;
}

/** Reads the cart again (after the order was adjusted on the server). */
export function refreshCart(options: { isSilent?: boolean } = {}): Promise<void> {
  return enqueue(async () => {
    const access = storedCartAccess();
    if (!access) return;
    const result = await fetchOrder(access, 'load', options.isSilent ?? false);
    if (result.ok) adoptOrder(result.data);
  });
}

function fetchOrder(access: CartAccess, action: 'load' | 'view', isSilent: boolean) {
  return api('GET /api/order/{id}/{key}', {
    action,
    params: { id: access.orderId, key: access.key },
    isSilent,
  });
}

// ---------------------------------------------------------------------------------------------------
// Changing

/** The stored cart, or a new one: SPEC §4, the cart exists from the first add or code. */
async function ensureCart(): Promise<CartAccess | null> {
  const stored = storedCartAccess();
  if (stored) return stored;
  const created = await api('POST /api/order', { action: 'create', body: { currency: 'EUR' } });
  if (!created.ok) return null;
  const access = { orderId: created.data.id, key: created.data.token };
  storeCartAccess(access);
  return access;
}

function failed<T>(result: ApiResult<T> & { ok: false }): ActionResult {
  return { ok: false, errors: result.reaction.errors, fieldErrors: result.reaction.fieldErrors };
}

const unexpected: ActionResult = { ok: false, errors: [], fieldErrors: {} };

function applyChange(change: CartChange): void {
  cartStore.set((state) => {
    if (!state.cart) return state;
    const removedIds = new Set(change.removed.map((item) => item.id));
    const modified = new Map(change.modified.map((item) => [item.id, item]));
    const items = state.cart.items
      .filter((item) => !removedIds.has(item.id))
      .map((item) => modified.get(item.id) ?? item);
    for (const item of [...change.added, ...change.modified]) {
      if (!removedIds.has(item.id) && !items.some((known) => known.id === item.id)) items.push(item);
    }
    return {
      ...state,
      isReductionInvalid: false,
      cart: { ...state.cart, items, summary: change.summary, itemCount: change.itemCount },
    };
  });
}

/** After a change the server may have dropped a code whose minimum order is no longer met. */
async function syncReduction(access: CartAccess): Promise<void> {
  if (!cartStore.get().cart?.reduction) return;
  const result = await fetchOrder(access, 'load', true);
  if (result.ok) adoptOrder(result.data);
}

export type AddedProduct = { listName?: string };

/** Adds one unit of a variant (SPEC §9: quantity 1 per call) and opens the drawer. */
export function addToCart(variantId: number, context: AddedProduct = {}): Promise<ActionResult> {
  return enqueue(async () => {
    let result = await postItem(variantId);
    if (!result) return unexpected;
    if (!result.ok && result.reaction.readdInNewCart) {
      // SPEC §8: the cart was gone (410) or closed; the catalogue has cleared it: start a new one.
      result = await postItem(variantId);
      if (!result) return unexpected;
    }
    if (!result.ok) {
      // A new cart whose first add failed exists empty: show it as such.
      if (!cartStore.get().cart) await loadCartSilently();
      return failed(result);
    }
    const change = result.data;
    if (!cartStore.get().cart) await loadCartSilently();
    else applyChange(change);
    cartStore.set((state) => ({ ...state, isReductionInvalid: false, isDrawerOpen: true }));
    markReferralUsed();
    const item = [...change.added, ...change.modified].find((entry) => entry.variantId === variantId);
    if (item) trackCartEvent('add_to_cart', item, 1, context.listName);
    return { ok: true };
  });
}

async function postItem(variantId: number) {
  const access = await ensureCart();
  if (!access) return null;
  return api('POST /api/order/items', {
    action: 'add',
    body: { ...access, variantId, quantity: 1, ...referralFields(storedReferral()) },
  });
}

async function loadCartSilently(): Promise<void> {
  const access = storedCartAccess();
  if (!access) return;
  const result = await fetchOrder(access, 'load', true);
  if (result.ok) adoptOrder(result.data);
}

/** Sets an item's quantity; 0 removes it. */
export function changeQuantity(itemId: number, quantity: number): Promise<ActionResult> {
  return enqueue(async () => {
    const access = storedCartAccess();
    const before = cartStore.get().cart?.items.find((item) => item.id === itemId);
    if (!access || !before) return unexpected;
    const result = await api('PUT /api/order/items', {
      action: 'change',
      body: { ...access, itemId, quantity },
    });
    if (!result.ok) return failed(result);
    applyChange(result.data);
    await syncReduction(access);
    const difference = quantity - before.quantity;
    if (difference !== 0) {
      trackCartEvent(difference > 0 ? 'add_to_cart' : 'remove_from_cart', before, Math.abs(difference));
    }
    return { ok: true };
  });
}

export function removeItem(itemId: number): Promise<ActionResult> {
  return enqueue(async () => {
    const access = storedCartAccess();
    const before = cartStore.get().cart?.items.find((item) => item.id === itemId);
    if (!access || !before) return unexpected;
    const result = await api('DELETE /api/order/items', { action: 'remove', body: { ...access, itemId } });
    if (!result.ok) return failed(result);
    applyChange(result.data);
    await syncReduction(access);
    trackCartEvent('remove_from_cart', before, before.quantity);
    return { ok: true };
  });
}

/** Applies a promotion code (creating the cart if there is none yet, SPEC §4). */
export function applyReduction(code: string): Promise<ActionResult> {
  return enqueue(async () => {
    const access = await ensureCart();
    if (!access) return unexpected;
    const result = await api('POST /api/order/reduction', { action: 'reduction', body: { ...access, code } });
    if (!result.ok) {
      if (!cartStore.get().cart) await loadCartSilently();
      // Only a refused code is marked invalid; a refusal for too many attempts (429) or no answer says
      // nothing about this code, so an earlier code's mark goes too.
      const { isReductionInvalid } = result.reaction;
      cartStore.set((state) => ({ ...state, isReductionInvalid }));
      return failed(result);
    }
    adoptOrder(result.data);
    cartStore.set((state) => ({ ...state, isReductionInvalid: false }));
    return { ok: true };
  });
}

export function removeReduction(): Promise<ActionResult> {
  return orderCall((access) => api('DELETE /api/order/reduction', { action: 'reduction', body: access }));
}

/** Redeems a gift card on the stored cart; the order's summary lists it from then on (`prepaid`). */
export function applyGiftCard(tan: string): Promise<ActionResult> {
  return orderCall((access) =>
    api('POST /api/order/giftcard', { action: 'giftcard', body: { ...access, tan } }),
  );
}

/** Takes a card off by the id the summary shows: also one applied in an earlier visit. */
export function removeGiftCard(giftCardId: number): Promise<ActionResult> {
  return orderCall((access) =>
    api('DELETE /api/order/giftcard', { action: 'giftcard', body: { ...access, giftCardId } }),
  );
}

/** A call on the stored cart whose answer is the whole order. */
function orderCall(call: (access: CartAccess) => Promise<ApiResult<Order>>): Promise<ActionResult> {
  return enqueue(async () => {
    const access = storedCartAccess();
    if (!access) return unexpected;
    const result = await call(access);
    if (!result.ok) return failed(result);
    adoptOrder(result.data);
    return { ok: true };
  });
}

// ---------------------------------------------------------------------------------------------------
// Analytics

export function ecommerceItem(item: OrderItem, quantity = item.quantity): EcommerceItem {
  return {
    item_id: String(item.offerId),
    item_name: item.title,
    item_variant: variantName(item.parameter.nights, item.parameter.persons),
    price: toEuros(item.unitPrice.total),
    quantity,
  };
}

function trackCartEvent(
  event: 'add_to_cart' | 'remove_from_cart',
  item: OrderItem,
  quantity: number,
  listName?: string,
): void {
  trackEcommerce(event, {
    value: toEuros(item.unitPrice.total * quantity),
    items: [{ ...ecommerceItem(item, quantity), ...(listName ? { item_list_name: listName } : {}) }],
  });
}
