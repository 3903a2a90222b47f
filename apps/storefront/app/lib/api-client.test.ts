import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, calls, problem, storage, stubBrowser } from './orders/testing/fake-order-api.ts';
import { jwt } from './testing/session.ts';

/** The typed client against a fake API: what every call sends, and the SPEC §8 catalogue it applies. */

beforeEach(() => stubBrowser());

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends JSON with the page language, the CSRF header and an Idempotency-Key when asked', async () => {
    answer(() => ({ status: 204 }));
    const { api, newRequestId } = await import('./api-client.ts');
    const key = newRequestId();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const body = { orderId: 1, key: 'k', optinEmail: true, optinPhone: false, optinNewsletter: false };
    expect(await api('PUT /api/order/optin', { action: 'optin', body, idempotencyKey: key })).toEqual({
      ok: true,
      data: undefined,
    });
    expect(calls[0]?.body).toEqual(body);
    expect(calls[0]?.headers).toEqual({
      accept: 'application/json',
      'accept-language': 'it',
      'x-requested-with': 'shop',
      'content-type': 'application/json',
      'idempotency-key': key,
    });
  });

  it('fills the path parameters, encoded, and sends no body on a GET', async () => {
    answer(() => ({ status: 200, body: { items: [] } }));
    const { api } = await import('./api-client.ts');
    await api('GET /api/offer/suggest/{tag}', {
      action: 'lookup',
      params: { tag: 'Garda see/ä' },
      isSilent: true,
    });
    expect(calls[0]).toMatchObject({
      method: 'GET',
      path: '/api/offer/suggest/Garda%20see%2F%C3%A4',
      body: undefined,
    });
    expect(calls[0]?.headers['content-type']).toBeUndefined();
  });

  it('carries the signed-in customer’s bearer token, except on the session’s own calls', async () => {
    storage.set(
      'accessToken',
      JSON.stringify({ token: jwt('c-1', 'erika@example.com'), expiresAt: Date.now() + 30 * 60_000 }),
    );
    answer(() => ({ status: 200, body: { items: [] } }));
    await import('./session-store.ts');
    const { api } = await import('./api-client.ts');
    await api('GET /api/order/account-overview/{page}', { action: 'account', params: { page: 1 } });
    await api('POST /api/auth/logout', { action: 'account', auth: 'none', body: {} });
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${jwt('c-1', 'erika@example.com')}`);
    expect(calls[1]?.headers.authorization).toBeUndefined();
    expect(calls[1]?.headers['x-requested-with']).toBe('shop');
  });

  it('an HTML error page from a proxy still becomes a problem (and the unexpected-error toast)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })),
    );
    const { api } = await import('./api-client.ts');
    const { toastStore } = await import('./toasts.ts');
    const result = await api('PUT /api/order/items', {
      action: 'change',
      body: { orderId: 1, key: 'k', itemId: 2, quantity: 1 },
    });
    expect(result).toMatchObject({
      ok: false,
      failure: { kind: 'problem', problem: { status: 502, title: 'Bad Gateway' } },
    });
    expect(toastStore.get().map((toast) => toast.parts)).toEqual([[{ key: 'cart.error.unexpected' }]]);
  });

  it('an account form’s refusal is said at the form (no toast), with the field messages', async () => {
    answer((call) =>
      call.path === '/api/account/change-password'
        ? problem(400, 'validation-error', {
            detail: 'Das aktuelle Passwort ist nicht korrekt.',
            errors: [{ field: 'oldPassword', message: 'Das aktuelle Passwort ist nicht korrekt.' }],
          })
        : problem(401, 'invalid-credentials'),
    );
    const { api } = await import('./api-client.ts');
    const { toastStore } = await import('./toasts.ts');
    const changed = await api('PUT /api/account/change-password', {
      action: 'account',
      body: { oldPassword: 'wrong-one', newPassword: 'a-new-password' },
    });
    expect(changed).toMatchObject({
      ok: false,
      reaction: { fieldErrors: { oldPassword: 'Das aktuelle Passwort ist nicht korrekt.' }, toast: null },
    });
    const login = await api('POST /api/auth/login', {
      action: 'account',
      auth: 'none',
      body: { userName: 'erika@example.com', password: 'wrong-one' },
    });
    expect(login).toMatchObject({
      ok: false,
      reaction: { errors: ['title invalid-credentials'], toast: null },
    });
    expect(toastStore.get()).toEqual([]);
  });
});
