import type { RedeemedReport, ReportInterval, RevenueReport, TopOffers } from '@shop/contracts/admin-reports';
import type { Locale } from '@shop/contracts/locale';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import { translatedSql } from '#src/db/translate.ts';

export type ReportScope = {
  /** The brands reported on (already narrowed to those the member may see). */
  brands: { id: number; short: string; name: string }[];
  from: string;
  to: string;
};

/** The scope's days as instants: from the start of `from` to the end of `to`, office time. */
const within = (column: SQL, scope: ReportScope) =>
  sql`${column} >= (${scope.from}::date)::timestamp AT TIME ZONE 'Europe/Berlin'
      AND ${column} < ((${scope.to}::date + 1)::timestamp AT TIME ZONE 'Europe/Berlin')`;
const brandIds = (scope: ReportScope) => sql.param(scope.brands.map((brand) => brand.id));
/** The period an instant falls in, as its first day (office time; weeks from Monday). */
const periodOf = (column: SQL, interval: ReportInterval) =>
  sql`date_trunc(${interval}, ${column} AT TIME ZONE 'Europe/Berlin')::date`;

type RevenueRowSql = {
  period: string;
  brand: string;
  orders: number;
  revenue_cents: string;
  vouchers: number;
  refunds: number;
  refunded_cents: string;
  redeemed: number;
};

/**
 * Orders paid, what they came to and the vouchers they gave, and refunds completed, per brand and
 * period, and vouchers redeemed at hotels (issue 27; undone redemptions not counted); every period of the
 * range for every brand, zeros where nothing happened. The paid orders
 * come from one index alone (orders_paid_report_idx, migration 0027), not from the table.
 */
export async function revenueReport(
  db: Database,
  scope: ReportScope,
  interval: ReportInterval,
): Promise<RevenueReport> {
  const rows = await queryRows<RevenueRowSql>(
    db,
    sql`WITH periods AS (
          SELECT generate_series(date_trunc(${interval}, (${scope.from}::date)::timestamp),
                   (${scope.to}::date)::timestamp, ('1 ' || ${interval})::interval)::date AS period
        ), sales AS (
          SELECT o.brand_id, ${periodOf(sql`o.paid_at`, interval)} AS period, count(*)::int AS orders,
                 sum(o.total_cents)::bigint AS revenue_cents, sum(o.voucher_count)::int AS vouchers
          FROM orders o
          WHERE o.paid_at IS NOT NULL AND ${within(sql`o.paid_at`, scope)}
            AND o.brand_id = ANY(${brandIds(scope)}::int[])
          GROUP BY 1, 2
        ), refunds AS (
          SELECT o.brand_id, ${periodOf(sql`r.refunded_at`, interval)} AS period, count(*)::int AS refunds,
                 sum(r.amount_cents)::bigint AS refunded_cents
          FROM order_refunds r JOIN orders o ON o.id = r.order_id
          WHERE r.refunded_at IS NOT NULL AND ${within(sql`r.refunded_at`, scope)}
            AND o.brand_id = ANY(${brandIds(scope)}::int[])
          GROUP BY 1, 2
        ), redeemed AS (
          SELECT o.brand_id, ${periodOf(sql`r.redeemed_at`, interval)} AS period, count(*)::int AS redeemed
          FROM voucher_redemptions r JOIN vouchers vo ON vo.id = r.voucher_id JOIN orders o ON o.id = vo.order_id
          WHERE r.undone_at IS NULL AND ${within(sql`r.redeemed_at`, scope)}
            AND o.brand_id = ANY(${brandIds(scope)}::int[])
          GROUP BY 1, 2
        )
        SELECT to_char(p.period, 'YYYY-MM-DD') AS period, b.short AS brand,
               coalesce(s.orders, 0) AS orders, coalesce(s.revenue_cents, 0) AS revenue_cents,
               coalesce(s.vouchers, 0) AS vouchers, coalesce(f.refunds, 0) AS refunds,
               coalesce(f.refunded_cents, 0) AS refunded_cents, coalesce(d.redeemed, 0) AS redeemed
        FROM periods p CROSS JOIN brands b
        LEFT JOIN sales s ON s.brand_id = b.id AND s.period = p.period
        LEFT JOIN refunds f ON f.brand_id = b.id AND f.period = p.period
        LEFT JOIN redeemed d ON d.brand_id = b.id AND d.period = p.period
        WHERE b.id = ANY(${brandIds(scope)}::int[])
        ORDER BY p.period, b.short`,
  );
  const report = rows.map((row) => ({
    period: row.period,
    brand: row.brand,
    orders: row.orders,
    revenueCents: Number(row.revenue_cents),
    vouchers: row.vouchers,
    refunds: row.refunds,
    refundedCents: Number(row.refunded_cents),
    redeemed: row.redeemed,
  }));
  const sum = (pick: (row: (typeof report)[number]) => number) =>
    report.reduce((total, row) => total + pick(row), 0);
  return {
    interval,
    from: scope.from,
    to: scope.to,
    brands: scope.brands.map(({ short, name }) => ({ short, name })),
    rows: report,
    totals: {
      orders: sum((row) => row.orders),
      revenueCents: sum((row) => row.revenueCents),
      vouchers: sum((row) => row.vouchers),
      refunds: sum((row) => row.refunds),
      refundedCents: sum((row) => row.refundedCents),
      redeemed: sum((row) => row.redeemed),
    },
  };
}

