import { existsSync } from 'node:fs';
import { appendFile, mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { variantsInStock } from '#src/test/orders.ts';
import { createBankInbox } from './bank-inbox.ts';
import {
  bankInboxDir,
  dropIntoInbox,
  inboxFolders,
  isStatementName,
  readInboxReport,
  waitForInboxReport,
} from './inbox-files.ts';
import { buildCamt053 } from './testing/camt053-statement.ts';
import { readOrder, type TransferOrder, transferOrder } from './testing/transfer-order.ts';

/**
 * The bank-statement inbox of a running shop (JOBS_IN_SERVER): a statement dropped into
 * DATA_DIR/bank-inbox is imported by the job the folder's watch queues, filed under done/ with its
 * report, or under failed/ when it is no statement; a file still being written is left alone.
 */
let shop: TestApp;
let dataDir: string;
let inbox: string;
let variantId: number;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-bank-inbox-'));
  inbox = bankInboxDir(dataDir);
  shop = await createTestApp({ env: { DATA_DIR: dataDir, JOBS_IN_SERVER: 'true' } });
  [variantId] = (await variantsInStock(shop.database.db)) as [number];
});
afterAll(async () => {
  await shop?.close();
  await rm(dataDir, { recursive: true, force: true });
});

let statements = 0;
/** A statement with one credit paying `order` exactly; each call a statement (and bank reference) of its own. */
function statementPaying(order: TransferOrder): string {
  statements++;
  return buildCamt053({
    iban: 'DE02700202700010123456',
    statementId: `INBOX-${statements}`,
    entries: [
      {
        amountCents: order.totalCents,
        remittance: `Gutschein ${order.reference}`,
        debtorName: 'Luca Rossi',
        acctSvcrRef: `INBOX-${statements}-1`,
      },
    ],
  });
}

const statementsIn = async (folder: string) => (await readdir(folder)).filter(isStatementName);

async function paidCount(order: TransferOrder) {
  const [row] = await queryRows<{ transactions: number; vouchers: number; mails: number }>(
    shop.database.db,
    sql`SELECT (SELECT count(*)::int FROM bank_transactions WHERE order_id = ${order.orderId} AND outcome = 'paid') AS transactions,
               (SELECT count(*)::int FROM vouchers WHERE order_id = ${order.orderId}) AS vouchers,
               (SELECT count(*)::int FROM mails WHERE order_id = ${order.orderId}) AS mails`,
  );
  return row;
}

