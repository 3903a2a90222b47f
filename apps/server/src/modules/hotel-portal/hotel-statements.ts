/**
 * The hotel's statement (issue 27): per hotel and calendar month (Europe/Berlin), every redemption in
 * force at the net rate it was redeemed at; the operator pays it once the month is over, which freezes
 * its total and its redemptions (none of them can be undone from then on). And the breakage: vouchers
 * that expired unredeemed, which no hotel is paid for.
 */
import type { breakageSchema, HotelStatement, statementListSchema } from '@shop/contracts/hotel-portal';
import type { Locale } from '@shop/contracts/locale';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, queryRows } from '#src/db/client.ts';
import { translatedSql } from '#src/db/translate.ts';
import { HttpProblem } from '#src/http/problem.ts';
import type { Actor } from '#src/modules/admin/audit/audit-trail.ts';
import { recordAudit } from '#src/modules/admin/audit/audit-trail.ts';
import type { GuestData } from '#src/modules/vouchers/vouchers.repository.ts';
import { guestNameOf } from './hotel-desk.ts';
import { hotelPortalMessages } from './hotel-portal-messages.ts';

const zone = 'Europe/Berlin';
/** The month's first and next month's first moment, as timestamps of the shop's zone. */
const monthStart = (month: string) => sql`((${`${month}-01`})::date::timestamp AT TIME ZONE ${zone})`;
const monthEnd = (month: string) =>
  sql`(((${`${month}-01`})::date + interval '1 month')::timestamp AT TIME ZONE ${zone})`;

type LineRow = {
  id: number;
  code: string;
  guest_data: GuestData | null;
  offer_title: string;
  nights: number;
  persons: number;
  arrival: string;
  departure: string;
  booking_reference: string | null;
  redeemed_at: Date | string;
  net_rate_cents: number | null;
  refunded_later: boolean;
};

/** The hotel's name, or null for a hotel that does not exist. */
async function hotelName(db: Database, hotelId: number): Promise<string | null> {
  const [row] = await queryRows<{ name: string }>(db, sql`SELECT name FROM hotels WHERE id = ${hotelId}`);
  return row?.name ?? null;
}

function lineRows(db: Database, hotelId: number, month: string, locale: Locale, lock = false) {
  return queryRows<LineRow>(
    db,
    sql`SELECT r.id, vo.code, vo.guest_data, ${translatedSql('o.title', locale)} AS offer_title, v.nights,
          v.persons, r.arrival::text AS arrival, r.departure::text AS departure, r.booking_reference,
          r.redeemed_at, r.net_rate_cents,
          EXISTS (SELECT 1 FROM order_refunds f WHERE f.order_id = vo.order_id AND vo.id = ANY(f.voucher_ids))
            AS refunded_later
        FROM voucher_redemptions r
        JOIN vouchers vo ON vo.id = r.voucher_id
        JOIN order_items i ON i.id = vo.order_item_id
        JOIN variants v ON v.id = i.variant_id
        JOIN offers o ON o.id = v.offer_id
        WHERE r.hotel_id = ${hotelId} AND r.undone_at IS NULL
          AND r.redeemed_at >= ${monthStart(month)} AND r.redeemed_at < ${monthEnd(month)}
        ORDER BY r.redeemed_at, r.id
        ${lock ? sql`FOR UPDATE OF r` : sql``}`,
  );
}

const totalsOf = (rows: LineRow[]) => ({
  totalCents: rows.reduce((sum, row) => sum + (row.net_rate_cents ?? 0), 0),
  missingRates: rows.filter((row) => row.net_rate_cents === null).length,
});

async function isMonthOver(db: Database, month: string): Promise<boolean> {
  const [row] = await queryRows<{ over: boolean }>(db, sql`SELECT now() >= ${monthEnd(month)} AS over`);
  return row?.over ?? false;
}

/** The statement of one hotel and month; null for an unknown hotel. */
export async function readStatement(
  db: Database,
  hotelId: number,
  month: string,
  locale: Locale,
): Promise<HotelStatement | null> {
  const name = await hotelName(db, hotelId);
  if (name === null) return null;
  const [rows, closed, [paid]] = await Promise.all([
    lineRows(db, hotelId, month, locale),
    isMonthOver(db, month),
    queryRows<{ paid_at: Date | string; total_cents: number; redemptions: number }>(
      db,
      sql`SELECT paid_at, total_cents, redemptions FROM hotel_statements
          WHERE hotel_id = ${hotelId} AND month = ${`${month}-01`}::date`,
    ),
  ]);
  return {
    hotel: { id: hotelId, name },
    month,
    lines: rows.map((row) => ({
      redemptionId: row.id,
      code: row.code,
      guestName: guestNameOf(row.guest_data),
      offerTitle: row.offer_title,
      nights: row.nights,
      persons: row.persons,
      arrival: row.arrival,
      departure: row.departure,
      bookingReference: row.booking_reference,
      redeemedAt: new Date(row.redeemed_at).toISOString(),
      netRateCents: row.net_rate_cents,
      refundedLater: row.refunded_later,
    })),
    ...totalsOf(rows),
    isClosed: closed,
    paid: paid
      ? {
          at: new Date(paid.paid_at).toISOString(),
          totalCents: paid.total_cents,
          redemptions: paid.redemptions,
        }
      : null,
  };
}

