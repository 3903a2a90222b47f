/** The SQL of the hotel's side: a voucher as a desk sees it, and its redemptions. */
import type { Locale } from '@shop/contracts/locale';
import { sql } from 'drizzle-orm';
import { type Database, queryRows, withDates } from '#src/db/client.ts';
import { translatedSql } from '#src/db/translate.ts';
import type { GuestData } from '#src/modules/vouchers/vouchers.repository.ts';

export type RedemptionRow = {
  id: number;
  voucher_id: number;
  hotel_id: number;
  arrival: string;
  departure: string;
  booking_reference: string | null;
  nights_note: string | null;
  net_rate_cents: number | null;
  redeemed_by_name: string;
  idempotency_key: string | null;
  redeemed_at: Date;
  undone_at: Date | null;
  undone_by_name: string | null;
  statement_id: number | null;
};

/** A voucher with what its hotel's desk needs to decide, and the redemption in force if any. */
export type DeskVoucherRow = {
  id: number;
  order_id: number;
  code: string;
  guest_data: GuestData | null;
  valid_until: Date;
  voided_at: Date | null;
  hotel_id: number;
  hotel_name: string;
  offer_title: string;
  nights: number;
  persons: number;
  board: string | null;
  net_rate_cents: number | null;
  /** Part of a refund (else, when void, it was cancelled). */
  refunded: boolean;
  /** Paid through the payments simulator: a specimen. */
  sandbox_paid: boolean;
  redemption: RedemptionRow | null;
};

const redemptionColumns = sql`id, voucher_id, hotel_id, arrival::text AS arrival, departure::text AS departure,
  booking_reference, nights_note, net_rate_cents, redeemed_by_name, idempotency_key, redeemed_at, undone_at,
  undone_by_name, statement_id`;

/** A redemption row's times as dates (json_agg and pg hand some over as text). */
const dated = <Row extends { redeemed_at: Date; undone_at: Date | null }>(row: Row): Row =>
  withDates(row, ['redeemed_at', 'undone_at']) as Row;

/**
 * Locks the voucher's row for the caller's transaction, so that two desks redeeming it at once take
 * turns. Its own statement: the read after it takes a new snapshot (READ COMMITTED), in which the
 * first desk's redemption is visible to the second.
 */
