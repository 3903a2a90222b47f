import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { generateOrders } from '#src/seed/generated-orders.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { type StaffClient, signInStaff } from '#src/test/staff.ts';

/** The orders list as a CSV file, written by a job in batches, for the member who asked for it only. */
let shop: TestApp;
let operator: StaffClient;
let manager: StaffClient;
beforeAll(async () => {
  shop = await createTestApp({ env: { JOBS_IN_SERVER: 'true', TRUST_PROXY: 'true' } });
  // More orders than one batch of the job, of every brand and status.
  await generateOrders(shop.database.db, 1_500);
  [operator, manager] = await Promise.all([
    signInStaff(shop.app, 'operator@example.org', { locale: 'de' }),
    signInStaff(shop.app, 'manager.autoclub@example.org', { locale: 'en' }),
  ]);
});
afterAll(() => shop?.close());

async function finished(client: StaffClient, id: number) {
  for (let attempt = 0; attempt < 300; attempt++) {
    const progress = (await client.get(`/api/admin/order-exports/${id}`)).json();
    if (progress.status === 'done') return progress;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`export ${id} did not finish`);
}

/** The file's rows as cells (no cell of these tests holds a quoted separator). */
async function csvOf(client: StaffClient, url: string) {
  const file = await client.get(url);
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(file.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d+\.csv"$/);
  // UTF-8's byte-order mark first: spreadsheet programs then read the umlauts right.
  expect([...file.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = file.body.slice(1).split('\r\n');
  expect(lines.pop()).toBe('');
  return lines.map((line) => line.split(';'));
}

describe('the orders export', () => {
  it('writes every order the filters find, across batches, in the list’s order, with the trail’s entry', async () => {
    const asked = await operator.post('/api/admin/order-exports', { sort: 'total-desc' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({ status: 'queued', rowsDone: 0, fileUrl: null });
    const done = await finished(operator, asked.json().id);
    const [counted] = await queryRows<{ total: number }>(
      shop.database.db,
      sql`SELECT count(*)::int AS total FROM orders WHERE status <> 'cart'`,
    );
    expect(done.rowsTotal).toBe(counted?.total);
    expect(done.rowsDone).toBe(counted?.total);
    expect(counted?.total).toBeGreaterThan(1_000);

    const [head, ...rows] = await csvOf(operator, done.fileUrl);
    expect(head?.slice(0, 3)).toEqual(['Bestellnummer', 'Bestellt am', 'Marke']);
    expect(rows).toHaveLength(counted?.total ?? 0);
    expect(new Set(rows.map((row) => row[0])).size).toBe(rows.length);
    // Amounts in German notation, largest first, also where one batch ends and the next begins.
    const cents = rows.map((row) => Math.round(Number((row[8] ?? '').replace(',', '.')) * 100));
    expect(cents).toEqual([...cents].sort((a, b) => b - a));
    // A paid order carries its invoice number.
    const paid = rows.filter((row) => row[3] === 'paid');
    expect(paid.length).toBeGreaterThan(0);
    expect(paid.every((row) => /^[A-Z0-9]+-\d{4}-\d{6}$/.test(row[11] ?? ''))).toBe(true);

    const trail = (await operator.get('/api/admin/audit?action=orders.export')).json().entries;
    expect(trail[0]).toMatchObject({
      staffEmail: 'operator@example.org',
      subject: `export:${asked.json().id}`,
      after: { sort: 'total-desc' },
    });
  });

  it('keeps to the member’s brands and filters, and disarms a name a spreadsheet would run', async () => {
    const [victim] = await queryRows<{ id: number }>(
      shop.database.db,
      sql`UPDATE orders SET customer_data = customer_data || '{"lastName": "=HYPERLINK(1)"}'::jsonb
          WHERE id = (SELECT o.id FROM orders o JOIN brands b ON b.id = o.brand_id
                      WHERE b.short = 'autoclub' AND o.status = 'paid' AND o.customer_data IS NOT NULL
                      ORDER BY o.id LIMIT 1)
          RETURNING id`,
    );
    const asked = await manager.post('/api/admin/order-exports', { status: 'paid' });
    expect(asked.statusCode).toBe(202);
    const done = await finished(manager, asked.json().id);
    const [head, ...rows] = await csvOf(manager, done.fileUrl);
    expect(head?.[0]).toBe('Order number');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row[2] === 'autoclub' && row[3] === 'paid')).toBe(true);
    expect(rows.find((row) => row[0] === String(victim?.id))?.[6]).toBe("'=HYPERLINK(1)");
    // English amounts with a decimal point.
    expect(rows.every((row) => /^\d+\.\d{2}$/.test(row[8] ?? ''))).toBe(true);
  });

  it('is nobody else’s: another member gets a 404 for its progress and its file, support a 403', async () => {
    const asked = await operator.post('/api/admin/order-exports', { brand: 'autoclub', query: 'Huber' });
    const done = await finished(operator, asked.json().id);
    // The trail keeps the filters, not the customer's name typed into the search.
    const [entry] = (await operator.get('/api/admin/audit?action=orders.export')).json().entries;
    expect(entry).toMatchObject({ subject: `export:${done.id}`, after: { brand: 'autoclub', query: '…' } });
    expect(JSON.stringify(entry)).not.toContain('Huber');
    expect((await manager.get(`/api/admin/order-exports/${done.id}`)).statusCode).toBe(404);
    expect((await manager.get(done.fileUrl)).statusCode).toBe(404);
    const support = await signInStaff(shop.app, 'support@example.org');
    expect((await support.post('/api/admin/order-exports', {})).statusCode).toBe(403);
    expect((await operator.get('/api/admin/order-exports/999999')).statusCode).toBe(404);
  });
});
