import { auditListSchema, auditQuery } from '@shop/contracts/admin';
import { problemSchema } from '@shop/contracts/problem';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '#src/db/client.ts';
import { staffOf } from '../admin-access.ts';
import { auditPageSize, listAudit } from './audit-trail.ts';

export function registerAuditRoutes(server: FastifyInstance, deps: { db: Database }): void {
  server.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/audit',
    {
      config: { adminRule: { roles: ['operator', 'brand-manager'] } },
      schema: {
        tags: ['admin'],
        summary: 'The audit trail, newest first: every change by staff, with before and after',
        querystring: auditQuery,
        response: { 200: auditListSchema, 400: problemSchema, 401: problemSchema, 403: problemSchema },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const found = await listAudit(deps.db, { ...request.query, page, brandIds: staffOf(request).brandIds });
      return { ...found, page, pageSize: auditPageSize };
    },
  );
}
