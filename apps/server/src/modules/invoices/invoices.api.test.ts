import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#src/app.ts';
import { loadConfig, repoRoot } from '#src/config.ts';
import { queryRows, withDates } from '#src/db/client.ts';
import { createBrandConfigs } from '#src/modules/brands/brand-config.ts';
import { InvoiceCheckError } from '#src/modules/documents/invoice-pdf.ts';
import { readPdf } from '#src/modules/documents/pdf-inspection.test-support.ts';
import { createTestApp, type TestApp, testDataDir } from '#src/test/app.ts';
import { type Cart, payWithPayPal, readyCart, variantsInStock } from '#src/test/orders.ts';
import type { BrandConfig, InvoiceSnapshot } from './invoice-snapshot.ts';
import { issueInvoice } from './invoices.repository.ts';

/**
 * An issued invoice never changes (docs/decisions/016): it is rendered from the snapshot stored when it
 * was issued, whatever the brand's config says later. "Later" is a second app on the same database
 * whose brand configs come from an asset host (ASSET_URL) serving changed company data, as a deploy
 * with a new config.json would.
 */
let shop: TestApp;
let variantId: number;
let assetHost: Server;
/** The demo brand's config as the asset host serves it; tests change it. */
let servedDemo: BrandConfig;
let redeployed: FastifyInstance;

beforeAll(async () => {
  shop = await createTestApp();
  [variantId] = (await variantsInStock(shop.database.db)) as [number];
  const demoFile = path.join(repoRoot, 'assets/brands/demo/config.json');
  const demo = JSON.parse(await readFile(demoFile, 'utf8')) as BrandConfig;
  servedDemo = {
    ...demo,
    storeName: 'Neuer Shopname',
    company: 'Nachfolger Reisen AG',
    supportMail: 'neu@example.org',
    supportPhone: '+49 30 999999',
    legal: {
      name: 'Nachfolger Reisen AG',
      street: 'Neue Straße 99',
      postcode: '10117',
      city: 'Berlin',
      country: 'DE',
      vatId: 'DE999999999',
      taxNumber: '11/222/33333',
      register: 'HRB 999999, Amtsgericht Berlin',
      managingDirectors: 'Max Neu',
    },
    voucherVat: {
      rateBasisPoints: 1_900,
      note: { de: 'Neue Steuerangabe.', en: 'New VAT note.', it: 'Nuova nota IVA.' },
    },
  };
  assetHost = createServer((request, response) => {
    const short = /^\/brands\/([a-z0-9-]+)\/config\.json$/.exec(request.url ?? '')?.[1];
    if (!short) return void response.writeHead(404).end();
    const body =
      short === 'demo'
        ? Promise.resolve(JSON.stringify(servedDemo))
        : readFile(path.join(repoRoot, 'assets/brands', short, 'config.json'), 'utf8');
    body.then(
      (json) => response.writeHead(200, { 'content-type': 'application/json' }).end(json),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => assetHost.listen(0, '127.0.0.1', resolve));
  const { port } = assetHost.address() as AddressInfo;
  redeployed = await buildApp({
    config: {
      ...loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: testDataDir,
        JOBS_IN_SERVER: 'false',
        ASSET_URL: `http://127.0.0.1:${port}`,
      }),
      catalogueCacheTtlMs: 0,
    },
    database: shop.database,
  });
  await redeployed.ready();
});

afterAll(async () => {
  await redeployed?.close();
  await new Promise((resolve) => assetHost?.close(resolve));
  await shop?.close();
});

type Invoiced = Cart & { invoiceNumber: string };

async function paidOrder(): Promise<Invoiced> {
  const cart = await readyCart(shop.app, variantId);
  await payWithPayPal(shop.app, cart);
  const order = (
    await shop.app.inject({ method: 'GET', url: `/api/order/${cart.orderId}/${cart.key}` })
  ).json();
  return { ...cart, invoiceNumber: order.invoiceNumber };
}

/** Closed for a bank transfer: priced and fixed, not paid, not invoiced. */
async function closedOrder(): Promise<Cart> {
  const cart = await readyCart(shop.app, variantId);
  const closed = await shop.app.inject({
    method: 'PUT',
    url: '/api/order/close',
    payload: { ...cart, paymentType: 'wiretransfer' },
  });
  expect(closed.json().order?.status).toBe('awaiting-payment');
  return cart;
}

