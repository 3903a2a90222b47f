/**
 * The bank side of the back office (issue 25): the statement files with what became of each entry, and
 * what staff decide about an entry the import could not: assign a credit to an order by hand (it is
 * paid as if the import had matched it), or note why nothing is to be done.
 */
import type { BankEntry, BankStatement, BankStatementDetail } from '@shop/contracts/admin';
import type { Locale } from '@shop/contracts/locale';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import { StatementFormatError, type StatementProblem } from '#src/modules/bank/camt053.ts';
import { markOrderPaid } from '#src/modules/orders/order-paid.ts';
import { findOrder } from '#src/modules/orders/orders.repository.ts';
import { adminMessages } from '../admin-messages.ts';
import { recordAudit } from '../audit/audit-trail.ts';
import type { ActionContext, ActionDeps } from '../orders/admin-order-actions.ts';
import { findOrderBrand } from '../orders/admin-orders.repository.ts';

type StatementRow = {
  id: number;
  file_name: string;
  source: BankStatement['source'];
  status: BankStatement['status'];
  counts: Record<string, number> | null;
  problem: StatementProblem | null;
  uploaded_by: string | null;
  created_at: Date;
  finished_at: Date | null;
};

const statementSelect = sql`
  SELECT bs.id, bs.file_name, bs.source, bs.status, bs.counts, bs.problem, bs.created_at, bs.finished_at,
    (SELECT email FROM staff WHERE id = bs.uploaded_by) AS uploaded_by
  FROM bank_statements bs`;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function presentStatement(row: StatementRow, locale: Locale): BankStatement {
  return {
    id: row.id,
    fileName: row.file_name,
    source: row.source,
    status: row.status,
    counts: row.counts,
    problem: row.problem ? new StatementFormatError(row.problem).describe(locale) : null,
    uploadedBy: row.uploaded_by,
    createdAt: iso(row.created_at) as string,
    finishedAt: iso(row.finished_at),
  };
}

/** The newest statements first (a hundred: a year of daily files is more than anyone scrolls). */
export async function listStatements(db: Database, locale: Locale): Promise<BankStatement[]> {
  const rows = await queryRows<StatementRow>(db, sql`${statementSelect} ORDER BY bs.id DESC LIMIT 100`);
  return rows.map((row) => presentStatement(row, locale));
}

type EntryRow = {
  entry_id: string;
  booking_date: string;
  amount_cents: number;
  currency: string;
  remittance: string;
  outcome: string;
  order_id: number | null;
  handled_at: Date | null;
  handled_by: string | null;
  handled_note: string | null;
};

const presentEntry = (row: EntryRow): BankEntry => ({
  entryId: row.entry_id,
  bookingDate: row.booking_date,
  amountCents: row.amount_cents,
  currency: row.currency,
  remittance: row.remittance,
  outcome: row.outcome,
  orderId: row.order_id,
  handledAt: iso(row.handled_at),
  handledBy: row.handled_by,
  handledNote: row.handled_note,
});

export async function findStatement(
  db: Database,
  id: number,
  locale: Locale,
): Promise<BankStatementDetail | undefined> {
  const [row] = await queryRows<StatementRow>(db, sql`${statementSelect} WHERE bs.id = ${id}`);
  if (!row) return undefined;
  const entries = await queryRows<EntryRow>(
    db,
    sql`SELECT entry_id, booking_date, amount_cents, currency, remittance, outcome, order_id, handled_at,
          handled_by, handled_note
        FROM bank_transactions WHERE bank_statement_id = ${id} ORDER BY booking_date, entry_id`,
  );
  return { ...presentStatement(row, locale), entries: entries.map(presentEntry) };
}

/** Outcomes that leave a credit for staff to decide about. */
const undecided = new Set([
  'unmatched',
  'underpaid',
  'overpaid',
  'ambiguous',
  'not-payable',
  'ignored',
  'already-paid',
]);

async function lockedEntry(tx: Database, entryId: string): Promise<EntryRow> {
  const [entry] = await queryRows<EntryRow>(
    tx,
    sql`SELECT * FROM bank_transactions WHERE entry_id = ${entryId} FOR UPDATE`,
  );
  if (!entry) throw new HttpProblem(404, 'not-found', 'bank entry');
  return entry;
}

/** A credit paid an order the import could not tell: the order is paid, the entry names it, the trail says who. */
export async function assignEntry(
  deps: ActionDeps,
  actor: ActionContext,
  entryId: string,
  input: { orderId: number; note: string },
): Promise<BankEntry> {
  const t = adminMessages[actor.locale];
  if (!(await findOrderBrand(deps.db, input.orderId, actor.staff.brandIds))) {
    throw new HttpProblem(404, 'not-found', 'order');
  }
  return deps.db.transaction(async (tx) => {
    const entry = await lockedEntry(tx, entryId);
    if (entry.amount_cents <= 0) throw new HttpProblem(409, 'order-conflict', t.notACredit);
    if (entry.handled_at || !undecided.has(entry.outcome))
      throw new HttpProblem(409, 'order-conflict', t.entryDecided);
    const order = await findOrder(tx, input.orderId, true);
    if (!order) throw new HttpProblem(404, 'not-found', 'order');
    if (order.status === 'paid') throw new HttpProblem(409, 'order-conflict', t.alreadyPaid);
    if (order.status !== 'awaiting-payment' || order.payment_type !== 'wiretransfer') {
      throw new HttpProblem(409, 'order-conflict', t.notAnOpenTransfer);
    }
    await markOrderPaid(tx, deps, order);
    const [updated] = await queryRows<EntryRow>(
      tx,
      sql`UPDATE bank_transactions SET outcome = 'assigned', order_id = ${order.id}, handled_at = now(),
            handled_by = ${actor.staff.member.email}, handled_note = ${input.note}
          WHERE entry_id = ${entryId} RETURNING *`,
    );
    await recordAudit(tx, actor, {
      action: 'bank.assign',
      orderId: order.id,
      subject: `bank-entry:${entryId}`,
      before: { outcome: entry.outcome, orderId: entry.order_id, orderStatus: order.status },
      after: { outcome: 'assigned', orderId: order.id, amountCents: entry.amount_cents, orderStatus: 'paid' },
      note: input.note,
    });
    return presentEntry(updated as EntryRow);
  });
}

/** Nothing to book (a refund to a customer, a fee, a private transfer): noted as handled. */
export async function handleEntry(
  deps: ActionDeps,
  actor: ActionContext,
  entryId: string,
  input: { note: string },
): Promise<BankEntry> {
  const t = adminMessages[actor.locale];
  return deps.db.transaction(async (tx) => {
    const entry = await lockedEntry(tx, entryId);
    if (entry.handled_at) throw new HttpProblem(409, 'order-conflict', t.entryDecided);
    const [updated] = await queryRows<EntryRow>(
      tx,
      sql`UPDATE bank_transactions SET handled_at = now(), handled_by = ${actor.staff.member.email},
            handled_note = ${input.note}
          WHERE entry_id = ${entryId} RETURNING *`,
    );
    await recordAudit(tx, actor, {
      action: 'bank.handled',
      orderId: entry.order_id,
      subject: `bank-entry:${entryId}`,
      before: { outcome: entry.outcome },
      after: { outcome: entry.outcome, handled: true },
      note: input.note,
    });
    return presentEntry(updated as EntryRow);
  });
}
