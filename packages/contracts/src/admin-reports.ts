/**
 * The back office's reports (issue 26): sales, vouchers, refunds and redemptions (issue 27) per brand
 * and period, redemptions per hotel, the offers that sold most, and the search terms that found nothing.
 * Operators see every brand, brand managers theirs; days are the operators' office days (Europe/Berlin), weeks start on Monday.
 */
import { z } from 'zod';
import { isCalendarDate, isoDate } from './admin.ts';
import { messageKeys } from './message-keys.ts';
import { text } from './text.ts';

export const reportIntervals = ['day', 'week', 'month'] as const;
export type ReportInterval = (typeof reportIntervals)[number];

/** A report covers at most three years: a day report of that length is about 1,100 rows per brand. */
export const reportLongestDays = 3 * 366;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

const reportPeriod = z.object({
  /** One brand's short name; without it every brand the member sees. */
  brand: text().max(40).optional(),
  from: isoDate,
  to: isoDate,
});

const isValidRange = ({ from, to }: { from: string; to: string }) =>
  isCalendarDate(from) &&
  isCalendarDate(to) &&
  dayNumber(from) <= dayNumber(to) &&
  dayNumber(to) - dayNumber(from) < reportLongestDays;
const rangeRule = { message: messageKeys.reportRange, path: ['to'] };

export const revenueReportQuery = reportPeriod
  .extend({
    interval: z.enum(reportIntervals).default('day'),
    /** `csv`: the same rows as a spreadsheet file. */
    format: z.enum(['json', 'csv']).default('json'),
  })
  .refine(isValidRange, rangeRule);
export type RevenueReportQuery = z.input<typeof revenueReportQuery>;

const count = z.number().int().min(0);
const cents = z.number().int();

export const revenueRowSchema = z.object({
  /** The period's first day (a Monday for weeks, the 1st for months). */
  period: isoDate,
  brand: text(),
  /** Orders paid in the period and what they came to (gift cards and codes taken off). */
  orders: count,
  revenueCents: cents,
  /** Vouchers those orders gave. */
  vouchers: count,
  /** Refunds completed in the period (whenever the order was paid) and their amount. */
  refunds: count,
  refundedCents: cents,
  /** Vouchers of the brand redeemed at hotels in the period (issue 27), undone redemptions not counted. */
  redeemed: count,
});
export type RevenueRow = z.infer<typeof revenueRowSchema>;

const totalsSchema = revenueRowSchema.omit({ period: true, brand: true });

export const revenueReportSchema = z.object({
  interval: z.enum(reportIntervals),
  from: isoDate,
  to: isoDate,
  brands: z.array(z.object({ short: text(), name: text() })),
  /** Every period of the range for every brand in it, periods without sales as zeros; oldest first. */
  rows: z.array(revenueRowSchema),
  totals: totalsSchema,
});
export type RevenueReport = z.infer<typeof revenueReportSchema>;

export const redeemedReportQuery = reportPeriod
  .extend({ format: z.enum(['json', 'csv']).default('json') })
  .refine(isValidRange, rangeRule);
export type RedeemedReportQuery = z.input<typeof redeemedReportQuery>;

const redeemedFigures = z.object({
  redeemed: count,
  /** What the shop owes for them, at the net rates they were redeemed at. */
  netCents: cents,
  /** Of them, redeemed while their variant had no net rate (owed, but not yet priced). */
  withoutRate: count,
});

export const redeemedReportSchema = z.object({
  from: isoDate,
  to: isoDate,
  brands: z.array(z.object({ short: text(), name: text() })),
  /** One row per hotel and the brand that sold the vouchers; most redeemed first. */
  hotels: z.array(redeemedFigures.extend({ hotelId: z.number().int(), hotel: text(), brand: text() })),
  totals: redeemedFigures,
});
export type RedeemedReport = z.infer<typeof redeemedReportSchema>;

export const topOffersQuery = reportPeriod.refine(isValidRange, rangeRule);
export const topOffersSchema = z.object({
  offers: z.array(
    z.object({
      offerId: z.number().int(),
      /** In the language the call asked for. */
      title: text(),
      vouchers: count,
      revenueCents: cents,
    }),
  ),
});
export type TopOffers = z.infer<typeof topOffersSchema>;

export const searchMissesQuery = reportPeriod.refine(isValidRange, rangeRule);
export const searchMissesSchema = z.object({
  terms: z.array(z.object({ term: text(), searches: count, lastDay: isoDate })),
});
export type SearchMisses = z.infer<typeof searchMissesSchema>;
