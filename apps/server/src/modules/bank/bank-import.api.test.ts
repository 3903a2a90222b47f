import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { type Cart, variantsInStock } from '#src/test/orders.ts';
import { importStatement } from './bank-import.ts';
import { parseCamt053 } from './camt053.ts';
import { matchEntries, type OpenOrder } from './payment-matching.ts';
import { buildCamt053, type TestEntry } from './testing/camt053-statement.ts';
import { readOrder, transferOrder } from './testing/transfer-order.ts';

/** Bank transfers that get paid: a statement imported against real orders on a real database. */
let shop: TestApp;
let variantId: number;
beforeAll(async () => {
  shop = await createTestApp();
  [variantId] = (await variantsInStock(shop.database.db)) as [number];
});
afterAll(() => shop.close());

const order = (cart: Cart) => readOrder(shop.app, cart);

describe('importing a camt.053 statement', () => {
  it('pays exact transfers, reports under-, over-, double and unknown ones, and a second import changes nothing', async () => {
    const [exact, under, over, twice] = await Promise.all([
      transferOrder(shop.app, variantId),
      transferOrder(shop.app, variantId),
      transferOrder(shop.app, variantId),
      transferOrder(shop.app, variantId),
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
    const report = await importStatement(shop.app.background.checkout, xml);
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
    const again = await importStatement(shop.app.background.checkout, xml);
    expect(again.counts).toEqual({ 'already-imported': 7 });
    const mailsAfter = await queryRows<{ n: number }>(
      shop.database.db,
      sql`SELECT count(*)::int AS n FROM mails`,
    );
    expect(mailsAfter).toEqual(mailsBefore);
  });

  it('books the other entries when one cannot be booked, and books that one when the statement comes again', async () => {
    const [first, second] = [
      await transferOrder(shop.app, variantId),
      await transferOrder(shop.app, variantId),
    ];
    const xml = buildCamt053({
      iban: 'DE02700202700010123456',
      statementId: 'STMT-2026-11-25',
      entries: [
        { amountCents: first.totalCents, remittance: first.reference, acctSvcrRef: 'B1' },
        { amountCents: second.totalCents, remittance: second.reference, acctSvcrRef: 'B2' },
      ],
    });
    // The asset host fails once, while the first order's invoice is issued.
    const { checkout } = shop.app.background;
    let failures = 1;
    const flakyConfigs = {
      get: (short: string) =>
        failures-- > 0 ? Promise.reject(new Error('asset host down')) : checkout.brandConfigs.get(short),
    };
    const report = await importStatement({ ...checkout, brandConfigs: flakyConfigs }, xml);
    expect(report.entries.map((line) => line.outcome)).toEqual(['not-booked', 'paid']);
    expect((await order(first)).status).toBe('awaiting-payment');
    expect((await order(second)).status).toBe('paid');

    const again = await importStatement(checkout, xml);
    expect(again.entries.map((line) => line.outcome)).toEqual(['already-imported', 'paid']);
    expect((await order(first)).status).toBe('paid');
  });

  it('reports a statement read off the request thread in batches as one pass over the whole file decides it', async () => {
    // 2,500 entries: three batches of the reader. Each order's exact transfer comes in one batch and a
    // second one in a later batch; underpaid, unmatched and debit entries fill the rest.
    const orders = [];
    for (let index = 0; index < 12; index++) orders.push(await transferOrder(shop.app, variantId));
    const entries: TestEntry[] = Array.from({ length: 2_500 }, (_, index) => ({
      amountCents: 1_000 + index,
      remittance: `Miete ${index}`,
      acctSvcrRef: `C${index}`,
    }));
    for (const [index, open] of orders.entries()) {
      const exact = { amountCents: open.totalCents, remittance: `Gutschein ${open.reference}` };
      entries[990 + index] = { ...exact, acctSvcrRef: `C${990 + index}` };
      entries[1_995 + index] = { ...exact, acctSvcrRef: `C${1_995 + index}` };
      entries[600 + index] = { ...exact, amountCents: open.totalCents - 1, acctSvcrRef: `C${600 + index}` };
      entries[2_400 + index] = { ...exact, direction: 'debit', acctSvcrRef: `C${2_400 + index}` };
    }
    const xml = buildCamt053({ iban: 'DE02700202700010123456', statementId: 'STMT-BATCHES', entries });
    // The first 500 entries were imported before: they are reported first, as such.
    const head = buildCamt053({
      iban: 'DE02700202700010123456',
      statementId: 'STMT-BATCHES',
      entries: entries.slice(0, 500),
    });
    await importStatement(shop.app.background.checkout, head);

    const byReference = new Map<string, OpenOrder>(
      orders.map((open) => [
        open.reference,
        {
          orderId: open.orderId,
          reference: open.reference,
          amountCents: open.totalCents,
          currency: 'EUR',
          status: 'awaiting-payment',
        },
      ]),
    );
    const [statement] = parseCamt053(xml);
    const rest = statement?.entries.slice(500) ?? [];
    const expected = [
      ...Array(500).fill('already-imported'),
      ...matchEntries(rest, byReference, ['demo']).map((outcome) => outcome.kind),
    ];

    const report = await importStatement(shop.app.background.checkout, xml);
    expect(report.entries.map((line) => line.outcome)).toEqual(expected);
    expect(report.entries.map((line) => line.entry.id)).toEqual(statement?.entries.map((entry) => entry.id));
    expect(report.counts).toMatchObject({
      'already-imported': 500,
      paid: 12,
      'already-paid': 12,
      underpaid: 12,
    });
    for (const open of orders) expect((await order(open)).status).toBe('paid');
  });
});
