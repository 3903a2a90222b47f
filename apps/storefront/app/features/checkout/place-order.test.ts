import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answer,
  calls,
  item,
  order,
  problem,
  storage,
  stubBrowser,
} from '#app/lib/orders/testing/fake-order-api.ts';
import type { CustomerRequest } from './customer-validation.ts';

/** The checkout's steps against a fake order API: customer → prepare → close, and where each can end. */

const request: CustomerRequest = {
  orderId: 3,
  key: 'key-3',
  gender: 20,
  firstName: 'Erika',
  lastName: 'Mustermann',
  email: 'erika@example.com',
  phone: '',
  street: 'Hauptstraße',
  houseNumber: '1',
  postcode: '80331',
  city: 'München',
  country: 'DE',
  membershipNumber: '',
  newsletter: false,
  acceptTerms: true,
};

const cart = order(3, [item(31, 1)]);
/** The total the checkout showed when the buyer clicked. */
const seen = cart.summary.total.total;
const unchanged = {
  validForSale: true,
  itemQuantityChanged: false,
  itemSoldOut: false,
  reductionInvalidated: false,
  giftCardInvalidated: false,
  priceChanged: false,
  notifications: [],
  order: cart,
};

async function load() {
  const { placeOrder } = await import('./place-order.ts');
  const { cartStore } = await import('#app/lib/orders/cart-store.ts');
  const { toastStore } = await import('#app/lib/toasts.ts');
  return { placeOrder, cartStore, toastStore };
}

