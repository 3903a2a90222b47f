import { sql } from 'drizzle-orm';
import { type Database, queryRows, withDates } from '#src/db/client.ts';

export type InvoiceRow = {
  id: number;
  order_id: number;
  brand_id: number;
  year: number;
  number: number;
  invoice_number: string;
  total_cents: number;
  issued_at: Date;
};

/**
 * Issues the order's invoice inside the transaction that marks it paid (DESIGN.md): the number comes
 * from the brand's counter row for the year, whose upsert locks the row until the transaction ends, so
 * concurrent payments take consecutive numbers and a rollback gives its number back (no gaps, no
 * duplicates; a sequence would leave gaps). The caller holds the order's row lock, so an order is
 * never invoiced twice.
 */
export async function issueInvoice(
  tx: Database,
  order: { id: number; brand_id: number; total_cents: number },
): Promise<InvoiceRow> {
  const [existing] = await queryRows<InvoiceRow>(
    tx,
    sql`SELECT * FROM invoices WHERE order_id = ${order.id}`,
  );
  if (existing) return existing;
  // The year of the invoice date where the shops' companies keep their books.
  const [counter] = await queryRows<{ year: number; last_number: number; brand_short: string }>(
    tx,
    sql`INSERT INTO invoice_counters (brand_id, year, last_number)
        VALUES (${order.brand_id}, extract(year FROM now() AT TIME ZONE 'Europe/Berlin')::smallint, 1)
        ON CONFLICT (brand_id, year) DO UPDATE SET last_number = invoice_counters.last_number + 1
        RETURNING year, last_number, (SELECT short FROM brands WHERE id = ${order.brand_id}) AS brand_short`,
  );
  if (!counter) throw new Error('invoice counter not returned');
  const invoiceNumber = `${counter.brand_short.toUpperCase()}-${counter.year}-${String(counter.last_number).padStart(6, '0')}`;
  const [invoice] = await queryRows<InvoiceRow>(
    tx,
    sql`INSERT INTO invoices (order_id, brand_id, year, number, invoice_number, total_cents)
        VALUES (${order.id}, ${order.brand_id}, ${counter.year}, ${counter.last_number}, ${invoiceNumber},
          ${order.total_cents})
        RETURNING *`,
  );
  return invoice as InvoiceRow;
}

export async function findInvoice(db: Database, orderId: number): Promise<InvoiceRow | null> {
  const [invoice] = await queryRows<InvoiceRow>(db, sql`SELECT * FROM invoices WHERE order_id = ${orderId}`);
  return withDates(invoice, ['issued_at']) ?? null;
}
