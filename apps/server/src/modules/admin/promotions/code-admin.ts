import type {
  CodeDetail,
  CodeRow,
  CodeState,
  codeBatchInputSchema,
  codeInputSchema,
} from '@shop/contracts/admin-promotions';
import type { OrderStatus } from '@shop/contracts/orders';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type Database, queryRows } from '#src/db/client.ts';
import { isUniqueViolation } from '#src/db/unique-violation.ts';
import { HttpProblem } from '#src/http/problem.ts';
import { staffOf } from '../admin-access.ts';
import { recordAudit } from '../audit/audit-trail.ts';
import { randomCodes } from './code-batch.ts';
import {
  checkOffers,
  dayEnd,
  dayStart,
  fieldProblem,
  firstDaySql,
  lastDaySql,
  periodSets,
  presentText,
  scopeCondition,
  storedText,
  visibleTo,
  writableBrandId,
} from './promotion-terms.ts';

/**
 * Promotion codes (table `reductions`) as the back office lists and changes them. The order API reads
 * them from the database on every use (nothing caches them), so a change needs no cache announcement:
 * the next cart call sees it.
 */

type CodeInput = z.output<typeof codeInputSchema>;
type CodeBatchInput = z.output<typeof codeBatchInputSchema>;

export const codePageSize = 50;
/** The orders a code's page lists at most (the count says how many there are). */
const ordersShown = 200;

const stateSql = sql.raw(`CASE WHEN NOT r.is_active THEN 'off' WHEN r.valid_from > now() THEN 'planned'
  WHEN r.valid_to <= now() THEN 'ended' WHEN r.max_uses IS NOT NULL AND r.used_count >= r.max_uses
  THEN 'used-up' ELSE 'running' END`);

const usable = `r.is_active AND (r.valid_from IS NULL OR r.valid_from <= now())
  AND (r.valid_to IS NULL OR r.valid_to > now())`;
const stateConditions: Record<CodeState, SQL> = {
  off: sql`NOT r.is_active`,
  planned: sql`r.is_active AND r.valid_from > now()`,
  ended: sql`r.is_active AND r.valid_to <= now()`,
  'used-up': sql.raw(`${usable} AND r.max_uses IS NOT NULL AND r.used_count >= r.max_uses`),
  running: sql.raw(`${usable} AND (r.max_uses IS NULL OR r.used_count < r.max_uses)`),
};

type Row = {
  id: number;
  brand_id: number | null;
  brand_short: string | null;
  brand_name: string | null;
  code: string;
  name: unknown;
  operation: '+' | '%';
  value: number;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  minimum_order_cents: number;
  offer_ids: number[] | null;
  is_active: boolean;
  state: CodeState;
  valid_from: string | null;
  valid_to: string | null;
  used_count: number;
  paid_orders: number;
};

const columns = sql`r.id, r.brand_id, b.short AS brand_short, b.name AS brand_name, r.code, r.name, r.operation,
  r.value, r.max_uses, r.max_uses_per_customer, r.minimum_order_cents, r.offer_ids, r.is_active,
  ${stateSql} AS state, ${firstDaySql('r.valid_from')} AS valid_from, ${lastDaySql('r.valid_to')} AS valid_to,
  r.used_count, (SELECT count(*)::int FROM orders o WHERE o.reduction_id = r.id AND o.status = 'paid'
    AND o.reduction_id IS NOT NULL) AS paid_orders`;

const presentRow = (row: Row): CodeRow => ({
  id: row.id,
  brand: row.brand_short ? { short: row.brand_short, name: row.brand_name ?? row.brand_short } : null,
  code: row.code,
  name: presentText(row.name),
  operation: row.operation,
  value: row.value,
  maxUses: row.max_uses,
  oncePerCustomer: row.max_uses_per_customer !== null,
  minimumOrderCents: row.minimum_order_cents,
  offerIds: row.offer_ids,
  active: row.is_active,
  state: row.state,
  validFrom: row.valid_from,
  validTo: row.valid_to,
  usedCount: row.used_count,
  paidOrders: Number(row.paid_orders),
});

const likeStart = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

export async function listCodes(
  db: Database,
  request: FastifyRequest,
  filter: { brandId?: number; query?: string; state?: CodeState; page: number },
) {
  const conditions = [scopeCondition(request, 'r.brand_id')];
  if (filter.brandId !== undefined) conditions.push(sql`r.brand_id = ${filter.brandId}`);
  if (filter.state) conditions.push(stateConditions[filter.state]);
  if (filter.query) conditions.push(sql`lower(r.code) LIKE ${likeStart(filter.query)}`);
  const rows = await queryRows<Row & { total: string }>(
    db,
    sql`SELECT ${columns}, count(*) OVER () AS total
        FROM reductions r LEFT JOIN brands b ON b.id = r.brand_id
        WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY r.id DESC LIMIT ${codePageSize} OFFSET ${(filter.page - 1) * codePageSize}`,
  );
  return {
    codes: rows.map(presentRow),
    total: Number(rows[0]?.total ?? 0),
    page: filter.page,
    pageSize: codePageSize,
  };
}

