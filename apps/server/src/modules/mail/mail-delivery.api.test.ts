import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { readPdf } from '#src/modules/documents/pdf-inspection.test-support.ts';
import { releaseExpiredHolds } from '#src/modules/orders/expired-holds.ts';
import { queueTransferReminders } from '#src/modules/orders/transfer-reminders.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { exampleCustomer, onBrand, payWithPayPal, readyCart, variantsInStock } from '#src/test/orders.ts';
import { decodedMail, type ReceivedMail, startSmtpServer } from '#src/test/smtp.ts';

/** The PDF attachment of a raw MIME mail (base64, as nodemailer writes it) and its file name. */
function pdfAttachment(raw: string): { filename: string; pdf: Buffer } | null {
  const match =
    /Content-Type: application\/pdf; name=(?:"([^"]+)"|(\S+))\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/i.exec(
      raw,
    );
  if (!match?.[3]) return null;
  return { filename: match[1] ?? match[2] ?? '', pdf: Buffer.from(match[3].replace(/\s+/g, ''), 'base64') };
}

/** What the legal PDF says in each language: its withdrawal period and a line of the model form (Annex I(B)). */
const legalPdf = {
  de: {
    file: 'AGB-und-Widerrufsbelehrung.pdf',
    texts: [
      'Widerrufsbelehrung',
      'vierzehn Tage ab dem Tag des Vertragsabschlusses',
      'Muster-Widerrufsformular',
      'Hiermit widerrufe(n) ich/wir (*)',
    ],
  },
  en: {
    file: 'terms-and-withdrawal-information.pdf',
    texts: [
      'Withdrawal information',
      'fourteen days from the day of the conclusion',
      'Model withdrawal form',
      'hereby give notice that I/We (*) withdraw',
    ],
  },
  it: {
    file: 'condizioni-e-recesso.pdf',
    texts: [
      'Informazioni sul diritto di recesso',
      'quattordici giorni dal giorno della conclusione',
      'Modulo di recesso tipo',
      'notifichiamo il recesso',
    ],
  },
} as const;

