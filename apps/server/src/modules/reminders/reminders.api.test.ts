import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { readyCart } from '#src/test/orders.ts';
import { backgroundMinute } from '#src/test/reconciliation.ts';
import { decodedMail, type ReceivedMail, startSmtpServer } from '#src/test/smtp.ts';
import { dispatchReminders } from './reminder-dispatch.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for mail');
    await sleep(100);
  }
}

type TestOffer = { id: number; slug: string; hotelSlug: string; variantIds: number[] };

describe('back-in-stock reminders', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let received: ReceivedMail[];
  let shop: TestApp;
  /** Offers every brand sells with at least two variants, one per test (each test sets its stock). */
  let offers: TestOffer[];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    received = smtp.received;
    shop = await createTestApp({
      env: { JOBS_IN_SERVER: 'true', SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.test>' },
    });
    const rows = await queryRows<{ id: number; slug: string; hotel_slug: string; variant_ids: number[] }>(
      shop.database.db,
      sql`SELECT o.id, o.slug, h.slug AS hotel_slug, array_agg(v.id ORDER BY v.id) AS variant_ids
          FROM offers o JOIN hotels h ON h.id = o.hotel_id JOIN variants v ON v.offer_id = o.id
          WHERE o.is_active AND o.brand_id IS NULL
          GROUP BY o.id, h.slug HAVING count(*) >= 2 ORDER BY o.id LIMIT 6`,
    );
    offers = rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      hotelSlug: row.hotel_slug,
      variantIds: row.variant_ids,
    }));
  });
  afterAll(async () => {
    await shop.close();
    await smtp.stop();
  });

  const db = () => shop.database.db;
  const jobs = () => shop.app.jobs;
  const mailsTo = (email: string) => received.filter((mail) => mail.to === email);
  /** An operator's change: the first variant gets `firstStock` units, every other one none. */
  const setStock = async (offer: TestOffer, firstStock: number) => {
    await db().execute(sql`UPDATE variants SET stock = 0 WHERE offer_id = ${offer.id}`);
    await db().execute(sql`UPDATE variants SET stock = ${firstStock} WHERE id = ${offer.variantIds[0]}`);
  };
  const ask = (payload: object, locale = 'de') =>
    shop.app.inject({
      method: 'POST',
      url: '/api/reminder',
      headers: { 'accept-language': locale },
      payload,
    });
  /** An order that holds its unit while it waits at PayPal (a bank transfer may not hold a variant's last unit). */
  const closeWithPayPal = async (variantId: number) => {
    const cart = await readyCart(shop.app, variantId);
    const closed = await shop.app.inject({
      method: 'PUT',
      url: '/api/order/close',
      payload: { ...cart, paymentType: 'paypal' },
    });
    expect(closed.statusCode).toBe(200);
    return cart;
  };
  const storedFor = async (email: string) =>
    queryRows<{ offer_id: number; notified_at: Date | null }>(
      db(),
      sql`SELECT offer_id, notified_at FROM stock_reminders WHERE email = ${email}`,
    );

  it('a cancelled order mails the reminder once: not while sold out, not twice', async () => {
    const offer = offers[0]!;
    await setStock(offer, 1);
    const first = await closeWithPayPal(offer.variantIds[0]!);
    // The order holds the last unit: the offer is sold out.
    const email = 'giulia.bianchi@example.it';
    const asked = await ask({ email, offerId: offer.id }, 'it');
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ success: true, isAvailable: false });
    // The same address again, typed differently: still one reminder.
    expect((await ask({ email: ' Giulia.Bianchi@Example.IT ', offerId: offer.id }, 'it')).statusCode).toBe(
      202,
    );
    expect(await storedFor(email)).toHaveLength(1);

    // Sold out: the job finds nothing to send.
    expect(await dispatchReminders({ db: db(), jobs: jobs() })).toBe(0);
    await sleep(1000);
    expect(mailsTo(email)).toHaveLength(0);

    // The cancel gives the unit back and queues the dispatch in its transaction.
    const cancelled = await shop.app.inject({ method: 'PUT', url: '/api/order/cancel', payload: first });
    expect(cancelled.statusCode).toBe(200);
    await waitFor(() => mailsTo(email).length > 0);
    const mail = decodedMail(mailsTo(email)[0]!.raw);
    expect(mail).toContain('>Di nuovo disponibile!</h1>');
    expect(mail).toContain(`/urlaub/${offer.hotelSlug}/${offer.slug}?lang=it`);
    expect(mail).toMatch(/Message-ID: <mail-\d+\.reminder@localhost>/i);

    // Run again, and stock that goes and comes back again: nothing more.
    expect(await dispatchReminders({ db: db(), jobs: jobs() })).toBe(0);
    const second = await closeWithPayPal(offer.variantIds[0]!);
    await shop.app.inject({ method: 'PUT', url: '/api/order/cancel', payload: second });
    expect(await dispatchReminders({ db: db(), jobs: jobs() })).toBe(0);
    await sleep(1500);
    expect(mailsTo(email)).toHaveLength(1);
    const outbox = await queryRows<{ status: string }>(
      db(),
      sql`SELECT status FROM mails WHERE kind = 'back-in-stock' AND recipient = ${email}`,
    );
    expect(outbox).toEqual([{ status: 'sent' }]);
    expect((await storedFor(email))[0]?.notified_at).not.toBeNull();
  });

  it('an expired hold mails the reminder', async () => {
    const offer = offers[1]!;
    await setStock(offer, 1);
    const cart = await closeWithPayPal(offer.variantIds[0]!);
    const email = 'max.muster@example.de';
    expect((await ask({ email, offerId: offer.id })).json()).toEqual({ success: true, isAvailable: false });
    await db().execute(
      sql`UPDATE orders SET hold_until = now() - interval '1 minute' WHERE id = ${cart.orderId}`,
    );
    // A hold at PayPal goes back once the provider says nothing was taken (docs/decisions/024).
    await backgroundMinute(shop.app.background.checkout);
    await waitFor(() => mailsTo(email).length > 0);
    expect(decodedMail(mailsTo(email)[0]!.raw)).toMatch(/>Wieder verf.*gbar!<\/h1>/);
    await sleep(1000);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it("an operator's stock change mails the reminders waiting for it: a variant's only when that variant is back", async () => {
    const offer = offers[2]!;
    await setStock(offer, 0);
    const [first, second] = offer.variantIds as [number, number];
    const anyVariant = 'any.variant@example.com';
    const oneVariant = 'one.variant@example.com';
    expect((await ask({ email: anyVariant, offerId: offer.id }, 'en')).statusCode).toBe(202);
    expect((await ask({ email: oneVariant, offerId: offer.id, variantId: second }, 'en')).statusCode).toBe(
      202,
    );
    expect(await dispatchReminders({ db: db(), jobs: jobs() })).toBe(0);

    await db().execute(sql`UPDATE variants SET stock = 3 WHERE id = ${first}`);
    expect(await dispatchReminders({ db: db(), jobs: jobs() })).toBe(1);
    await waitFor(() => mailsTo(anyVariant).length > 0);
    expect(decodedMail(mailsTo(anyVariant)[0]!.raw)).toContain('>Available again!</h1>');
    expect(mailsTo(oneVariant)).toHaveLength(0);

    await db().execute(sql`UPDATE variants SET stock = 2 WHERE id = ${second}`);
    expect(await dispatchReminders({ db: db(), jobs: jobs() })).toBe(1);
    await waitFor(() => mailsTo(oneVariant).length > 0);
    await sleep(1000);
    expect(mailsTo(anyVariant)).toHaveLength(1);
    expect(mailsTo(oneVariant)).toHaveLength(1);
  });

  it('an offer on sale again by now is accepted and mailed', async () => {
    const offer = offers[3]!;
    await setStock(offer, 4);
    const email = 'late.reader@example.com';
    expect((await ask({ email, offerId: offer.id }, 'en')).json()).toEqual({
      success: true,
      isAvailable: true,
    });
    await waitFor(() => mailsTo(email).length > 0);
  });

  it('an unknown offer, or a variant of another offer, is 404', async () => {
    const unknown = await ask({ email: 'nobody@example.com', offerId: 2_000_000_000 }, 'en');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/problem+json');
    const elsewhere = await ask(
      { email: 'nobody@example.com', offerId: offers[4]!.id, variantId: offers[5]!.variantIds[0] },
      'en',
    );
    expect(elsewhere.statusCode).toBe(404);
    expect(await storedFor('nobody@example.com')).toHaveLength(0);
  });

  it('bad input is a 400 with field messages in the caller’s language, and nothing is stored', async () => {
    const answer = await ask({ email: 'no-at-sign', offerId: 'eins' }, 'it');
    expect(answer.statusCode).toBe(400);
    const problem = answer.json();
    expect(problem.type).toBe('validation-error');
    const fields = Object.fromEntries(
      (problem.errors as { field: string; message: string }[]).map((error) => [error.field, error.message]),
    );
    expect(fields.email).toBe('Il campo Indirizzo e-mail deve essere un indirizzo e-mail valido.');
    expect(fields.offerId).toBeDefined();
    expect(await storedFor('no-at-sign')).toHaveLength(0);
  });
});
