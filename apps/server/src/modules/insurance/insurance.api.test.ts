import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { readPdf } from '#src/modules/documents/pdf-inspection.test-support.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { type Cart, payWithPayPal, readyCart, variantsInStock } from '#src/test/orders.ts';
import { decodedMail, type ReceivedMail, startSmtpServer } from '#src/test/smtp.ts';

/**
 * Travel insurance on a paid voucher (issue 12): the traveller form's messages (SPEC §5), who may insure
 * what, the sandbox insurer's decline and time-out, and a booked policy's mail, PDF and download.
 */
let shop: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let received: ReceivedMail[];
let variantId: number;

const timeoutMs = 300;

beforeAll(async () => {
  smtp = await startSmtpServer();
  received = smtp.received;
  shop = await createTestApp({
    env: {
      JOBS_IN_SERVER: 'true',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Shop <shop@example.test>',
      // The insurer's (and every provider's) time-out: short, so the "Timeout" trigger is quick.
      PAYMENT_TIMEOUT_MS: String(timeoutMs),
    },
  });
  // A variant for two with a price inside the demo brand's tariff bands.
  const [row] = await queryRows<{ id: number }>(
    shop.database.db,
    sql`SELECT v.id FROM variants v JOIN offers o ON o.id = v.offer_id
        WHERE v.stock >= 20 AND o.is_active AND o.brand_id IS NULL AND v.persons = 2 AND v.nights >= 3
          AND v.price_cents <= 100000
        ORDER BY v.id LIMIT 1`,
  );
  variantId = row?.id ?? ((await variantsInStock(shop.database.db))[0] as number);
});
afterAll(async () => {
  await shop?.close();
  await smtp?.stop();
});

type Language = 'de' | 'en' | 'it';
const post = (payload: object, language: Language = 'de', host = 'localhost') =>
  shop.app.inject({
    method: 'POST',
    url: '/api/insurance/book',
    payload,
    headers: { 'accept-language': language, host },
  });
const get = (url: string, language: Language = 'de') =>
  shop.app.inject({ method: 'GET', url, headers: { 'accept-language': language } });

async function paidVoucher(): Promise<Cart & { voucherId: number; voucherCode: string }> {
  const cart = await readyCart(shop.app, variantId);
  await payWithPayPal(shop.app, cart);
  const order = (await get(`/api/order/${cart.orderId}/${cart.key}`)).json();
  const [voucher] = order.vouchers as { id: number; code: string }[];
  if (!voucher) throw new Error('paid order without voucher');
  return { ...cart, voucherId: voucher.id, voucherCode: voucher.code };
}

const traveller = (lastName = 'Muster') => ({
  title: 'Frau',
  firstName: 'Anna',
  lastName,
  street: 'Hauptstraße',
  houseNumber: '12a',
  postcode: '80331',
  city: 'München',
});

async function policyRows(voucherId: number) {
  return queryRows<{ id: number; status: string; policy_number: string | null; type: string }>(
    shop.database.db,
    sql`SELECT id, status, policy_number, type FROM insurance_policies WHERE voucher_id = ${voucherId} ORDER BY id`,
  );
}

