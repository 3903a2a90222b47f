/**
 * CSV exports of the orders list (issue 25): asked for in the back office, written by a job in batches
 * so that a large one neither holds a request open nor depends on the process that took it; the member
 * watches its progress and downloads the file. An export lists personal data: the member who asked
 * reads it, nobody else, and asking for one is in the audit trail.
 */
import type { OrderExport, OrderExportRequest } from '@shop/contracts/admin';
import type { Locale } from '@shop/contracts/locale';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import type { JobDefinition, JobQueue } from '#src/modules/jobs/job-queue.ts';
import type { SignedInStaff } from '../admin-access.ts';
import { adminMessages } from '../admin-messages.ts';
import { recordAudit } from '../audit/audit-trail.ts';
import { type OrderSearch, orderSorts, searchedOrders } from '../orders/admin-orders.repository.ts';
import { csvHead, csvLines, type ExportRow } from './orders-csv.ts';

export const orderExportJob = 'admin.orders-export';

/** More than a spreadsheet is pleasant with; a larger one asks for narrower filters. */
export const largestExport = 100_000;
const batchSize = 1_000;

type Filters = Omit<OrderSearch, 'sort' | 'page' | 'pageSize' | 'brandIds'> & { sort: OrderSearch['sort'] };

type ExportRecord = {
  id: number;
  staff_id: string;
  filters: Filters;
  brand_ids: number[] | null;
  locale: Locale;
  status: OrderExport['status'];
  rows_done: number;
  rows_total: number | null;
  created_at: Date;
  finished_at: Date | null;
};

const present = (row: ExportRecord): OrderExport => ({
  id: row.id,
  status: row.status,
  rowsDone: row.rows_done,
  rowsTotal: row.rows_total,
  createdAt: new Date(row.created_at).toISOString(),
  finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  fileUrl: row.status === 'done' ? `/api/admin/order-exports/${row.id}/file` : null,
});

/**
 * Records the export and queues its job, with its audit entry, in one transaction. Refused (422) when
 * the filters find more than `largestExport` orders.
 */
export async function requestOrderExport(
  deps: { db: Database; jobs: Pick<JobQueue, 'enqueue'> },
  actor: { staff: SignedInStaff; address: string | null; locale: Locale },
  request: OrderExportRequest,
): Promise<OrderExport> {
  const filters: Filters = {
    ...(request.query ? { query: request.query } : {}),
    ...(request.brand ? { brand: request.brand } : {}),
    ...(request.status ? { status: request.status } : {}),
    ...(request.paymentType ? { paymentType: request.paymentType } : {}),
    ...(request.from ? { from: request.from } : {}),
    ...(request.to ? { to: request.to } : {}),
    sort: request.sort ?? 'created-desc',
  };
  const brandIds = actor.staff.brandIds;
  const [counted] = await queryRows<{ total: string }>(
    deps.db,
    sql`SELECT count(*) AS total FROM (SELECT 1 ${searchedOrders({ ...filters, brandIds })}
          LIMIT ${largestExport + 1}) counted`,
    { planEachTime: true },
  );
  if (Number(counted?.total ?? 0) > largestExport) {
    throw new HttpProblem(422, 'export-too-large', adminMessages[actor.locale].exportTooLarge);
  }
  return deps.db.transaction(async (tx) => {
    const [row] = await queryRows<ExportRecord>(
      tx,
      sql`INSERT INTO order_exports (staff_id, filters, brand_ids, locale)
          VALUES (${actor.staff.member.id}, ${JSON.stringify(filters)}::jsonb,
            ${brandIds === null ? null : sql`${sql.param(brandIds)}::int[]`}, ${actor.locale})
          RETURNING *`,
    );
    const record = row as ExportRecord;
    // The filters, not the typed search: that is often a customer's name or address, and the trail
    // keeps what it holds for good.
    await recordAudit(tx, actor, {
      action: 'orders.export',
      subject: `export:${record.id}`,
      after: { ...filters, ...(filters.query ? { query: '…' } : {}) },
    });
    await deps.jobs.enqueue(tx, orderExportJob, { exportId: record.id });
    return present(record);
  });
}

/** The member's own export, or undefined (another member's is as unknown as a missing one). */
export async function findOrderExport(
  db: Database,
  staffId: string,
  exportId: number,
): Promise<OrderExport | undefined> {
  const [row] = await queryRows<ExportRecord>(
    db,
    sql`SELECT id, staff_id, filters, brand_ids, locale, status, rows_done, rows_total, created_at, finished_at
        FROM order_exports WHERE id = ${exportId} AND staff_id = ${staffId}`,
  );
  return row ? present(row) : undefined;
}

