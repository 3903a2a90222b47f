import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answer,
  calls,
  item,
  order,
  problem,
  storage,
  stubBrowser,
  summary,
} from './testing/fake-order-api.ts';

/**
 * The cart store with its API client against a fake server: what is stored, what is sent, and how
 * the SPEC §8 catalogue plays out (re-add after 410, clear after 428/115, invalid code, toasts).
 */

async function load() {
  const store = await import('./cart-store.ts');
  const { toastStore } = await import('#app/lib/toasts.ts');
  const { pendingRequests } = await import('#app/lib/site-lock.ts');
  return { ...store, toastStore, pendingRequests };
}

beforeEach(() => stubBrowser());

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('cart store', () => {
  it('the first add creates the cart, stores id and key, sends the referral and opens the drawer', async () => {
    storage.set(
      'referral',
      JSON.stringify({
        code: 'p42',
        payload: 'c7',
        path: '/start',
        referer: 'https://a.example/',
        createdAt: '',
        isUsed: false,
      }),
    );
    answer((call) =>
      call.method === 'POST' && call.path === '/api/order'
        ? { status: 201, body: { id: 1, token: 'key-1' } }
        : undefined,
    );
    answer((call) =>
      call.path === '/api/order/1/key-1' ? { status: 200, body: order(1, [item(11, 1)]) } : undefined,
    );
    answer((call) =>
      call.path === '/api/order/items'
        ? {
            status: 200,
            body: { added: [item(11, 1)], modified: [], removed: [], summary: summary(10_000), itemCount: 1 },
          }
        : undefined,
    );
    const { addToCart, cartStore, pendingRequests } = await load();
    expect(await addToCart(61)).toEqual({ ok: true });

    expect(storage.get('orderId')).toBe('1');
    expect(storage.get('orderToken')).toBe('key-1');
    const add = calls.find((call) => call.path === '/api/order/items');
    expect(add?.body).toEqual({
      orderId: 1,
      key: 'key-1',
      variantId: 61,
      quantity: 1,
      ref: 'p42',
      refPayload: 'c7',
      referer: 'https://a.example/',
      refPath: '/start',
      refUsed: false,
    });
    // Every call carries the page's language.
    expect(add?.headers['accept-language']).toBe('it');
    expect(cartStore.get()).toMatchObject({ isDrawerOpen: true, cart: { id: 1, itemCount: 1 } });
    // The next add says the referral was used already.
    expect(JSON.parse(storage.get('referral') ?? '{}').isUsed).toBe(true);
    expect(pendingRequests.get()).toBe(0);
  });

  it('410 on an add: the gone cart is forgotten, a new one created and the product added again', async () => {
    storage.set('orderId', '1');
    storage.set('orderToken', 'key-1');
    answer((call) =>
      call.path === '/api/order/items' && call.body?.orderId === 1
        ? problem(410, 'invalid-order')
        : undefined,
    );
    answer((call) =>
      call.method === 'POST' && call.path === '/api/order'
        ? { status: 201, body: { id: 2, token: 'key-2' } }
        : undefined,
    );
    answer((call) =>
      call.path === '/api/order/2/key-2' ? { status: 200, body: order(2, [item(21, 1)]) } : undefined,
    );
    answer((call) =>
      call.path === '/api/order/items'
        ? {
            status: 200,
            body: { added: [item(21, 1)], modified: [], removed: [], summary: summary(10_000), itemCount: 1 },
          }
        : undefined,
    );
    const { addToCart, cartStore, toastStore } = await load();
    expect(await addToCart(71)).toEqual({ ok: true });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/order/items',
      'POST /api/order',
      'POST /api/order/items',
      'GET /api/order/2/key-2',
    ]);
    expect(storage.get('orderId')).toBe('2');
    expect(cartStore.get().cart?.id).toBe(2);
    expect(toastStore.get()).toEqual([]);
  });

  it('a sold-out add answers with the server’s words and no toast', async () => {
    storage.set('orderId', '3');
    storage.set('orderToken', 'key-3');
    answer((call) => (call.path === '/api/order/3/key-3' ? { status: 200, body: order(3, []) } : undefined));
    answer((call) => (call.path === '/api/order/items' ? problem(409, 'sold-out') : undefined));
    const { addToCart, loadStoredCart, toastStore } = await load();
    await loadStoredCart();
    expect(await addToCart(5)).toEqual({ ok: false, errors: ['title sold-out'], fieldErrors: {} });
    expect(toastStore.get()).toEqual([]);
  });

  it('428 with code 115 on a change: the closed order is forgotten and the customer told', async () => {
    storage.set('orderId', '4');
    storage.set('orderToken', 'key-4');
    answer((call) =>
      call.path === '/api/order/4/key-4' ? { status: 200, body: order(4, [item(41, 2)]) } : undefined,
    );
    answer((call) =>
      call.method === 'PUT' && call.path === '/api/order/items'
        ? problem(428, 'order-closed', { code: 115 })
        : undefined,
    );
    const { changeQuantity, loadStoredCart, cartStore, toastStore } = await load();
    await loadStoredCart();
    expect(cartStore.get().cart?.itemCount).toBe(2);
    const result = await changeQuantity(41, 3);
    expect(result.ok).toBe(false);
    expect(storage.has('orderId')).toBe(false);
    expect(storage.has('orderToken')).toBe(false);
    expect(cartStore.get().cart).toBeNull();
    expect(toastStore.get().map((toast) => toast.parts)).toEqual([[{ text: 'title order-closed' }]]);
  });

  it('no answer: the connection toast, and the site lock is lifted again', async () => {
    storage.set('orderId', '5');
    storage.set('orderToken', 'key-5');
    answer((call) =>
      call.path === '/api/order/5/key-5' ? { status: 200, body: order(5, [item(51, 1)]) } : undefined,
    );
    answer((call) => (call.path === '/api/order/items' ? 'network-error' : undefined));
    const { removeItem, loadStoredCart, pendingRequests, toastStore } = await load();
    await loadStoredCart();
    const removing = removeItem(51);
    await vi.waitFor(() => expect(calls.length).toBe(2));
    const result = await removing;
    expect(result.ok).toBe(false);
    expect(pendingRequests.get()).toBe(0);
    expect(toastStore.get().map((toast) => [toast.tone, toast.parts])).toEqual([
      ['danger', [{ key: 'cart.error.connection' }]],
    ]);
  });

  it('a refused code marks the promotion invalid until the cart changes', async () => {
    storage.set('orderId', '6');
    storage.set('orderToken', 'key-6');
    answer((call) =>
      call.path === '/api/order/6/key-6' ? { status: 200, body: order(6, [item(61, 1)]) } : undefined,
    );
    answer((call) => (call.path === '/api/order/reduction' ? problem(417, 'invalid-reduction') : undefined));
    answer((call) =>
      call.path === '/api/order/items'
        ? {
            status: 200,
            body: { added: [], modified: [item(61, 2)], removed: [], summary: summary(20_000), itemCount: 2 },
          }
        : undefined,
    );
    const { applyReduction, changeQuantity, loadStoredCart, cartStore, toastStore } = await load();
    await loadStoredCart();
    expect(await applyReduction('ABGELAUFEN')).toEqual({
      ok: false,
      errors: ['title invalid-reduction'],
      fieldErrors: {},
    });
    expect(cartStore.get().isReductionInvalid).toBe(true);
    expect(toastStore.get()).toEqual([]);
    await changeQuantity(61, 2);
    expect(cartStore.get()).toMatchObject({ isReductionInvalid: false, cart: { itemCount: 2 } });
  });

  it('too many attempts (429): the code and gift-card fields show the server’s message, not “invalid”, and no toast', async () => {
    storage.set('orderId', '7');
    storage.set('orderToken', 'key-7');
    const tooMany = problem(429, 'too-many-requests', {
      title: 'Zu viele Anfragen.',
      detail: 'Zu viele Versuche. Bitte versuchen Sie es in 7 Minuten erneut.',
    });
    answer((call) =>
      call.path === '/api/order/7/key-7' ? { status: 200, body: order(7, [item(71, 1)]) } : undefined,
    );
    let isLimited = false;
    answer((call) =>
      call.path === '/api/order/reduction'
        ? isLimited
          ? tooMany
          : problem(417, 'invalid-reduction')
        : undefined,
    );
    answer((call) => (call.path === '/api/order/giftcard' ? tooMany : undefined));
    const { applyReduction, applyGiftCard, loadStoredCart, cartStore, toastStore } = await load();
    await loadStoredCart();
    await applyReduction('GIBTSNICHT');
    expect(cartStore.get().isReductionInvalid).toBe(true);

    isLimited = true;
    expect(await applyReduction('WILLKOMMEN10')).toEqual({
      ok: false,
      errors: ['Zu viele Versuche. Bitte versuchen Sie es in 7 Minuten erneut.'],
      fieldErrors: {},
    });
    // Not a verdict on the code: the earlier "invalid" mark goes too.
    expect(cartStore.get().isReductionInvalid).toBe(false);
    expect(await applyGiftCard('GC-DEMO-5000')).toEqual({
      ok: false,
      errors: ['Zu viele Versuche. Bitte versuchen Sie es in 7 Minuten erneut.'],
      fieldErrors: {},
    });
    expect(toastStore.get()).toEqual([]);
  });

  it('a gift card redeemed in an earlier visit: listed from the stored order, taken off by its id', async () => {
    storage.set('orderId', '9');
    storage.set('orderToken', 'key-9');
    const card = { giftCardId: 42, name: '…0000', cents: 10_000 };
    answer((call) =>
      call.path === '/api/order/9/key-9'
        ? { status: 200, body: order(9, [item(91, 1)], { summary: summary(10_000, [card]) }) }
        : undefined,
    );
    answer((call) =>
      call.method === 'DELETE' && call.path === '/api/order/giftcard'
        ? { status: 200, body: order(9, [item(91, 1)]) }
        : undefined,
    );
    const { loadStoredCart, removeGiftCard, cartStore } = await load();
    await loadStoredCart();
    expect(cartStore.get().cart?.summary.prepaid).toEqual([
      { giftCardId: 42, name: '…0000', amount: expect.objectContaining({ total: 10_000 }) },
    ]);
    expect(cartStore.get().cart?.summary.total.total).toBe(0);

    expect(await removeGiftCard(42)).toEqual({ ok: true });
    const removal = calls.find((call) => call.method === 'DELETE');
    expect(removal?.path).toBe('/api/order/giftcard');
    expect(removal?.body).toEqual({ orderId: 9, key: 'key-9', giftCardId: 42 });
    expect(cartStore.get().cart?.summary).toMatchObject({ prepaid: [], total: { total: 10_000 } });
  });

  it('a stored order that is already closed is forgotten at start (a new cart begins with the next add)', async () => {
    storage.set('orderId', '8');
    storage.set('orderToken', 'key-8');
    answer((call) =>
      call.path === '/api/order/8/key-8'
        ? { status: 200, body: order(8, [item(81, 1)], { status: 'awaiting-payment' }) }
        : undefined,
    );
    const { loadStoredCart, cartStore } = await load();
    await loadStoredCart();
    expect(cartStore.get()).toMatchObject({ phase: 'ready', cart: null });
    expect(storage.has('orderId')).toBe(false);
  });
});
