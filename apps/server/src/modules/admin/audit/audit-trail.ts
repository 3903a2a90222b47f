/**
 * The audit trail (issue 25): each change staff make is written in the transaction that makes it, so
 * that a change and its entry commit together or not at all. The table refuses UPDATE and DELETE
 * (migration 0020): nothing in the application can rewrite what happened.
 */
import type { AuditEntry } from '@shop/contracts/admin';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';

export type AuditRecord = {
  action: string;
  orderId?: number | null;
  subject?: string | null;
  before?: unknown;
  after?: unknown;
  note?: string | null;
};

/**
 * Who acted and from where: the member (or a hotel system's API key: no id, its name in place of the
 * address) and the request's client address.
 */
export type Actor = { staff: { member: { id: string | null; email: string } }; address: string | null };

export async function recordAudit(tx: Database, actor: Actor, record: AuditRecord): Promise<void> {
  await tx.execute(
    sql`INSERT INTO audit_events (staff_id, staff_email, action, order_id, subject, before, after, note, address)
        VALUES (${actor.staff.member.id}, ${actor.staff.member.email}, ${record.action}, ${record.orderId ?? null},
          ${record.subject ?? null}, ${json(record.before)}::jsonb, ${json(record.after)}::jsonb,
          ${record.note ?? null}, ${actor.address})`,
  );
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

type AuditRow = {
  id: number;
  at: Date;
  staff_email: string;
  action: string;
  order_id: number | null;
  subject: string | null;
  subject_staff_email: string | null;
  before: unknown;
  after: unknown;
  note: string | null;
  address: string | null;
};

const presentEntry = (row: AuditRow): AuditEntry => ({
  id: Number(row.id),
  at: new Date(row.at).toISOString(),
  staffEmail: row.staff_email,
  action: row.action,
  orderId: row.order_id,
  subject: row.subject,
  subjectStaffEmail: row.subject_staff_email ?? null,
  before: row.before ?? null,
  after: row.after ?? null,
  note: row.note,
  address: row.address,
});

export const auditPageSize = 50;

/**
 * Entries newest first, filtered by order and action. `brandIds` limits them to the orders of those
 * brands (a brand manager sees no other brand's history); null: all entries.
 */
export async function listAudit(
  db: Database,
  filter: {
    orderId?: number;
    action?: string;
    staff?: string;
    from?: string;
    to?: string;
    page: number;
    brandIds: number[] | null;
  },
): Promise<{ entries: AuditEntry[]; total: number }> {
  const conditions = [sql`true`];
  if (filter.orderId !== undefined) conditions.push(sql`a.order_id = ${filter.orderId}`);
  if (filter.action) conditions.push(sql`a.action = ${filter.action}`);
  if (filter.staff) conditions.push(sql`a.staff_email = ${filter.staff}`);
  if (filter.from)
    conditions.push(sql`a.at >= (${filter.from}::date)::timestamp AT TIME ZONE 'Europe/Berlin'`);
  if (filter.to)
    conditions.push(sql`a.at < ((${filter.to}::date + 1)::timestamp AT TIME ZONE 'Europe/Berlin')`);
  if (filter.brandIds) {
    conditions.push(
      sql`a.order_id IN (SELECT id FROM orders WHERE brand_id = ANY(${sql.param(filter.brandIds)}::int[]))`,
    );
  }
  const where = sql.join(conditions, sql` AND `);
  const rows = await queryRows<AuditRow & { total: string }>(
    db,
    sql`SELECT a.*, s.email AS subject_staff_email, count(*) OVER () AS total
        FROM audit_events a LEFT JOIN staff s ON a.subject = 'staff:' || s.id WHERE ${where}
        ORDER BY a.id DESC LIMIT ${auditPageSize} OFFSET ${(filter.page - 1) * auditPageSize}`,
  );
  return { entries: rows.map(presentEntry), total: Number(rows[0]?.total ?? 0) };
}

/** An order's history, oldest first (its page shows it as a timeline). */
export async function orderHistory(db: Database, orderId: number): Promise<AuditEntry[]> {
  const rows = await queryRows<AuditRow>(
    db,
    sql`SELECT *, null AS subject_staff_email FROM audit_events WHERE order_id = ${orderId} ORDER BY id`,
  );
  return rows.map(presentEntry);
}