async function download(app: Pick<FastifyInstance, 'inject'>, order: Invoiced, language = 'de') {
  return app.inject({
    method: 'GET',
    url: `/api/invoice/download/${order.orderId}/${order.key}/${order.invoiceNumber}.pdf`,
    headers: { 'accept-language': language },
  });
}

/** The PDF's text as invoice-pdf.test.ts reads it (mupdf), with its title and author. */
async function pdfText(app: Pick<FastifyInstance, 'inject'>, order: Invoiced, language = 'de') {
  const response = await download(app, order, language);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const { text, title, author } = readPdf(response.rawPayload);
  return { text, title, author };
}

async function storedInvoice(orderId: number) {
  const [row] = await queryRows<{
    invoice_number: string;
    issued_at: Date;
    snapshot: InvoiceSnapshot | null;
  }>(
    shop.database.db,
    sql`SELECT invoice_number, issued_at, snapshot FROM invoices WHERE order_id = ${orderId}`,
  );
  return withDates(row, ['issued_at']);
}

/** The database's own message (Drizzle wraps it as the cause of a "Failed query" error). */
async function databaseRefusal(statement: Promise<unknown>): Promise<string> {
  const error = await statement.then(
    () => new Error('not refused'),
    (failure: Error) => failure,
  );
  return (error.cause as Error | undefined)?.message ?? error.message;
}

