import { sql } from 'drizzle-orm';
import { type Database, queryRows, withDates } from '#src/db/client.ts';
import type { BrandConfigs } from '#src/modules/brands/brand-config.ts';
import { InvoiceCheckError } from '#src/modules/documents/invoice-pdf.ts';
import {
  buildInvoiceSnapshot,
  type InvoiceFacts,
  type InvoiceSnapshot,
  soundInvoiceSnapshot,
} from './invoice-snapshot.ts';

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

/** The row with what the PDF is rendered from; `snapshot` is null only on invoices from before 0007. */
export type InvoiceDocumentRow = InvoiceRow & { snapshot: unknown };

const invoiceColumns = sql.raw(
  'id, order_id, brand_id, year, number, invoice_number, total_cents, issued_at',
);

/**
 * Issues the order's invoice inside the transaction that marks it paid (DESIGN.md): the number comes
 * from the brand's counter row for the year, whose upsert locks the row until the transaction ends, so
 * concurrent payments take consecutive numbers and a rollback gives its number back (no gaps, no
 * duplicates; a sequence would leave gaps). The caller holds the order's row lock, so an order is
 * never invoiced twice.
 *
 * In the same transaction the invoice's snapshot is stored (invoice-snapshot.ts): the seller and VAT
 * treatment from the brand's config, buyer, lines and totals from the order. It is checked first; an
 * invoice that does not add up is not issued (an InvoiceCheckError, and the transaction rolls back).
 * `brandConfigs`: where the seller's data is read (the app's one cache).
 */
export async function issueInvoice(
  tx: Database,
  order: { id: number; brand_id: number; total_cents: number },
  brandConfigs: Pick<BrandConfigs, 'get'>,
): Promise<InvoiceRow> {
  const [existing] = await queryRows<InvoiceRow>(
    tx,
    sql`SELECT ${invoiceColumns} FROM invoices WHERE order_id = ${order.id}`,
  );
  if (existing) return existing;
  const facts = await findInvoiceFacts(tx, order.id);
  // Read before the counter row is locked: other payments of the brand need not wait for it. Normally a
  // memory read: background-work.ts reads every brand's config at start.
  const config = await brandConfigs.get(facts.brand_short, tx);
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
  if (facts.total_cents !== order.total_cents) {
    throw new InvoiceCheckError(
      invoiceNumber,
      `the order's total ${facts.total_cents} ≠ the paid total ${order.total_cents} cents`,
    );
  }
  // issued_at is now() as well: the transaction's time, the same instant the snapshot names.
  const snapshot = soundInvoiceSnapshot(
    buildInvoiceSnapshot({ facts, config, invoiceNumber, issuedAt: facts.now, origin: 'issue' }),
    invoiceNumber,
  );
  const [invoice] = await queryRows<InvoiceRow>(
    tx,
    sql`INSERT INTO invoices (order_id, brand_id, year, number, invoice_number, total_cents, issued_at, snapshot)
        VALUES (${order.id}, ${order.brand_id}, ${counter.year}, ${counter.last_number}, ${invoiceNumber},
          ${facts.total_cents}, ${snapshot.issuedAt}, ${JSON.stringify(snapshot)}::jsonb)
        RETURNING ${invoiceColumns}`,
  );
  return withDates(invoice, ['issued_at']) as InvoiceRow;
}

/** The order's invoice number and amounts (what the order's answer shows), without the snapshot. */
export async function findInvoice(db: Database, orderId: number): Promise<InvoiceRow | null> {
  const [invoice] = await queryRows<InvoiceRow>(
    db,
    sql`SELECT ${invoiceColumns} FROM invoices WHERE order_id = ${orderId}`,
  );
  return withDates(invoice, ['issued_at']) ?? null;
}

/** The order's invoice with its snapshot, for the PDF. */
export async function findInvoiceDocument(db: Database, orderId: number): Promise<InvoiceDocumentRow | null> {
  const [invoice] = await queryRows<InvoiceDocumentRow>(
    db,
    sql`SELECT ${invoiceColumns}, snapshot FROM invoices WHERE order_id = ${orderId}`,
  );
  return withDates(invoice, ['issued_at']) ?? null;
}

/**
 * Stores the snapshot of an invoice that has none (issued before migration 0007), unless another
 * download stored one first; answers the one stored. The table's trigger refuses any other change.
 */
export async function storeFirstSnapshot(
  db: Database,
  invoiceId: number,
  snapshot: InvoiceSnapshot,
): Promise<unknown> {
  const [stored] = await queryRows<{ snapshot: unknown }>(
    db,
    sql`UPDATE invoices SET snapshot = ${JSON.stringify(snapshot)}::jsonb
        WHERE id = ${invoiceId} AND snapshot IS NULL RETURNING snapshot`,
  );
  if (stored) return stored.snapshot;
  const [winner] = await queryRows<{ snapshot: unknown }>(
    db,
    sql`SELECT snapshot FROM invoices WHERE id = ${invoiceId}`,
  );
  return winner?.snapshot;
}

/**
 * The order as it is now (in a transaction: as the transaction sees it), with what its invoice says:
 * customer, lines with their offer's title in every language and the hotel, the code, the gift cards.
 */
export async function findInvoiceFacts(db: Database, orderId: number): Promise<InvoiceFacts> {
  const [facts] = await queryRows<InvoiceFacts>(
    db,
    sql`
    SELECT o.id AS order_id, o.brand_id, b.short AS brand_short, o.locale, o.currency, o.payment_type, o.customer_data,
      o.subtotal_cents, o.discount_cents, o.prepaid_cents, o.total_cents, o.paid_at, now() AS now,
      coalesce((
        SELECT json_agg(json_build_object('quantity', i.quantity, 'unit_price_cents', i.unit_price_cents,
          'title', f.title, 'hotel_name', h.name) ORDER BY i.id)
        FROM order_items i
        JOIN variants v ON v.id = i.variant_id
        JOIN offers f ON f.id = v.offer_id
        JOIN hotels h ON h.id = f.hotel_id
        WHERE i.order_id = o.id), '[]') AS lines,
      (SELECT json_build_object('code', r.code, 'name', r.name) FROM reductions r WHERE r.id = o.reduction_id)
        AS reduction,
      coalesce((SELECT json_agg(og.amount_cents ORDER BY og.gift_card_id) FROM order_gift_cards og
        WHERE og.order_id = o.id), '[]') AS gift_card_cents
    FROM orders o JOIN brands b ON b.id = o.brand_id
    WHERE o.id = ${orderId}`,
  );
  if (!facts) throw new Error(`order ${orderId} vanished`);
  return withDates(facts, ['paid_at', 'now']) as InvoiceFacts;
}
