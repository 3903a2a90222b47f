import type { Locale } from '@shop/contracts/locale';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import { translatedSql } from '#src/db/translate.ts';
import { isOnSale, visibleToBrand } from '#src/modules/offers/offers.repository.ts';

/**
 * "Can be bought" is what the offer page shows (offer-presenter.ts): an active offer of the brand with a
 * variant whose stock is above zero; for a reminder on one variant, that variant.
 */
const hasStockFor = (alias: string) =>
  sql.raw(`EXISTS (SELECT 1 FROM variants v WHERE v.offer_id = ${alias}.offer_id AND v.stock > 0
    AND (${alias}.variant_id IS NULL OR v.id = ${alias}.variant_id))`);

/** The offer (and variant) a visitor asks about, if the brand sells it, and whether it is on sale now. */
export async function findTarget(
  db: Database,
  target: { offerId: number; variantId: number | null },
  brandId: number,
): Promise<{ is_available: boolean } | undefined> {
  const [row] = await queryRows<{ is_available: boolean; has_variant: boolean }>(
    db,
    sql`SELECT
          EXISTS (SELECT 1 FROM variants v WHERE v.offer_id = o.id AND v.stock > 0
                  AND (${target.variantId}::int IS NULL OR v.id = ${target.variantId}::int)) AS is_available,
          (${target.variantId}::int IS NULL
            OR EXISTS (SELECT 1 FROM variants v WHERE v.id = ${target.variantId}::int AND v.offer_id = o.id))
            AS has_variant
        FROM offers o
        WHERE o.id = ${target.offerId} AND ${isOnSale('o')} AND ${visibleToBrand('o', brandId)}`,
  );
  return row?.has_variant ? { is_available: row.is_available } : undefined;
}

/** Stores a pending reminder; one already pending for the address and offer (or variant) stays as it is. */
export async function insertReminder(
  db: Database,
  reminder: { brandId: number; locale: Locale; email: string; offerId: number; variantId: number | null },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO stock_reminders (brand_id, locale, email, offer_id, variant_id)
        VALUES (${reminder.brandId}, ${reminder.locale}, ${reminder.email}, ${reminder.offerId},
                ${reminder.variantId}::int)
        ON CONFLICT (brand_id, email, offer_id, (coalesce(variant_id, 0))) WHERE notified_at IS NULL
        DO NOTHING`,
  );
}

export type DueReminder = {
  id: number;
  email: string;
  brand_id: number;
  locale: string;
  offer_id: number;
  variant_id: number | null;
};

/**
 * Marks up to `batch` pending reminders whose offer (or variant) can be bought now as notified and
 * answers them; the caller queues their mails in the same transaction. Rows another process has claimed
 * are skipped (SKIP LOCKED), and a claimed row no longer matches `notified_at IS NULL`: each reminder is
 * claimed once.
 */
export async function claimDueReminders(tx: Database, batch: number): Promise<DueReminder[]> {
  return queryRows<DueReminder>(
    tx,
    sql`UPDATE stock_reminders r SET notified_at = now()
        WHERE r.id IN (
          SELECT p.id FROM stock_reminders p
          JOIN offers o ON o.id = p.offer_id
          -- Still sold on the brand the reminder was asked on (offers.repository visibleToBrand).
          WHERE p.notified_at IS NULL AND ${isOnSale('o')} AND (o.brand_id IS NULL OR o.brand_id = p.brand_id)
            AND ${hasStockFor('p')}
          ORDER BY p.id LIMIT ${batch}
          FOR UPDATE OF p SKIP LOCKED)
        RETURNING r.id, r.email, r.brand_id, r.locale, r.offer_id, r.variant_id`,
  );
}

/** Whether releasing these orders' stock could make a pending reminder due. */
export async function hasRemindersForOrders(tx: Database, orderIds: number[]): Promise<boolean> {
  if (orderIds.length === 0) return false;
  const [row] = await queryRows<{ found: boolean }>(
    tx,
    sql`SELECT EXISTS (
          SELECT 1 FROM order_items i
          JOIN variants v ON v.id = i.variant_id
          JOIN stock_reminders r ON r.offer_id = v.offer_id AND r.notified_at IS NULL
          WHERE i.order_id = ANY(${sql.param(orderIds)}::int[])) AS found`,
  );
  return row?.found ?? false;
}

export type ReminderOffer = { title: string; slug: string; hotel_slug: string };

/** What the mail names and links: the offer's title in `locale`, its address. */
export async function findReminderOffer(
  db: Database,
  offerId: number,
  locale: Locale,
): Promise<ReminderOffer | undefined> {
  const [row] = await queryRows<ReminderOffer>(
    db,
    sql`SELECT ${translatedSql('o.title', locale)} AS title, o.slug, h.slug AS hotel_slug
        FROM offers o JOIN hotels h ON h.id = o.hotel_id
        WHERE o.id = ${offerId}`,
  );
  return row;
}
