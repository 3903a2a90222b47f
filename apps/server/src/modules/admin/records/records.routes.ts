import {
  type ServiceRecord,
  type ServiceRecordKind,
  serviceRecordActionParams,
  serviceRecordActionSchema,
  serviceRecordDeletedSchema,
  serviceRecordKindParams,
  serviceRecordListSchema,
  serviceRecordQuery,
  serviceRecordSchema,
} from '@shop/contracts/admin-records';
import type { Locale } from '@shop/contracts/locale';
import { problemSchema } from '@shop/contracts/problem';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import { staffOf } from '../admin-access.ts';
import { recordAudit } from '../audit/audit-trail.ts';
import { brandsInScope } from '../brand-scope.ts';
import { csvLine, sendCsv } from '../csv.ts';
import {
  allServiceRecords,
  deleteServiceRecord,
  listServiceRecords,
  unsubscribeNewsletter,
} from './service-records.ts';

const tags = ['admin'];
const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };
// Customers' addresses and their evidence: for those who answer for the brands, not for support.
const managers = { roles: ['operator', 'brand-manager'] } as const;
const notFound = () => new HttpProblem(404, 'not-found', 'record');

const csvHeads: Record<Locale, string[]> = {
  de: ['Nr.', 'Marke', 'Zeitpunkt', 'E-Mail / Besucher', 'Stand', 'Angaben'],
  en: ['No.', 'Brand', 'Time', 'E-mail / visitor', 'State', 'Details'],
  it: ['N.', 'Marchio', 'Momento', 'E-mail / visitatore', 'Stato', 'Dettagli'],
};

/** The details as one cell: `key: value` pairs (the evidence as stored). */
const detailsCell = (record: ServiceRecord) =>
  Object.entries(record.details)
    .filter(([, value]) => value !== null)
    .map(([key, value]) => `${key}: ${value}`)
    .join(' | ');

const recordsCsv = (records: ServiceRecord[], locale: Locale) =>
  csvLine(csvHeads[locale]) +
  records
    .map((record) =>
      csvLine([record.id, record.brand, record.at, record.who, record.state, detailsCell(record)]),
    )
    .join('');

/**
 * The brand services' records (issue 26): newsletter subscriptions, wishes, back-in-stock reminders and
 * consent records as lists and CSV; unsubscribe and delete on request, each in the audit trail.
 */
export function registerServiceRecordRoutes(server: FastifyInstance, deps: { db: Database }): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const actor = (request: FastifyRequest) => ({ staff: staffOf(request), address: request.ip });
  const brandIdsOf = async (request: FastifyRequest, brand?: string) =>
    (await brandsInScope(deps.db, request, brand)).map((scoped) => scoped.id);

  app.get(
    '/api/admin/records/:kind',
    {
      config: { adminRule: managers },
      schema: {
        tags,
        summary: 'Newsletter subscriptions, wishes, back-in-stock reminders or consent records, newest first',
        description:
          '`query`: an e-mail address or its start (a visitor id for consent), `state`: subscribed, requested or ' +
          'unsubscribed (newsletter), pending or notified (reminders). 50 per page; `format=csv` gives every ' +
          'record found (at most 100,000) as a file.',
        params: serviceRecordKindParams,
        querystring: serviceRecordQuery,
        response: { 200: z.union([serviceRecordListSchema, z.string()]), ...errors },
      },
    },
    async (request, reply) => {
      const { kind } = request.params;
      const { brand, query, state, page, format } = request.query;
      const filter = { brandIds: await brandIdsOf(request, brand), query, state };
      if (format === 'json') return listServiceRecords(deps.db, kind, filter, page ?? 1);
      const records = await allServiceRecords(deps.db, kind, filter);
      // A file of many people's addresses leaves the shop: who took which kind, how many, when (the
      // filter's words are not kept: they may be an address).
      await recordAudit(deps.db, actor(request), {
        action: 'records.export',
        after: { kind, brand: brand ?? null, state: state ?? null, records: records.length },
      });
      return sendCsv(reply, `${kind}.csv`, recordsCsv(records, request.locale));
    },
  );

  app.post(
    '/api/admin/records/:kind/:id/delete',
    {
      config: { adminRule: managers },
      schema: {
        tags,
        summary:
          'Delete a record on request (GDPR Art. 17), with a note; a consent record with its visitor’s others',
        description:
          'The audit trail keeps who deleted what kind of record when and why, not the address, text or visitor ' +
          'id it held.',
        params: serviceRecordActionParams,
        body: serviceRecordActionSchema,
        response: { 200: serviceRecordDeletedSchema, ...errors },
      },
    },
    async (request) => {
      const { kind, id } = request.params;
      const deleted = await deleteServiceRecord(
        deps.db,
        actor(request),
        kind as ServiceRecordKind,
        id,
        await brandIdsOf(request),
        request.body.note,
      );
      if (!deleted) throw notFound();
      return deleted;
    },
  );

  app.post(
    '/api/admin/records/newsletter/:id/unsubscribe',
    {
      config: { adminRule: managers },
      schema: {
        tags,
        summary: 'End a newsletter subscription (or a request not yet confirmed) at the subscriber’s request',
        params: z.object({ id: serviceRecordActionParams.shape.id }),
        body: serviceRecordActionSchema,
        response: { 200: serviceRecordSchema, ...errors },
      },
    },
    async (request) => {
      const record = await unsubscribeNewsletter(
        deps.db,
        actor(request),
        request.params.id,
        await brandIdsOf(request),
        request.body.note,
      );
      if (!record) throw notFound();
      return record;
    },
  );
}
