import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
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

describe('account mails through the outbox', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let received: ReceivedMail[];
  let shop: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    received = smtp.received;
    shop = await createTestApp({
      env: { JOBS_IN_SERVER: 'true', SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.test>' },
    });
  });
  afterAll(async () => {
    await shop.close();
    await smtp.stop();
  });

  it('welcomes a new customer and mails a reset link that sets a new password; the token leaves the database', async () => {
    const email = 'giulia.bianchi@example.it';
    const registered = await shop.app.inject({
      method: 'POST',
      url: '/api/account/register',
      headers: { 'accept-language': 'it' },
      payload: {
        userName: email,
        password: 'Vacanze-al-mare',
        salutation: 20,
        firstName: 'Giulia',
        lastName: 'Bianchi',
      },
    });
    expect(registered.statusCode).toBe(202);
    const welcome = await waitFor(() => received.find((mail) => mail.to === email));
    expect(decodedMail(welcome.raw)).toContain('Giulia');

    await shop.app.inject({
      method: 'POST',
      url: '/api/account/password-forgotten',
      payload: { email: email.toUpperCase() },
    });
    const resetMail = await waitFor(() =>
      received.find((mail) => mail.to === email && decodedMail(mail.raw).includes('/password-forgotten?')),
    );
    const link = /https?:\/\/[^\s"<>]+\/password-forgotten\?[^\s"<>]+/.exec(decodedMail(resetMail.raw))?.[0];
    expect(link).toBeDefined();
    const params = new URL((link ?? '').replaceAll('&amp;', '&')).searchParams;
    expect(params.get('email')).toBe(email);

    const reset = await shop.app.inject({
      method: 'PUT',
      url: '/api/account/reset-password',
      payload: { email: params.get('email'), token: params.get('token'), newPassword: 'Montagna-d-inverno' },
    });
    expect(reset.statusCode).toBe(200);
    const login = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName: email, password: 'Montagna-d-inverno' },
    });
    expect(login.statusCode).toBe(200);
    // Sent mails keep no token: the database holds only the reset link's hash.
    const payloads = await queryRows<{ payload: unknown }>(
      shop.database.db,
      sql`SELECT payload FROM mails WHERE kind = 'password-reset' AND status = 'sent'`,
    );
    expect(payloads).toEqual([{ payload: null }]);
  });
});