/** The ten offers that gave most vouchers in the range (then most revenue), with their titles. */
export async function topOffers(db: Database, scope: ReportScope, locale: Locale): Promise<TopOffers> {
  const rows = await queryRows<{ offer_id: number; title: string; vouchers: number; revenue_cents: string }>(
    db,
    sql`SELECT top.offer_id, ${translatedSql('f.title', locale)} AS title, top.vouchers, top.revenue_cents
        FROM (
          SELECT v.offer_id, sum(i.quantity)::int AS vouchers,
                 sum(i.quantity * i.unit_price_cents)::bigint AS revenue_cents
          FROM orders o JOIN order_items i ON i.order_id = o.id JOIN variants v ON v.id = i.variant_id
          WHERE o.paid_at IS NOT NULL AND ${within(sql`o.paid_at`, scope)}
            AND o.brand_id = ANY(${brandIds(scope)}::int[])
          GROUP BY v.offer_id
          ORDER BY vouchers DESC, revenue_cents DESC, v.offer_id
          LIMIT 10
        ) top JOIN offers f ON f.id = top.offer_id
        ORDER BY top.vouchers DESC, top.revenue_cents DESC, top.offer_id`,
  );
  return {
    offers: rows.map((row) => ({
      offerId: row.offer_id,
      title: row.title,
      vouchers: row.vouchers,
      revenueCents: Number(row.revenue_cents),
    })),
  };
}

/**
 * Vouchers redeemed at hotels in the range (undone ones not counted), per hotel and the brand that sold
 * them, with what the shop owes for them at the net rates they were redeemed at (a redemption without
 * a rate counts as none owed yet, and is counted in `withoutRate`). Most redeemed first.
 */
export async function redeemedReport(db: Database, scope: ReportScope): Promise<RedeemedReport> {
  const rows = await queryRows<{
    hotel_id: number;
    hotel: string;
    brand: string;
    redeemed: number;
    net_cents: string;
    without_rate: number;
  }>(
    db,
    sql`SELECT r.hotel_id, h.name AS hotel, b.short AS brand, count(*)::int AS redeemed,
               coalesce(sum(r.net_rate_cents), 0)::bigint AS net_cents,
               count(*) FILTER (WHERE r.net_rate_cents IS NULL)::int AS without_rate
        FROM voucher_redemptions r
        JOIN vouchers vo ON vo.id = r.voucher_id
        JOIN orders o ON o.id = vo.order_id
        JOIN brands b ON b.id = o.brand_id
        JOIN hotels h ON h.id = r.hotel_id
        WHERE r.undone_at IS NULL AND ${within(sql`r.redeemed_at`, scope)}
          AND o.brand_id = ANY(${brandIds(scope)}::int[])
        GROUP BY r.hotel_id, h.name, b.short
        ORDER BY redeemed DESC, h.name, r.hotel_id, b.short`,
  );
  const hotels = rows.map((row) => ({
    hotelId: row.hotel_id,
    hotel: row.hotel,
    brand: row.brand,
    redeemed: row.redeemed,
    netCents: Number(row.net_cents),
    withoutRate: row.without_rate,
  }));
  return {
    from: scope.from,
    to: scope.to,
    brands: scope.brands.map(({ short, name }) => ({ short, name })),
    hotels,
    totals: {
      redeemed: hotels.reduce((sum, row) => sum + row.redeemed, 0),
      netCents: hotels.reduce((sum, row) => sum + row.netCents, 0),
      withoutRate: hotels.reduce((sum, row) => sum + row.withoutRate, 0),
    },
  };
}
