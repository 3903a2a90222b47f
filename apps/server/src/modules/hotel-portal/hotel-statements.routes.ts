/**
 * The hotel's statement (issue 27): a hotel's desk reads its own houses' (JSON, CSV, PDF); the operator
 * lists every hotel's for a month, pays one, and lists the breakage.
 */
import {
  breakageQuery,
  breakageSchema,
  hotelStatementSchema,
  markStatementPaidRequestSchema,
  statementListQuery,
  statementListSchema,
  statementParams,
  statementQuery,
} from '@shop/contracts/hotel-portal';
import { problemSchema } from '@shop/contracts/problem';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import { staffOf } from '#src/modules/admin/admin-access.ts';
import { csvAmount, csvLine, sendCsv } from '#src/modules/admin/csv.ts';
import type { BrandLogos } from '#src/modules/brands/brand-logo.ts';
import { sellerFooterLines, sellerOf } from '#src/modules/brands/seller.ts';
import { deskOf } from './hotel-desk.ts';
import { listBreakage, listStatements, markStatementPaid, readStatement } from './hotel-statements.ts';
import { berlinDay, renderStatementPdf, statementCsv } from './statement-documents.ts';

const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };
const operators = { roles: ['operator'] } as const;
const desks = { roles: ['hotel', 'operator'], hotelKeys: true } as const;

export function registerHotelStatementRoutes(
  server: FastifyInstance,
  deps: { db: Database; brandLogos: BrandLogos },
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const notFound = () => new HttpProblem(404, 'not-found', 'statement');

  app.get(
    '/api/hotel-portal/statements/:hotelId/:month',
    {
      config: { adminRule: desks },
      schema: {
        tags: ['hotel-portal'],
        summary:
          'A hotel’s statement for a month: its redemptions at their net rates, the total, paid or not',
        description: '`format=csv` for accounting, `format=pdf` to file; JSON otherwise.',
        security: [{ hotelKey: [] }, { staffSession: [] }],
        params: statementParams,
        querystring: statementQuery,
        response: { 200: z.union([hotelStatementSchema, z.string(), z.any()]), ...errors },
      },
    },
    async (request, reply) => {
      const { hotelId, month } = request.params;
      const desk = deskOf(request);
      // Another hotel's statement is not found, never forbidden: its existence says nothing.
      if (desk.hotelIds !== null && !desk.hotelIds.includes(hotelId)) throw notFound();
      const statement = await readStatement(deps.db, hotelId, month, request.locale);
      if (!statement) throw notFound();
      reply.header('cache-control', 'no-store');
      const fileName = `statement-${hotelId}-${month}`;
      if (request.query.format === 'csv')
        return sendCsv(reply, `${fileName}.csv`, statementCsv(statement, request.locale));
      if (request.query.format === 'pdf') {
        const config = await request.server.brandConfig(request.brand.short).catch(() => null);
        const pdf = renderStatementPdf(
          statement,
          request.locale,
          {
            name: config?.company ?? request.brand.name,
            logoPng: config ? await deps.brandLogos.png(config.logo) : null,
            footer: config ? sellerFooterLines(sellerOf(config), request.locale) : [],
          },
          new Date(statement.paid?.at ?? Date.now()),
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}.pdf"`)
          .send(pdf);
      }
      return statement;
    },
  );

  app.get(
    '/api/admin/hotel-statements',
    {
      config: { adminRule: operators },
      schema: {
        tags: ['admin'],
        summary: 'Every hotel’s statement of a month: redemptions, total, net rates missing, paid',
        querystring: statementListQuery,
        response: { 200: statementListSchema, ...errors },
      },
    },
    async (request) => listStatements(deps.db, request.query.month),
  );

  app.post(
    '/api/admin/hotel-statements/:hotelId/:month/paid',
    {
      config: { adminRule: operators },
      schema: {
        tags: ['admin'],
        summary: 'Mark a month’s statement paid: its total and redemptions are frozen (no undo from then on)',
        params: statementParams,
        body: markStatementPaidRequestSchema,
        response: { 200: hotelStatementSchema, 409: problemSchema, ...errors },
      },
    },
    async (request) => {
      const { hotelId, month } = request.params;
      const actor = { staff: staffOf(request), address: request.ip };
      const done = await markStatementPaid(
        deps.db,
        actor,
        hotelId,
        month,
        request.body.note ?? null,
        request.locale,
      );
      const statement = done ? await readStatement(deps.db, hotelId, month, request.locale) : null;
      if (!statement) throw notFound();
      return statement;
    },
  );

  app.get(
    '/api/admin/breakage',
    {
      config: { adminRule: operators },
      schema: {
        tags: ['admin'],
        summary: 'Vouchers that expired unredeemed between two days: never paid out to a hotel',
        querystring: breakageQuery,
        response: { 200: z.union([breakageSchema, z.string()]), ...errors },
      },
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      const breakage = await listBreakage(deps.db, { from, to }, request.locale);
      if (format !== 'csv') return breakage;
      const heads = breakageHeads(request);
      const content =
        csvLine(heads) +
        breakage.vouchers
          .map((voucher) =>
            csvLine([
              voucher.code,
              voucher.orderId,
              voucher.hotel.name,
              voucher.offerTitle,
              berlinDay(voucher.validUntil),
              csvAmount(voucher.paidCents, request.locale),
            ]),
          )
          .join('');
      return sendCsv(reply, `breakage-${from}-${to}.csv`, content);
    },
  );
}

const breakageHeads = (request: FastifyRequest) =>
  ({
    de: ['Code', 'Bestellung', 'Hotel', 'Angebot', 'Gültig bis', 'Bezahlt (EUR)'],
    en: ['Code', 'Order', 'Hotel', 'Offer', 'Valid until', 'Paid (EUR)'],
    it: ['Codice', 'Ordine', 'Hotel', 'Offerta', 'Valido fino al', 'Pagato (EUR)'],
  })[request.locale];