async function findRow(db: Database, id: number, lock = false): Promise<Row | undefined> {
  const [row] = await queryRows<Row>(
    db,
    sql`SELECT ${columns} FROM reductions r LEFT JOIN brands b ON b.id = r.brand_id WHERE r.id = ${id}
        ${lock ? sql`FOR UPDATE OF r` : sql``}`,
  );
  return row;
}

const notFound = () => new HttpProblem(404, 'not-found', 'code');

/** A code with the closed orders that used it (carts holding it are not uses yet). */
export async function codeDetail(db: Database, request: FastifyRequest, id: number): Promise<CodeDetail> {
  const row = await findRow(db, id);
  if (!row || !visibleTo(request, row.brand_id)) throw notFound();
  const orders = await queryRows<{
    id: number;
    status: OrderStatus;
    brand: string;
    total_cents: number;
    discount_cents: number;
    closed_at: string | null;
    paid_at: string | null;
    total: string;
  }>(
    db,
    sql`SELECT o.id, o.status, b.short AS brand, o.total_cents, o.discount_cents,
          to_char(o.closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS closed_at,
          to_char(o.paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS paid_at,
          count(*) OVER () AS total
        FROM orders o JOIN brands b ON b.id = o.brand_id
        WHERE o.reduction_id = ${id} AND o.reduction_id IS NOT NULL AND o.status <> 'cart'
        ORDER BY o.id DESC LIMIT ${ordersShown}`,
  );
  return {
    ...presentRow(row),
    orders: orders.map((order) => ({
      id: order.id,
      status: order.status,
      brand: order.brand,
      totalCents: order.total_cents,
      discountCents: order.discount_cents,
      closedAt: order.closed_at,
      paidAt: order.paid_at,
      href: `/admin/orders/${order.id}`,
    })),
    ordersTotal: Number(orders[0]?.total ?? 0),
  };
}

const actorOf = (request: FastifyRequest) => ({ staff: staffOf(request), address: request.ip });

const auditView = (code: CodeRow) => ({
  brand: code.brand?.short ?? null,
  code: code.code,
  name: code.name,
  operation: code.operation,
  value: code.value,
  maxUses: code.maxUses,
  oncePerCustomer: code.oncePerCustomer,
  minimumOrderCents: code.minimumOrderCents,
  offerIds: code.offerIds,
  active: code.active,
  validFrom: code.validFrom,
  validTo: code.validTo,
});

/** A code is unique in any case and over all brands: the shop looks a typed code up on the brand and the shared ones. */
async function assertCodeFree(tx: Database, request: FastifyRequest, code: string, exceptId = 0) {
  const [taken] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM reductions WHERE lower(code) = lower(${code}) AND id <> ${exceptId} LIMIT 1`,
  );
  if (taken) throw fieldProblem('code', 'codeTaken', request.locale);
}

async function writing<T>(request: FastifyRequest, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    // Two members typing the same code at once: the index decides, the loser hears it as the field's error.
    if (isUniqueViolation(error)) throw fieldProblem('code', 'codeTaken', request.locale);
    throw error;
  }
}

const perCustomer = (input: { oncePerCustomer: boolean }) => (input.oncePerCustomer ? 1 : null);

export async function createCode(
  db: Database,
  request: FastifyRequest,
  input: CodeInput,
): Promise<CodeDetail> {
  const brandId = await writableBrandId(db, request, input.brand);
  const created = await writing(request, () =>
    db.transaction(async (tx) => {
      await assertCodeFree(tx, request, input.code);
      await checkOffers(tx, input.offerIds, brandId, 'offerIds', request.locale);
      const [inserted] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO reductions (brand_id, code, name, operation, value, minimum_order_cents, max_uses,
              max_uses_per_customer, valid_from, valid_to, is_active, offer_ids)
            VALUES (${brandId}, ${input.code}, ${storedText(input.name)}::jsonb, ${input.operation}, ${input.value},
              ${input.minimumOrderCents}, ${input.maxUses}, ${perCustomer(input)}, ${dayStart(input.validFrom)},
              ${dayEnd(input.validTo)}, ${input.active},
              ${input.offerIds === null ? sql`NULL` : sql`${sql.param(input.offerIds)}::int[]`})
            RETURNING id`,
      );
      const row = (await findRow(tx, inserted?.id ?? 0)) as Row;
      await recordAudit(tx, actorOf(request), {
        action: 'codes.create',
        subject: `code:${row.id}`,
        after: auditView(presentRow(row)),
      });
      return row.id;
    }),
  );
  return codeDetail(db, request, created);
}

