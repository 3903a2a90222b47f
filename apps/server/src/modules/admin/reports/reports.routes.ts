import {
  type RedeemedReport,
  type RevenueReport,
  redeemedReportQuery,
  redeemedReportSchema,
  revenueReportQuery,
  revenueReportSchema,
  searchMissesQuery,
  searchMissesSchema,
  topOffersQuery,
  topOffersSchema,
} from '@shop/contracts/admin-reports';
import type { Locale } from '@shop/contracts/locale';
import { problemSchema } from '@shop/contracts/problem';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client.ts';
import { searchMisses } from '#src/modules/search/search-misses.ts';
import { brandsInScope } from '../brand-scope.ts';
import { csvAmount, csvLine, sendCsv } from '../csv.ts';
import { type ReportScope, redeemedReport, revenueReport, topOffers } from './sales-report.ts';

const tags = ['admin'];
const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };
// What the shop sold: for those who answer for the brands (issue 26), not for support.
const managers = { roles: ['operator', 'brand-manager'] } as const;

const scopeOf = async (
  db: Database,
  request: FastifyRequest,
  query: { brand?: string | undefined; from: string; to: string },
): Promise<ReportScope> => ({
  brands: await brandsInScope(db, request, query.brand),
  from: query.from,
  to: query.to,
});

const csvHeads: Record<Locale, string[]> = {
  de: [
    'Zeitraum ab',
    'Marke',
    'Bestellungen',
    'Umsatz',
    'Gutscheine',
    'Erstattungen',
    'Erstattet',
    'Eingelöst',
  ],
  en: ['Period from', 'Brand', 'Orders', 'Revenue', 'Vouchers', 'Refunds', 'Refunded', 'Redeemed'],
  it: ['Periodo dal', 'Marchio', 'Ordini', 'Fatturato', 'Buoni', 'Rimborsi', 'Rimborsato', 'Riscattati'],
};

const redeemedCsvHeads: Record<Locale, string[]> = {
  de: ['Hotel-Nr.', 'Hotel', 'Marke', 'Eingelöst', 'Netto geschuldet', 'Ohne Nettopreis'],
  en: ['Hotel no.', 'Hotel', 'Brand', 'Redeemed', 'Net owed', 'Without net rate'],
  it: ['N. hotel', 'Hotel', 'Marchio', 'Riscattati', 'Netto dovuto', 'Senza tariffa netta'],
};

function redeemedCsv(report: RedeemedReport, locale: Locale): string {
  return (
    csvLine(redeemedCsvHeads[locale]) +
    report.hotels
      .map((row) =>
        csvLine([
          row.hotelId,
          row.hotel,
          row.brand,
          row.redeemed,
          csvAmount(row.netCents, locale),
          row.withoutRate,
        ]),
      )
      .join('')
  );
}

function revenueCsv(report: RevenueReport, locale: Locale): string {
  return (
    csvLine(csvHeads[locale]) +
    report.rows
      .map((row) =>
        csvLine([
          row.period,
          row.brand,
          row.orders,
          csvAmount(row.revenueCents, locale),
          row.vouchers,
          row.refunds,
          csvAmount(row.refundedCents, locale),
          row.redeemed,
        ]),
      )
      .join('')
  );
}

/**
 * The back office's reports (issue 26): sales per brand and period, redemptions per hotel (issue 27), top
 * offers, searches that found nothing.
 */
export function registerReportRoutes(server: FastifyInstance, deps: { db: Database }): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/reports/revenue',
    {
      config: { adminRule: managers },
      schema: {
        tags,
        summary: 'Orders, revenue, vouchers, refunds and redemptions per brand and day, week or month',
        description:
          'Days are office days (Europe/Berlin), weeks start on Monday; every period of the range for every ' +
          'brand, zeros included. Revenue is what paid orders came to, counted on the day they were paid; ' +
          'refunds on the day they were completed; redemptions at hotels on the day they were made, for the ' +
          'brand that sold the voucher, undone ones not counted. `format=csv`: the same rows as a CSV file (semicolons, ' +
          'amounts with the language’s decimal mark). At most three years.',
        querystring: revenueReportQuery,
        response: { 200: z.union([revenueReportSchema, z.string()]), ...errors },
      },
    },
    async (request, reply) => {
      const { interval, format } = request.query;
      const report = await revenueReport(deps.db, await scopeOf(deps.db, request, request.query), interval);
      if (format === 'json') return report;
      return sendCsv(
        reply,
        `revenue-${report.from}-${report.to}-${interval}.csv`,
        revenueCsv(report, request.locale),
      );
    },
  );

  app.get(
    '/api/admin/reports/redeemed',
    {
      config: { adminRule: managers },
      schema: {
        tags,
        summary: 'Vouchers redeemed at hotels in a range of days, per hotel and brand, with the net owed',
        description:
          'Redemptions made in the range (office days), undone ones not counted, per hotel and the brand ' +
          'that sold the voucher, with the net the shop owes the hotel for them at the rates they were ' +
          'redeemed at. `format=csv`: the same rows as a CSV file.',
        querystring: redeemedReportQuery,
        response: { 200: z.union([redeemedReportSchema, z.string()]), ...errors },
      },
    },
    async (request, reply) => {
      const report = await redeemedReport(deps.db, await scopeOf(deps.db, request, request.query));
      if (request.query.format === 'json') return report;
      return sendCsv(reply, `redeemed-${report.from}-${report.to}.csv`, redeemedCsv(report, request.locale));
    },
  );

  app.get(
    '/api/admin/reports/top-offers',
    {
      config: { adminRule: managers },
      schema: {
        tags,
        summary: 'The ten offers that gave most vouchers in a range of days, with their revenue',
        querystring: topOffersQuery,
        response: { 200: topOffersSchema, ...errors },
      },
    },
    async (request) => topOffers(deps.db, await scopeOf(deps.db, request, request.query), request.locale),
  );

  app.get(
    '/api/admin/reports/search-misses',
    {
      config: { adminRule: managers },
      schema: {
        tags,
        summary: 'The search terms that found nothing in a range of days, most searched first',
        description:
          'No personal data: terms that look like an e-mail address or a phone number are never kept.',
        querystring: searchMissesQuery,
        response: { 200: searchMissesSchema, ...errors },
      },
    },
    async (request) => {
      const scope = await scopeOf(deps.db, request, request.query);
      return searchMisses(deps.db, {
        brandIds: scope.brands.map((brand) => brand.id),
        from: scope.from,
        to: scope.to,
      });
    },
  );
}