/** The finished file of the member's own export. */
export async function orderExportFile(
  db: Database,
  staffId: string,
  exportId: number,
): Promise<string | undefined> {
  const [row] = await queryRows<{ content: string | null }>(
    db,
    sql`SELECT content FROM order_exports WHERE id = ${exportId} AND staff_id = ${staffId} AND status = 'done'`,
  );
  return row?.content ?? undefined;
}

/** After the last row of a batch: where the next batch starts, in the list's order. */
function after(sort: Filters['sort'], last: ExportRow & { sort_key: string | number }): SQL {
  const descending = sort.endsWith('-desc');
  const column = sort.startsWith('total') ? sql`o.total_cents` : sql`o.created_at`;
  const key = sort.startsWith('total') ? sql`${last.sort_key}::int` : sql`${last.sort_key}::timestamptz`;
  return descending
    ? sql`(${column}, o.id) < (${key}, ${last.id})`
    : sql`(${column}, o.id) > (${key}, ${last.id})`;
}

/**
 * Writes the file batch by batch (each page found by where the last one ended, not by an offset that
 * grows with every page), counting its progress where the screen reads it. Run again after a crash it
 * starts over; a finished export is left alone.
 */
export function orderExportJobDefinition(deps: { db: Database }): JobDefinition<{ exportId: number }> {
  return {
    name: orderExportJob,
    retryLimit: 3,
    retryDelaySeconds: 10,
    expireInSeconds: 900,
    async run({ exportId }) {
      try {
        await writeExport(deps.db, exportId);
      } catch (error) {
        // Shown as failed until a retry starts it again (it sets it running).
        await deps.db.execute(
          sql`UPDATE order_exports SET status = 'failed' WHERE id = ${exportId} AND status <> 'done'`,
        );
        throw error;
      }
    },
  };
}

async function writeExport(db: Database, exportId: number): Promise<void> {
  const [record] = await queryRows<ExportRecord>(
    db,
    sql`UPDATE order_exports SET status = 'running', rows_done = 0 WHERE id = ${exportId} AND status <> 'done'
        RETURNING *`,
  );
  if (!record) return;
  const from = searchedOrders({ ...record.filters, brandIds: record.brand_ids });
  // What the progress is measured against; orders placed meanwhile may add a few rows to the file.
  const [counted] = await queryRows<{ total: string }>(
    db,
    sql`SELECT count(*) AS total FROM (SELECT 1 ${from} LIMIT ${largestExport}) counted`,
    { planEachTime: true },
  );
  await db.execute(
    sql`UPDATE order_exports SET rows_total = ${Number(counted?.total ?? 0)} WHERE id = ${exportId}`,
  );
  const sortKey = record.filters.sort.startsWith('total') ? sql`o.total_cents` : sql`o.created_at`;
  const parts = [csvHead(record.locale)];
  let done = 0;
  let last: (ExportRow & { sort_key: string | number }) | undefined;
  // Until a batch comes back short: the file holds every order found, also one placed after the count.
  for (;;) {
    const limit = Math.min(batchSize, largestExport - done);
    if (limit <= 0) break;
    const rows = await queryRows<ExportRow & { sort_key: string | number }>(
      db,
      sql`SELECT o.id, o.created_at, b.short AS brand_short, o.status, o.payment_type,
            o.customer_data->>'firstName' AS first_name, o.customer_data->>'lastName' AS last_name,
            o.customer_data->>'email' AS email, o.total_cents, o.currency, o.paid_at,
            (SELECT invoice_number FROM invoices WHERE order_id = o.id ORDER BY id LIMIT 1) AS invoice_number,
            ${sortKey}::text AS sort_key
          ${from} ${last ? sql`AND ${after(record.filters.sort, last)}` : sql``}
          ORDER BY ${orderSorts[record.filters.sort]} LIMIT ${limit}`,
      { planEachTime: true },
    );
    parts.push(csvLines(rows, record.locale));
    done += rows.length;
    last = rows.at(-1);
    await db.execute(sql`UPDATE order_exports SET rows_done = ${done} WHERE id = ${exportId}`);
    if (rows.length < limit) break;
  }
  await db.execute(
    sql`UPDATE order_exports SET status = 'done', content = ${parts.join('')}, rows_done = ${done},
          rows_total = ${done}, finished_at = now() WHERE id = ${exportId}`,
  );
}

export const orderExportCleanupJob = 'admin.orders-export-cleanup';

/** How long a finished file is kept: long enough to download it, not a second store of customer data. */
export const exportKeptDays = 7;

/** Deletes exports older than `exportKeptDays`, each night, once across all processes. */
export function orderExportCleanupJobDefinition(deps: { db: Database }): JobDefinition<object> {
  return {
    name: orderExportCleanupJob,
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 300,
    schedule: '23 3 * * *',
    async run() {
      await deps.db.execute(
        sql`DELETE FROM order_exports WHERE created_at < now() - make_interval(days => ${exportKeptDays})`,
      );
    },
  };
}
