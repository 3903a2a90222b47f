import type {
  PromotionDetail,
  PromotionRow,
  PromotionState,
  promotionInputSchema,
} from '@shop/contracts/admin-promotions';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type Database, queryRows } from '#src/db/client.ts';
import { isUniqueViolation } from '#src/db/unique-violation.ts';
import { HttpProblem } from '#src/http/problem.ts';
import { announceShopChange } from '#src/modules/catalogue/shop-changes.ts';
import { staffOf } from '../admin-access.ts';
import { recordAudit } from '../audit/audit-trail.ts';
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

/** The promotions behind the shop's landing pages (SPEC §3), as the back office lists and changes them. */

type PromotionInput = z.output<typeof promotionInputSchema>;

export const promotionPageSize = 50;

const stateSql = sql.raw(`CASE WHEN NOT p.is_active THEN 'off' WHEN p.valid_from > now() THEN 'planned'
  WHEN p.valid_to <= now() THEN 'ended' ELSE 'running' END`);

const stateConditions: Record<PromotionState, SQL> = {
  off: sql`NOT p.is_active`,
  planned: sql`p.is_active AND p.valid_from > now()`,
  ended: sql`p.is_active AND p.valid_to <= now()`,
  running: sql`p.is_active AND (p.valid_from IS NULL OR p.valid_from <= now())
    AND (p.valid_to IS NULL OR p.valid_to > now())`,
};

type Row = {
  id: number;
  brand_id: number | null;
  brand_short: string | null;
  brand_name: string | null;
  name: string;
  promotion_type: string;
  type: string;
  title: unknown;
  description: unknown;
  is_active: boolean;
  state: PromotionState;
  valid_from: string | null;
  valid_to: string | null;
  offers: number;
};

const columns = sql`p.id, p.brand_id, b.short AS brand_short, b.name AS brand_name, p.name, p.promotion_type,
  p.type, p.title, p.description, p.is_active, ${stateSql} AS state,
  ${firstDaySql('p.valid_from')} AS valid_from, ${lastDaySql('p.valid_to')} AS valid_to,
  (SELECT count(*)::int FROM promotion_offers po WHERE po.promotion_id = p.id) AS offers`;

const presentRow = (row: Row): PromotionRow => ({
  id: row.id,
  brand: row.brand_short ? { short: row.brand_short, name: row.brand_name ?? row.brand_short } : null,
  name: row.name,
  promotionType: row.promotion_type,
  type: row.type,
  title: presentText(row.title),
  active: row.is_active,
  state: row.state,
  validFrom: row.valid_from,
  validTo: row.valid_to,
  offers: Number(row.offers),
});

export async function listPromotions(
  db: Database,
  request: FastifyRequest,
  filter: { brandId?: number; query?: string; state?: PromotionState; page: number },
) {
  const conditions = [scopeCondition(request, 'p.brand_id')];
  if (filter.brandId !== undefined) conditions.push(sql`p.brand_id = ${filter.brandId}`);
  if (filter.state) conditions.push(stateConditions[filter.state]);
  if (filter.query) {
    const start = `${filter.query.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
    conditions.push(sql`(lower(p.name) LIKE ${start} OR lower(p.title->>'de') LIKE ${start})`);
  }
  const rows = await queryRows<Row & { total: string }>(
    db,
    sql`SELECT ${columns}, count(*) OVER () AS total
        FROM promotions p LEFT JOIN brands b ON b.id = p.brand_id
        WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY p.id DESC LIMIT ${promotionPageSize} OFFSET ${(filter.page - 1) * promotionPageSize}`,
  );
  return {
    promotions: rows.map(presentRow),
    total: Number(rows[0]?.total ?? 0),
    page: filter.page,
    pageSize: promotionPageSize,
  };
}

async function findRow(db: Database, id: number, lock = false): Promise<Row | undefined> {
  const [row] = await queryRows<Row>(
    db,
    sql`SELECT ${columns} FROM promotions p LEFT JOIN brands b ON b.id = p.brand_id WHERE p.id = ${id}
        ${lock ? sql`FOR UPDATE OF p` : sql``}`,
  );
  return row;
}

async function offerList(db: Database, id: number) {
  const rows = await queryRows<{ id: number; title: string; hotel: string | null; is_active: boolean }>(
    db,
    sql`SELECT o.id, coalesce(o.title->>'de', '') AS title, h.name AS hotel, o.is_active
        FROM promotion_offers po JOIN offers o ON o.id = po.offer_id LEFT JOIN hotels h ON h.id = o.hotel_id
        WHERE po.promotion_id = ${id} ORDER BY po.position, po.offer_id`,
  );
  return rows.map((row) => ({ id: row.id, title: row.title, hotel: row.hotel, active: row.is_active }));
}

async function detailOf(db: Database, row: Row): Promise<PromotionDetail> {
  return {
    ...presentRow(row),
    description: presentText(row.description),
    offerList: await offerList(db, row.id),
  };
}

const notFound = () => new HttpProblem(404, 'not-found', 'promotion');

export async function promotionDetail(db: Database, request: FastifyRequest, id: number) {
  const row = await findRow(db, id);
  if (!row || !visibleTo(request, row.brand_id)) throw notFound();
  return detailOf(db, row);
}

const actorOf = (request: FastifyRequest) => ({ staff: staffOf(request), address: request.ip });

/** What the audit trail keeps of a promotion: every field the form changes, and its offers. */
const auditView = (detail: PromotionDetail) => ({
  brand: detail.brand?.short ?? null,
  name: detail.name,
  promotionType: detail.promotionType,
  type: detail.type,
  title: detail.title,
  description: detail.description,
  active: detail.active,
  validFrom: detail.validFrom,
  validTo: detail.validTo,
  offerIds: detail.offerList.map((offer) => offer.id),
});

/** Runs `change` in a transaction; the brand's name already taken is the name field's error. */
async function writing<T>(request: FastifyRequest, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldProblem('name', 'nameTaken', request.locale);
    throw error;
  }
}

export async function createPromotion(db: Database, request: FastifyRequest, input: PromotionInput) {
  const brandId = await writableBrandId(db, request, input.brand);
  return writing(request, () =>
    db.transaction(async (tx) => {
      const [created] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO promotions (brand_id, name, promotion_type, type, title, description, is_active,
              valid_from, valid_to)
            VALUES (${brandId}, ${input.name}, ${input.promotionType}, ${input.type},
              ${storedText(input.title)}::jsonb, ${storedText(input.description)}::jsonb, ${input.active},
              ${dayStart(input.validFrom)}, ${dayEnd(input.validTo)})
            RETURNING id`,
      );
      const detail = await detailOf(tx, (await findRow(tx, created?.id ?? 0)) as Row);
      await recordAudit(tx, actorOf(request), {
        action: 'promotions.create',
        subject: `promotion:${detail.id}`,
        after: auditView(detail),
      });
      await announceShopChange(tx);
      return detail;
    }),
  );
}

