import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { bankInboxDir, dropIntoInbox, waitForInboxReport } from '#src/modules/bank/inbox-files.ts';
import { buildCamt053 } from '#src/modules/bank/testing/camt053-statement.ts';
import { readOrder, type TransferOrder, transferOrder } from '#src/modules/bank/testing/transfer-order.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { variantsInStock } from '#src/test/orders.ts';
import { type StaffClient, signInStaff } from '#src/test/staff.ts';

/** Bank statements in the back office: uploaded, imported by a job, decided by hand where the import could not. */
let shop: TestApp;
let dataDir: string;
let operator: StaffClient;
let variantId: number;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-admin-bank-'));
  shop = await createTestApp({ env: { DATA_DIR: dataDir, JOBS_IN_SERVER: 'true', TRUST_PROXY: 'true' } });
  operator = await signInStaff(shop.app, 'operator@example.org', { locale: 'de' });
  [variantId] = (await variantsInStock(shop.database.db)) as [number];
});
afterAll(async () => {
  await shop?.close();
  await rm(dataDir, { recursive: true, force: true });
});

let statements = 0;
function statementOf(entries: { amountCents: number; remittance: string }[]): string {
  statements++;
  return buildCamt053({
    iban: 'DE02700202700010123456',
    statementId: `ADMIN-${statements}`,
    entries: entries.map((entry, index) => ({
      ...entry,
      debtorName: 'Luca Rossi',
      acctSvcrRef: `ADMIN-${statements}-${index + 1}`,
    })),
  });
}

const upload = (xml: string, name = 'kontoauszug.xml') =>
  shop.app.inject({
    method: 'POST',
    url: `/api/admin/bank-statements?name=${encodeURIComponent(name)}`,
    headers: {
      cookie: operator.cookie,
      'x-csrf-token': operator.csrfToken,
      'content-type': 'application/xml',
      'accept-language': 'de',
    },
    payload: xml,
  });

async function importedStatement(id: number) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const statement = (await operator.get(`/api/admin/bank-statements/${id}`)).json();
    if (statement.status === 'done' || statement.status === 'failed') return statement;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`statement ${id} was not imported`);
}