/** Every hotel with a redemption in the month (or a paid statement for it), by name. */
export async function listStatements(
  db: Database,
  month: string,
): Promise<z.infer<typeof statementListSchema>> {
  const rows = await queryRows<{
    id: number;
    name: string;
    redemptions: number;
    total_cents: number;
    missing_rates: number;
    paid_at: Date | string | null;
  }>(
    db,
    sql`WITH month_lines AS (
          SELECT r.hotel_id, count(*)::int AS redemptions, coalesce(sum(r.net_rate_cents), 0)::int AS total_cents,
            (count(*) FILTER (WHERE r.net_rate_cents IS NULL))::int AS missing_rates
          FROM voucher_redemptions r
          WHERE r.undone_at IS NULL AND r.redeemed_at >= ${monthStart(month)} AND r.redeemed_at < ${monthEnd(month)}
          GROUP BY r.hotel_id),
        paid AS (SELECT hotel_id, paid_at FROM hotel_statements WHERE month = ${`${month}-01`}::date)
        SELECT h.id, h.name, coalesce(m.redemptions, 0) AS redemptions, coalesce(m.total_cents, 0) AS total_cents,
          coalesce(m.missing_rates, 0) AS missing_rates, p.paid_at
        FROM hotels h LEFT JOIN month_lines m ON m.hotel_id = h.id LEFT JOIN paid p ON p.hotel_id = h.id
        WHERE m.hotel_id IS NOT NULL OR p.hotel_id IS NOT NULL
        ORDER BY h.name, h.id`,
  );
  return {
    month,
    statements: rows.map((row) => ({
      hotel: { id: row.id, name: row.name },
      redemptions: row.redemptions,
      totalCents: row.total_cents,
      missingRates: row.missing_rates,
      paidAt: row.paid_at === null ? null : new Date(row.paid_at).toISOString(),
    })),
  };
}

/**
 * The operator pays a month's statement: only once the month is over, with a net rate on every line,
 * and once. Its redemptions are locked while it is totalled, so an undo at the same moment either
 * comes first (and is not paid) or is refused.
 */
export async function markStatementPaid(
  db: Database,
  actor: Actor,
  hotelId: number,
  month: string,
  note: string | null,
  locale: Locale,
): Promise<boolean> {
  const t = hotelPortalMessages[locale];
  return db.transaction(async (tx) => {
    if ((await hotelName(tx, hotelId)) === null) return false;
    if (!(await isMonthOver(tx, month))) throw new HttpProblem(409, 'statement-not-payable', t.monthNotOver);
    const rows = await lineRows(tx, hotelId, month, locale, true);
    const { totalCents, missingRates } = totalsOf(rows);
    if (missingRates > 0) throw new HttpProblem(409, 'statement-not-payable', t.ratesMissing(missingRates));
    const [statement] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO hotel_statements (hotel_id, month, total_cents, redemptions, paid_by, note)
          VALUES (${hotelId}, ${`${month}-01`}::date, ${totalCents}, ${rows.length}, ${actor.staff.member.id}, ${note})
          ON CONFLICT (hotel_id, month) DO NOTHING RETURNING id`,
    );
    if (!statement) throw new HttpProblem(409, 'statement-not-payable', t.statementAlreadyPaid);
    if (rows.length > 0) {
      await tx.execute(
        sql`UPDATE voucher_redemptions SET statement_id = ${statement.id}
            WHERE id = ANY(${sql.param(rows.map((row) => row.id))}::int[])`,
      );
    }
    await recordAudit(tx, actor, {
      action: 'hotel.statement-paid',
      subject: `hotel:${hotelId}`,
      after: { month, totalCents, redemptions: rows.length },
      note,
    });
    return true;
  });
}

/** Vouchers whose validity ended between the two days (and before now) without a redemption or a refund. */
export async function listBreakage(
  db: Database,
  range: { from: string; to: string },
  locale: Locale,
): Promise<z.infer<typeof breakageSchema>> {
  const rows = await queryRows<{
    code: string;
    order_id: number;
    hotel_id: number;
    hotel_name: string;
    offer_title: string;
    valid_until: Date | string;
    paid_cents: number;
  }>(
    db,
    sql`SELECT vo.code, vo.order_id, h.id AS hotel_id, h.name AS hotel_name,
          ${translatedSql('o.title', locale)} AS offer_title, vo.valid_until, i.unit_price_cents AS paid_cents
        FROM vouchers vo
        JOIN order_items i ON i.id = vo.order_item_id
        JOIN variants v ON v.id = i.variant_id
        JOIN offers o ON o.id = v.offer_id
        JOIN hotels h ON h.id = o.hotel_id
        WHERE vo.valid_until >= (${range.from}::date::timestamp AT TIME ZONE ${zone})
          AND vo.valid_until < ((${range.to}::date + 1)::timestamp AT TIME ZONE ${zone})
          AND vo.valid_until < now() AND vo.voided_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM voucher_redemptions r WHERE r.voucher_id = vo.id AND r.undone_at IS NULL)
        ORDER BY vo.valid_until, vo.id
        LIMIT 100000`,
  );
  return {
    vouchers: rows.map((row) => ({
      code: row.code,
      orderId: row.order_id,
      hotel: { id: row.hotel_id, name: row.hotel_name },
      offerTitle: row.offer_title,
      validUntil: new Date(row.valid_until).toISOString(),
      paidCents: row.paid_cents,
    })),
    totalCents: rows.reduce((sum, row) => sum + row.paid_cents, 0),
  };
}