/** The mail's legal PDF holds the terms, withdrawal information and model form in `locale`, naming `company`. */
function expectLegalPdf(raw: string, locale: keyof typeof legalPdf, company: string) {
  const attachment = pdfAttachment(raw);
  expect(attachment?.filename).toBe(legalPdf[locale].file);
  expect(attachment?.pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const { text, pageCount } = readPdf(attachment!.pdf);
  for (const expected of legalPdf[locale].texts) expect(text).toContain(expected);
  expect(text).toContain(company);
  expect(text).not.toContain('{{');
  expect(pageCount).toBeGreaterThanOrEqual(3);
}

async function waitFor(check: () => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for mail');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('mails after the money moves', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let received: ReceivedMail[];
  let shop: TestApp;
  let variantId: number;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    received = smtp.received;
    shop = await createTestApp({
      env: { JOBS_IN_SERVER: 'true', SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.test>' },
    });
    [variantId] = (await variantsInStock(shop.database.db)) as [number];
  });
  afterAll(async () => {
    await shop.close();
    await smtp.stop();
  });

  it('a bank transfer order gets one order mail with the bank details and the GiroCode', async () => {
    const cart = await readyCart(shop.app, variantId);
    const close = () =>
      shop.app.inject({
        method: 'PUT',
        url: '/api/order/close',
        payload: { ...cart, paymentType: 'wiretransfer' },
      });
    expect((await close()).statusCode).toBe(200);
    expect((await close()).statusCode).toBe(200);
    await waitFor(() =>
      received.some((mail) => mail.raw.includes(`DEMO-${String(cart.orderId).padStart(8, '0')}`)),
    );
    const mails = received.filter((mail) =>
      decodedMail(mail.raw).includes(`DEMO-${String(cart.orderId).padStart(8, '0')}`),
    );
    expect(mails).toHaveLength(1);
    const mail = decodedMail(mails[0]?.raw ?? '');
    expect(mails[0]?.to).toBe('luca.rossi@example.it');
    expect(mail).toContain('Content-Type: image/png');
    expect(mail).toMatch(/Content-ID: <girocode@shop>/i);
    // The order's confirmation carries the terms, withdrawal information and model form (decision 026).
    expect(mail).toContain('binnen vierzehn Tagen ab Vertragsschluss');
    expectLegalPdf(mails[0]?.raw ?? '', 'de', 'Ferienglück Touristik GmbH');
  });

  it('a paid order gets one payment mail linking each voucher on the order page, never its PDF', async () => {
    const cart = await readyCart(shop.app, variantId);
    await payWithPayPal(shop.app, cart);
    const order = (
      await shop.app.inject({ method: 'GET', url: `/api/order/${cart.orderId}/${cart.key}` })
    ).json();
    // A mail filter fetches every link of a mail: none of them may print (lock) a voucher.
    const voucherLink = `http://localhost:3000/view/${cart.orderId}/${cart.key}#voucher-${order.vouchers[0].id}`;
    await waitFor(() => received.some((mail) => decodedMail(mail.raw).includes(voucherLink)));
    const mail = decodedMail(
      received.find((entry) => decodedMail(entry.raw).includes(voucherLink))?.raw ?? '',
    );
    expect(mail).not.toContain('/api/voucher/');
    expect(mail).toContain(`/api/invoice/download/${cart.orderId}/${cart.key}/${order.invoiceNumber}.pdf`);
    expect(mail).toMatch(/Message-ID: <mail-\d+\.order-\d+@localhost>/i);
  });

  it.each([
    // A brand naming its own sender in its config, and one with the default: MAIL_FROM's address.
    [
      'viaggi',
      'it',
      'Viaggi Felici <ordini@viaggifelici.example>',
      'assistenza@viaggifelici.example',
      'Sconto',
    ],
    [
      'autoclub',
      'de',
      'Autoclub Reisewelt <shop@example.test>',
      'reisen@autoclub-reisewelt.example',
      'Rabatt',
    ],
  ] as const)(
    '%s sends as itself with Reply-To its service address; its mails name each hotel and the discount',
    async (short, locale, from, replyTo, discount) => {
      const app = onBrand(shop.app, { host: `${short}.localhost`, 'accept-language': locale });
      const cart = await readyCart(app, variantId, { ...exampleCustomer, email: `from-${short}@example.it` });
      const code = { ...cart, code: 'WILLKOMMEN10' };
      expect(
        (await app.inject({ method: 'POST', url: '/api/order/reduction', payload: code })).statusCode,
      ).toBe(200);
      await payWithPayPal(app, cart);
      const [hotel] = await queryRows<{ name: string }>(
        shop.database.db,
        sql`SELECT h.name FROM variants v JOIN offers o ON o.id = v.offer_id JOIN hotels h ON h.id = o.hotel_id
            WHERE v.id = ${variantId}`,
      );
      const about = (mail: ReceivedMail) => mail.raw.includes(`.order-${cart.orderId}@${short}.localhost>`);
      await waitFor(() =>
        received.some((mail) => about(mail) && decodedMail(mail.raw).includes('#voucher-')),
      );
      const mails = received.filter(about);
      expect(mails.length).toBeGreaterThanOrEqual(1);
      // Paid at once, the payment mail is the order's first: it carries the legal PDF in the order's language.
      const first = mails.find((mail) => mail.raw.includes('application/pdf'));
      expect(first).toBeDefined();
      expectLegalPdf(
        first!.raw,
        locale,
        short === 'viaggi' ? 'Viaggi Felici S.r.l.' : 'Autoclub Reise-Service GmbH',
      );
      for (const mail of mails) {
        expect(/^From: (.*)$/m.exec(mail.raw)?.[1]).toBe(from);
        expect(/^Reply-To: (.*)$/m.exec(mail.raw)?.[1]).toBe(replyTo);
        const text = decodedMail(mail.raw);
        expect(text).toContain(hotel!.name);
        expect(text).toMatch(new RegExp(`${discount}: .*\\(\\w+ WILLKOMMEN10\\)`));
      }
    },
  );

  it('an unpaid transfer is reminded once before its hold ends, and told when the order expired', async () => {
    const cart = await readyCart(shop.app, variantId);
    await shop.app.inject({
      method: 'PUT',
      url: '/api/order/close',
      payload: { ...cart, paymentType: 'wiretransfer' },
    });
    const { db } = shop.database;
    await db.execute(sql`UPDATE orders SET hold_until = now() + interval '1 day' WHERE id = ${cart.orderId}`);
    const jobs = shop.app.jobs;
    expect(await queueTransferReminders({ db, jobs }, 2)).toBe(1);
    expect(await queueTransferReminders({ db, jobs }, 2)).toBe(0);
    await db.execute(
      sql`UPDATE orders SET hold_until = now() - interval '1 minute' WHERE id = ${cart.orderId}`,
    );
    await releaseExpiredHolds({ db, jobs });
    const about = (mail: ReceivedMail) =>
      new RegExp(`^Message-ID: <mail-\\d+\\.order-${cart.orderId}@`, 'mi').test(mail.raw);
    await waitFor(() => received.filter(about).length >= 3);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const subjects = received.filter(about).map((mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1]);
    expect(subjects).toHaveLength(3);
    const order = (
      await shop.app.inject({ method: 'GET', url: `/api/order/${cart.orderId}/${cart.key}` })
    ).json();
    expect(order.status).toBe('expired');
  });

  it('while the mail server is down, mails wait, and all arrive when it is back', async () => {
    await smtp.stop();
    const carts = await Promise.all([readyCart(shop.app, variantId), readyCart(shop.app, variantId)]);
    for (const cart of carts) await payWithPayPal(shop.app, cart);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const before = received.length;
    await smtp.restart();
    // The failed sends wait for their retry (10 s, then doubling): that much time passes for them here,
    // as the job queue sees it, instead of the test sleeping through the back-off.
    const jobs = shop.database.schemaName ? `${shop.database.schemaName}_jobs` : 'pgboss';
    await shop.database.db.execute(
      sql.raw(`UPDATE ${jobs}.job SET start_after = now() WHERE name = 'mail.send' AND state = 'retry'`),
    );
    await waitFor(() => received.length >= before + 2, 90_000);
    for (const cart of carts) {
      expect(
        received.filter((mail) => decodedMail(mail.raw).includes(`${cart.orderId}/${cart.key}`)),
      ).toHaveLength(1);
    }
  }, 120_000);
});