/** The PDF attachment of a raw MIME mail (base64, as nodemailer writes it). */
function pdfAttachment(raw: string): Buffer | null {
  const match =
    /Content-Type: application\/pdf[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/i.exec(raw);
  return match?.[1] ? Buffer.from(match[1].replace(/\s+/g, ''), 'base64') : null;
}

async function waitFor<T>(find: () => T | undefined, timeout = 30_000): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// The field names as the form labels them, and SPEC §5's "required" sentence in each language.
const labels: Record<string, Record<Language, string>> = {
  title: { de: 'Anrede/Titel', en: 'Title', it: 'Titolo' },
  firstName: { de: 'Vorname', en: 'First name', it: 'Nome' },
  lastName: { de: 'Nachname', en: 'Last name', it: 'Cognome' },
  street: { de: 'Straße', en: 'Street', it: 'Via' },
  houseNumber: { de: 'Hausnummer', en: 'House number', it: 'Numero civico' },
  postcode: { de: 'Postleitzahl', en: 'Postcode', it: 'CAP' },
  city: { de: 'Ort', en: 'Town/city', it: 'Città' },
};
const required: Record<Language, (field: string) => string> = {
  de: (field) => `${field} ist ein Pflichtfeld.`,
  en: (field) => `${field} is required.`,
  it: (field) => `Il campo ${field} è obbligatorio.`,
};

describe('the traveller form (SPEC §5: every field filled)', () => {
  let voucher: Awaited<ReturnType<typeof paidVoucher>>;
  beforeAll(async () => {
    voucher = await paidVoucher();
  });

  for (const field of Object.keys(labels)) {
    for (const language of ['de', 'en', 'it'] as const) {
      it(`a missing ${field} is a 400 naming the field (${language})`, async () => {
        const { [field as keyof ReturnType<typeof traveller>]: _left, ...rest } = traveller();
        for (const travellers of [[rest], [{ ...traveller(), [field]: '  ' }]]) {
          const answer = await post(
            {
              orderId: voucher.orderId,
              key: voucher.key,
              voucherId: voucher.voucherId,
              type: 'cancellation',
              travellers,
            },
            language,
          );
          expect(answer.statusCode).toBe(400);
          const problem = answer.json();
          expect(problem.type).toBe('validation-error');
          const message = required[language](labels[field]?.[language] ?? field);
          expect(problem.errors).toEqual([{ field: `travellers.0.${field}`, message }]);
          expect(problem.detail).toBe(message);
        }
      });
    }
  }

  it('names the missing field of the second traveller, and refuses no traveller and more than the voucher is for', async () => {
    const base = {
      orderId: voucher.orderId,
      key: voucher.key,
      voucherId: voucher.voucherId,
      type: 'curtailment',
    };
    const second = await post({ ...base, travellers: [traveller(), { ...traveller(), city: '' }] }, 'it');
    expect(second.statusCode).toBe(400);
    expect(second.json().errors).toEqual([
      { field: 'travellers.1.city', message: 'Il campo Città è obbligatorio.' },
    ]);
    expect((await post({ ...base, travellers: [] })).statusCode).toBe(400);
    const persons = (
      await get(`/api/insurance/quote/${voucher.orderId}/${voucher.key}/${voucher.voucherId}`)
    ).json().persons as number;
    const tooMany = await post(
      { ...base, travellers: Array.from({ length: persons + 1 }, () => traveller()) },
      'en',
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().detail).toContain(`at most ${persons}`);
    expect(await policyRows(voucher.voucherId)).toEqual([]);
  });
});

describe('who may insure what', () => {
  it('answers a wrong key like an unknown order (404), for booking, quote and download', async () => {
    const voucher = await paidVoucher();
    const wrongKey = `${voucher.key.slice(0, -1)}${voucher.key.endsWith('A') ? 'B' : 'A'}`;
    const body = { voucherId: voucher.voucherId, type: 'cancellation', travellers: [traveller()] };
    const wrong = await post({ ...body, orderId: voucher.orderId, key: wrongKey });
    const unknown = await post({ ...body, orderId: 2_000_000_000, key: voucher.key });
    expect(wrong.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(wrong.json()).toEqual(unknown.json());
    expect(
      (await get(`/api/insurance/quote/${voucher.orderId}/${wrongKey}/${voucher.voucherId}`)).statusCode,
    ).toBe(404);
    expect(await policyRows(voucher.voucherId)).toEqual([]);
  });

  it("refuses another order's voucher (404) and a voucher of an unpaid order (409 voucher-not-paid)", async () => {
    const mine = await paidVoucher();
    const other = await paidVoucher();
    const theirs = await post({
      orderId: mine.orderId,
      key: mine.key,
      voucherId: other.voucherId,
      type: 'cancellation',
      travellers: [traveller()],
    });
    expect(theirs.statusCode).toBe(404);

    const unpaid = await readyCart(shop.app, variantId);
    const wire = await shop.app.inject({
      method: 'PUT',
      url: '/api/order/set-wiretransfer',
      payload: unpaid,
    });
    expect(wire.json().order.status).toBe('awaiting-payment');
    for (const order of [unpaid]) {
      const refused = await post(
        { ...order, voucherId: mine.voucherId, type: 'cancellation', travellers: [traveller()] },
        'en',
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ type: 'voucher-not-paid' });
      expect(refused.json().title).toMatch(/not been paid/);
    }
    const cart = await readyCart(shop.app, variantId);
    const fromCart = await post({
      ...cart,
      voucherId: mine.voucherId,
      type: 'curtailment',
      travellers: [traveller()],
    });
    expect(fromCart.statusCode).toBe(409);
    expect(await policyRows(mine.voucherId)).toEqual([]);
    expect(await policyRows(other.voucherId)).toEqual([]);
  });

  it('is a 404 feature-disabled on a brand without insurance tariffs', async () => {
    const voucher = await paidVoucher();
    const answer = await post(
      { ...voucher, type: 'cancellation', travellers: [traveller()] },
      'de',
      'sparbuch.localhost',
    );
    expect(answer.statusCode).toBe(404);
    expect(answer.json().type).toBe('feature-disabled');
  });
});

describe('the sandbox insurer', () => {
  it('declines a traveller named "Decline": a 422, and nothing stored', async () => {
    const voucher = await paidVoucher();
    const answer = await post(
      {
        orderId: voucher.orderId,
        key: voucher.key,
        voucherId: voucher.voucherId,
        type: 'cancellation',
        travellers: [traveller(), traveller('Decline')],
      },
      'it',
    );
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toMatchObject({ type: 'insurance-declined' });
    expect(answer.json().title).toMatch(/assicuratore ha rifiutato/);
    expect(await policyRows(voucher.voucherId)).toEqual([]);
  });

  it('times out on "Timeout" after the configured time: a 503 to try later, nothing booked; a retry books once', async () => {
    const voucher = await paidVoucher();
    const body = {
      orderId: voucher.orderId,
      key: voucher.key,
      voucherId: voucher.voucherId,
      type: 'curtailment',
    };
    const started = Date.now();
    const answer = await post({ ...body, travellers: [traveller('Timeout')] });
    expect(Date.now() - started).toBeLessThan(timeoutMs + 2_000);
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBeDefined();
    expect(answer.json()).toMatchObject({ type: 'service-unavailable' });
    expect(answer.json().title).toMatch(/später noch einmal/);
    const kept = await policyRows(voucher.voucherId);
    expect(kept.filter((row) => row.status === 'booked')).toEqual([]);
    expect(kept.map((row) => row.status)).toEqual(['booking']);
    // The offer lists no policy for an unfinished booking.
    const offer = (
      await get(`/api/insurance/quote/${voucher.orderId}/${voucher.key}/${voucher.voucherId}`)
    ).json();
    expect(offer.policies).toEqual([]);

    const retried = await post({ ...body, travellers: [traveller()] });
    expect(retried.statusCode).toBe(200);
    const rows = await policyRows(voucher.voucherId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: kept[0]?.id,
      status: 'booked',
      policy_number: retried.json().policyNumber,
    });
  });
});

