import { sql } from 'drizzle-orm';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import type { BlackoutPeriod, Inclusion } from '#src/db/schema/offer-terms.ts';
import { formatDocumentDate, formatWeekdays } from '#src/modules/documents/document-texts.ts';
import { readPdf } from '#src/modules/documents/pdf-inspection.test-support.ts';
import { inclusionLabels } from '#src/modules/offers/offer-terms.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { type Cart, payWithPayPal, readyCart, variantsInStock } from '#src/test/orders.ts';

/** What a buyer does after paying: vouchers on the order, guest names, PDFs, the invoice. */
let shop: TestApp;
let variantId: number;
beforeAll(async () => {
  shop = await createTestApp();
  [variantId] = (await variantsInStock(shop.database.db)) as [number];
});
afterAll(() => shop.close());

const get = (url: string) => shop.app.inject({ method: 'GET', url });
const put = (url: string, payload: object) => shop.app.inject({ method: 'PUT', url, payload });
const print = (order: Cart, voucherId: number, locale = 'de') =>
  shop.app.inject({
    method: 'POST',
    url: `/api/voucher/print/${order.orderId}/${order.key}/${voucherId}`,
    headers: { 'accept-language': locale },
  });
const pdfPath = (order: Cart, voucherId: number) =>
  `/api/voucher/download/${order.orderId}/${order.key}/${voucherId}.pdf`;

function pdfText(body: Buffer): string {
  const document = mupdf.Document.openDocument(body, 'application/pdf');
  let text = '';
  for (let page = 0; page < document.countPages(); page++) {
    text += document.loadPage(page).toStructuredText('preserve-whitespace').asText();
  }
  return text;
}

async function paidOrder(): Promise<
  Cart & { vouchers: { id: number; code: string }[]; invoiceNumber: string }
> {
  const cart = await readyCart(shop.app, variantId);
  await payWithPayPal(shop.app, cart);
  const order = (await get(`/api/order/${cart.orderId}/${cart.key}`)).json();
  return { ...cart, vouchers: order.vouchers, invoiceNumber: order.invoiceNumber };
}

