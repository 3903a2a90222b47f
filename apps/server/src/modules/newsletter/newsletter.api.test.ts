import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { exampleCustomer, variantsInStock } from '#src/test/orders.ts';
import { decodedMail, type ReceivedMail, startSmtpServer } from '#src/test/smtp.ts';

async function waitFor<T>(find: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('timed out waiting for mail');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let counter = 0;
const newAddress = () => `leser.${Date.now()}.${++counter}@example.test`;
/** Each call from its own client: the limits are not what these tests are about. */
const client = () => ({ 'x-forwarded-for': `10.7.${counter % 250}.${++counter % 250}` });

type Subscription = {
  email: string;
  source: string;
  locale: string;
  consent_version: string;
  requested_at: Date | null;
  confirmed_at: Date | null;
  unsubscribed_at: Date | null;
  confirm_token_hash: string;
};

describe('newsletter: double opt-in, one-click unsubscribe', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let received: ReceivedMail[];
  let shop: TestApp;
  let variantId: number;

  const subscribe = (email: string, headers: Record<string, string> = {}) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { ...client(), ...headers },
      payload: { email },
    });
  const confirm = (token: string, headers: Record<string, string> = {}) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/newsletter/confirm',
      headers: { ...client(), ...headers },
      payload: { token },
    });
  const subscriptionOf = async (email: string, short = 'demo') =>
    (
      await queryRows<Subscription>(
        shop.database.db,
        sql`SELECT s.* FROM newsletter_subscriptions s JOIN brands b ON b.id = s.brand_id
            WHERE s.email = ${email.toLowerCase()} AND b.short = ${short}`,
      )
    )[0];
  const mailRows = (email: string) =>
    queryRows<{ id: number; payload: unknown; status: string }>(
      shop.database.db,
      sql`SELECT id, payload, status FROM mails WHERE recipient = ${email.toLowerCase()} AND kind = 'newsletter-confirm'`,
    );
  /** The confirmation mail as the mailbox gets it, with the token of its link. */
  const confirmationMail = async (email: string) => {
    const mail = await waitFor(() => received.find((each) => each.to === email.toLowerCase()));
    const text = decodedMail(mail.raw);
    const link = /https?:\/\/[^\s"<>]+\/newsletter\/confirm\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
    expect(link).toBeDefined();
    return { raw: mail.raw, text, token: new URL(link ?? '').searchParams.get('token') ?? '' };
  };
  /** The List-Unsubscribe address of a raw mail, headers unfolded. */
  const unsubscribeAddress = (raw: string) => {
    const headers = (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, '');
    const address = /^List-Unsubscribe:\s*<([^>]+)>/im.exec(headers)?.[1];
    expect(address).toBeDefined();
    expect(headers).toMatch(/^List-Unsubscribe-Post:\s*List-Unsubscribe=One-Click\s*$/im);
    return new URL(address ?? '');
  };
  const oneClick = (address: URL) =>
    shop.app.inject({
      method: 'POST',
      url: `${address.pathname}${address.search}`,
      // As a mail provider sends it (RFC 8058): form-encoded, from its own servers, without any Origin.
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...client() },
      payload: 'List-Unsubscribe=One-Click',
    });

  beforeAll(async () => {
    smtp = await startSmtpServer();
    received = smtp.received;
    shop = await createTestApp({
      env: {
        JOBS_IN_SERVER: 'true',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Shop <shop@example.test>',
        TRUST_PROXY: 'true',
      },
    });
    [variantId] = (await variantsInStock(shop.database.db)) as [number];
  });
  afterAll(async () => {
    await shop.close();
    await smtp.stop();
  });

  it('subscribes only once the link is used, keeps the evidence, and the link works once', async () => {
    const email = newAddress();
    const asked = await subscribe(email.toUpperCase(), { 'accept-language': 'it' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ success: true });

    const pending = await subscriptionOf(email);
    expect(pending).toMatchObject({
      source: 'footer',
      locale: 'it',
      confirmed_at: null,
      unsubscribed_at: null,
    });
    expect(pending?.consent_version).toMatch(/^footer-/);

    const mail = await confirmationMail(email);
    expect(mail.text).toContain('newsletter');
    // Not subscribed by the mail's arrival, nor by anyone opening the link's page (a GET confirms nothing).
    expect((await subscriptionOf(email))?.confirmed_at).toBeNull();
    // The database holds the token's hash only, and the sent mail's payload is gone.
    expect(pending?.confirm_token_hash).not.toContain(mail.token);
    const sent = async () => (await mailRows(email)).filter((row) => row.status === 'sent');
    for (let tries = 0; (await sent()).length === 0 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await sent()).toEqual([expect.objectContaining({ payload: null })]);

    const confirmed = await confirm(mail.token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ status: 'confirmed' });
    const subscribed = await subscriptionOf(email);
    expect(subscribed?.confirmed_at).not.toBeNull();
    expect(subscribed?.requested_at).not.toBeNull();

    const again = await confirm(mail.token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'already-confirmed' });

    const forged = await confirm(`${mail.token.slice(0, -4)}AAAA`);
    expect(forged.statusCode).toBe(404);
    expect(forged.headers['content-type']).toContain('application/problem+json');
  });

  it('unsubscribes in one click from the List-Unsubscribe header; the confirmation link is dead after that', async () => {
    const email = newAddress();
    expect((await subscribe(email)).statusCode).toBe(202);
    const mail = await confirmationMail(email);
    expect((await confirm(mail.token)).statusCode).toBe(200);

    const address = unsubscribeAddress(mail.raw);
    expect(address.pathname).toBe('/api/newsletter/unsubscribe');
    const first = await oneClick(address);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ status: 'unsubscribed' });
    expect((await subscriptionOf(email))?.unsubscribed_at).not.toBeNull();
    expect((await oneClick(address)).json()).toEqual({ status: 'already-unsubscribed' });

    // The human page's POST (no body) does the same.
    const page = await shop.app.inject({ method: 'POST', url: `${address.pathname}${address.search}` });
    expect(page.json()).toEqual({ status: 'already-unsubscribed' });

    expect((await confirm(mail.token)).statusCode).toBe(404);
    const token = address.searchParams.get('token') ?? '';
    const [id] = token.split('.');
    const forged = new URL(address);
    forged.searchParams.set('token', `${id}.${'A'.repeat(43)}`);
    expect((await oneClick(forged)).statusCode).toBe(404);
    const otherId = new URL(address);
    otherId.searchParams.set('token', `${Number(id) + 1}.${token.split('.')[1]}`);
    expect((await oneClick(otherId)).statusCode).toBe(404);
  });

  it('answers every address alike and mails an address at most once an hour', async () => {
    const fresh = newAddress();
    const first = await subscribe(fresh);
    const second = await subscribe(fresh);
    expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
    expect(second.body).toBe(first.body);
    expect(await mailRows(fresh)).toHaveLength(1);

    const member = newAddress();
    await subscribe(member);
    const mail = await confirmationMail(member);
    await confirm(mail.token);
    const known = await subscribe(member);
    expect(known.statusCode).toBe(202);
    expect(known.body).toBe(first.body);
    expect(await mailRows(member)).toHaveLength(1);
    expect((await subscriptionOf(member))?.confirmed_at).not.toBeNull();
  });

  it('sends a new link after an hour; the earlier one stops working', async () => {
    const email = newAddress();
    await subscribe(email);
    const first = await confirmationMail(email);
    await shop.database.db.execute(
      sql`UPDATE newsletter_subscriptions SET mail_queued_at = now() - interval '61 minutes',
            requested_at = now() - interval '61 minutes'
          WHERE email = ${email}`,
    );
    await subscribe(email);
    expect(await mailRows(email)).toHaveLength(2);
    const second = await waitFor(() => {
      const mails = received.filter((each) => each.to === email);
      return mails.length === 2 ? mails[1] : undefined;
    });
    const token = /\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(decodedMail(second.raw))?.[1] ?? '';
    expect(token).not.toBe(first.token);
    expect((await confirm(first.token)).statusCode).toBe(404);
    expect((await confirm(token)).json()).toEqual({ status: 'confirmed' });
  });

  it('lets a confirmation link expire after 7 days', async () => {
    const email = newAddress();
    await subscribe(email);
    const mail = await confirmationMail(email);
    await shop.database.db.execute(
      sql`UPDATE newsletter_subscriptions SET requested_at = now() - interval '8 days' WHERE email = ${email}`,
    );
    expect((await confirm(mail.token)).statusCode).toBe(404);
    expect((await subscriptionOf(email))?.confirmed_at).toBeNull();
  });

  it('starts the double opt-in from the checkout box (PUT /api/order/optin), not subscribed before the click', async () => {
    const email = newAddress();
    const created = (await shop.app.inject({ method: 'POST', url: '/api/order', payload: {} })).json();
    const cart = { orderId: created.id as number, key: created.token as string };
    await shop.app.inject({ method: 'POST', url: '/api/order/items', payload: { ...cart, variantId } });
    const customer = await shop.app.inject({
      method: 'PUT',
      url: '/api/order/customer',
      payload: { ...cart, ...exampleCustomer, email, newsletter: true },
    });
    expect(customer.statusCode, customer.body).toBe(200);
    const optin = await shop.app.inject({
      method: 'PUT',
      url: '/api/order/optin',
      headers: { 'accept-language': 'en' },
      payload: { ...cart, optinEmail: false, optinPhone: false, optinNewsletter: true },
    });
    expect(optin.statusCode, optin.body).toBe(204);
    expect(await subscriptionOf(email)).toMatchObject({
      source: 'checkout',
      locale: 'en',
      confirmed_at: null,
    });
    expect((await subscriptionOf(email))?.consent_version).toMatch(/^checkout-/);
    const mail = await confirmationMail(email);
    expect(mail.text).toContain('Confirm subscription');
    expect((await confirm(mail.token)).json()).toEqual({ status: 'confirmed' });
  });

  it('starts nothing when the box is not ticked', async () => {
    const email = newAddress();
    const created = (await shop.app.inject({ method: 'POST', url: '/api/order', payload: {} })).json();
    const cart = { orderId: created.id as number, key: created.token as string };
    await shop.app.inject({
      method: 'PUT',
      url: '/api/order/customer',
      payload: { ...cart, ...exampleCustomer, email },
    });
    const optin = await shop.app.inject({
      method: 'PUT',
      url: '/api/order/optin',
      payload: { ...cart, optinEmail: true, optinPhone: false, optinNewsletter: false },
    });
    expect(optin.statusCode).toBe(204);
    expect(await subscriptionOf(email)).toBeUndefined();
  });

  it('has no newsletter on a brand without hasNewsletterOptin: 404, and the checkout box starts nothing', async () => {
    const host = { host: 'dealjaeger.localhost' };
    const email = newAddress();
    const answer = await subscribe(email, host);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ type: 'feature-disabled', status: 404 });
    expect(
      (
        await shop.app.inject({
          method: 'POST',
          url: '/api/newsletter/confirm',
          headers: host,
          payload: { token: 'x'.repeat(43) },
        })
      ).statusCode,
    ).toBe(404);

    const created = (
      await shop.app.inject({ method: 'POST', url: '/api/order', headers: host, payload: {} })
    ).json();
    const cart = { orderId: created.id as number, key: created.token as string };
    await shop.app.inject({
      method: 'PUT',
      url: '/api/order/customer',
      headers: host,
      payload: { ...cart, ...exampleCustomer, email, newsletter: true },
    });
    const optin = await shop.app.inject({
      method: 'PUT',
      url: '/api/order/optin',
      headers: host,
      payload: { ...cart, optinEmail: false, optinPhone: false, optinNewsletter: true },
    });
    expect(optin.statusCode).toBe(204);
    expect(await subscriptionOf(email, 'dealjaeger')).toBeUndefined();
    expect(await mailRows(email)).toHaveLength(0);
  });

  it('refuses a malformed address with a field message in the caller’s language, storing nothing', async () => {
    const answer = await subscribe('keine-adresse', { 'accept-language': 'de' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      type: 'validation-error',
      errors: [{ field: 'email', message: 'E-Mail-Adresse muss eine gültige E-Mail-Adresse sein.' }],
    });
    expect(await subscriptionOf('keine-adresse')).toBeUndefined();
  });

  it('forgets the subscription when the account with that address is deleted', async () => {
    const email = newAddress();
    const password = 'Sommer-Urlaub-2026';
    await shop.app.inject({
      method: 'POST',
      url: '/api/account/register',
      headers: client(),
      payload: { userName: email, password, salutation: 20, firstName: 'Anna', lastName: 'Huber' },
    });
    await subscribe(email);
    expect(await subscriptionOf(email)).toBeDefined();
    const login = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName: email, password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const deleted = await shop.app.inject({
      method: 'DELETE',
      url: '/api/account/me',
      headers: { authorization: `Bearer ${login.json().accessToken.token}` },
      payload: { password },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await subscriptionOf(email)).toBeUndefined();
  });
});