describe('the invoice snapshot', () => {
  it('is stored with the invoice when the order is paid: seller, buyer, lines, totals, VAT as they were', async () => {
    const order = await paidOrder();
    const stored = await storedInvoice(order.orderId);
    const [facts] = await queryRows<{ total_cents: number; unit_price_cents: number; quantity: number }>(
      shop.database.db,
      sql`SELECT o.total_cents, i.unit_price_cents, i.quantity
          FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.id = ${order.orderId}`,
    );
    expect(stored?.snapshot).toMatchObject({
      version: 1,
      origin: 'issue',
      invoiceNumber: order.invoiceNumber,
      orderId: order.orderId,
      issuedAt: stored?.issued_at.toISOString(),
      currency: 'EUR',
      seller: {
        name: 'Ferienglück Touristik GmbH',
        vatId: 'DE301234567',
        register: 'HRB 234567, Amtsgericht München',
        managingDirectors: 'Anna Berger',
      },
      buyer: { name: 'Luca Rossi', street: 'Via Roma 1', postcode: '39100', city: 'Bolzano', country: 'IT' },
      lines: [{ quantity: facts?.quantity, unitCents: facts?.unit_price_cents }],
      totals: { totalCents: facts?.total_cents },
      vat: { rateBasisPoints: null, note: { de: expect.stringContaining('§ 3 Abs. 15 UStG') } },
      payment: { type: 'paypal' },
    });
  });

  it('fixes the PDF: a later change of the brand’s company data and VAT treatment does not change it', async () => {
    const order = await paidOrder();
    const before = await pdfText(shop.app, order);
    expect(before.text).toContain('Ferienglück Touristik GmbH');

    const after = await pdfText(redeployed, order);
    expect(after).toEqual(before);
    for (const changed of [
      'Nachfolger Reisen AG',
      'DE999999999',
      'Neue Steuerangabe',
      'Neuer Shopname',
      'Max Neu',
    ]) {
      expect(after.text).not.toContain(changed);
    }
    // Nor does the reader's language: the invoice stays in the order's (issue 24).
    const english = await pdfText(redeployed, order, 'en');
    expect(english).toEqual(before);
    expect(english.text).toContain('USt-IdNr. DE301234567');
  });

  it('is what the PDF shows: the seller and VAT id it was issued with, not the brand’s config', async () => {
    const cart = await closedOrder();
    const issuedWith = {
      ...servedDemo,
      legal: { ...servedDemo.legal!, name: 'Momentaufnahme Reisen GmbH', vatId: 'DE123123123' },
    };
    const invoice = await shop.database.db.transaction(async (tx) => {
      const [order] = await queryRows<{ id: number; brand_id: number; total_cents: number }>(
        tx,
        sql`SELECT id, brand_id, total_cents FROM orders WHERE id = ${cart.orderId} FOR UPDATE`,
      );
      return issueInvoice(tx, order!, { get: async () => issuedWith });
    });
    const order = { ...cart, invoiceNumber: invoice.invoice_number };
    expect((await storedInvoice(cart.orderId))?.snapshot?.seller).toMatchObject({
      name: 'Momentaufnahme Reisen GmbH',
      vatId: 'DE123123123',
    });
    // Both apps' configs say otherwise (the repo's demo config; the asset host's changed one).
    for (const app of [shop.app, redeployed]) {
      const { text } = await pdfText(app, order);
      expect(text).toContain('Momentaufnahme Reisen GmbH');
      expect(text).toContain('USt-IdNr. DE123123123');
      expect(text).toContain('Umsatzsteuer 19 %');
      expect(text).toContain('Neue Steuerangabe.');
      expect(text).not.toContain('Ferienglück Touristik GmbH');
      expect(text).not.toContain('DE301234567');
      expect(text).not.toContain('DE999999999');
    }
  });

  it('of an invoice from before migration 0007 is taken at its first download and kept from then on', async () => {
    const cart = await closedOrder();
    // What issueInvoice wrote before the snapshot existed.
    const [legacy] = await queryRows<{ invoice_number: string }>(
      shop.database.db,
      sql`INSERT INTO invoices (order_id, brand_id, year, number, invoice_number, total_cents)
          SELECT id, brand_id, 2025, 900000 + id, 'DEMO-2025-' || (900000 + id), total_cents
          FROM orders WHERE id = ${cart.orderId}
          RETURNING invoice_number`,
    );
    const order = { ...cart, invoiceNumber: legacy!.invoice_number };
    expect((await storedInvoice(cart.orderId))?.snapshot).toBeNull();

    // First read on the redeployed app: the data as it is now, the changed config included.
    const first = await pdfText(redeployed, order);
    expect(first.text).toContain('Nachfolger Reisen AG');
    expect(first.text).toContain('DE999999999');
    expect((await storedInvoice(cart.orderId))?.snapshot).toMatchObject({
      origin: 'first-download',
      invoiceNumber: order.invoiceNumber,
      seller: { name: 'Nachfolger Reisen AG' },
    });
    // From then on it is fixed, read by an app whose config says otherwise.
    expect(await pdfText(shop.app, order)).toEqual(first);
  });

  it('is kept unchanged by the database: an issued invoice cannot be updated or deleted', async () => {
    const order = await paidOrder();
    const db = shop.database.db;
    const refused = /invoice DEMO-\d{4}-\d{6} is issued and cannot change/;
    expect(
      await databaseRefusal(
        db.execute(sql`UPDATE invoices SET total_cents = total_cents + 1 WHERE order_id = ${order.orderId}`),
      ),
    ).toMatch(refused);
    expect(
      await databaseRefusal(
        db.execute(
          sql`UPDATE invoices SET snapshot = jsonb_set(snapshot, '{seller,vatId}', '"DE000000000"')
              WHERE order_id = ${order.orderId}`,
        ),
      ),
    ).toMatch(refused);
    expect(
      await databaseRefusal(db.execute(sql`DELETE FROM invoices WHERE order_id = ${order.orderId}`)),
    ).toMatch(/is a legal document and cannot be deleted/);
    // An invoice without a snapshot may take one, and nothing else.
    const cart = await closedOrder();
    await db.execute(
      sql`INSERT INTO invoices (order_id, brand_id, year, number, invoice_number, total_cents)
          SELECT id, brand_id, 2025, 800000 + id, 'DEMO-2025-' || (800000 + id), total_cents
          FROM orders WHERE id = ${cart.orderId}`,
    );
    expect(
      await databaseRefusal(
        db.execute(sql`UPDATE invoices SET total_cents = 1 WHERE order_id = ${cart.orderId}`),
      ),
    ).toMatch(/is issued and cannot change/);
    expect((await storedInvoice(order.orderId))?.snapshot?.seller.vatId).toBe('DE301234567');
  });
});

