import { isWellFormedVoucherCode } from '@shop/contracts/voucher-code';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, queryRows } from '#src/db/client.ts';
import { searchOrders } from '#src/modules/admin/orders/admin-orders.repository.ts';
import { createTestDatabase } from '#src/test/database.ts';
import { generateOrders } from './generated-orders.ts';

/** The back office bench's orders: every kind of search finds them, and the shop's own numbering goes on after them. */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase({ withDemoCatalogue: true });
  await generateOrders(database.db, 300);
});
afterAll(() => database.close());

describe('generated orders', () => {
  it('are orders of every brand and status, paid ones with a checkable voucher code and an invoice numbered without gaps', async () => {
    const [counts] = await queryRows<{
      orders: number;
      brands: number;
      statuses: number;
      vouchers: number;
      invoices: number;
    }>(
      database.db,
      sql`SELECT (SELECT count(*)::int FROM orders) AS orders, (SELECT count(DISTINCT brand_id)::int FROM orders) AS brands,
            (SELECT count(DISTINCT status)::int FROM orders) AS statuses,
            (SELECT count(*)::int FROM vouchers) AS vouchers, (SELECT count(*)::int FROM invoices) AS invoices`,
    );
    expect(counts).toMatchObject({ orders: 300, statuses: 4 });
    expect(counts?.brands).toBeGreaterThan(1);
    expect(counts?.vouchers).toBe(counts?.invoices);
    const codes = await queryRows<{ code: string }>(database.db, sql`SELECT code FROM vouchers`);
    expect(codes.every((row) => isWellFormedVoucherCode(row.code))).toBe(true);
    const gaps = await queryRows<{ gap: number }>(
      database.db,
      sql`SELECT count(*)::int - max(number) AS gap FROM invoices GROUP BY brand_id, year`,
    );
    expect(gaps.every((row) => row.gap === 0)).toBe(true);
    const [counter] = await queryRows<{ behind: number }>(
      database.db,
      sql`SELECT count(*)::int AS behind FROM invoice_counters c
          WHERE c.last_number < (SELECT max(number) FROM invoices i WHERE i.brand_id = c.brand_id AND i.year = c.year)`,
    );
    expect(counter?.behind).toBe(0);
  });

  it('are found by the back office’s search box', async () => {
    const [order] = await queryRows<{ id: number; email: string; code: string; invoice_number: string }>(
      database.db,
      sql`SELECT o.id, o.customer_data->>'email' AS email, v.code, i.invoice_number
          FROM orders o JOIN vouchers v ON v.order_id = o.id JOIN invoices i ON i.order_id = o.id LIMIT 1`,
    );
    for (const query of [String(order?.id), order?.email, order?.code, order?.invoice_number]) {
      const found = await searchOrders(database.db, {
        query,
        sort: 'created-desc',
        page: 1,
        pageSize: 25,
        brandIds: null,
      });
      expect(
        found.orders.map((row) => row.id),
        query,
      ).toContain(order?.id);
    }
  });
});