/**
 * Changes a promotion under its row lock; the member must see it (another brand's is a 404) and may move
 * it only to one of their brands.
 */
async function changing(
  db: Database,
  request: FastifyRequest,
  id: number,
  action: string,
  change: (tx: Database, before: Row) => Promise<void>,
): Promise<PromotionDetail> {
  return writing(request, () =>
    db.transaction(async (tx) => {
      const row = await findRow(tx, id, true);
      if (!row || !visibleTo(request, row.brand_id)) throw notFound();
      // A shared promotion is the operator's even to read for changing.
      if (row.brand_id === null) await writableBrandId(tx, request, null);
      const before = await detailOf(tx, row);
      await change(tx, row);
      const after = await detailOf(tx, (await findRow(tx, id)) as Row);
      await recordAudit(tx, actorOf(request), {
        action,
        subject: `promotion:${id}`,
        before: auditView(before),
        after: auditView(after),
      });
      await announceShopChange(tx);
      return after;
    }),
  );
}

export async function updatePromotion(
  db: Database,
  request: FastifyRequest,
  id: number,
  input: PromotionInput,
) {
  return changing(db, request, id, 'promotions.update', async (tx, row) => {
    const brandId = await writableBrandId(tx, request, input.brand);
    // Moved to another brand, its landing page may only list what that brand sells.
    if (brandId !== row.brand_id) {
      const offerIds = (await offerList(tx, id)).map((offer) => offer.id);
      await checkOffers(tx, offerIds, brandId, 'brand', request.locale, 'offersOnOtherBrand');
    }
    await tx.execute(
      sql`UPDATE promotions SET brand_id = ${brandId}, name = ${input.name},
            promotion_type = ${input.promotionType}, type = ${input.type},
            title = ${storedText(input.title)}::jsonb, description = ${storedText(input.description)}::jsonb,
            is_active = ${input.active}, ${periodSets(input.validFrom, input.validTo)}
          WHERE id = ${id}`,
    );
  });
}

export async function switchOffPromotion(db: Database, request: FastifyRequest, id: number) {
  return changing(db, request, id, 'promotions.switch-off', async (tx) => {
    await tx.execute(sql`UPDATE promotions SET is_active = false WHERE id = ${id}`);
  });
}

/** The offers in their new order: those left out are removed, new ones added at their place. */
export async function setPromotionOffers(
  db: Database,
  request: FastifyRequest,
  id: number,
  offerIds: number[],
) {
  return changing(db, request, id, 'promotions.offers', async (tx, row) => {
    await checkOffers(tx, offerIds, row.brand_id, 'offerIds', request.locale);
    await tx.execute(sql`DELETE FROM promotion_offers WHERE promotion_id = ${id}`);
    if (offerIds.length === 0) return;
    await tx.execute(
      sql`INSERT INTO promotion_offers (promotion_id, offer_id, position)
          SELECT ${id}, offer_id, position::smallint - 1
          FROM unnest(${sql.param(offerIds)}::int[]) WITH ORDINALITY AS o(offer_id, position)`,
    );
  });
}