describe('before booking: the insurer, its documents and what the order knows (issue 24)', () => {
  it('names the insurer, sum insured, premium basis and billing, links each tariff’s documents, and prefills the travellers', async () => {
    const voucher = await paidVoucher();
    // A guest's name entered on the voucher.
    const named = await shop.app.inject({
      method: 'PUT',
      url: `/api/voucher/${voucher.orderId}/${voucher.key}/${voucher.voucherId}`,
      payload: { customer: { firstName: 'Giulia', lastName: 'Bianchi' } },
    });
    expect(named.statusCode).toBe(200);
    const offer = (
      await get(`/api/insurance/quote/${voucher.orderId}/${voucher.key}/${voucher.voucherId}`, 'en')
    ).json();
    expect(offer.insurer).toEqual({
      name: 'Alpina Reiseschutz Versicherung AG',
      address: 'Maximilianstraße 40, 80539 München, DE',
      invoiceWithinDays: 14,
      paymentTermDays: 14,
    });
    const order = (await get(`/api/order/${voucher.orderId}/${voucher.key}`)).json();
    const price = order.items[0].unitPrice;
    for (const option of offer.options) {
      expect(option.premiumBasis).toBe('voucher');
      expect(option.sumInsured.total).toBeGreaterThan(0);
      expect(option.sumInsured.total).toBe(price.total);
      expect(option.documents).toEqual({
        productSheet: `/api/insurance/documents/en/${option.type}/product-sheet.pdf`,
        conditions: `/api/insurance/documents/en/${option.type}/conditions.pdf`,
      });
      for (const url of [option.documents.productSheet, option.documents.conditions]) {
        const document = await get(url, 'de');
        expect(document.statusCode).toBe(200);
        expect(document.headers['content-type']).toBe('application/pdf');
        const { text } = readPdf(document.rawPayload);
        expect(text).toContain('Alpina Reiseschutz Versicherung AG');
        expect(text).toContain(
          option.type === 'cancellation' ? 'Travel cancellation insurance' : 'Travel curtailment insurance',
        );
        // The premium table, per voucher, and how and when it is billed.
        expect(text).toContain('Voucher value up to € 500.00: ');
        expect(text).toContain('within 14 days of the booking');
      }
    }
    const sheet = readPdf(
      (await get('/api/insurance/documents/it/curtailment/product-sheet.pdf')).rawPayload,
    );
    expect(sheet.text).toContain('Documento informativo');
    expect(sheet.text).toContain('non a persona');
    const conditions = readPdf(
      (await get('/api/insurance/documents/de/cancellation/conditions.pdf')).rawPayload,
    );
    expect(conditions.text).toContain('Versicherungsbedingungen');
    expect(conditions.text).toContain('je Gutschein');
    expect((await get('/api/insurance/documents/de/cancellation/other.pdf')).statusCode).toBe(400);
    const elsewhere = await shop.app.inject({
      method: 'GET',
      url: '/api/insurance/documents/de/cancellation/conditions.pdf',
      headers: { host: 'sparbuch.localhost' },
    });
    expect(elsewhere.statusCode).toBe(404);

    // The voucher's guest first, then the buyer; every traveller at the buyer's address, all editable.
    const customer = order.customer;
    const address = {
      street: customer.street,
      houseNumber: customer.houseNumber,
      postcode: customer.postcode,
      city: customer.city,
    };
    expect(offer.travellers).toHaveLength(offer.persons);
    expect(offer.travellers[0]).toEqual({ title: '', firstName: 'Giulia', lastName: 'Bianchi', ...address });
    expect(offer.travellers[1]).toMatchObject({
      firstName: customer.firstName,
      lastName: customer.lastName,
      ...address,
    });
  });
});