async function changing(
  db: Database,
  request: FastifyRequest,
  id: number,
  action: string,
  change: (tx: Database, before: Row) => Promise<void>,
): Promise<CodeDetail> {
  await writing(request, () =>
    db.transaction(async (tx) => {
      const before = await findRow(tx, id, true);
      if (!before || !visibleTo(request, before.brand_id)) throw notFound();
      if (before.brand_id === null) await writableBrandId(tx, request, null);
      await change(tx, before);
      const after = (await findRow(tx, id)) as Row;
      await recordAudit(tx, actorOf(request), {
        action,
        subject: `code:${id}`,
        before: auditView(presentRow(before)),
        after: auditView(presentRow(after)),
      });
    }),
  );
  return codeDetail(db, request, id);
}

/**
 * New terms for a code. Redemptions already made stay (used_count is not touched): a lower limit than
 * the uses so far makes the code used up, not the orders invalid.
 */
export function updateCode(db: Database, request: FastifyRequest, id: number, input: CodeInput) {
  return changing(db, request, id, 'codes.update', async (tx) => {
    const brandId = await writableBrandId(tx, request, input.brand);
    await assertCodeFree(tx, request, input.code, id);
    await checkOffers(tx, input.offerIds, brandId, 'offerIds', request.locale);
    await tx.execute(
      sql`UPDATE reductions SET brand_id = ${brandId}, code = ${input.code}, name = ${storedText(input.name)}::jsonb,
            operation = ${input.operation}, value = ${input.value}, minimum_order_cents = ${input.minimumOrderCents},
            max_uses = ${input.maxUses}, max_uses_per_customer = ${perCustomer(input)}, is_active = ${input.active},
            offer_ids = ${input.offerIds === null ? sql`NULL` : sql`${sql.param(input.offerIds)}::int[]`},
            ${periodSets(input.validFrom, input.validTo)}
          WHERE id = ${id}`,
    );
  });
}

export function switchOffCode(db: Database, request: FastifyRequest, id: number) {
  return changing(db, request, id, 'codes.switch-off', async (tx) => {
    await tx.execute(sql`UPDATE reductions SET is_active = false WHERE id = ${id}`);
  });
}

/**
 * `count` single-use codes with the same terms, all or none in one transaction. A drawn code that
 * exists already (in any case, on any brand) is drawn again; the audit trail keeps one entry for the
 * batch with its terms and its first and last code.
 */
export async function createCodeBatch(
  db: Database,
  request: FastifyRequest,
  input: CodeBatchInput,
): Promise<string[]> {
  const brandId = await writableBrandId(db, request, input.brand);
  return db.transaction(async (tx) => {
    await checkOffers(tx, input.offerIds, brandId, 'offerIds', request.locale);
    const codes: string[] = [];
    for (let round = 0; codes.length < input.count; round++) {
      if (round === 10) throw new Error('code batch: no free codes drawn in 10 rounds');
      const drawn = randomCodes(input.count - codes.length, input.prefix);
      const inserted = await queryRows<{ code: string }>(
        tx,
        sql`INSERT INTO reductions (brand_id, code, name, operation, value, minimum_order_cents, max_uses,
              max_uses_per_customer, valid_from, valid_to, is_active, offer_ids)
            SELECT ${brandId}, c.code, ${storedText(input.name)}::jsonb, ${input.operation}, ${input.value},
              ${input.minimumOrderCents}, 1, ${perCustomer(input)}, ${dayStart(input.validFrom)},
              ${dayEnd(input.validTo)}, ${input.active},
              ${input.offerIds === null ? sql`NULL` : sql`${sql.param(input.offerIds)}::int[]`}
            FROM unnest(${sql.param(drawn)}::text[]) AS c(code)
            WHERE NOT EXISTS (SELECT 1 FROM reductions r WHERE lower(r.code) = lower(c.code))
            ON CONFLICT DO NOTHING
            RETURNING code`,
      );
      codes.push(...inserted.map((row) => row.code));
    }
    await recordAudit(tx, actorOf(request), {
      action: 'codes.batch',
      subject: null,
      after: {
        count: codes.length,
        prefix: input.prefix,
        first: codes[0],
        last: codes.at(-1),
        brand: input.brand,
        name: input.name,
        operation: input.operation,
        value: input.value,
        oncePerCustomer: input.oncePerCustomer,
        minimumOrderCents: input.minimumOrderCents,
        offerIds: input.offerIds,
        active: input.active,
        validFrom: input.validFrom,
        validTo: input.validTo,
      },
    });
    return codes;
  });
}