export async function lockVoucher(db: Database, code: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM vouchers WHERE code = ${code} FOR UPDATE`,
  );
  return rows.length === 1;
}

/** The voucher of this code with what a desk sees of it. */
export async function findDeskVoucher(
  db: Database,
  code: string,
  locale: Locale,
): Promise<DeskVoucherRow | null> {
  const [row] = await queryRows<DeskVoucherRow>(
    db,
    sql`SELECT vo.id, vo.order_id, vo.code, vo.guest_data, vo.valid_until, vo.voided_at, o.hotel_id,
          h.name AS hotel_name, ${translatedSql('o.title', locale)} AS offer_title, v.nights, v.persons,
          ${translatedSql('b.name', locale)} AS board, v.net_rate_cents,
          EXISTS (SELECT 1 FROM order_refunds r WHERE r.order_id = vo.order_id AND vo.id = ANY(r.voucher_ids))
            AS refunded,
          EXISTS (SELECT 1 FROM payments p JOIN sandbox_payments sp ON sp.id = p.provider_reference
            WHERE p.order_id = vo.order_id AND p.status IN ('captured', 'refund-pending', 'refunded'))
            AS sandbox_paid,
          (SELECT row_to_json(r) FROM (SELECT ${redemptionColumns} FROM voucher_redemptions
            WHERE voucher_id = vo.id AND undone_at IS NULL) r) AS redemption
        FROM vouchers vo
        JOIN order_items i ON i.id = vo.order_item_id
        JOIN variants v ON v.id = i.variant_id
        JOIN offers o ON o.id = v.offer_id
        JOIN hotels h ON h.id = o.hotel_id
        LEFT JOIN boards b ON b.code = o.board_code
        WHERE vo.code = ${code}`,
  );
  if (!row) return null;
  const voucher = withDates(row, ['valid_until', 'voided_at']) as DeskVoucherRow;
  return { ...voucher, redemption: voucher.redemption && dated(voucher.redemption) };
}

export async function findRedemptionByIdempotencyKey(
  db: Database,
  hotelId: number,
  key: string,
): Promise<RedemptionRow | null> {
  const [row] = await queryRows<RedemptionRow>(
    db,
    sql`SELECT ${redemptionColumns} FROM voucher_redemptions
        WHERE hotel_id = ${hotelId} AND idempotency_key = ${key}`,
  );
  return row ? dated(row) : null;
}

export async function insertRedemption(
  db: Database,
  redemption: {
    voucherId: number;
    hotelId: number;
    arrival: string;
    departure: string;
    bookingReference: string | null;
    nightsNote: string | null;
    netRateCents: number | null;
    staffId: string | null;
    apiKeyId: number | null;
    redeemedByName: string;
    idempotencyKey: string | null;
  },
): Promise<RedemptionRow> {
  const [row] = await queryRows<RedemptionRow>(
    db,
    sql`INSERT INTO voucher_redemptions (voucher_id, hotel_id, arrival, departure, booking_reference,
          nights_note, net_rate_cents, staff_id, api_key_id, redeemed_by_name, idempotency_key)
        VALUES (${redemption.voucherId}, ${redemption.hotelId}, ${redemption.arrival}, ${redemption.departure},
          ${redemption.bookingReference}, ${redemption.nightsNote}, ${redemption.netRateCents},
          ${redemption.staffId}, ${redemption.apiKeyId}, ${redemption.redeemedByName},
          ${redemption.idempotencyKey})
        RETURNING ${redemptionColumns}`,
  );
  return dated(row as RedemptionRow);
}

/**
 * The redemption at one of these hotels (null: any), locked for the caller's transaction, with its
 * voucher's order and code.
 */
export async function lockRedemption(
  db: Database,
  redemptionId: number,
  hotelIds: number[] | null,
): Promise<(RedemptionRow & { order_id: number; code: string }) | null> {
  const [row] = await queryRows<RedemptionRow & { order_id: number; code: string }>(
    db,
    sql`SELECT r.id, r.voucher_id, r.hotel_id, r.arrival::text AS arrival,
          r.departure::text AS departure, r.booking_reference, r.nights_note, r.net_rate_cents,
          r.redeemed_by_name, r.idempotency_key, r.redeemed_at, r.undone_at, r.undone_by_name, r.statement_id,
          vo.order_id, vo.code
        FROM voucher_redemptions r JOIN vouchers vo ON vo.id = r.voucher_id
        WHERE r.id = ${redemptionId}
          ${hotelIds === null ? sql`` : sql`AND r.hotel_id = ANY(${sql.param(hotelIds)}::int[])`}
        FOR UPDATE OF r`,
  );
  return row ? dated(row) : null;
}

export async function markUndone(
  db: Database,
  redemptionId: number,
  by: string,
  note: string | null,
): Promise<RedemptionRow> {
  const [row] = await queryRows<RedemptionRow>(
    db,
    sql`UPDATE voucher_redemptions SET undone_at = now(), undone_by_name = ${by}, undo_note = ${note}
        WHERE id = ${redemptionId} RETURNING ${redemptionColumns}`,
  );
  return dated(row as RedemptionRow);
}

export type RecentRedemptionRow = RedemptionRow & { code: string; guest_data: GuestData | null };

/** The redemptions of the last `days` days at these hotels (null: every hotel), newest first. */
export async function recentRedemptions(
  db: Database,
  hotelIds: number[] | null,
  days: number,
): Promise<RecentRedemptionRow[]> {
  const rows = await queryRows<RecentRedemptionRow>(
    db,
    sql`SELECT r.id, r.voucher_id, r.hotel_id, r.arrival::text AS arrival, r.departure::text AS departure,
          r.booking_reference, r.nights_note, r.net_rate_cents, r.redeemed_by_name, r.idempotency_key,
          r.redeemed_at, r.undone_at, r.undone_by_name, r.statement_id, vo.code, vo.guest_data
        FROM voucher_redemptions r JOIN vouchers vo ON vo.id = r.voucher_id
        WHERE r.redeemed_at > now() - make_interval(days => ${days})
          ${hotelIds === null ? sql`` : sql`AND r.hotel_id = ANY(${sql.param(hotelIds)}::int[])`}
        ORDER BY r.redeemed_at DESC, r.id DESC LIMIT 50`,
  );
  return rows.map(dated);
}

export function hotelsNamed(
  db: Database,
  hotelIds: number[] | null,
): Promise<{ id: number; name: string }[]> {
  return queryRows<{ id: number; name: string }>(
    db,
    hotelIds === null
      ? sql`SELECT id, name FROM hotels ORDER BY name, id LIMIT 200`
      : sql`SELECT id, name FROM hotels WHERE id = ANY(${sql.param(hotelIds)}::int[]) ORDER BY name, id`,
  );
}
