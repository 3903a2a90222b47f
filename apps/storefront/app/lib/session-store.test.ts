import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answer,
  calls,
  item,
  order,
  problem,
  storage,
  stubBrowser,
} from './orders/testing/fake-order-api.ts';
import { jwt } from './testing/session.ts';

/**
 * SPEC §4 "Session" against a fake API: what is stored, when the token is refreshed, what a failed
 * refresh does, and how a call refused with 401/101 waits for the login window and is replayed.
 */

const minute = 60_000;
const now = Date.parse('2026-03-01T10:00:00Z');
const oldToken = jwt('c-1', 'erika@example.com', { n: 1 });
const newToken = jwt('c-1', 'erika@example.com', { n: 2 });
const signInRequired = problem(401, 'unauthorized', { code: 101, title: 'Bitte melden Sie sich an.' });

function storeSession(expiresInMs: number, token = oldToken) {
  storage.set(
    'accessToken',
    JSON.stringify({ token, expiresAt: now + expiresInMs, user: { id: 'c-1', name: 'erika@example.com' } }),
  );
}

async function load() {
  const session = await import('./session-store.ts');
  const { api } = await import('./api-client.ts');
  const { cartStore } = await import('./orders/cart-store.ts');
  const { toastStore } = await import('./toasts.ts');
  return { ...session, api, cartStore, toastStore };
}

const overview = { items: [], total: 0, page: 1, pageSize: 10 };
const readOverview = (api: Awaited<ReturnType<typeof load>>['api']) =>
  api('GET /api/order/account-overview/{page}', { action: 'account', params: { page: 1 } });
const bearer = (index: number) => calls[index]?.headers.authorization;