describe('a booked policy', () => {
  it('has a policy number, the premium of the tariff, a mail with the policy PDF and a download behind the key', async () => {
    const voucher = await paidVoucher();
    const offer = await get(`/api/insurance/quote/${voucher.orderId}/${voucher.key}/${voucher.voucherId}`);
    expect(offer.statusCode).toBe(200);
    const options = offer.json().options as { type: string; premium: { total: number; display: string } }[];
    expect(options.map((option) => option.type)).toEqual(['cancellation', 'curtailment']);
    const orderBefore = (await get(`/api/order/${voucher.orderId}/${voucher.key}`)).json();

    const body = {
      orderId: voucher.orderId,
      key: voucher.key,
      voucherId: voucher.voucherId,
      type: 'curtailment',
      travellers: [traveller(), { ...traveller('Bergmann'), title: 'Herr', firstName: 'Jürgen' }],
    };
    const booked = await post(body);
    expect(booked.statusCode).toBe(200);
    const policy = booked.json();
    expect(policy.policyNumber).toMatch(/^SBX-[0-9A-Z]{10}$/);
    expect(policy).toMatchObject({
      type: 'curtailment',
      voucherId: voucher.voucherId,
      travellerCount: 2,
      premium: options[1]?.premium,
    });
    expect(policy.coveredDays).toBeGreaterThanOrEqual(1);
    expect(policy.coveredDays).toBeLessThanOrEqual(8);

    // The same voucher and type again: the same policy, not a second one.
    const again = await post(body);
    expect(again.statusCode).toBe(200);
    expect(again.json().policyNumber).toBe(policy.policyNumber);
    expect(await policyRows(voucher.voucherId)).toHaveLength(1);
    // The premium is the insurer's: the order's total stays as it was.
    const orderAfter = (await get(`/api/order/${voucher.orderId}/${voucher.key}`)).json();
    expect(orderAfter.summary).toEqual(orderBefore.summary);
    const listed = (
      await get(`/api/insurance/quote/${voucher.orderId}/${voucher.key}/${voucher.voucherId}`)
    ).json();
    expect(listed.policies.map((p: { policyNumber: string }) => p.policyNumber)).toEqual([
      policy.policyNumber,
    ]);

    const mail = await waitFor(() =>
      received.find((candidate) => decodedMail(candidate.raw).includes(policy.policyNumber)),
    );
    expect(mail.to).toBe('luca.rossi@example.it');
    const text = decodedMail(mail.raw);
    expect(text).toContain('Reiseabbruchversicherung');
    // decodedMail leaves UTF-8 bytes as they are: ASCII pieces of the sentence.
    expect(text).toContain(`lich Tag ${policy.coveredDays}.`);
    // Who bills the premium, how and when, as the form said before booking.
    expect(text).toContain('nicht an uns: Sie erhalten die Rechnung innerhalb von 14 Tagen per Post');
    const attachment = pdfAttachment(mail.raw);
    expect(attachment?.subarray(0, 5).toString()).toBe('%PDF-');
    const attached = readPdf(attachment as Buffer);
    expect(attached.text).toContain(policy.policyNumber);
    expect(attached.text).toContain('Jürgen Bergmann');
    expect(attached.text).toContain(voucher.voucherCode);
    expect(attached.text).toContain('höchstens der ersten 8 Tage');
    // The insurer the offer named before booking, and its documents kept with the policy (issue 24).
    expect(attached.text).toContain('Alpina Reiseschutz Versicherung AG');
    for (const file of ['curtailment-product-sheet.pdf', 'curtailment-conditions.pdf']) {
      expect(mail.raw).toMatch(new RegExp(`Content-Type: application/pdf; name=.?${file}`));
    }

    const download = await get(policy.pdfUrl);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['cache-control']).toBe('no-store');
    expect(readPdf(download.rawPayload).text).toContain(policy.policyNumber);
    // The policy as booked (issue 24): the mail's copy, byte for byte, whatever language downloads it.
    expect(download.rawPayload.equals(attachment as Buffer)).toBe(true);
    expect((await get(policy.pdfUrl, 'it')).rawPayload.equals(download.rawPayload)).toBe(true);

    const wrongKey = policy.pdfUrl.replace(`/${voucher.key}/`, `/${voucher.key.slice(0, -2)}xx/`);
    expect((await get(wrongKey)).statusCode).toBe(404);
    const withoutKey = `/api/insurance/policy/${voucher.orderId}/${policy.policyNumber}.pdf`;
    expect((await get(withoutKey)).statusCode).toBe(404);
    const other = await paidVoucher();
    expect(
      (await get(`/api/insurance/policy/${other.orderId}/${other.key}/${policy.policyNumber}.pdf`))
        .statusCode,
    ).toBe(404);
  });
});
