import type { BulkVariantResult, bulkVariantChangeSchema } from '@shop/contracts/admin-catalogue';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, queryRows } from '#src/db/client.ts';
import { translatedSql } from '#src/db/translate.ts';
import { dispatchRemindersJob } from '#src/modules/reminders/reminder-dispatch.ts';
import { recordAudit } from '../audit/audit-trail.ts';
import type { CatalogueActor, CatalogueDeps } from './admin-offers.ts';
import { publishCatalogueChange } from './catalogue-changes.ts';

type BulkChange = z.output<typeof bulkVariantChangeSchema>;
const shown = 500;

type ChangeRow = BulkVariantResult['changes'][number];

/**
 * Every variant of the offers the list's filters find, with its new price and stock. A brand manager's
 * bulk change covers their brands' own offers only; those sold on every brand are counted as skipped.
 */
function targets(change: BulkChange, actor: CatalogueActor, lock: boolean): SQL {
  const { brandIds } = actor.staff;
  const like = change.query ? `%${change.query.replace(/[\\%_]/g, '\\$&')}%` : null;
  // Whole-euro prices stay whole euros (the shop writes them "€ 299,-"); never below one cent.
  const price =
    change.pricePercent === null
      ? sql`v.price_cents`
      : sql`greatest(1, CASE WHEN v.price_cents % 100 = 0
          THEN (round(v.price_cents * ${100 + change.pricePercent} / 10000.0) * 100)::int
          ELSE round(v.price_cents * ${100 + change.pricePercent} / 100.0)::int END)`;
  const stock =
    change.stockSet !== null
      ? sql`${change.stockSet}::int`
      : change.stockAdd !== null
        ? sql`greatest(0, v.stock + ${change.stockAdd})`
        : sql`v.stock`;
  return sql`SELECT v.id AS "variantId", v.offer_id AS "offerId", ${translatedSql('o.title', actor.locale)} AS title,
      v.nights, v.persons, v.price_cents AS "priceBefore", ${price} AS "priceAfter",
      v.stock AS "stockBefore", ${stock} AS "stockAfter"
    FROM variants v JOIN offers o ON o.id = v.offer_id JOIN hotels h ON h.id = o.hotel_id
      LEFT JOIN brands b ON b.id = o.brand_id
    WHERE (${brandIds === null} OR o.brand_id = ANY(${sql.param(brandIds ?? [])}::int[]))
      AND (${like === null} OR o.title::text ILIKE ${like ?? ''} OR h.name ILIKE ${like ?? ''}
           OR o.slug ILIKE ${like ?? ''} OR o.id::text = ${change.query ?? ''})
      AND (${change.brand === undefined} OR b.short = ${change.brand ?? ''})
      AND (${change.hotelId === undefined} OR o.hotel_id = ${change.hotelId ?? 0})
      AND (${change.state === undefined} OR o.is_active = ${change.state !== 'inactive'})
    ${
      // Locked in variant order, as the import locks them: two writers never wait on each other in turn.
      // NO KEY: a cart may still add the variant (its foreign key's share lock) while the change runs.
      lock ? sql`ORDER BY v.id FOR NO KEY UPDATE OF v` : sql`ORDER BY o.id DESC, v.nights, v.persons, v.id`
    }`;
}

export async function changeVariantsInBulk(
  deps: CatalogueDeps,
  actor: CatalogueActor,
  change: BulkChange,
): Promise<BulkVariantResult> {
  return deps.db.transaction(async (tx) => {
    const rows = await queryRows<ChangeRow>(tx, targets(change, actor, !change.dryRun));
    const changed = rows.filter(
      (row) => row.priceAfter !== row.priceBefore || row.stockAfter !== row.stockBefore,
    );
    const skippedOffers = await countSkipped(tx, change, actor);
    if (!change.dryRun && changed.length > 0) {
      await tx.execute(sql`UPDATE variants v SET price_cents = n.price, stock = n.stock
        FROM unnest(${sql.param(changed.map((row) => row.variantId))}::int[],
          ${sql.param(changed.map((row) => row.priceAfter))}::int[],
          ${sql.param(changed.map((row) => row.stockAfter))}::int[]) AS n(id, price, stock)
        WHERE v.id = n.id`);
      const { dryRun: _dryRun, ...filters } = change;
      await recordAudit(tx, actor, {
        action: 'variants.bulk-changed',
        subject: `${changed.length} variants`,
        before: changed.map((row) => ({
          variantId: row.variantId,
          priceCents: row.priceBefore,
          stock: row.stockBefore,
        })),
        after: {
          change: filters,
          variants: changed.map((row) => ({
            variantId: row.variantId,
            priceCents: row.priceAfter,
            stock: row.stockAfter,
          })),
        },
      });
      if (changed.some((row) => row.stockAfter > row.stockBefore)) {
        await deps.jobs.enqueue(tx, dispatchRemindersJob, {});
      }
      await publishCatalogueChange(tx, [], [...new Set(changed.map((row) => row.offerId))]);
    }
    return {
      dryRun: change.dryRun,
      variants: changed.length,
      skippedOffers,
      changes: changed.slice(0, shown),
    };
  });
}

/** A brand manager's filter also finds offers sold on every brand: the operator's to change. */
async function countSkipped(db: Database, change: BulkChange, actor: CatalogueActor): Promise<number> {
  if (actor.staff.brandIds === null || change.brand !== undefined) return 0;
  const like = change.query ? `%${change.query.replace(/[\\%_]/g, '\\$&')}%` : null;
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM offers o JOIN hotels h ON h.id = o.hotel_id
        WHERE o.brand_id IS NULL
          AND (${like === null} OR o.title::text ILIKE ${like ?? ''} OR h.name ILIKE ${like ?? ''}
               OR o.slug ILIKE ${like ?? ''} OR o.id::text = ${change.query ?? ''})
          AND (${change.hotelId === undefined} OR o.hotel_id = ${change.hotelId ?? 0})
          AND (${change.state === undefined} OR o.is_active = ${change.state !== 'inactive'})`,
  );
  return row?.count ?? 0;
}