describe('vouchers of a paid order', () => {
  it('lists one voucher per unit and an invoice number on the order', async () => {
    const order = await paidOrder();
    expect(order.vouchers).toHaveLength(1);
    expect(order.vouchers[0]?.code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(order.invoiceNumber).toMatch(/^DEMO-\d{4}-\d{6}$/);
    const unpaid = await readyCart(shop.app, variantId);
    const cart = (await get(`/api/order/${unpaid.orderId}/${unpaid.key}`)).json();
    expect(cart.vouchers).toEqual([]);
    expect(cart.invoiceNumber).toBeNull();
  });

  it('takes the guest name, prints it on the PDF, and locks it once printed', async () => {
    const order = await paidOrder();
    const voucher = order.vouchers[0] as { id: number; code: string };
    const url = `/api/voucher/${order.orderId}/${order.key}/${voucher.id}`;
    const named = await put(url, {
      customer: { firstName: 'Jürgen', lastName: 'Groß' },
      message: 'Alles Gute zum Geburtstag!',
      layout: 'gift',
    });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({
      customer: { firstName: 'Jürgen', lastName: 'Groß' },
      isLocked: false,
    });

    const printed = await print(order, voucher.id);
    expect(printed.statusCode).toBe(200);
    expect(printed.json()).toMatchObject({ isLocked: true, customer: { firstName: 'Jürgen' } });
    const pdf = await get(pdfPath(order, voucher.id));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('no-store');
    const text = pdfText(pdf.rawPayload);
    for (const expected of [voucher.code, 'Jürgen Groß', 'Alles Gute zum Geburtstag!']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('VORSCHAU');

    expect((await get(url)).json()).toMatchObject({ isLocked: true });
    const late = await put(url, { customer: { firstName: 'Other', lastName: 'Guest' } });
    expect(late.statusCode).toBe(409);
    expect(late.json().type).toBe('voucher-locked');
    expect((await get(url)).json().customer).toEqual({ firstName: 'Jürgen', lastName: 'Groß' });
  });

  it('is locked by no GET or HEAD of its PDF link: a mail scanner fetching it gets a preview, not the voucher', async () => {
    const order = await paidOrder();
    const voucher = order.vouchers[0] as { id: number; code: string };
    const url = `/api/voucher/${order.orderId}/${order.key}/${voucher.id}`;
    for (const method of ['HEAD', 'GET'] as const) {
      const answer = await shop.app.inject({ method, url: pdfPath(order, voucher.id) });
      expect(answer.statusCode, method).toBe(200);
    }
    expect((await get(url)).json()).toMatchObject({ isLocked: false, printedAt: null, customer: null });
    for (const path of [
      pdfPath(order, voucher.id),
      pdfPath(order, voucher.id).replace('.pdf', '-phone.pdf'),
    ]) {
      const preview = pdfText((await get(path)).rawPayload);
      expect(preview, path).toContain('VORSCHAU – NOCH KEIN GÜLTIGER GUTSCHEIN');
      expect(preview, path).not.toContain(voucher.code);
    }
    expect((await get(url)).json()).toMatchObject({ isLocked: false });

    // With a guest's name too: only the print call locks it.
    const named = await put(url, { customer: { firstName: 'Anna', lastName: 'Huber' } });
    expect(named.statusCode).toBe(200);
    await shop.app.inject({ method: 'HEAD', url: pdfPath(order, voucher.id) });
    await get(pdfPath(order, voucher.id));
    expect((await get(url)).json()).toMatchObject({ isLocked: false, printedAt: null });
    const renamed = await put(url, { customer: { firstName: 'Berta', lastName: 'Huber' } });
    expect(renamed.statusCode).toBe(200);
  });

  it("refuses to print before a guest's name is saved, in the buyer's language, and locks nothing", async () => {
    const order = await paidOrder();
    const voucher = order.vouchers[0] as { id: number };
    for (const [locale, words] of [
      ['de', /Namen des Gastes/],
      ['en', /guest’s name/],
      ['it', /nome dell’ospite/],
    ] as const) {
      const refused = await print(order, voucher.id, locale);
      expect(refused.statusCode).toBe(409);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refused.json()).toMatchObject({ type: 'voucher-guest-missing', status: 409 });
      expect(refused.json().title).toMatch(words);
    }
    const url = `/api/voucher/${order.orderId}/${order.key}/${voucher.id}`;
    expect((await get(url)).json()).toMatchObject({ isLocked: false, printedAt: null });
    expect((await put(url, { customer: { firstName: 'Anna', lastName: 'Huber' } })).statusCode).toBe(200);
  });

  it('is locked once by two prints at once: both answer the locked voucher with one time', async () => {
    const order = await paidOrder();
    const voucher = order.vouchers[0] as { id: number; code: string };
    const url = `/api/voucher/${order.orderId}/${order.key}/${voucher.id}`;
    await put(url, { customer: { firstName: 'Anna', lastName: 'Huber' } });
    const answers = await Promise.all([print(order, voucher.id), print(order, voucher.id)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const [first, second] = answers.map((answer) => answer.json());
    expect(first.isLocked && second.isLocked).toBe(true);
    expect(second.printedAt).toBe(first.printedAt);
    const again = await print(order, voucher.id);
    expect(again.json().printedAt).toBe(first.printedAt);
    expect((await put(url, { customer: { firstName: 'Other', lastName: 'Guest' } })).statusCode).toBe(409);
    expect(pdfText((await get(pdfPath(order, voucher.id))).rawPayload)).toContain(voucher.code);
  });

  it('asks for the guest name in the buyer language when it is missing', async () => {
    const order = await paidOrder();
    const voucher = order.vouchers[0] as { id: number };
    const answer = await shop.app.inject({
      method: 'PUT',
      url: `/api/voucher/${order.orderId}/${order.key}/${voucher.id}`,
      headers: { 'accept-language': 'de' },
      payload: { customer: { firstName: ' ', lastName: 'Groß' } },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['content-type']).toContain('application/problem+json');
    expect(answer.json().detail).toMatch(/erforderlich|Pflicht/i);
  });

  it("opens only with the order's key: another order's voucher and a wrong key are 404s", async () => {
    const first = await paidOrder();
    const second = await paidOrder();
    const foreign = second.vouchers[0] as { id: number };
    expect((await get(`/api/voucher/${first.orderId}/${first.key}/${foreign.id}`)).statusCode).toBe(404);
    const download = `/api/voucher/download/${first.orderId}/${first.key}/${foreign.id}.pdf`;
    expect((await get(download)).statusCode).toBe(404);
    expect((await get(download.replace('.pdf', '-phone.pdf'))).statusCode).toBe(404);
    expect((await print(first, foreign.id)).statusCode).toBe(404);
    const own = first.vouchers[0] as { id: number };
    expect((await get(`/api/voucher/${first.orderId}/wrong-key-123/${own.id}`)).statusCode).toBe(404);
    expect((await get(`/api/voucher/download/${first.orderId}/${first.key}/x.pdf`)).statusCode).toBe(400);
    for (const file of [
      `${own.id}-tablet.pdf`,
      `${own.id}-phone`,
      `-phone.pdf`,
      `${own.id}-phone-phone.pdf`,
    ]) {
      const answer = await get(`/api/voucher/download/${first.orderId}/${first.key}/${file}`);
      expect(answer.statusCode, file).toBe(400);
      expect(answer.headers['content-type'], file).toContain('application/problem+json');
    }
    expect((await get(`/api/voucher/download/${first.orderId}/${first.key}/9999999999.pdf`)).statusCode).toBe(
      400,
    );
  });
});

describe('the voucher of the dearest demo offer with the longest board text (issue 24)', () => {
  it('carries every inclusion, the arrival days, the blackout dates and the hotel’s phone, uncut, on one page, in the order’s language', async () => {
    const [offer] = await queryRows<{
      variant_id: number;
      board: string;
      inclusions: Inclusion[];
      arrival_days: number[];
      blackout_periods: BlackoutPeriod[];
      phone: string;
      email: string;
    }>(
      shop.database.db,
      sql`SELECT v.id AS variant_id, b.name->>'de' AS board, o.inclusions, o.arrival_days, o.blackout_periods,
          h.phone, h.email
        FROM variants v JOIN offers o ON o.id = v.offer_id JOIN hotels h ON h.id = o.hotel_id
        JOIN boards b ON b.code = o.board_code
        WHERE v.stock >= 1 AND o.is_active AND o.brand_id IS NULL
          AND (o.sale_ends_at IS NULL OR o.sale_ends_at > now())
        ORDER BY length(b.name->>'de') DESC, v.price_cents DESC, v.id LIMIT 1`,
    );
    if (!offer) throw new Error('no offer on sale');
    expect(offer.inclusions.length).toBeGreaterThan(0);
    const cart = await readyCart(shop.app, offer.variant_id);
    await payWithPayPal(shop.app, cart);
    const [voucher] = (await get(`/api/order/${cart.orderId}/${cart.key}`)).json().vouchers as {
      id: number;
    }[];
    const named = await put(`/api/voucher/${cart.orderId}/${cart.key}/${voucher!.id}`, {
      customer: { firstName: 'Maria-Theresia', lastName: 'von Hohenberg-Lüdenscheidt' },
    });
    expect(named.statusCode).toBe(200);
    expect((await print(cart, voucher!.id)).statusCode).toBe(200);

    const download = (language?: string) =>
      shop.app.inject({
        method: 'GET',
        url: pdfPath(cart, voucher!.id),
        headers: language ? { 'accept-language': language } : {},
      });
    const pdf = (await download('de')).rawPayload;
    const { text, pageCount } = readPdf(pdf);
    expect(pageCount).toBe(1);
    const validFrom = new Date().toISOString().slice(0, 10);
    expect(offer.blackout_periods.filter((period) => period.to >= validFrom).length).toBeGreaterThan(0);
    const expected = [
      `Verpflegung: ${offer.board}`,
      `Tel. ${offer.phone}`,
      `E-Mail ${offer.email}`,
      'Maria-Theresia von Hohenberg-Lüdenscheidt',
      ...offer.inclusions.map((inclusion) => inclusionLabels[inclusion.code].de),
      offer.arrival_days.length === 0 || offer.arrival_days.length === 7
        ? 'an jedem Wochentag'
        : `nur ${formatWeekdays(offer.arrival_days, 'de')}`,
      ...offer.blackout_periods
        .filter((period) => period.to >= validFrom)
        .map(
          (period) =>
            `${formatDocumentDate(new Date(`${period.from}T12:00:00Z`), 'de')} – ${formatDocumentDate(new Date(`${period.to}T12:00:00Z`), 'de')}`,
        ),
    ];
    for (const line of expected) expect(text).toContain(line);
    expect(text).not.toContain('…');
    // The order's language, whoever downloads it: the same document with any Accept-Language.
    for (const language of ['en', 'it', undefined]) {
      expect((await download(language)).rawPayload.equals(pdf), language).toBe(true);
    }

    // The same voucher laid out to show on a phone: one narrow page, everything in it, nothing cut.
    const phone = await get(pdfPath(cart, voucher!.id).replace('.pdf', '-phone.pdf'));
    expect(phone.statusCode).toBe(200);
    expect(phone.headers['content-type']).toBe('application/pdf');
    expect(phone.headers['content-disposition']).toContain(`voucher-${voucher!.id}-phone.pdf`);
    const onPhone = readPdf(phone.rawPayload);
    expect(onPhone.pageCount).toBe(1);
    expect(onPhone.pageSizes[0]!.width).toBeLessThan(onPhone.pageSizes[0]!.height / 2);
    for (const line of expected) expect(onPhone.text).toContain(line);
    expect(onPhone.text).not.toContain('…');
    expect(onPhone.text).not.toContain('VORSCHAU');
  });
});

describe('the invoice', () => {
  it('is a PDF with its number, the seller VAT id, the buyer and the VAT note; other numbers are 404s', async () => {
    const order = await paidOrder();
    const answer = await get(
      `/api/invoice/download/${order.orderId}/${order.key}/${order.invoiceNumber}.pdf`,
    );
    expect(answer.statusCode).toBe(200);
    const text = pdfText(answer.rawPayload);
    for (const expected of [order.invoiceNumber, 'DE301234567', 'Luca Rossi', '§ 3 Abs. 15 UStG']) {
      expect(text).toContain(expected);
    }
    const other = await get(`/api/invoice/download/${order.orderId}/${order.key}/DEMO-2020-000001.pdf`);
    expect(other.statusCode).toBe(404);
  });

  it('numbers invoices consecutively per brand and year', async () => {
    const numbers: number[] = [];
    for (let i = 0; i < 3; i++) numbers.push(Number((await paidOrder()).invoiceNumber.split('-').at(-1)));
    expect(numbers[1]).toBe((numbers[0] as number) + 1);
    expect(numbers[2]).toBe((numbers[0] as number) + 2);
  });
});
