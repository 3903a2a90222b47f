import type { Locale } from '@shop/contracts/locale';
import type { VoucherUseState } from '@shop/contracts/vouchers';
import { sql } from 'drizzle-orm';
import { type Database, queryRows, withDates } from '#src/db/client.ts';
import type { BlackoutPeriod, Inclusion } from '#src/db/schema/offer-terms.ts';
import { translatedSql } from '#src/db/translate.ts';
import { newVoucherCode } from './voucher-code.ts';

export type GuestData = { firstName: string; lastName: string };

export type VoucherRow = {
  id: number;
  order_id: number;
  order_item_id: number;
  code: string;
  guest_data: GuestData | null;
  message: string | null;
  layout: 'plain' | 'gift';
  valid_until: Date;
  created_at: Date;
  printed_at: Date | null;
  /** Refunded: void from then on. */
  voided_at: Date | null;
};

/** One voucher per unit bought, valid three years from payment (SPEC §9); a repeat adds none. */
export async function createVouchers(tx: Database, orderId: number): Promise<void> {
  const items = await queryRows<{ id: number; quantity: number }>(
    tx,
    sql`SELECT id, quantity FROM order_items WHERE order_id = ${orderId}
        AND NOT EXISTS (SELECT 1 FROM vouchers WHERE order_id = ${orderId}) ORDER BY id`,
  );
  const rows = items.flatMap((item) =>
    Array.from(
      { length: item.quantity },
      () => sql`(${orderId}, ${item.id}, ${newVoucherCode()}, now() + interval '3 years')`,
    ),
  );
  if (!rows.length) return;
  // The code index is unique across all brands; a collision (55 random bits) fails the payment's
  // transaction, which is retried as a whole, rather than being papered over.
  await tx.execute(
    sql`INSERT INTO vouchers (order_id, order_item_id, code, valid_until) VALUES ${sql.join(rows, sql`, `)}`,
  );
  // Kept on the order for the sales report's index (migration 0027).
  await tx.execute(sql`UPDATE orders SET voucher_count = ${rows.length} WHERE id = ${orderId}`);
}

/**
 * A voucher's state as its buyer sees it, as columns of a query over `vouchers vo` (issue 27): `state`
 * and `used_at`, the time of the redemption in force.
 */
export const voucherUseColumns = sql`
  CASE WHEN EXISTS (SELECT 1 FROM voucher_redemptions r WHERE r.voucher_id = vo.id AND r.undone_at IS NULL)
         THEN 'used'
       WHEN vo.voided_at IS NOT NULL THEN
         CASE WHEN EXISTS (SELECT 1 FROM order_refunds f WHERE f.order_id = vo.order_id AND vo.id = ANY(f.voucher_ids))
           THEN 'refunded' ELSE 'cancelled' END
       WHEN vo.valid_until < now() THEN 'expired'
       ELSE 'valid' END AS state,
  (SELECT r.redeemed_at FROM voucher_redemptions r WHERE r.voucher_id = vo.id AND r.undone_at IS NULL) AS used_at`;

export type VoucherUse = { state: VoucherUseState; used_at: Date | string | null };

export function listVouchers(db: Database, orderId: number): Promise<(VoucherRow & VoucherUse)[]> {
  return queryRows<VoucherRow & VoucherUse>(
    db,
    sql`SELECT vo.*, ${voucherUseColumns} FROM vouchers vo WHERE vo.order_id = ${orderId} ORDER BY vo.id`,
  );
}

/** A voucher's state for an answer: the time as ISO 8601. */
export const presentVoucherUse = (use: VoucherUse) => ({
  state: use.state,
  usedAt: use.used_at === null ? null : new Date(use.used_at).toISOString(),
});

/** A voucher of this order only: another order's voucher id finds nothing. */
export async function findVoucher(
  db: Database,
  orderId: number,
  voucherId: number,
): Promise<VoucherRow | null> {
  const [voucher] = await queryRows<VoucherRow>(
    db,
    sql`SELECT * FROM vouchers WHERE id = ${voucherId} AND order_id = ${orderId}`,
  );
  return voucher ?? null;
}

/** Changes guest data, message and layout while the voucher was never printed; null when it was. */
export async function updateUnprintedVoucher(
  db: Database,
  orderId: number,
  voucherId: number,
  change: { guest: GuestData; message: string | null; layout: 'plain' | 'gift' },
): Promise<VoucherRow | null> {
  const [voucher] = await queryRows<VoucherRow>(
    db,
    sql`UPDATE vouchers SET guest_data = ${JSON.stringify(change.guest)}::jsonb, message = ${change.message},
          layout = ${change.layout}
        WHERE id = ${voucherId} AND order_id = ${orderId} AND printed_at IS NULL RETURNING *`,
  );
  return voucher ?? null;
}

/**
 * Locks the guest data of a named voucher: the first print wins, later ones keep its time. False when
 * nothing changed (printed already, no guest name, or not this order's voucher).
 */
export async function markPrinted(db: Database, orderId: number, voucherId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE vouchers SET printed_at = now()
        WHERE id = ${voucherId} AND order_id = ${orderId} AND printed_at IS NULL AND guest_data IS NOT NULL
        RETURNING id`,
  );
  return rows.length === 1;
}

/** A voucher with what is printed on it: the offer, its hotel and the stay. */
export type VoucherDetails = VoucherRow & {
  offer_title: string;
  nights: number;
  persons: number;
  board: string | null;
  hotel_name: string;
  hotel_street: string | null;
  hotel_postcode: string | null;
  hotel_city: string | null;
  hotel_country: string | null;
  hotel_phone: string | null;
  hotel_email: string | null;
  arrival_days: number[];
  min_stay_nights: number | null;
  blackout_periods: BlackoutPeriod[];
  inclusions: Inclusion[];
  paid_at: Date | null;
};

export async function findVoucherDetails(
  db: Database,
  orderId: number,
  voucherId: number,
  locale: Locale,
): Promise<VoucherDetails | null> {
  const [voucher] = await queryRows<VoucherDetails>(
    db,
    sql`SELECT vo.*, ${translatedSql('o.title', locale)} AS offer_title, v.nights, v.persons,
          ${translatedSql('b.name', locale)} AS board, h.name AS hotel_name,
          trim(concat_ws(' ', h.street, h.house_number)) AS hotel_street, h.postcode AS hotel_postcode,
          ${translatedSql('h.city', locale)} AS hotel_city, h.country_iso AS hotel_country,
          h.phone AS hotel_phone, h.email AS hotel_email, o.arrival_days, o.min_stay_nights,
          o.blackout_periods, o.inclusions, ord.paid_at
        FROM vouchers vo
        JOIN orders ord ON ord.id = vo.order_id
        JOIN order_items i ON i.id = vo.order_item_id
        JOIN variants v ON v.id = i.variant_id
        JOIN offers o ON o.id = v.offer_id
        JOIN hotels h ON h.id = o.hotel_id
        LEFT JOIN boards b ON b.code = o.board_code
        WHERE vo.id = ${voucherId} AND vo.order_id = ${orderId}`,
  );
  return withDates(voucher, ['valid_until', 'created_at', 'printed_at', 'paid_at', 'voided_at']) ?? null;
}