describe('the bank-statement inbox', () => {
  it('imports a statement dropped into the inbox within seconds: the order is paid, the file in done/ with its report', async () => {
    const order = await transferOrder(shop.app, variantId);
    await dropIntoInbox(inbox, 'statement.xml', statementPaying(order));

    const found = await waitForInboxReport(inbox, 'statement.xml', { timeoutMs: 20_000, intervalMs: 100 });
    expect(found?.path).toBe(path.join(inbox, 'done', 'statement.report.json'));
    expect(found?.report).toMatchObject({
      status: 'imported',
      file: 'statement.xml',
      movedTo: 'done/statement.xml',
      counts: { paid: 1 },
      entries: [{ outcome: 'paid', orderId: order.orderId, reference: order.reference }],
    });
    expect(await statementsIn(inbox)).toEqual([]);
    expect(await statementsIn(inboxFolders(inbox).done)).toEqual(['statement.xml']);
    expect(await readdir(inboxFolders(inbox).processing)).toEqual([]);

    const paid = await readOrder(shop.app, order);
    expect(paid.status).toBe('paid');
    expect(paid.vouchers).toHaveLength(1);
  });

  it('files a file that is no camt.053 statement under failed/, with the reason; other names stay untouched', async () => {
    await writeFile(path.join(inbox, 'notes.txt'), 'not for the bank');
    await writeFile(path.join(inbox, '.upload.xml'), '<Document/>');
    await dropIntoInbox(inbox, 'page.xml', '<html><body>Kontoauszug</body></html>');

    const found = await waitForInboxReport(inbox, 'page.xml', { timeoutMs: 20_000, intervalMs: 100 });
    expect(found?.path).toBe(path.join(inbox, 'failed', 'page.report.json'));
    expect(found?.report).toMatchObject({
      status: 'failed',
      file: 'page.xml',
      movedTo: 'failed/page.xml',
      problem: { kind: 'not-camt053' },
    });
    expect(found?.report.status === 'failed' && found.report.error).toMatch(/kein camt\.053-Kontoauszug/);
    expect(await statementsIn(inboxFolders(inbox).failed)).toEqual(['page.xml']);
    expect((await readdir(inbox)).sort()).toEqual([
      '.upload.xml',
      'done',
      'failed',
      'notes.txt',
      'processing',
    ]);
  });

  it('pays once for a statement dropped twice, also when two copies are imported at the same time', async () => {
    const order = await transferOrder(shop.app, variantId);
    const xml = statementPaying(order);
    await dropIntoInbox(inbox, 'twice.xml', xml);
    const first = await waitForInboxReport(inbox, 'twice.xml', { timeoutMs: 20_000, intervalMs: 100 });
    expect(first?.report).toMatchObject({ status: 'imported', counts: { paid: 1 } });
    const afterFirst = await paidCount(order);
    expect(afterFirst).toMatchObject({ transactions: 1, vouchers: 1 });

    // The same name again: filed next to the first one, changing nothing.
    await dropIntoInbox(inbox, 'twice.xml', xml);
    await expect
      .poll(() => readInboxReport(inbox, 'twice-2.xml'), { timeout: 20_000, interval: 100 })
      .toMatchObject({
        report: { status: 'imported', movedTo: 'done/twice-2.xml', counts: { 'already-imported': 1 } },
      });
    expect(await paidCount(order)).toEqual(afterFirst);

    // Two copies of a new statement, imported by the shop's job and two more scans racing it.
    const other = await transferOrder(shop.app, variantId);
    const otherXml = statementPaying(other);
    const racer = createBankInbox(
      { ...shop.app.background.checkout, log: shop.app.log },
      { dir: inbox, settleMs: 0 },
    );
    await Promise.all([
      dropIntoInbox(inbox, 'copy-a.xml', otherXml),
      dropIntoInbox(inbox, 'copy-b.xml', otherXml),
    ]);
    await Promise.all([racer.scan(), racer.scan()]);
    const reports = await Promise.all(
      ['copy-a.xml', 'copy-b.xml'].map((name) =>
        waitForInboxReport(inbox, name, { timeoutMs: 20_000, intervalMs: 100 }),
      ),
    );
    const outcomes = reports.map((found) =>
      found?.report.status === 'imported' ? found.report.entries.map((line) => line.outcome) : found,
    );
    expect(outcomes.flat().sort()).toEqual(['already-imported', 'paid']);
    expect(await paidCount(other)).toMatchObject({ transactions: 1, vouchers: 1 });
    // Each copy imported once: no second report, nothing left behind.
    expect((await statementsIn(inboxFolders(inbox).done)).sort()).toEqual([
      'copy-a.xml',
      'copy-b.xml',
      'statement.xml',
      'twice-2.xml',
      'twice.xml',
    ]);
    expect(await statementsIn(inbox)).toEqual([]);
    expect(await readdir(inboxFolders(inbox).processing)).toEqual([]);
  });

  it('scans a moment after a statement is renamed into the folder, in this process, and leaves files still hidden', async () => {
    // A folder of its own, watched by an inbox whose minutely scan cannot stand in for the watch.
    const dir = path.join(dataDir, 'watched-inbox');
    const watched = createBankInbox(
      { ...shop.app.background.checkout, log: shop.app.log },
      { dir, debounceMs: 100, settleMs: 100, intervalMs: 3_600_000 },
    );
    watched.watch();
    try {
      const hidden = path.join(dir, '.upload.xml');
      await new Promise((resolve) => setTimeout(resolve, 300));
      await writeFile(hidden, '<Document>');
      await appendFile(hidden, '</Document>');
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(existsSync(hidden)).toBe(true);
      expect(await readInboxReport(dir, '.upload.xml')).toBeNull();
      // Renamed into place: taken within a second, by this process (no job queue between), and filed
      // under failed/ with its report, being no camt.053 statement.
      await rename(hidden, path.join(dir, 'upload.xml'));
      await expect
        .poll(async () => (await readInboxReport(dir, 'upload.xml'))?.report.status, {
          timeout: 5_000,
          interval: 50,
        })
        .toBe('failed');
      expect(await statementsIn(dir)).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it('leaves a file that is still being written, takes it once complete, and retries a dead process’s claim', async () => {
    // A folder of its own, scanned by hand: the shop's watch does not see it.
    const dir = path.join(dataDir, 'slow-inbox');
    await mkdir(dir, { recursive: true });
    const scanner = createBankInbox(
      { ...shop.app.background.checkout, log: shop.app.log },
      { dir, settleMs: 300, staleClaimMs: 60_000 },
    );
    const order = await transferOrder(shop.app, variantId);
    const xml = statementPaying(order);
    const file = path.join(dir, 'slow.xml');
    await writeFile(file, xml.slice(0, 100));
    let isWriting = true;
    const writer = (async () => {
      for (let offset = 100; offset < xml.length; offset += 60) {
        await new Promise((resolve) => setTimeout(resolve, 40));
        await appendFile(file, xml.slice(offset, offset + 60));
      }
      isWriting = false;
    })();
    const whileWriting = await scanner.scan();
    expect(isWriting).toBe(true);
    expect(whileWriting).toEqual([]);
    expect(existsSync(file)).toBe(true);
    await writer;
    expect(await scanner.scan()).toMatchObject([{ file: 'slow.xml', status: 'imported' }]);
    expect((await readOrder(shop.app, order)).status).toBe('paid');

    // Claimed by a process that died an hour ago: back in the inbox and imported (nothing new: it was).
    const processing = inboxFolders(dir).processing;
    await writeFile(path.join(processing, `${Date.now() - 3_600_000}.0badc0de--slow.xml`), xml);
    await writeFile(path.join(processing, `${Date.now()}.0badc0de--busy.xml`), xml);
    expect(await scanner.scan()).toMatchObject([{ file: 'slow.xml', movedTo: 'done/slow-2.xml' }]);
    expect(await readdir(processing)).toEqual([expect.stringMatching(/--busy\.xml$/)]);
    expect((await readInboxReport(dir, 'slow-2.xml'))?.report).toMatchObject({
      counts: { 'already-imported': 1 },
    });
  });
});
