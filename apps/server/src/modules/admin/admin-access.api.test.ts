import { adminCsrfHeader, type StaffRole } from '@shop/contracts/admin';
import { sql } from 'drizzle-orm';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { readyCart, variantsInStock } from '#src/test/orders.ts';
import { cookieOf, type StaffClient, signInStaff, staffClient } from '#src/test/staff.ts';
import type { AdminRoute } from './admin-access.ts';

/** Who gets into the back office's API, generated from its route table so that no route is missed. */
let shop: TestApp;
let operator: StaffClient;
let manager: StaffClient;
let support: StaffClient;
let desk: StaffClient;
let demoOrderId: number;
let customerToken: string;

beforeAll(async () => {
  shop = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  [operator, manager, support, desk] = await Promise.all([
    signInStaff(shop.app, 'operator@example.org'),
    signInStaff(shop.app, 'manager.autoclub@example.org'),
    signInStaff(shop.app, 'support@example.org'),
    signInStaff(shop.app, 'rezeption@example.org'),
  ]);
  const [variantId] = (await variantsInStock(shop.database.db)) as [number];
  const cart = await readyCart(shop.app, variantId);
  await shop.app.inject({
    method: 'PUT',
    url: '/api/order/close',
    payload: { ...cart, paymentType: 'wiretransfer' },
  });
  demoOrderId = cart.orderId;
  await shop.app.inject({
    method: 'POST',
    url: '/api/account/register',
    payload: {
      userName: 'kundin@example.org',
      password: 'Sommer-Urlaub-2026',
      salutation: 20,
      firstName: 'Anna',
      lastName: 'Huber',
      newsletter: false,
    },
  });
  const login = await shop.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { userName: 'kundin@example.org', password: 'Sommer-Urlaub-2026' },
  });
  customerToken = login.json().accessToken.token;
});
afterAll(() => shop.close());

