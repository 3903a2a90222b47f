import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { type Cart, readyCart, variantsInStock } from '#src/test/orders.ts';
import { importStatement } from './bank-import.ts';
import { buildCamt053 } from './testing/camt053-statement.ts';

/** Bank transfers that get paid: a statement imported against real orders on a real database. */
let shop: TestApp;
let variantId: number;
beforeAll(async () => {
  shop = await createTestApp();
  [variantId] = (await variantsInStock(shop.database.db)) as [number];
});
afterAll(() => shop.close());

async function transferOrder(): Promise<Cart & { reference: string; totalCents: number }> {
  const cart = await readyCart(shop.app, variantId);
  const closed = await shop.app.inject({
    method: 'PUT',
    url: '/api/order/close',
    payload: { ...cart, paymentType: 'wiretransfer' },
  });
  expect(closed.json().order.status).toBe('awaiting-payment');
  const payment = (
    await shop.app.inject({ method: 'GET', url: `/api/order/payment/${cart.orderId}/${cart.key}` })
  ).json();
  return { ...cart, reference: payment.wireTransfer.reference, totalCents: payment.amount.total };
}

const order = async (cart: Cart) =>
  (await shop.app.inject({ method: 'GET', url: `/api/order/${cart.orderId}/${cart.key}` })).json();

describe('importing a camt.053 statement', () => {
  it('pays exact transfers, reports under-, over-, double and unknown ones, and a second import changes nothing', async () => {
    const [exact, under, over, twice] = await Promise.all([
      transferOrder(),
      transferOrder(),
      transferOrder(),
      transferOrder(),
    ]);
    const xml = buildCamt053({
      iban: 'DE02700202700010123456',
      statementId: 'STMT-2026-11-24',
      entries: [
        { amountCents: exact.totalCents, remittance: `Gutschein ${exact.reference}`, acctSvcrRef: 'A1' },
        { amountCents: under.totalCents - 100, remittance: under.reference.toLowerCase(), acctSvcrRef: 'A2' },
        {
          amountCents: over.totalCents + 500,
          remittance: over.reference.replace('-', ' '),
          acctSvcrRef: 'A3',
        },
        { amountCents: twice.totalCents, remittance: twice.reference, acctSvcrRef: 'A4' },
        { amountCents: twice.totalCents, remittance: twice.reference, acctSvcrRef: 'A5' },
        { amountCents: 4200, remittance: 'Miete November', acctSvcrRef: 'A6' },
        { amountCents: 999, remittance: exact.reference, direction: 'debit', acctSvcrRef: 'A7' },
      ],
    });
    const report = await importStatement({ db: shop.database.db, jobs: shop.app.jobs }, xml);
    expect(report.entries.map((line) => line.outcome)).toEqual([
      'paid',
      'underpaid',
      'overpaid',
      'paid',
      'already-paid',
      'unmatched',
      'ignored',
    ]);
    expect((await order(exact)).status).toBe('paid');
    expect((await order(exact)).vouchers).toHaveLength(1);
    expect((await order(twice)).status).toBe('paid');
    expect((await order(under)).status).toBe('awaiting-payment');
    expect((await order(over)).status).toBe('awaiting-payment');

    const mailsBefore = await queryRows<{ n: number }>(
      shop.database.db,
      sql`SELECT count(*)::int AS n FROM mails`,
    );
    const again = await importStatement({ db: shop.database.db, jobs: shop.app.jobs }, xml);
    expect(again.counts).toEqual({ 'already-imported': 7 });
    const mailsAfter = await queryRows<{ n: number }>(
      shop.database.db,
      sql`SELECT count(*)::int AS n FROM mails`,
    );
    expect(mailsAfter).toEqual(mailsBefore);
  });
});
