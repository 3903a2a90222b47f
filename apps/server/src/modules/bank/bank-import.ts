import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, queryRows } from '#src/db/client.ts';
import { type FulfilmentDeps, markOrderPaid } from '#src/modules/orders/order-paid.ts';
import { findOrder } from '#src/modules/orders/orders.repository.ts';
import { paymentReference } from '#src/modules/orders/payment-reference.ts';
import type { ImportedEntry, ImportReport } from './import-report.ts';
import {
  type MatchOutcome,
  matchQuotedEntries,
  type OpenOrder,
  type QuotedEntry,
} from './payment-matching.ts';
import { readStatement, type StatementSource } from './statement-reader.ts';

export type { ImportedEntry, ImportReport } from './import-report.ts';

type Deps = FulfilmentDeps & { db: Database; log: Pick<FastifyBaseLogger, 'error'> };

/**
 * Imports a camt.053 statement: each credit whose reference and amount match an order waiting for its
 * transfer pays it (vouchers, invoice and mail follow, in the same transaction); everything else is
 * recorded and reported for the operator, never guessed. Entries already imported are skipped, so the
 * same file twice changes nothing.
 *
 * The statement is read in a worker thread (statement-reader.ts) and imported a batch at a time: each
 * batch looks up which of its entries are known and which orders they name, then books its entries, so
 * a later batch sees the orders an earlier one paid (a second transfer for an order is 'already-paid',
 * as within a batch). The report lists the entries imported before first, then the others, each in the
 * file's order.
 */
export async function importStatement(
  deps: Deps,
  statement: StatementSource,
  /** The file's row in bank_statements (statement-records.ts), which each entry names. */
  options: { recordId?: number } = {},
): Promise<ImportReport> {
  const brands = await queryRows<{ id: number; short: string }>(deps.db, sql`SELECT id, short FROM brands`);
  const seenBefore: ImportedEntry[] = [];
  const booked: ImportedEntry[] = [];
  for await (const batch of readStatement(
    statement,
    brands.map((brand) => brand.short),
  )) {
    const seen = new Set(
      (
        await queryRows<{ entry_id: string }>(
          deps.db,
          sql`SELECT entry_id FROM bank_transactions
              WHERE entry_id = ANY(${sql.param(batch.map(({ entry }) => entry.id))}::text[])`,
        )
      ).map((row) => row.entry_id),
    );
    for (const { entry } of batch) {
      if (seen.has(entry.id)) {
        seenBefore.push({ outcome: 'already-imported', entry, orderId: null, reference: null, detail: '' });
      }
    }
    const fresh = batch.filter(({ entry }) => !seen.has(entry.id));
    const outcomes = matchQuotedEntries(fresh, await openOrders(deps.db, brands, fresh));
    for (const [index, outcome] of outcomes.entries()) {
      const statementId = fresh[index]?.statementId ?? '';
      // One entry that cannot be booked must not keep the others from paying their orders.
      booked.push(
        await book(deps, statementId, outcome, options.recordId ?? null).catch((error: unknown) => {
          deps.log.error(
            { err: error, entry: outcome.entry.id },
            'bank import: an entry could not be booked',
          );
          return notBooked(outcome);
        }),
      );
    }
  }
  const report = [...seenBefore, ...booked];
  const counts: Record<string, number> = {};
  for (const line of report) counts[line.outcome] = (counts[line.outcome] ?? 0) + 1;
  return { entries: report, counts };
}

/** The orders the statement names, as matching needs them. */
async function openOrders(
  db: Database,
  brands: { id: number; short: string }[],
  entries: readonly QuotedEntry[],
): Promise<Map<string, OpenOrder>> {
  const ids = new Set<number>();
  for (const { references } of entries) {
    for (const reference of references) ids.add(Number(reference.slice(-8)));
  }
  const rows = ids.size
    ? await queryRows<{
        id: number;
        brand_id: number;
        total_cents: number;
        currency: string;
        status: string;
        payment_type: string | null;
      }>(
        db,
        sql`SELECT id, brand_id, total_cents, currency, status, payment_type FROM orders
            WHERE id = ANY(${sql.param([...ids])}::int[])`,
      )
    : [];
  const orders = new Map<string, OpenOrder>();
  for (const row of rows) {
    const brand = brands.find((candidate) => candidate.id === row.brand_id);
    if (!brand) continue;
    const reference = paymentReference(brand.short, row.id);
    orders.set(reference, {
      orderId: row.id,
      reference,
      amountCents: row.total_cents,
      currency: row.currency,
      // Only a transfer order waits for a transfer.
      status:
        row.status === 'awaiting-payment' && row.payment_type !== 'wiretransfer'
          ? 'not-a-transfer'
          : row.status,
    });
  }
  return orders;
}

function notBooked(outcome: MatchOutcome): ImportedEntry {
  const order = 'order' in outcome ? outcome.order : null;
  return {
    outcome: 'not-booked',
    entry: outcome.entry,
    orderId: order?.orderId ?? null,
    reference: order?.reference ?? null,
    detail: 'not recorded; import the statement again',
  };
}

/** Records one entry and, for an exact payment, pays its order; both or neither. */
async function book(
  deps: Deps,
  statementId: string,
  outcome: MatchOutcome,
  recordId: number | null,
): Promise<ImportedEntry> {
  const { entry } = outcome;
  const orderId = 'order' in outcome ? outcome.order.orderId : null;
  const reference = 'order' in outcome ? outcome.order.reference : null;
  return deps.db
    .transaction(async (tx) => {
      let kind: ImportedEntry['outcome'] = outcome.kind;
      if (outcome.kind === 'paid') {
        // The decision was made on a read before this transaction: check it again under the order's lock.
        const order = await findOrder(tx, outcome.order.orderId, true);
        if (order?.status === 'awaiting-payment' && order.total_cents === entry.amountCents) {
          await markOrderPaid(tx, deps, order);
        } else {
          kind = order?.status === 'paid' ? 'already-paid' : 'not-payable';
        }
      }
      const inserted = await queryRows<{ entry_id: string }>(
        tx,
        sql`INSERT INTO bank_transactions
            (entry_id, statement_id, booking_date, amount_cents, currency, remittance, outcome, order_id,
             bank_statement_id)
          VALUES (${entry.id}, ${statementId}, ${entry.bookingDate}, ${entry.amountCents}, ${entry.currency},
            ${entry.remittance}, ${kind}, ${orderId}, ${recordId})
          ON CONFLICT (entry_id) DO NOTHING RETURNING entry_id`,
      );
      // Another import of the same file got there first: undo this one's payment, report it as seen.
      if (inserted.length === 0) {
        throw new AlreadyImported();
      }
      return { outcome: kind, entry, orderId, reference, detail: describe(outcome) };
    })
    .catch((error: unknown) => {
      if (error instanceof AlreadyImported)
        return { outcome: 'already-imported' as const, entry, orderId, reference, detail: '' };
      throw error;
    });
}

class AlreadyImported extends Error {}

function describe(outcome: MatchOutcome): string {
  switch (outcome.kind) {
    case 'underpaid':
      return `${outcome.missingCents} cents missing`;
    case 'overpaid':
      return `${outcome.excessCents} cents too much`;
    case 'ambiguous':
      return outcome.references.join(', ');
    case 'ignored':
      return outcome.reason;
    default:
      return '';
  }
}