describe('bank statements in the back office', () => {
  let exact: TransferOrder;
  let unquoted: TransferOrder;
  let statementId: number;
  let unmatchedEntry: string;

  it('stores an uploaded statement, imports it by a job, and lists every entry with its outcome', async () => {
    exact = await transferOrder(shop.app, variantId);
    unquoted = await transferOrder(shop.app, variantId);
    const answer = await upload(
      statementOf([
        { amountCents: exact.totalCents, remittance: `Gutschein ${exact.reference}` },
        { amountCents: unquoted.totalCents, remittance: 'Gutschein Hotel Rossi, danke' },
        { amountCents: 1234, remittance: 'Erstattung Stromanbieter' },
      ]),
    );
    expect(answer.statusCode, answer.body).toBe(202);
    expect(answer.json()).toMatchObject({ fileName: 'kontoauszug.xml', source: 'upload', status: 'queued' });
    statementId = answer.json().id;
    const statement = await importedStatement(statementId);
    expect(statement.status).toBe('done');
    expect(statement.uploadedBy).toBe('operator@example.org');
    expect(statement.counts).toMatchObject({ paid: 1, unmatched: 2 });
    const outcomes = Object.fromEntries(
      statement.entries.map((entry: { remittance: string; outcome: string }) => [
        entry.remittance,
        entry.outcome,
      ]),
    );
    expect(outcomes[`Gutschein ${exact.reference}`]).toBe('paid');
    expect(outcomes['Gutschein Hotel Rossi, danke']).toBe('unmatched');
    unmatchedEntry = statement.entries.find(
      (entry: { outcome: string; amountCents: number }) =>
        entry.amountCents === unquoted.totalCents && entry.outcome === 'unmatched',
    ).entryId;
    expect((await readOrder(shop.app, exact)).status).toBe('paid');
    expect((await readOrder(shop.app, unquoted)).status).toBe('awaiting-payment');
    const list = (await operator.get('/api/admin/bank-statements')).json();
    expect(list.statements[0]).toMatchObject({ id: statementId, status: 'done' });
  });

  it('assigns the unmatched credit to its order by hand: the buyer is paid, gets the mail and the vouchers', async () => {
    const assigned = await operator.post(
      `/api/admin/bank-entries/${encodeURIComponent(unmatchedEntry)}/assign`,
      {
        orderId: unquoted.orderId,
        note: 'Kunde hat die Referenz vergessen, Name und Betrag passen',
      },
    );
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({
      outcome: 'assigned',
      orderId: unquoted.orderId,
      handledBy: 'operator@example.org',
    });
    const order = await readOrder(shop.app, unquoted);
    expect(order.status).toBe('paid');
    expect(order.vouchers).toHaveLength(1);
    const mails = await queryRows<{ kind: string }>(
      shop.database.db,
      sql`SELECT kind FROM mails WHERE order_id = ${unquoted.orderId}`,
    );
    expect(mails.map((mail) => mail.kind)).toContain('payment-received');
    const detail = (await operator.get(`/api/admin/orders/${unquoted.orderId}`)).json();
    expect(detail.history.at(-1)).toMatchObject({
      action: 'bank.assign',
      before: { outcome: 'unmatched', orderStatus: 'awaiting-payment' },
      after: { outcome: 'assigned', orderStatus: 'paid', amountCents: unquoted.totalCents },
    });
    // Decided once: neither again, nor to another order.
    const again = await operator.post(
      `/api/admin/bank-entries/${encodeURIComponent(unmatchedEntry)}/assign`,
      {
        orderId: exact.orderId,
        note: 'nochmal',
      },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Über diese Buchung wurde schon entschieden.');
  });

  it('refuses to assign a credit to an order that is not an open transfer, and notes an entry handled', async () => {
    const statement = await importedStatement(statementId);
    const other = statement.entries.find(
      (entry: { remittance: string }) => entry.remittance === 'Erstattung Stromanbieter',
    );
    const paidAlready = await operator.post(
      `/api/admin/bank-entries/${encodeURIComponent(other.entryId)}/assign`,
      {
        orderId: exact.orderId,
        note: 'falsch',
      },
    );
    expect(paidAlready.statusCode).toBe(409);
    expect(paidAlready.json().detail).toBe('Diese Bestellung ist bereits bezahlt.');
    const handled = await operator.post(
      `/api/admin/bank-entries/${encodeURIComponent(other.entryId)}/handle`,
      {
        note: 'Gutschrift des Stromanbieters, nichts zu buchen',
      },
    );
    expect(handled.statusCode).toBe(200);
    expect(handled.json()).toMatchObject({
      outcome: 'unmatched',
      handledNote: 'Gutschrift des Stromanbieters, nichts zu buchen',
    });
    expect(
      (await operator.post(`/api/admin/bank-entries/unknown-entry/handle`, { note: 'x' })).statusCode,
    ).toBe(404);
  });

  it('records a file that is no statement as failed, in the staff member’s language, and an empty upload as a 400', async () => {
    const answer = await upload('<html><body>Kein Kontoauszug</body></html>', 'falsch.xml');
    expect(answer.statusCode).toBe(202);
    const statement = await importedStatement(answer.json().id);
    expect(statement.status).toBe('failed');
    expect(statement.problem).toMatch(/^Die Datei ist kein camt\.053-Kontoauszug/);
    expect(statement.entries).toEqual([]);
    expect((await upload('   ')).statusCode).toBe(400);
    const json = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/bank-statements?name=x.xml',
      headers: { cookie: operator.cookie, 'x-csrf-token': operator.csrfToken },
      payload: { xml: 'no' },
    });
    expect(json.statusCode).toBe(400);
  });

  it('lists statements from the inbox folder in the same list', async () => {
    const order = await transferOrder(shop.app, variantId);
    const inbox = bankInboxDir(dataDir);
    await dropIntoInbox(
      inbox,
      'inbox-auszug.xml',
      statementOf([{ amountCents: order.totalCents, remittance: `Gutschein ${order.reference}` }]),
    );
    await waitForInboxReport(inbox, 'inbox-auszug.xml', { timeoutMs: 20_000, intervalMs: 100 });
    const list = (await operator.get('/api/admin/bank-statements')).json();
    const fromInbox = list.statements.find(
      (statement: { fileName: string }) => statement.fileName === 'inbox-auszug.xml',
    );
    expect(fromInbox).toMatchObject({ source: 'inbox', status: 'done', counts: { paid: 1 } });
    const entries = (await operator.get(`/api/admin/bank-statements/${fromInbox.id}`)).json().entries;
    expect(entries[0]).toMatchObject({ outcome: 'paid', orderId: order.orderId });
  });

  it('shows the open holds, oldest first, with what they hold', async () => {
    const first = await transferOrder(shop.app, variantId);
    const second = await transferOrder(shop.app, variantId);
    const holds = (await operator.get('/api/admin/holds')).json();
    const ids = holds.holds.map((hold: { orderId: number }) => hold.orderId);
    expect(ids.indexOf(first.orderId)).toBeLessThan(ids.indexOf(second.orderId));
    expect(holds.holds.find((hold: { orderId: number }) => hold.orderId === first.orderId)).toMatchObject({
      status: 'awaiting-payment',
      paymentType: 'wiretransfer',
      units: 1,
      totalCents: first.totalCents,
    });
    expect(holds.units).toBeGreaterThanOrEqual(2);
  });
});