/** A body each route accepts, so that a refusal is about who asks, not about what they sent. */
const exampleBodies: Record<string, object | string | Buffer | undefined> = {
  'POST /api/admin/auth/login': { email: 'operator@example.org', password: 'x' },
  'POST /api/admin/auth/logout': undefined,
  'POST /api/admin/auth/totp/setup': undefined,
  'POST /api/admin/auth/totp/confirm': { code: '123456' },
  'POST /api/admin/orders/:id/mark-paid': { amountCents: 1, note: 'Zahlung per Scheck' },
  'POST /api/admin/orders/:id/cancel': { note: 'Kunde hat storniert' },
  'POST /api/admin/orders/:id/refund': { note: 'Kulanz' },
  'POST /api/admin/orders/:id/resend-mail': { mailId: 1 },
  'POST /api/admin/orders/:id/extend-hold': { days: 3, note: 'Überweisung unterwegs' },
  'POST /api/admin/bank-statements': '<Document/>',
  'POST /api/admin/staff': { email: 'neu@example.org', name: 'Neu', role: 'support' },
  'POST /api/admin/staff/:staffId': { name: 'Neu' },
  'POST /api/admin/staff/:staffId/invite': undefined,
  'POST /api/admin/auth/accept-invite': { token: 'x'.repeat(30), password: 'x'.repeat(12) },
  'POST /api/admin/auth/sessions/:sessionId/end': undefined,
  'POST /api/admin/bank-entries/:entryId/assign': { orderId: 1, note: 'von Hand' },
  'POST /api/admin/bank-entries/:entryId/handle': { note: 'nichts zu buchen' },
  'POST /api/admin/order-exports': {},
  'POST /api/admin/records/:kind/:id/delete': { note: 'Löschung auf Anfrage' },
  'POST /api/admin/records/newsletter/:id/unsubscribe': { note: 'Abmeldung auf Anfrage' },
  'POST /api/admin/content/pages': {
    brand: 'demo',
    locale: 'de',
    ...{ slug: 'neu', name: 'neu', title: 'Neu', body: 'Neu' },
  },
  'PUT /api/admin/content/pages/:pageId': { slug: 'neu', name: 'neu', title: 'Neu', body: 'Neu' },
  'DELETE /api/admin/content/pages/:pageId': undefined,
  'POST /api/admin/content/preview': { locale: 'de', body: 'Neu' },
  'PUT /api/admin/content/extension-points': { brand: 'demo', locale: 'de', footerMenu: null, home: null },
  'POST /api/admin/promotions': {
    brand: null,
    name: 'neu',
    promotionType: 'Campaign',
    title: { de: 'Neu' },
    description: { de: 'Neu' },
  },
  'PUT /api/admin/promotions/:promotionId': {
    brand: null,
    name: 'neu',
    promotionType: 'Campaign',
    title: { de: 'Neu' },
    description: { de: 'Neu' },
  },
  'POST /api/admin/promotions/:promotionId/switch-off': undefined,
  'PUT /api/admin/promotions/:promotionId/offers': { offerIds: [] },
  'POST /api/admin/codes': { brand: null, code: 'NEU-CODE', name: { de: 'Neu' }, operation: '+', value: 100 },
  'PUT /api/admin/codes/:codeId': {
    brand: null,
    code: 'NEU-CODE',
    name: { de: 'Neu' },
    operation: '+',
    value: 100,
  },
  'POST /api/admin/codes/:codeId/switch-off': undefined,
  'POST /api/admin/codes/batch': { brand: null, name: { de: 'Neu' }, operation: '%', value: 500, count: 1 },
  'POST /api/admin/gift-cards': { brand: 'familyclub', amountCents: 5000, validTo: '2099-12-31' },
  'POST /api/admin/gift-cards/:cardId/block': { note: 'Karte verloren' },
  'POST /api/admin/gift-cards/:cardId/unblock': { note: 'Karte wiedergefunden' },
  'POST /api/admin/gift-cards/:cardId/extend': { validTo: '2099-12-31' },
  'PUT /api/admin/brands/:short/config': { config: {} },
  'POST /api/admin/pictures': Buffer.from('not a picture'),
  'POST /api/admin/hotels': { name: 'Neu' },
  'PUT /api/admin/hotels/:hotelId': { name: 'Neu' },
  'POST /api/admin/offers': { hotelId: 1 },
  'PUT /api/admin/offers/:offerId': { hotelId: 1 },
  'POST /api/admin/offers/:offerId/copy': undefined,
  'POST /api/admin/offers/:offerId/variants': {
    nights: 1,
    persons: 1,
    priceCents: 100,
    originalPriceCents: 0,
    stock: 1,
  },
  'PATCH /api/admin/variants/:variantId': { stock: 1 },
  'POST /api/admin/variants/bulk': { stockAdd: 0 },
  'POST /api/admin/catalogue/imports': 'offer_id;price',
  'POST /api/admin/catalogue/imports/:importId/apply': undefined,
  'POST /api/admin/brands/:short/config/versions/:version/restore': {},
  'POST /api/admin/hotels/:id/api-keys': { label: 'PMS' },
  'DELETE /api/admin/hotels/:id/api-keys/:keyId': undefined,
  'POST /api/hotel-portal/vouchers/check': { code: 'ABCD-EFGH-JKLA' },
  'POST /api/hotel-portal/vouchers/redeem': {
    code: 'ABCD-EFGH-JKLA',
    arrival: '2027-05-01',
    departure: '2027-05-03',
  },
  'POST /api/hotel-portal/redemptions/:redemptionId/undo': {},
  'POST /api/admin/hotel-statements/:hotelId/:month/paid': {},
};

const routeKey = (route: AdminRoute) => `${route.method} ${route.url}`;
const urlOf = (route: AdminRoute) =>
  route.url
    .replace(':id', String(demoOrderId))
    .replace(':entryId', 'entry-1')
    .replace(':exportId', '1')
    .replace(':promotionId', '999999')
    .replace(':codeId', '999999')
    .replace(':kind', 'wishes')
    .replace(':pageId', '1')
    .replace(':cardId', '1')
    .replace(':short', 'demo')
    .replace(':hotelId', '999999')
    .replace(':offerId', '999999')
    .replace(':variantId', '999999')
    .replace(':importId', '999999')
    .replace(':redemptionId', '999999')
    .replace(':keyId', '999999')
    .replace(':month', '2020-01')
    .replace(':version', '0')
    .replace(':staffId', '00000000-0000-4000-8000-000000000000')
    .replace(':sessionId', '00000000-0000-4000-8000-000000000001') +
  (route.url === '/api/admin/bank-statements' && route.method === 'POST' ? '?name=auszug.xml' : '');

