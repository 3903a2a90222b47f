import { orderExportRequestSchema, orderExportSchema } from '@shop/contracts/admin';
import { idParam } from '@shop/contracts/params';
import { problemSchema } from '@shop/contracts/problem';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import type { JobQueue } from '#src/modules/jobs/job-queue.ts';
import { staffOf } from '../admin-access.ts';
import { sendCsv } from '../csv.ts';
import { findOrderExport, orderExportFile, requestOrderExport } from './order-exports.ts';

const tags = ['admin'];
const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };
// A file of every customer's name and address: for those who answer for the brands, not for support.
const managers = { roles: ['operator', 'brand-manager'] } as const;
const exportParams = z.object({ exportId: idParam });
const notFound = () => new HttpProblem(404, 'not-found', 'export');

export function registerOrderExportRoutes(
  server: FastifyInstance,
  deps: { db: Database; jobs: Pick<JobQueue, 'enqueue'> },
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/admin/order-exports',
    {
      config: { adminRule: managers },
      schema: {
        tags,
        summary:
          'Export the orders a search and its filters find as CSV: a job writes it, this answers at once',
        description:
          'Answers 202 with the export, `queued`; `GET /api/admin/order-exports/{exportId}` shows its progress, ' +
          'and once `done` its `fileUrl` serves the file. More than 100,000 orders: 422.',
        body: orderExportRequestSchema,
        response: { 202: orderExportSchema, 422: problemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await requestOrderExport(
        deps,
        { staff: staffOf(request), address: request.ip, locale: request.locale },
        request.body,
      );
      return reply.code(202).send(created);
    },
  );

  app.get(
    '/api/admin/order-exports/:exportId',
    {
      config: { adminRule: managers },
      schema: {
        tags,
        summary: 'An export’s progress (the member’s own exports only)',
        params: exportParams,
        response: { 200: orderExportSchema, ...errors },
      },
    },
    async (request) => {
      const found = await findOrderExport(deps.db, staffOf(request).member.id, request.params.exportId);
      if (!found) throw notFound();
      return found;
    },
  );

  app.get(
    '/api/admin/order-exports/:exportId/file',
    {
      config: { adminRule: managers },
      schema: {
        tags,
        summary: 'The finished export as CSV (semicolons, UTF-8 with a byte-order mark)',
        params: exportParams,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const content = await orderExportFile(deps.db, staffOf(request).member.id, request.params.exportId);
      if (content === undefined) throw notFound();
      return sendCsv(reply, `orders-${request.params.exportId}.csv`, content);
    },
  );
}