describe('an invoice is issued in one language, the order’s (issue 24)', () => {
  it('the Italian brand’s invoice is the same bytes with a German, an English and no language header: Italian, under Italian law', async () => {
    const viaggi = { host: 'viaggi.localhost' };
    const italianBuyer = {
      inject: (request: InjectOptions) =>
        shop.app.inject({ ...request, headers: { ...viaggi, 'accept-language': 'it' } }),
    } as Parameters<typeof readyCart>[0];
    const cart = await readyCart(italianBuyer, variantId);
    await payWithPayPal(italianBuyer, cart);
    const { invoiceNumber } = (
      await shop.app.inject({ method: 'GET', url: `/api/order/${cart.orderId}/${cart.key}`, headers: viaggi })
    ).json();
    expect(invoiceNumber).toMatch(/^VIAGGI-\d{4}-\d{6}$/);
    expect((await storedInvoice(cart.orderId))?.snapshot?.locale).toBe('it');

    const documents: Buffer[] = [];
    for (const language of ['de', 'en', undefined]) {
      const answer = await shop.app.inject({
        method: 'GET',
        url: `/api/invoice/download/${cart.orderId}/${cart.key}/${invoiceNumber}.pdf`,
        headers: language ? { ...viaggi, 'accept-language': language } : viaggi,
      });
      expect(answer.statusCode, language).toBe(200);
      documents.push(answer.rawPayload);
    }
    for (const document of documents) expect(document.equals(documents[0]!)).toBe(true);
    const { text } = readPdf(documents[0]!);
    for (const italian of ['Fattura', 'Partita IVA', 'art. 6-quater DPR 633/1972', invoiceNumber]) {
      expect(text).toContain(italian);
    }
    expect(text).not.toMatch(/UStG|USt-IdNr|Rechnung|Invoice/);
  });
});

describe('an invoice that does not add up', () => {
  it('is not issued: the transaction fails, and no number is taken', async () => {
    const cart = await closedOrder();
    const db = shop.database.db;
    const lastNumber = async () =>
      (await queryRows<{ n: number | null }>(db, sql`SELECT max(last_number) AS n FROM invoice_counters`))[0]
        ?.n;
    const numberBefore = await lastNumber();
    // The stored totals no longer match the line (as a pricing bug would leave them).
    await db.execute(
      sql`UPDATE orders SET subtotal_cents = subtotal_cents + 1, total_cents = total_cents + 1 WHERE id = ${cart.orderId}`,
    );
    const issuing = db.transaction(async (tx) => {
      const [order] = await queryRows<{ id: number; brand_id: number; total_cents: number }>(
        tx,
        sql`SELECT id, brand_id, total_cents FROM orders WHERE id = ${cart.orderId} FOR UPDATE`,
      );
      return issueInvoice(
        tx,
        order!,
        createBrandConfigs({ assetsDir: path.join(repoRoot, 'assets'), assetUrl: undefined }),
      );
    });
    await expect(issuing).rejects.toThrow(InvoiceCheckError);
    await expect(issuing).rejects.toThrow(
      /^Invoice DEMO-\d{4}-\d{6}: items (\d+) − discounts and prepaid 0 ≠ total \d+ cents$/,
    );
    expect(await storedInvoice(cart.orderId)).toBeUndefined();
    expect(await lastNumber()).toBe(numberBefore);
  });

  it('is never rendered: its download is a 500 without internals, not a PDF', async () => {
    const cart = await closedOrder();
    const db = shop.database.db;
    await db.execute(sql`UPDATE orders SET total_cents = total_cents - 1 WHERE id = ${cart.orderId}`);
    const [legacy] = await queryRows<{ invoice_number: string }>(
      db,
      sql`INSERT INTO invoices (order_id, brand_id, year, number, invoice_number, total_cents)
          SELECT id, brand_id, 2025, 700000 + id, 'DEMO-2025-' || (700000 + id), total_cents
          FROM orders WHERE id = ${cart.orderId}
          RETURNING invoice_number`,
    );
    const response = await download(shop.app, { ...cart, invoiceNumber: legacy!.invoice_number });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.body).not.toMatch(/Invoice|Luca|Rossi|cents/);
    // Nothing was stored for it: the numbers are not made right by storing them.
    expect((await storedInvoice(cart.orderId))?.snapshot).toBeNull();
  });
});