function call(route: AdminRoute, headers: Record<string, string>) {
  const body = exampleBodies[routeKey(route)];
  return shop.app.inject({
    method: route.method as 'GET' | 'POST',
    url: urlOf(route),
    headers:
      typeof body === 'string'
        ? { ...headers, 'content-type': route.url.includes('/catalogue/') ? 'text/csv' : 'application/xml' }
        : Buffer.isBuffer(body)
          ? { ...headers, 'content-type': 'image/jpeg' }
          : headers,
    ...(body ? { payload: body } : {}),
  });
}

const withSession = (client: StaffClient, withCsrf = true) => ({
  cookie: client.cookie,
  ...(withCsrf ? { [adminCsrfHeader]: client.csrfToken } : {}),
});

describe('the back office route table', () => {
  it('holds every /api/admin and /api/hotel-portal path of the API document, each with its rule and an example body', async () => {
    const routes = shop.app.adminRoutes;
    expect(routes.length).toBeGreaterThanOrEqual(11);
    const documented = Object.entries(
      (shop.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths,
    ).flatMap(([path, methods]) =>
      path.startsWith('/api/admin') || path.startsWith('/api/hotel-portal')
        ? Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`)
        : [],
    );
    expect(new Set(routes.map(routeKey))).toEqual(new Set(documented));
    for (const route of routes) {
      if (route.method !== 'GET')
        expect(Object.keys(exampleBodies), routeKey(route)).toContain(routeKey(route));
    }
  });

  const guarded = () => shop.app.adminRoutes.filter((route) => !('public' in route.rule));

  it('answers 401 to anonymous callers and to a customer’s token or cookie, on every guarded route', async () => {
    for (const route of guarded()) {
      const callers: Record<string, string>[] = [
        {},
        { authorization: `Bearer ${customerToken}` },
        { cookie: 'shop_session=00000000-0000-0000-0000-000000000000.secret' },
        { cookie: 'shop_staff=not-a-session' },
      ];
      for (const headers of callers) {
        const answer = await call(route, headers);
        expect(answer.statusCode, `${routeKey(route)} ${JSON.stringify(headers)}`).toBe(401);
        expect(answer.headers['content-type']).toContain('application/problem+json');
      }
    }
  });

  it('answers 403 to a state change without the session’s CSRF token, or with another session’s', async () => {
    for (const route of guarded().filter((candidate) => candidate.method !== 'GET')) {
      const missing = await call(route, withSession(operator, false));
      expect(missing.statusCode, `${routeKey(route)} without token`).toBe(403);
      const foreign = await call(route, { cookie: operator.cookie, [adminCsrfHeader]: support.csrfToken });
      expect(foreign.statusCode, `${routeKey(route)} with another session's token`).toBe(403);
      const crossSite = await call(route, { ...withSession(operator), origin: 'https://evil.example' });
      expect(crossSite.statusCode, `${routeKey(route)} cross-site`).toBe(403);
    }
  });

  it('answers 403 to a role the route is not for', async () => {
    const clients: Record<StaffRole, () => StaffClient> = {
      operator: () => operator,
      'brand-manager': () => manager,
      support: () => support,
      hotel: () => desk,
    };
    let refused = 0;
    for (const route of guarded()) {
      const { roles } = route.rule as { roles: readonly StaffRole[] };
      for (const role of Object.keys(clients) as StaffRole[]) {
        if (roles.includes(role)) continue;
        const answer = await call(route, withSession(clients[role]()));
        expect(answer.statusCode, `${routeKey(route)} as ${role}`).toBe(403);
        refused++;
      }
    }
    // Support may not extend holds nor read the whole audit trail: the loop above checked something.
    expect(refused).toBeGreaterThanOrEqual(2);
    // A hotel's desk reaches nothing of the back office but its own session and the hotel portal.
    const openToDesk = guarded()
      .filter((route) => (route.rule as { roles: readonly StaffRole[] }).roles.includes('hotel'))
      .map(routeKey);
    expect(
      openToDesk.every((key) => key.includes('/api/hotel-portal/') || key.includes('/api/admin/auth/')),
    ).toBe(true);
  });

  it('answers 401 to an unknown API key on the hotel portal, and refuses any API key on the back office', async () => {
    for (const route of guarded()) {
      const answer = await call(route, { authorization: 'Bearer hk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
      expect(answer.statusCode, routeKey(route)).toBe(401);
    }
  });

  it('answers 404 for another brand’s order, to a brand manager, on every order route', async () => {
    const orderRoutes = guarded().filter(
      (route) =>
        route.url.includes(':id') &&
        (route.rule as { roles: readonly StaffRole[] }).roles.includes('brand-manager'),
    );
    expect(orderRoutes.length).toBeGreaterThanOrEqual(5);
    for (const route of orderRoutes) {
      const answer = await call(route, withSession(manager));
      expect(answer.statusCode, routeKey(route)).toBe(404);
    }
    // Nothing changed for the order of the demo brand.
    const [order] = await queryRows<{ status: string }>(
      shop.database.db,
      sql`SELECT status FROM orders WHERE id = ${demoOrderId}`,
    );
    expect(order?.status).toBe('awaiting-payment');
    const list = (await manager.get('/api/admin/orders')).json();
    expect(list.orders.every((row: { brand: { short: string } }) => row.brand.short === 'autoclub')).toBe(
      true,
    );
  });
});

describe('staff sign-in', () => {
  it('sets an HttpOnly, SameSite=Strict cookie for /api/admin, /api/hotel-portal and the pages under /admin only, and refuses a wrong password or address alike', async () => {
    const answer = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { email: 'Support@Example.org', password: 'demo-support-2026' },
    });
    expect(answer.statusCode).toBe(200);
    const cookie = String(answer.headers['set-cookie']);
    expect(cookie).toMatch(/^shop_staff=[0-9a-f-]{36}\.[\w-]+;/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    // One for the API, its copy for the pages the server renders with the member's data; never Path=/.
    const cookies = [answer.headers['set-cookie']].flat().map(String);
    expect(cookies.map((header) => /; Path=([^;]+)/.exec(header)?.[1])).toEqual([
      '/api/admin',
      '/api/hotel-portal',
      '/admin',
    ]);
    expect(new Set(cookies.map((header) => header.split(';')[0])).size).toBe(1);
    for (const header of cookies) expect(header).toMatch(/; HttpOnly; SameSite=Strict$/);
    expect(answer.json()).toMatchObject({
      staff: { role: 'support', totpEnabled: false },
      mustSetUpTotp: false,
    });

    for (const payload of [
      { email: 'support@example.org', password: 'demo-support-2025' },
      { email: 'nobody@example.org', password: 'demo-support-2026' },
    ]) {
      const refused = await shop.app.inject({
        method: 'POST',
        url: '/api/admin/auth/login',
        headers: { 'accept-language': 'de' },
        payload,
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ title: 'E-Mail-Adresse oder Passwort ist nicht korrekt.' });
      expect(refused.headers['set-cookie']).toBeUndefined();
    }
    // A customer's password does not open the back office.
    const customer = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { email: 'kundin@example.org', password: 'Sommer-Urlaub-2026' },
    });
    expect(customer.statusCode).toBe(401);
  });

  it('needs the TOTP code once set up, takes each code once, and a recovery code once', async () => {
    // A member of its own, so the demo accounts stay without a second factor for the other tests.
    await shop.database.db.execute(
      sql`INSERT INTO staff (email, name, role, password_hash)
          SELECT 'totp@example.org', 'Tina', 'support', password_hash FROM staff WHERE email = 'support@example.org'`,
    );
    const login = (totp?: string) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/admin/auth/login',
        headers: { 'accept-language': 'en' },
        payload: { email: 'totp@example.org', password: 'demo-support-2026', ...(totp ? { totp } : {}) },
      });
    const first = await login();
    const member = staffClient(shop.app, cookieOf(first.headers['set-cookie']), first.json().csrfToken);
    const setup = await member.post('/api/admin/auth/totp/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, uri } = setup.json();
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
    const previousStep = totp.generate({ timestamp: Date.now() - 30_000 });
    // Set up, but not confirmed: the password alone still signs in.
    expect((await login()).statusCode).toBe(200);
    expect((await member.post('/api/admin/auth/totp/confirm', { code: '000000' })).statusCode).toBe(400);
    const confirmed = await member.post('/api/admin/auth/totp/confirm', { code: previousStep });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json();
    expect(recoveryCodes).toHaveLength(10);

    const missing = await login();
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ title: 'Please enter the code from your authenticator app.' });
    expect((await login('123456')).statusCode).toBe(401);
    // The code the set-up used is spent; the current one signs in, once.
    expect((await login(previousStep)).statusCode).toBe(401);
    const current = totp.generate();
    expect((await login(current)).statusCode).toBe(200);
    const replayed = await login(current);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().detail).toBe(
      'The code is wrong or was already used. Please enter the current code.',
    );
    expect((await login(recoveryCodes[0])).statusCode).toBe(200);
    expect((await login(recoveryCodes[0])).statusCode).toBe(401);
    const trail = await queryRows<{ action: string }>(
      shop.database.db,
      sql`SELECT action FROM audit_events WHERE staff_email = 'totp@example.org'`,
    );
    expect(trail.map((entry) => entry.action)).toEqual(['staff.totp-enabled']);
  });

  it('rotates the session’s secret, and ends the session when a replaced secret comes back', async () => {
    const member = await signInStaff(shop.app, 'support@example.org');
    const sessionId = member.cookie.split('=')[1]?.split('.')[0] as string;
    // Six minutes later: the next call gets a new secret.
    await shop.database.db.execute(
      sql`UPDATE staff_sessions SET rotated_at = now() - interval '6 minutes' WHERE id = ${sessionId}`,
    );
    const rotated = await member.get('/api/admin/auth/session');
    expect(rotated.statusCode).toBe(200);
    const renewed = cookieOf(rotated.headers['set-cookie']);
    expect(renewed).toMatch(new RegExp(`^shop_staff=${sessionId}\\.`));
    expect(renewed).not.toBe(member.cookie);
    // A request already under way with the old secret is still fine for a moment…
    expect((await member.get('/api/admin/auth/session')).statusCode).toBe(200);
    // …but the old secret coming back later is a stolen copy: the session ends, for both.
    await shop.database.db.execute(
      sql`UPDATE staff_sessions SET rotated_at = now() - interval '1 minute' WHERE id = ${sessionId}`,
    );
    expect((await member.get('/api/admin/auth/session')).statusCode).toBe(401);
    const owner = staffClient(shop.app, renewed, member.csrfToken);
    expect((await owner.get('/api/admin/auth/session')).statusCode).toBe(401);
  });

  it('signs out: the cookie is cleared and the session no longer opens anything', async () => {
    const member = await signInStaff(shop.app, 'support@example.org');
    const out = await member.post('/api/admin/auth/logout');
    expect(out.statusCode).toBe(204);
    const cleared = [out.headers['set-cookie']].flat().map(String);
    expect(cleared.map((header) => /; Path=([^;]+)/.exec(header)?.[1])).toEqual([
      '/api/admin',
      '/api/hotel-portal',
      '/admin',
    ]);
    for (const header of cleared) expect(header).toMatch(/^shop_staff=; Max-Age=0;/);
    expect((await member.get('/api/admin/orders')).statusCode).toBe(401);
  });

  it('keeps an operator without a second factor to setting one up where the installation asks for it', async () => {
    const strict = await createTestApp({ env: { TRUST_PROXY: 'true', STAFF_OPERATOR_TOTP: 'true' } });
    try {
      const member = await signInStaff(strict.app, 'operator@example.org');
      expect((await member.get('/api/admin/auth/session')).json().mustSetUpTotp).toBe(true);
      const refused = await member.get('/api/admin/orders');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().type).toContain('totp-setup-required');
      const { secret } = (await member.post('/api/admin/auth/totp/setup')).json();
      const code = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate();
      expect((await member.post('/api/admin/auth/totp/confirm', { code })).statusCode).toBe(200);
      expect((await member.get('/api/admin/orders')).statusCode).toBe(200);
      // Support members are not held to it.
      const helper = await signInStaff(strict.app, 'support@example.org');
      expect((await helper.get('/api/admin/orders')).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
