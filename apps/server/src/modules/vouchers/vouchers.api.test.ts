import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

    const pdf = await get(`/api/voucher/download/${order.orderId}/${order.key}/${voucher.id}.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('no-store');
    const text = pdfText(pdf.rawPayload);
    for (const expected of [voucher.code, 'Jürgen Groß', 'Alles Gute zum Geburtstag!']) {
      expect(text).toContain(expected);
    }

    expect((await get(url)).json()).toMatchObject({ isLocked: true });
    const late = await put(url, { customer: { firstName: 'Other', lastName: 'Guest' } });
    expect(late.statusCode).toBe(409);
    expect(late.json().type).toBe('voucher-locked');
    expect((await get(url)).json().customer).toEqual({ firstName: 'Jürgen', lastName: 'Groß' });
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
    const own = first.vouchers[0] as { id: number };
    expect((await get(`/api/voucher/${first.orderId}/wrong-key-123/${own.id}`)).statusCode).toBe(404);
    expect((await get(`/api/voucher/download/${first.orderId}/${first.key}/x.pdf`)).statusCode).toBe(400);
    expect((await get(`/api/voucher/download/${first.orderId}/${first.key}/9999999999.pdf`)).statusCode).toBe(
      400,
    );
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