beforeEach(() => {
  stubBrowser('de');
  storage.set('orderId', '3');
  storage.set('orderToken', 'key-3');
  answer((call) => (call.path === '/api/order/customer' ? { status: 200, body: cart } : undefined));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const steps = () => calls.map((call) => `${call.method} ${call.path}`);

describe('placing the order', () => {
  it('wire transfer: customer, prepare, close (with an Idempotency-Key); the closed order leaves the cart', async () => {
    answer((call) =>
      call.path === '/api/order/prepare/3/key-3' ? { status: 200, body: unchanged } : undefined,
    );
    answer((call) =>
      call.path === '/api/order/close'
        ? { status: 200, body: { order: { ...cart, status: 'awaiting-payment' }, redirectUrl: null } }
        : undefined,
    );
    const { placeOrder, cartStore } = await load();
    expect(await placeOrder(request, 'wiretransfer', seen)).toEqual({
      kind: 'closed',
      path: '/complete/3/key-3',
    });
    expect(steps()).toEqual([
      'PUT /api/order/customer',
      'GET /api/order/prepare/3/key-3',
      'PUT /api/order/close',
    ]);
    expect(calls[0]?.body).toEqual(request);
    expect(calls[2]?.body).toEqual({
      orderId: 3,
      key: 'key-3',
      paymentType: 'wiretransfer',
      confirmedTotal: seen,
    });
    expect(calls[2]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(storage.has('orderId')).toBe(false);
    expect(cartStore.get().cart).toBeNull();
  });

  it('the ticked newsletter box asks for the confirmation mail (PUT /api/order/optin); its failure stops nothing', async () => {
    answer((call) =>
      call.path === '/api/order/prepare/3/key-3' ? { status: 200, body: unchanged } : undefined,
    );
    answer((call) => (call.path === '/api/order/optin' ? problem(500, 'internal-error') : undefined));
    answer((call) =>
      call.path === '/api/order/close'
        ? { status: 200, body: { order: { ...cart, status: 'awaiting-payment' }, redirectUrl: null } }
        : undefined,
    );
    const { placeOrder, toastStore } = await load();
    expect(await placeOrder({ ...request, newsletter: true }, 'wiretransfer', seen)).toEqual({
      kind: 'closed',
      path: '/complete/3/key-3',
    });
    expect(steps()).toEqual([
      'PUT /api/order/customer',
      'PUT /api/order/optin',
      'GET /api/order/prepare/3/key-3',
      'PUT /api/order/close',
    ]);
    expect(calls[1]?.body).toEqual({
      orderId: 3,
      key: 'key-3',
      optinEmail: false,
      optinPhone: false,
      optinNewsletter: true,
    });
    expect(toastStore.get()).toEqual([]);
  });

  it('each attempt gets its own Idempotency-Key', async () => {
    answer((call) =>
      call.path === '/api/order/prepare/3/key-3' ? { status: 200, body: unchanged } : undefined,
    );
    answer((call) => (call.path === '/api/order/close' ? problem(500, 'internal-error') : undefined));
    const { placeOrder } = await load();
    await placeOrder(request, 'paypal', seen);
    await placeOrder(request, 'paypal', seen);
    const keys = calls
      .filter((call) => call.path === '/api/order/close')
      .map((call) => call.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('PayPal / Amazon Pay: the provider’s page to go to; the waiting order stays the cart', async () => {
    answer((call) =>
      call.path === '/api/order/prepare/3/key-3' ? { status: 200, body: unchanged } : undefined,
    );
    answer((call) =>
      call.path === '/api/order/close'
        ? {
            status: 200,
            body: { order: { ...cart, status: 'payment-pending' }, redirectUrl: '/sandbox/paypal/SBX-1' },
          }
        : undefined,
    );
    const { placeOrder, cartStore } = await load();
    expect(await placeOrder(request, 'paypal', seen)).toEqual({
      kind: 'redirect',
      url: '/sandbox/paypal/SBX-1',
    });
    expect(storage.get('orderId')).toBe('3');
    expect(cartStore.get().cart?.status).toBe('payment-pending');
  });

  it('an order adjusted by prepare: the 5-second toast, the notifications, and no close', async () => {
    const notifications = [
      { kind: 'NotAvailable', params: { title: 'X' }, text: 'X ist nicht mehr verfügbar.' },
    ];
    answer((call) =>
      call.path === '/api/order/prepare/3/key-3'
        ? {
            status: 200,
            body: {
              ...unchanged,
              validForSale: false,
              itemSoldOut: true,
              notifications,
              order: order(3, []),
            },
          }
        : undefined,
    );
    const { placeOrder, cartStore, toastStore } = await load();
    expect(await placeOrder(request, 'wiretransfer', seen)).toEqual({ kind: 'adjusted', notifications });
    expect(steps()).not.toContain('PUT /api/order/close');
    expect(toastStore.get()).toMatchObject([
      {
        tone: 'danger',
        durationMs: 5000,
        parts: [
          { key: 'order.adjusted' },
          { key: 'order.adjusted.soldOut' },
          { key: 'order.adjusted.check' },
        ],
      },
    ]);
    // The cart shows the adjusted order.
    expect(cartStore.get().cart?.items).toEqual([]);
  });

  it('a validation error from the server: field messages at their fields, others as a list', async () => {
    stubBrowser('de');
    storage.set('orderId', '3');
    storage.set('orderToken', 'key-3');
    answer((call) =>
      call.path === '/api/order/customer'
        ? problem(400, 'validation-error', {
            detail: 'postcode: ist keine gültige Postleitzahl;key: zu lang',
            errors: [
              { field: 'postcode', message: 'ist keine gültige Postleitzahl' },
              { field: 'key', message: 'zu lang' },
            ],
          })
        : undefined,
    );
    const { placeOrder } = await load();
    expect(await placeOrder(request, 'wiretransfer', seen)).toEqual({
      kind: 'refused',
      fieldErrors: { postcode: 'ist keine gültige Postleitzahl' },
      formErrors: [],
    });

    stubBrowser('de');
    storage.set('orderId', '3');
    storage.set('orderToken', 'key-3');
    answer((call) =>
      call.path === '/api/order/customer'
        ? problem(400, 'validation-error', { detail: 'key: zu lang;orderId: zu groß' })
        : undefined,
    );
    const again = await load();
    expect(await again.placeOrder(request, 'wiretransfer', seen)).toEqual({
      kind: 'refused',
      fieldErrors: {},
      formErrors: ['key: zu lang', 'orderId: zu groß'],
    });
  });

  it('a gift card used up meanwhile: the close is refused with the server’s words for the form', async () => {
    answer((call) =>
      call.path === '/api/order/prepare/3/key-3' ? { status: 200, body: unchanged } : undefined,
    );
    answer((call) => (call.path === '/api/order/close' ? problem(422, 'invalid-giftcard') : undefined));
    const { placeOrder, toastStore } = await load();
    expect(await placeOrder(request, 'credit', seen)).toEqual({
      kind: 'refused',
      fieldErrors: {},
      formErrors: ['title invalid-giftcard'],
    });
    expect(toastStore.get()).toEqual([]);
  });

  it('the cart changed in another tab (409 cart-changed): nothing closed, the cart read again, the new total to confirm', async () => {
    const changed = order(3, [item(31, 2)]);
    answer((call) =>
      call.path === '/api/order/prepare/3/key-3' ? { status: 200, body: unchanged } : undefined,
    );
    answer((call) =>
      call.path === '/api/order/close'
        ? problem(409, 'cart-changed', { total: 20_000, currency: 'EUR' })
        : undefined,
    );
    answer((call) => (call.path === '/api/order/3/key-3' ? { status: 200, body: changed } : undefined));
    const { placeOrder, cartStore, toastStore } = await load();
    expect(await placeOrder(request, 'paypal', seen)).toEqual({
      kind: 'changed',
      total: 20_000,
      currency: 'EUR',
    });
    expect(steps().slice(-2)).toEqual(['PUT /api/order/close', 'GET /api/order/3/key-3']);
    expect(cartStore.get().cart?.summary.total.total).toBe(20_000);
    expect(storage.get('orderId')).toBe('3');
    expect(toastStore.get()).toEqual([]);
  });

  it('no connection at the close: the toast says it, the form stays as it is', async () => {
    answer((call) =>
      call.path === '/api/order/prepare/3/key-3' ? { status: 200, body: unchanged } : undefined,
    );
    answer((call) => (call.path === '/api/order/close' ? 'network-error' : undefined));
    const { placeOrder, toastStore } = await load();
    expect(await placeOrder(request, 'wiretransfer', seen)).toEqual({ kind: 'stopped' });
    expect(toastStore.get().map((toast) => toast.parts)).toEqual([[{ key: 'cart.error.connection' }]]);
    expect(storage.get('orderId')).toBe('3');
  });
});