beforeEach(() => {
  stubBrowser('de');
  vi.spyOn(Date, 'now').mockReturnValue(now);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('session store', () => {
  it('loads a stored session at start only while it has not expired', async () => {
    storeSession(5 * minute);
    const { loadStoredSession, sessionStore } = await load();
    loadStoredSession();
    expect(sessionStore.get()).toMatchObject({
      phase: 'ready',
      session: { token: oldToken, user: { id: 'c-1', name: 'erika@example.com' } },
    });

    storeSession(-1);
    loadStoredSession();
    expect(sessionStore.get().session).toBeNull();
    expect(storage.has('accessToken')).toBe(false);
  });

  it('a token with more than 10 minutes left is sent as it is', async () => {
    storeSession(11 * minute);
    answer(() => ({ status: 200, body: overview }));
    const { api } = await load();
    await readOverview(api);
    expect(calls.map((call) => call.path)).toEqual(['/api/order/account-overview/1']);
    expect(bearer(0)).toBe(`Bearer ${oldToken}`);
  });

  it('a token expiring within 10 minutes is refreshed first, once for calls at the same time', async () => {
    storeSession(9 * minute);
    answer((call) =>
      call.path === '/api/auth/connect/refresh'
        ? { status: 200, body: { accessToken: { token: newToken, expiresIn: 1800 } } }
        : { status: 200, body: overview },
    );
    const { api, sessionStore } = await load();
    await Promise.all([readOverview(api), readOverview(api)]);
    const refreshes = calls.filter((call) => call.path === '/api/auth/connect/refresh');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toEqual({ accessToken: oldToken });
    expect(refreshes[0]?.headers).toMatchObject({
      'x-requested-with': 'shop',
      'content-type': 'application/json',
    });
    expect(refreshes[0]?.headers.authorization).toBeUndefined();
    expect(
      calls.filter((call) => call.path.startsWith('/api/order')).map((call) => call.headers.authorization),
    ).toEqual([`Bearer ${newToken}`, `Bearer ${newToken}`]);
    // The expiry is computed from expiresIn.
    expect(sessionStore.get().session).toMatchObject({ token: newToken, expiresAt: now + 1800 * 1000 });
    expect(JSON.parse(storage.get('accessToken') ?? '{}')).toMatchObject({ token: newToken });
  });

  it('a failed refresh deletes token and user', async () => {
    storeSession(5 * minute);
    answer((call) =>
      call.path === '/api/auth/connect/refresh' ? signInRequired : { status: 200, body: { items: [] } },
    );
    const { api, sessionStore } = await load();
    await api('GET /api/offer/suggest/{tag}', { action: 'lookup', params: { tag: 'Garda' }, isSilent: true });
    expect(sessionStore.get().session).toBeNull();
    expect(storage.has('accessToken')).toBe(false);
  });

  it('a refused refresh before a customer’s call: the login window first, then the call with the new token', async () => {
    storeSession(5 * minute);
    answer((call) => (call.path === '/api/auth/connect/refresh' ? signInRequired : undefined));
    answer((call) =>
      call.path === '/api/auth/login'
        ? {
            status: 200,
            body: { accessToken: { token: newToken, expiresIn: 1800 }, orderId: null, token: null },
          }
        : undefined,
    );
    answer((call) =>
      call.path === '/api/order/close'
        ? { status: 200, body: { order: order(3, []), redirectUrl: null } }
        : undefined,
    );
    const { api, sessionStore, signIn, closeLogin } = await load();
    const closing = api('PUT /api/order/close', {
      action: 'close',
      body: { orderId: 3, key: 'key-3', paymentType: 'paypal' },
    });
    await vi.waitFor(() => expect(sessionStore.get().login).toBe('expired'));
    // Token and user are gone, and nothing was sent without them.
    expect(sessionStore.get().session).toBeNull();
    expect(storage.has('accessToken')).toBe(false);
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/connect/refresh']);
    await signIn('erika@example.com', 'geheim1234');
    expect((await closing).ok).toBe(true);
    expect(calls.find((call) => call.path === '/api/order/close')?.headers.authorization).toBe(
      `Bearer ${newToken}`,
    );

    // Closing the window instead: the call fails unsent, with the refusal's words.
    storeSession(5 * minute, newToken);
    const { loadStoredSession } = await load();
    loadStoredSession();
    const again = api('PUT /api/order/close', {
      action: 'close',
      body: { orderId: 3, key: 'key-3', paymentType: 'paypal' },
    });
    await vi.waitFor(() => expect(sessionStore.get().login).toBe('expired'));
    closeLogin();
    expect(await again).toMatchObject({ ok: false, reaction: { errors: ['Bitte melden Sie sich an.'] } });
    expect(calls.filter((call) => call.path === '/api/order/close')).toHaveLength(1);
  });

  it('a call refused with 401/101 opens the login window and is replayed with the new token after login', async () => {
    storeSession(30 * minute);
    storage.set('orderId', '7');
    storage.set('orderToken', 'key-7');
    answer((call) =>
      call.path === '/api/order/customer' && call.headers.authorization !== `Bearer ${newToken}`
        ? signInRequired
        : undefined,
    );
    answer((call) => (call.path === '/api/order/customer' ? { status: 200, body: order(7, []) } : undefined));
    answer((call) =>
      call.path === '/api/auth/login'
        ? {
            status: 200,
            body: { accessToken: { token: newToken, expiresIn: 1800 }, orderId: 7, token: 'key-7' },
          }
        : undefined,
    );
    answer((call) =>
      call.path === '/api/order/7/key-7' ? { status: 200, body: order(7, [item(71, 1)]) } : undefined,
    );
    const { api, sessionStore, signIn, cartStore } = await load();
    const saving = api('PUT /api/order/customer', {
      action: 'customer',
      body: customer(7, 'key-7'),
    });
    await vi.waitFor(() => expect(sessionStore.get().login).toBe('expired'));
    // The refused token is gone: the header shows the visitor as signed out meanwhile.
    expect(sessionStore.get().session).toBeNull();

    expect(await signIn('erika@example.com', 'geheim1234')).toEqual({ ok: true });
    const saved = await saving;
    expect(saved.ok).toBe(true);
    const login = calls.find((call) => call.path === '/api/auth/login');
    expect(login?.body).toEqual({
      userName: 'erika@example.com',
      password: 'geheim1234',
      orderId: 7,
      token: 'key-7',
    });
    expect(
      calls.filter((call) => call.path === '/api/order/customer').map((call) => call.headers.authorization),
    ).toEqual([`Bearer ${oldToken}`, `Bearer ${newToken}`]);
    expect(sessionStore.get()).toMatchObject({ login: null, session: { token: newToken } });
    // The cart the login answered is read afresh.
    await vi.waitFor(() => expect(cartStore.get().cart?.itemCount).toBe(1));
  });

  it('closing the login window instead: the call fails with the server’s words, no toast', async () => {
    answer(() => signInRequired);
    const { api, sessionStore, closeLogin, toastStore } = await load();
    const reading = readOverview(api);
    await vi.waitFor(() => expect(sessionStore.get().login).toBe('required'));
    closeLogin();
    expect(await reading).toMatchObject({ ok: false, reaction: { errors: ['Bitte melden Sie sich an.'] } });
    expect(calls).toHaveLength(1);
    expect(toastStore.get()).toEqual([]);
  });

  it('a background read refused with 401/101 goes on as a guest without asking', async () => {
    storeSession(30 * minute);
    answer((call) => (call.headers.authorization ? signInRequired : { status: 200, body: { items: [] } }));
    const { api, sessionStore } = await load();
    const result = await api('GET /api/offer/suggest/{tag}', {
      action: 'lookup',
      params: { tag: 'Garda' },
      isSilent: true,
    });
    expect(result).toEqual({ ok: true, data: { items: [] } });
    expect(calls.map((call) => call.headers.authorization)).toEqual([`Bearer ${oldToken}`, undefined]);
    expect(sessionStore.get()).toMatchObject({ session: null, login: null });
  });

  it('signing in with a wrong password says so; signing out ends the session and resets the cart', async () => {
    storage.set('orderId', '8');
    storage.set('orderToken', 'key-8');
    answer((call) =>
      call.path === '/api/auth/login' && call.body?.password === 'falsch'
        ? problem(401, 'invalid-credentials', { title: 'E-Mail-Adresse oder Passwort ist nicht korrekt.' })
        : undefined,
    );
    answer((call) =>
      call.path === '/api/auth/login'
        ? {
            status: 200,
            body: { accessToken: { token: newToken, expiresIn: 1800 }, orderId: null, token: null },
          }
        : undefined,
    );
    answer((call) => (call.path === '/api/auth/logout' ? { status: 204 } : undefined));
    const { signIn, signOut, sessionStore, cartStore } = await load();
    expect(await signIn('erika@example.com', 'falsch')).toEqual({
      ok: false,
      errors: ['E-Mail-Adresse oder Passwort ist nicht korrekt.'],
      fieldErrors: {},
    });
    expect(sessionStore.get().session).toBeNull();

    expect(await signIn('erika@example.com', 'geheim1234')).toEqual({ ok: true });
    // No cart to continue with: the stored one is forgotten.
    await vi.waitFor(() => expect(storage.has('orderId')).toBe(false));
    storage.set('orderId', '9');
    storage.set('orderToken', 'key-9');

    await signOut();
    const logout = calls.find((call) => call.path === '/api/auth/logout');
    expect(logout?.body).toEqual({});
    expect(logout?.headers).toMatchObject({
      'x-requested-with': 'shop',
      'content-type': 'application/json',
      authorization: `Bearer ${newToken}`,
    });
    expect(sessionStore.get().session).toBeNull();
    expect(storage.has('accessToken')).toBe(false);
    expect(storage.has('orderId')).toBe(false);
    expect(cartStore.get().cart).toBeNull();
  });
});

function customer(orderId: number, key: string) {
  return {
    orderId,
    key,
    gender: 20 as const,
    firstName: 'Erika',
    lastName: 'Mustermann',
    email: 'erika@example.com',
    street: 'Hauptstraße',
    houseNumber: '1',
    postcode: '80331',
    city: 'München',
    country: 'DE' as const,
    acceptTerms: true as const,
  };
}
