import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { guestOrdersCheckJob, runGuestOrdersCheck } from '#src/modules/accounts/guest-orders.ts';
import { registration } from '#src/test/accounts.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { exampleCustomer, readyCart, variantsInStock } from '#src/test/orders.ts';

const csrf = { 'x-requested-with': 'shop' };
let counter = 0;
let clients = 0;
const newAddress = () => `kunde.${Date.now()}.${++counter}@example.test`;

type Session = { token: string; cookie: string; orderId: number | null; cartKey: string | null };

describe('accounts and sessions', () => {
  let shop: TestApp;
  let variantId: number;

  const inject = (options: {
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: string;
    payload?: object;
    headers?: Record<string, string>;
  }) => shop.app.inject(options);

  const register = (userName: string, password = 'Sommer-Urlaub-2026', locale = 'de') =>
    inject({
      method: 'POST',
      url: '/api/account/register',
      // Each registration from its own client: the per-client limit is tested on its own.
      headers: { 'accept-language': locale, 'x-forwarded-for': `10.1.${counter}.${++clients % 250}` },
      payload: registration(userName, password),
    });

  const login = async (
    userName: string,
    password = 'Sommer-Urlaub-2026',
    cart?: object,
  ): Promise<Session> => {
    const response = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName, password, ...cart },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const cookie = String(response.headers['set-cookie']).split(';')[0] ?? '';
    return { token: body.accessToken.token, cookie, orderId: body.orderId, cartKey: body.token };
  };

  const me = (token: string) =>
    inject({ method: 'GET', url: '/api/account/me', headers: { authorization: `Bearer ${token}` } });

  const refresh = (session: Pick<Session, 'cookie' | 'token'>, headers: Record<string, string> = csrf) =>
    inject({
      method: 'POST',
      url: '/api/auth/connect/refresh',
      payload: { accessToken: session.token },
      headers: { cookie: session.cookie, ...headers },
    });

  const signedUp = async (password?: string) => {
    const email = newAddress();
    expect((await register(email, password)).statusCode).toBe(202);
    return { email, session: await login(email, password) };
  };

  beforeAll(async () => {
    shop = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    [variantId] = (await variantsInStock(shop.database.db)) as [number];
  });
  afterAll(() => shop.close());

  it('registers, signs in with an HttpOnly SameSite cookie and reads the account', async () => {
    const email = newAddress();
    const registered = await register(email);
    expect(registered.statusCode).toBe(202);
    expect(registered.json()).toEqual({ success: true });
    const response = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName: email.toUpperCase(), password: 'Sommer-Urlaub-2026' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().accessToken.expiresIn).toBe(1800);
    expect(String(response.headers['set-cookie'])).toMatch(
      /^shop_session=[^;]+; Max-Age=\d+; Path=\/api\/auth; HttpOnly; SameSite=Strict$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const account = await me(response.json().accessToken.token);
    expect(account.statusCode).toBe(200);
    expect(account.json()).toMatchObject({
      userName: email,
      firstName: 'Anna',
      lastName: 'Huber',
      salutation: 20,
    });
  });

  describe('access tokens (SPEC §8: 401 with code 101)', () => {
    const key = async () => {
      const [row] = await queryRows<{ value: string }>(
        shop.database.db,
        sql`SELECT value FROM installation_secrets WHERE name = 'access-token-key'`,
      );
      return Buffer.from(row?.value ?? '', 'base64url');
    };
    const claimsOf = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    const expectSignIn = async (token: string) => {
      const response = await me(token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ type: 'unauthorized', code: 101 });
    };

    it('refuses a missing or malformed Authorization header', async () => {
      const missing = await inject({ method: 'GET', url: '/api/account/me' });
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toMatchObject({ code: 101, title: 'Bitte melden Sie sich an.' });
      const english = await inject({
        method: 'GET',
        url: '/api/account/me',
        headers: { 'accept-language': 'en' },
      });
      expect(english.json().title).toBe('Please sign in.');
      const italian = await inject({
        method: 'GET',
        url: '/api/account/me',
        headers: { 'accept-language': 'it' },
      });
      expect(italian.json().title).toBe('Si prega di accedere.');
      await expectSignIn('not-a-jwt');
    });

    it('refuses alg none, an altered payload, an expired token and another key', async () => {
      const { session } = await signedUp();
      const claims = claimsOf(session.token);
      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
      await expectSignIn(none);
      const [header, , signature] = session.token.split('.');
      const other = await signedUp();
      const altered = { ...claims, id: claimsOf(other.session.token).id, sub: other.email };
      await expectSignIn(
        `${header}.${Buffer.from(JSON.stringify(altered)).toString('base64url')}.${signature}`,
      );
      const expired = await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime(Math.floor(Date.now() / 1000) - 5)
        .sign(await key());
      await expectSignIn(expired);
      const foreign = await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode('a-secret-that-is-not-the-installations'));
      await expectSignIn(foreign);
      // The genuine token still works: the refusals were about the tokens, not the account.
      expect((await me(session.token)).statusCode).toBe(200);
    });

    it("refuses a token on another brand's host", async () => {
      const { session } = await signedUp();
      const response = await inject({
        method: 'GET',
        url: '/api/account/me',
        headers: { authorization: `Bearer ${session.token}`, host: 'autoclub.localhost' },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('refresh and sign-out', () => {
    it('rotates the cookie; a credential used twice ends the whole session', async () => {
      const { session } = await signedUp();
      const first = await refresh(session);
      expect(first.statusCode).toBe(200);
      const rotated = {
        token: first.json().accessToken.token,
        cookie: String(first.headers['set-cookie']).split(';')[0] ?? '',
      };
      expect(rotated.cookie).not.toBe(session.cookie);
      expect((await me(rotated.token)).statusCode).toBe(200);
      // Past the grace a second tab gets, the old credential again is a stolen copy.
      await shop.database.db.execute(
        sql`UPDATE customer_sessions SET rotated_at = now() - interval '1 minute'`,
      );
      const reused = await refresh(session);
      expect(reused.statusCode).toBe(401);
      expect(reused.json().code).toBe(101);
      expect((await refresh(rotated)).statusCode).toBe(401);
      expect((await me(rotated.token)).statusCode).toBe(401);
    });

    it('a second tab refreshing with the credential just replaced is refused without ending the session', async () => {
      const { session } = await signedUp();
      const first = await refresh(session);
      const rotated = {
        token: first.json().accessToken.token,
        cookie: String(first.headers['set-cookie']).split(';')[0] ?? '',
      };
      expect((await refresh(session)).statusCode).toBe(401);
      expect((await refresh(rotated)).statusCode).toBe(200);
    });

    it('refuses refresh and logout without the CSRF header or from another site', async () => {
      const { session } = await signedUp();
      const withoutHeader = await refresh(session, {});
      expect(withoutHeader.statusCode).toBe(403);
      expect(withoutHeader.json().type).toBe('forbidden');
      expect((await refresh(session, { ...csrf, origin: 'https://evil.example' })).statusCode).toBe(403);
      expect((await refresh(session, { ...csrf, 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
      const logout = await inject({
        method: 'POST',
        url: '/api/auth/logout',
        payload: {},
        headers: { cookie: session.cookie },
      });
      expect(logout.statusCode).toBe(403);
      expect((await me(session.token)).statusCode).toBe(200);
      // A bearer call from another site is refused too (we grant no CORS).
      const crossSite = await inject({
        method: 'GET',
        url: '/api/account/me',
        headers: { authorization: `Bearer ${session.token}`, origin: 'https://evil.example' },
      });
      expect(crossSite.statusCode).toBe(403);
      const sameSite = await inject({
        method: 'GET',
        url: '/api/account/me',
        headers: {
          authorization: `Bearer ${session.token}`,
          origin: 'http://localhost:80',
          host: 'localhost:80',
        },
      });
      expect(sameSite.statusCode, sameSite.body).toBe(200);
    });

    it("logout ends the customer's sessions and clears the cookie", async () => {
      const { email, session } = await signedUp();
      const other = await login(email);
      const logout = await inject({
        method: 'POST',
        url: '/api/auth/logout',
        payload: {},
        headers: { cookie: session.cookie, ...csrf },
      });
      expect(logout.statusCode).toBe(204);
      expect(String(logout.headers['set-cookie'])).toMatch(/^shop_session=; Max-Age=0;/);
      expect((await me(session.token)).statusCode).toBe(401);
      expect((await me(other.token)).statusCode).toBe(401);
      expect((await refresh(other)).statusCode).toBe(401);
    });

    it('signs out with the bearer token alone when the cookie is gone', async () => {
      const { session } = await signedUp();
      const logout = await inject({
        method: 'POST',
        url: '/api/auth/logout',
        payload: {},
        headers: { authorization: `Bearer ${session.token}`, ...csrf },
      });
      expect(logout.statusCode).toBe(204);
      expect((await me(session.token)).statusCode).toBe(401);
      expect((await refresh(session)).statusCode).toBe(401);
    });
  });

  describe('passwords', () => {
    it('a password change ends the other sessions, keeps this one, and the old password stops working', async () => {
      const { email, session } = await signedUp();
      const other = await login(email);
      const wrong = await inject({
        method: 'PUT',
        url: '/api/account/change-password',
        headers: { authorization: `Bearer ${session.token}`, 'accept-language': 'it' },
        payload: { oldPassword: 'not-my-password', newPassword: 'Winter-Urlaub-2027' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual([
        { field: 'oldPassword', message: 'La password attuale non è corretta.' },
      ]);
      const changed = await inject({
        method: 'PUT',
        url: '/api/account/change-password',
        headers: { authorization: `Bearer ${session.token}` },
        payload: { oldPassword: 'Sommer-Urlaub-2026', newPassword: 'Winter-Urlaub-2027' },
      });
      expect(changed.statusCode).toBe(200);
      expect((await me(session.token)).statusCode).toBe(200);
      expect((await me(other.token)).statusCode).toBe(401);
      expect((await refresh(other)).statusCode).toBe(401);
      const old = await inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { userName: email, password: 'Sommer-Urlaub-2026' },
      });
      expect(old.statusCode).toBe(401);
      await login(email, 'Winter-Urlaub-2027');
    });

    it('words the password rules in de, en and it', async () => {
      const expected = {
        de: 'Passwort muss mindestens 8 Zeichen lang sein.',
        en: 'Password must be at least 8 characters long.',
        it: 'Il campo Password deve contenere almeno 8 caratteri.',
      };
      for (const [locale, message] of Object.entries(expected)) {
        const response = await register(newAddress(), 'kurz', locale);
        expect(response.statusCode).toBe(400);
        expect(response.json().type).toBe('validation-error');
        expect(response.json().errors).toContainEqual({ field: 'password', message });
      }
      const empty = await inject({
        method: 'POST',
        url: '/api/account/register',
        headers: { 'accept-language': 'en' },
        payload: { userName: 'not-an-address', password: '', salutation: 10, firstName: '', lastName: 'X' },
      });
      expect(empty.json().errors).toEqual(
        expect.arrayContaining([
          { field: 'userName', message: 'E-mail address must be a valid e-mail address.' },
          { field: 'password', message: 'Password is required.' },
          { field: 'firstName', message: 'First name is required.' },
        ]),
      );
    });

    it('resets a forgotten password by the mailed link, once, within the hour', async () => {
      const { email, session } = await signedUp();
      const unknown = await inject({
        method: 'POST',
        url: '/api/account/password-forgotten',
        payload: { email: newAddress() },
      });
      const known = await inject({
        method: 'POST',
        url: '/api/account/password-forgotten',
        payload: { email },
      });
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(known.body).toBe(unknown.body);
      const token = await resetTokenFor(email);
      const reset = (payload: object, locale = 'de') =>
        inject({
          method: 'PUT',
          url: '/api/account/reset-password',
          headers: { 'accept-language': locale },
          payload: { email, ...payload },
        });
      const wrong = await reset({ token: 'x'.repeat(43), newPassword: 'Neues-Passwort-1' }, 'en');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        type: 'invalid-reset-token',
        title: 'The link is invalid or has expired. Please request a new one.',
      });
      expect((await reset({ token, newPassword: 'Neues-Passwort-1' })).statusCode).toBe(200);
      expect((await reset({ token, newPassword: 'Noch-ein-Passwort-2' })).statusCode).toBe(400);
      expect((await me(session.token)).statusCode).toBe(401);
      await login(email, 'Neues-Passwort-1');

      await inject({ method: 'POST', url: '/api/account/password-forgotten', payload: { email } });
      const late = await resetTokenFor(email);
      await shop.database.db.execute(
        sql`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`,
      );
      expect((await reset({ token: late, newPassword: 'Zu-spaet-3333' })).statusCode).toBe(400);
    });

    const resetTokenFor = async (email: string) => {
      const [mail] = await queryRows<{ payload: { token: string } }>(
        shop.database.db,
        sql`SELECT m.payload FROM mails m JOIN customers c ON c.id = m.customer_id
            WHERE lower(c.email) = lower(${email}) AND m.kind = 'password-reset' AND m.payload IS NOT NULL
            ORDER BY m.id DESC LIMIT 1`,
      );
      if (!mail) throw new Error(`no reset mail for ${email}`);
      return mail.payload.token;
    };
  });

  describe('no enumeration', () => {
    it('a wrong user name and a wrong password answer the same', async () => {
      const { email } = await signedUp();
      const wrongPassword = await inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { userName: email, password: 'falsch-falsch' },
      });
      const wrongUser = await inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { userName: newAddress(), password: 'falsch-falsch' },
      });
      expect(wrongPassword.statusCode).toBe(401);
      expect(wrongPassword.body).toBe(wrongUser.body);
      expect(wrongPassword.json()).toMatchObject({
        type: 'invalid-credentials',
        title: 'E-Mail-Adresse oder Passwort ist nicht korrekt.',
      });
    });

    it('registering a known address answers like a new one and mails its owner instead', async () => {
      const { email } = await signedUp();
      const again = await register(email, 'Ein-anderes-Passwort');
      const fresh = await register(newAddress());
      expect(again.statusCode).toBe(202);
      expect(again.body).toBe(fresh.body);
      const mails = await queryRows<{ kind: string }>(
        shop.database.db,
        sql`SELECT m.kind FROM mails m JOIN customers c ON c.id = m.customer_id WHERE c.email = ${email} ORDER BY m.id`,
      );
      expect(mails.map((mail) => mail.kind)).toEqual(['account-welcome', 'account-exists']);
      // The attempt changed nothing: the owner's password still works, the other does not.
      await login(email);
      const other = await inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { userName: email, password: 'Ein-anderes-Passwort' },
      });
      expect(other.statusCode).toBe(401);
    });

    it('limits login misses per account: clients that failed wait (429 in the caller language), the owner elsewhere signs in', async () => {
      const { email } = await signedUp();
      for (let attempt = 0; attempt < 10; attempt++) {
        const miss = await inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { userName: email, password: 'falsch-falsch' },
          headers: { 'x-forwarded-for': `10.0.${attempt}.1` },
        });
        expect(miss.statusCode).toBe(401);
      }
      // docs/decisions/021-lock-outs.md: the owner, from a client that has not failed, is not refused.
      await login(email);
      const limited = await inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { userName: email.toUpperCase(), password: 'Sommer-Urlaub-2026' },
        headers: { 'accept-language': 'en', 'x-forwarded-for': '10.0.9.1' },
      });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json().detail).toMatch(
        /^Too many attempts\. Please try again in \d+ (seconds|minute)\.$/,
      );
    });
  });

  describe('orders of the account', () => {
    const bearer = (session: Session) => ({ authorization: `Bearer ${session.token}` });
    const overview = (session: Session, page = 1) =>
      inject({ method: 'GET', url: `/api/order/account-overview/${page}`, headers: bearer(session) });

    it('adopts the guest cart at sign-in and offers it again at the next sign-in', async () => {
      const { email } = await signedUp();
      const created = (await inject({ method: 'POST', url: '/api/order', payload: {} })).json();
      await inject({
        method: 'POST',
        url: '/api/order/items',
        payload: { orderId: created.id, key: created.token, variantId },
      });
      const session = await login(email, undefined, { orderId: created.id, token: created.token });
      expect(session.orderId).toBe(created.id);
      expect(session.cartKey).toBe(created.token);
      const elsewhere = await login(email);
      expect(elsewhere.orderId).toBe(created.id);
      // A cart is not an order yet: the order list leaves it out.
      expect((await overview(session)).json()).toMatchObject({ total: 0, items: [] });
      // Another customer cannot take it over with the key.
      const { email: otherEmail } = await signedUp();
      const other = await login(otherEmail, undefined, { orderId: created.id, token: created.token });
      expect(other.orderId).toBeNull();
    });

    it('an order closed while signed in belongs to the account; nobody else sees it', async () => {
      const { session } = await signedUp();
      const cart = await readyCart(shop.app, variantId);
      const closed = await inject({
        method: 'PUT',
        url: '/api/order/close',
        payload: { ...cart, paymentType: 'wiretransfer' },
        headers: bearer(session),
      });
      expect(closed.statusCode).toBe(200);
      const page = (await overview(session)).json();
      expect(page).toMatchObject({ total: 1, page: 1, pageSize: 10 });
      expect(page.items[0]).toMatchObject({
        id: cart.orderId,
        token: cart.key,
        status: 'awaiting-payment',
        itemCount: 1,
      });

      const { session: intruder } = await signedUp();
      expect((await overview(intruder)).json().total).toBe(0);
      // The intruder's token opens nothing without the key (IDOR) on any order, voucher or invoice path.
      for (const url of [
        `/api/order/${cart.orderId}/wrong-key`,
        `/api/order/summary/${cart.orderId}/wrong-key`,
        `/api/order/payment/${cart.orderId}/wrong-key`,
        `/api/order/meta/${cart.orderId}/wrong-key`,
        `/api/voucher/${cart.orderId}/wrong-key/1`,
        `/api/voucher/download/${cart.orderId}/wrong-key/1.pdf`,
        `/api/invoice/download/${cart.orderId}/wrong-key/X-1.pdf`,
      ]) {
        const response = await inject({ method: 'GET', url, headers: bearer(intruder) });
        expect(response.statusCode, url).toBe(404);
      }
      const claim = await inject({
        method: 'PUT',
        url: '/api/order/claim',
        payload: { orderId: cart.orderId, token: 'wrong-key' },
        headers: bearer(intruder),
      });
      expect(claim.statusCode).toBe(404);
      const stolen = await inject({
        method: 'PUT',
        url: '/api/order/claim',
        payload: { orderId: cart.orderId, token: cart.key },
        headers: bearer(intruder),
      });
      expect(stolen.statusCode).toBe(409);
      expect(stolen.json().type).toBe('order-claimed');
    });

    it('lists the orders ten a page, newest first', async () => {
      const { session } = await signedUp();
      const ids: number[] = [];
      for (let count = 0; count < 11; count++) {
        const cart = await readyCart(shop.app, variantId);
        await inject({
          method: 'PUT',
          url: '/api/order/close',
          payload: { ...cart, paymentType: 'wiretransfer' },
          headers: bearer(session),
        });
        ids.push(cart.orderId);
      }
      const first = (await overview(session, 1)).json();
      const second = (await overview(session, 2)).json();
      expect(first.total).toBe(11);
      expect(first.items.map((item: { id: number }) => item.id)).toEqual(ids.slice(1).reverse());
      expect(second.items.map((item: { id: number }) => item.id)).toEqual([ids[0]]);
      expect((await overview(session, 3)).json()).toMatchObject({ total: 11, items: [] });
      const invalid = await inject({
        method: 'GET',
        url: '/api/order/account-overview/0',
        headers: bearer(session),
      });
      expect(invalid.statusCode).toBe(400);
    });

    it('claims a guest order with its id and key, once signed in', async () => {
      const cart = await readyCart(shop.app, variantId);
      await inject({
        method: 'PUT',
        url: '/api/order/close',
        payload: { ...cart, paymentType: 'wiretransfer' },
      });
      const { session } = await signedUp();
      const anonymous = await inject({
        method: 'PUT',
        url: '/api/order/claim',
        payload: { orderId: cart.orderId, token: cart.key },
      });
      expect(anonymous.statusCode).toBe(401);
      const claimed = await inject({
        method: 'PUT',
        url: '/api/order/claim',
        payload: { orderId: cart.orderId, token: cart.key },
        headers: bearer(session),
      });
      expect(claimed.statusCode).toBe(200);
      expect(claimed.json().order).toMatchObject({ id: cart.orderId, status: 'awaiting-payment' });
      const again = await inject({
        method: 'PUT',
        url: '/api/order/claim',
        payload: { orderId: cart.orderId, token: cart.key },
        headers: bearer(session),
      });
      expect(again.statusCode).toBe(200);
      expect((await overview(session)).json().items.map((item: { id: number }) => item.id)).toEqual([
        cart.orderId,
      ]);
    });

    it('claims a guest order by its pasted link (any brand host of the installation); a malformed or foreign link is a localised 400', async () => {
      const guestOrder = async () => {
        const cart = await readyCart(shop.app, variantId);
        await inject({
          method: 'PUT',
          url: '/api/order/close',
          payload: { ...cart, paymentType: 'wiretransfer' },
        });
        return cart;
      };
      const { session } = await signedUp();
      const claim = (orderLink: string, locale = 'de') =>
        inject({
          method: 'PUT',
          url: '/api/order/claim',
          payload: { orderLink },
          headers: { ...bearer(session), 'accept-language': locale },
        });
      const first = await guestOrder();
      // As copied from the mail: with spaces around it, the voucher anchor, on the host asked.
      const pasted = await claim(`  http://localhost/view/${first.orderId}/${first.key}#voucher-1 `);
      expect(pasted.statusCode, pasted.body).toBe(200);
      expect(pasted.json().order).toMatchObject({ id: first.orderId, status: 'awaiting-payment' });
      // Another brand's host of this installation, without the scheme: the order is still this brand's.
      const second = await guestOrder();
      const elsewhere = await claim(`viaggi.localhost:3000/view/${second.orderId}/${second.key}`);
      expect(elsewhere.statusCode, elsewhere.body).toBe(200);
      expect((await overview(session)).json().items.map((item: { id: number }) => item.id)).toEqual([
        second.orderId,
        first.orderId,
      ]);

      const third = await guestOrder();
      const malformed = await claim(`https://localhost/order/${third.orderId}`);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({
        type: 'validation-error',
        errors: [
          { field: 'orderLink', message: expect.stringMatching(/^Das ist kein Link zu einer Bestellung\./) },
        ],
      });
      const italian = await claim(`https://localhost/view/${third.orderId}`, 'it');
      expect(italian.statusCode).toBe(400);
      expect(italian.json().errors[0].message).toMatch(/^Questo non è un link a un ordine\./);
      const foreign = await claim(`https://shop.example.org/view/${third.orderId}/${third.key}`, 'en');
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().errors).toEqual([
        { field: 'orderLink', message: expect.stringMatching(/^This link does not lead to our shop\./) },
      ]);
      // The right host and number with a wrong key proves nothing.
      expect((await claim(`http://localhost/view/${third.orderId}/wrong-key`)).statusCode).toBe(404);
      // Neither link nor number and key: both fields are asked for.
      const nothing = await inject({
        method: 'PUT',
        url: '/api/order/claim',
        payload: {},
        headers: bearer(session),
      });
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json().errors.map((error: { field: string }) => error.field)).toEqual([
        'orderId',
        'token',
      ]);
    });

    it('offers the guest orders of the address at sign-in only after the address is confirmed by the mailed link', async () => {
      const email = newAddress();
      const guestOrder = async (address: string) => {
        const cart = await readyCart(shop.app, variantId, {
          ...exampleCustomer,
          email: address.toUpperCase(),
        });
        await inject({
          method: 'PUT',
          url: '/api/order/close',
          payload: { ...cart, paymentType: 'wiretransfer' },
        });
        return cart;
      };
      const mine = await guestOrder(email);
      const someoneElses = await guestOrder(newAddress());
      const mailsTo = (address: string) =>
        queryRows<{ kind: string; token: string | null }>(
          shop.database.db,
          sql`SELECT m.kind, m.payload->>'token' AS token FROM mails m JOIN customers c ON c.id = m.customer_id
              WHERE c.email = ${address} ORDER BY m.id`,
        );
      const offerTo = (session: Session) =>
        inject({ method: 'GET', url: '/api/account/guest-orders', headers: bearer(session) });
      const customerIdOf = async (address: string) =>
        (
          await queryRows<{ id: string }>(
            shop.database.db,
            sql`SELECT id FROM customers WHERE email = ${address}`,
          )
        )[0]?.id;
      /** The checks registration and sign-in queued for the customer, run as the worker runs them. */
      const runQueuedChecks = async (address: string) => {
        const customerId = await customerIdOf(address);
        const schema = shop.database.schemaName ? `${shop.database.schemaName}_jobs` : 'pgboss';
        const queued = await queryRows<{ id: string }>(
          shop.database.db,
          sql`SELECT id FROM ${sql.identifier(schema)}.job
              WHERE name = ${guestOrdersCheckJob} AND data->>'customerId' = ${customerId ?? ''}`,
        );
        for (const _job of queued)
          await runGuestOrdersCheck({ db: shop.database.db, jobs: shop.app.jobs }, customerId ?? '');
        return queued.length;
      };

      // Registering and signing in answer as always; the offer reads the same as for an address without
      // guest orders (no enumeration): only a mail to the address tells.
      const withoutOrders = await signedUp();
      const registered = await register(email);
      expect(registered.statusCode).toBe(202);
      const session = await login(email);
      await login(email);
      // The same background check for both, queued at registration and at each sign-in.
      expect(await runQueuedChecks(withoutOrders.email)).toBe(2);
      expect(await runQueuedChecks(email)).toBe(3);
      const before = await offerTo(session);
      expect(before.statusCode).toBe(200);
      expect(before.json()).toEqual({ addressConfirmed: false, orders: [] });
      expect(before.body).toBe((await offerTo(withoutOrders.session)).body);
      expect((await mailsTo(withoutOrders.email)).map((mail) => mail.kind)).toEqual(['account-welcome']);
      const mails = await mailsTo(email);
      // One link for registration and both sign-ins.
      expect(mails.map((mail) => mail.kind)).toEqual(['account-welcome', 'guest-orders-confirm']);
      const token = mails[1]?.token ?? '';
      expect(token).toMatch(/^[\w-]{43}$/);

      // Nothing joins the account before the address is confirmed.
      const early = await inject({
        method: 'PUT',
        url: '/api/account/guest-orders/link',
        payload: { orderIds: [mine.orderId] },
        headers: bearer(session),
      });
      expect(early.json()).toEqual({ linked: [] });

      const confirm = (who: Session, value: string, locale = 'de') =>
        inject({
          method: 'POST',
          url: '/api/account/guest-orders/confirm',
          payload: { token: value },
          headers: { ...bearer(who), 'accept-language': locale },
        });
      // The link is bound to its customer and address: another account, or a made-up token, gets nothing.
      const stranger = await confirm(withoutOrders.session, token, 'en');
      expect(stranger.statusCode).toBe(400);
      expect(stranger.json()).toMatchObject({
        type: 'invalid-confirmation-link',
        title: expect.stringMatching(/^This confirmation link is invalid/),
      });
      expect((await confirm(session, 'made-up-token')).statusCode).toBe(400);
      expect((await offerTo(session)).json()).toEqual({ addressConfirmed: false, orders: [] });

      const confirmed = await confirm(session, token);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toMatchObject({
        addressConfirmed: true,
        orders: [{ id: mine.orderId, status: 'awaiting-payment', total: { total: expect.any(Number) } }],
      });
      expect(confirmed.json().orders).toHaveLength(1);
      // Once only; and from now on every sign-in is offered them without another mail.
      expect((await confirm(session, token)).statusCode).toBe(400);
      const later = await login(email);
      await runQueuedChecks(email);
      expect((await offerTo(later)).json()).toEqual(confirmed.json());
      expect((await mailsTo(email)).length).toBe(2);

      const linked = await inject({
        method: 'PUT',
        url: '/api/account/guest-orders/link',
        payload: { orderIds: [someoneElses.orderId, mine.orderId] },
        headers: bearer(later),
      });
      expect(linked.statusCode).toBe(200);
      expect(linked.json()).toEqual({ linked: [mine.orderId] });
      expect((await overview(later)).json().items.map((item: { id: number }) => item.id)).toEqual([
        mine.orderId,
      ]);
      expect((await offerTo(later)).json()).toEqual({ addressConfirmed: true, orders: [] });
      const [other] = await queryRows<{ customer_id: string | null }>(
        shop.database.db,
        sql`SELECT customer_id FROM orders WHERE id = ${someoneElses.orderId}`,
      );
      expect(other?.customer_id).toBeNull();
    });

    it('a closing call with an expired token asks for sign-in instead of closing as a guest', async () => {
      const cart = await readyCart(shop.app, variantId);
      const response = await inject({
        method: 'PUT',
        url: '/api/order/close',
        payload: { ...cart, paymentType: 'wiretransfer' },
        headers: { authorization: 'Bearer expired.or.forged' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe(101);
      const order = (await inject({ method: 'GET', url: `/api/order/${cart.orderId}/${cart.key}` })).json();
      expect(order.status).toBe('cart');
    });
  });

  describe('my data', () => {
    it('edits the account data', async () => {
      const { session, email } = await signedUp();
      const data = {
        salutation: 10,
        firstName: 'Max',
        lastName: 'Muster',
        street: 'Hauptstraße',
        houseNumber: '5a',
        postcode: '80331',
        city: 'München',
        country: 'DE',
        phone: '+49 89 123',
        newsletter: true,
      };
      const updated = await inject({
        method: 'PUT',
        url: '/api/account/me',
        payload: data,
        headers: { authorization: `Bearer ${session.token}` },
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({ ...data, userName: email });
      const invalid = await inject({
        method: 'PUT',
        url: '/api/account/me',
        payload: { ...data, postcode: '!', country: 'XX' },
        headers: { authorization: `Bearer ${session.token}`, 'accept-language': 'en' },
      });
      expect(invalid.statusCode).toBe(400);
      expect((await me(session.token)).json()).toMatchObject(data);
    });

    it('exports everything stored about the customer and deletes the account on the password', async () => {
      const { session, email } = await signedUp();
      const cart = await readyCart(shop.app, variantId);
      await inject({
        method: 'PUT',
        url: '/api/order/close',
        payload: { ...cart, paymentType: 'wiretransfer' },
        headers: { authorization: `Bearer ${session.token}` },
      });
      const exported = await inject({
        method: 'GET',
        url: '/api/account/me/export',
        headers: { authorization: `Bearer ${session.token}` },
      });
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-disposition']).toBe('attachment; filename="my-data.json"');
      const data = exported.json();
      expect(data.account.userName).toBe(email);
      expect(data.orders).toHaveLength(1);
      expect(data.orders[0].customer.email).toBe(exampleCustomer.email);
      expect(data.orders[0].items[0].quantity).toBe(1);
      expect(data.sessions).toHaveLength(1);
      expect(data.mails.map((mail: { kind: string }) => mail.kind)).toEqual([
        'account-welcome',
        'order-received',
      ]);
      expect(JSON.stringify(data)).not.toMatch(/argon2|password_hash|refresh/);

      const wrong = await inject({
        method: 'DELETE',
        url: '/api/account/me',
        payload: { password: 'falsch-falsch' },
        headers: { authorization: `Bearer ${session.token}` },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors[0].field).toBe('password');
      const deleted = await inject({
        method: 'DELETE',
        url: '/api/account/me',
        payload: { password: 'Sommer-Urlaub-2026' },
        headers: { authorization: `Bearer ${session.token}` },
      });
      expect(deleted.statusCode).toBe(204);
      expect((await me(session.token)).statusCode).toBe(401);
      const again = await inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { userName: email, password: 'Sommer-Urlaub-2026' },
      });
      expect(again.statusCode).toBe(401);
      const [row] = await queryRows<Record<string, unknown>>(
        shop.database.db,
        sql`SELECT email, first_name, last_name, deleted_at FROM customers WHERE id = ${data.account.id}`,
      );
      expect(row).toMatchObject({ first_name: null, last_name: null });
      expect(String(row?.email)).not.toContain(email);
      // The order stays, with the buyer data its invoice needs.
      const order = (await inject({ method: 'GET', url: `/api/order/${cart.orderId}/${cart.key}` })).json();
      expect(order.customer.email).toBe(exampleCustomer.email);
      // The address is free again.
      expect((await register(email)).statusCode).toBe(202);
      await login(email);
    });
  });
});
