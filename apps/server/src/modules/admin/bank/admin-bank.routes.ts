import {
  assignBankEntryRequestSchema,
  bankEntryParams,
  bankEntrySchema,
  bankStatementDetailSchema,
  bankStatementListSchema,
  bankStatementSchema,
  bankStatementUploadQuery,
  handleBankEntryRequestSchema,
} from '@shop/contracts/admin';
import { idQuery } from '@shop/contracts/params';
import { problemSchema } from '@shop/contracts/problem';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpProblem } from '#src/http/problem.ts';
import { queueStatementUpload } from '#src/modules/bank/statement-records.ts';
import { staffOf } from '../admin-access.ts';
import { adminMessages } from '../admin-messages.ts';
import type { ActionContext, ActionDeps } from '../orders/admin-order-actions.ts';
import { assignEntry, findStatement, handleEntry, listStatements } from './admin-bank.ts';

const tags = ['admin'];
const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };
// The bank account is the installation's, across brands: the operator's.
const operators = { roles: ['operator'] } as const;
/** A year of a busy account's daily entries fits; anything larger is no statement of ours. */
const largestStatementBytes = 20 * 1024 * 1024;

export function registerAdminBankRoutes(server: FastifyInstance, deps: ActionDeps): void {
  const context = (request: FastifyRequest): ActionContext => ({
    staff: staffOf(request),
    address: request.ip,
    locale: request.locale,
  });

  // The upload's body is the file's XML, as the browser reads it: its own parser, in its own scope.
  server.register(async (scope) => {
    for (const type of ['application/xml', 'text/xml']) {
      scope.addContentTypeParser(
        type,
        { parseAs: 'string', bodyLimit: largestStatementBytes },
        (_request, body, done) => done(null, body),
      );
    }
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/admin/bank-statements',
      {
        config: { adminRule: operators },
        bodyLimit: largestStatementBytes,
        schema: {
          tags,
          summary: 'Upload a camt.053 statement (the XML as the body); it is stored and imported by a job',
          description:
            'Answers 202 with the statement, `queued`; `GET /api/admin/bank-statements/{id}` shows its progress ' +
            'and, once `done`, every entry with its outcome. Importing a file twice books nothing twice.',
          querystring: bankStatementUploadQuery,
          body: z.string(),
          response: { 202: bankStatementSchema, 413: problemSchema, 415: problemSchema, ...errors },
        },
      },
      async (request, reply) => {
        if (!request.body.trim())
          throw new HttpProblem(400, 'validation-error', adminMessages[request.locale].uploadEmpty);
        const staff = staffOf(request);
        const id = await deps.db.transaction((tx) =>
          queueStatementUpload(tx, deps.jobs, {
            fileName: request.query.name,
            content: request.body,
            uploadedBy: staff.member.id,
          }),
        );
        const statement = await findStatement(deps.db, id, request.locale);
        if (!statement) throw new Error(`bank statement ${id} vanished`);
        return reply.code(202).send(statement);
      },
    );
  });

  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/bank-statements',
    {
      config: { adminRule: operators },
      schema: {
        tags,
        summary: 'The statement files, newest first',
        response: { 200: bankStatementListSchema, ...errors },
      },
    },
    async (request) => ({ statements: await listStatements(deps.db, request.locale) }),
  );

  app.get(
    '/api/admin/bank-statements/:id',
    {
      config: { adminRule: operators },
      schema: {
        tags,
        summary: 'One statement file with every entry and what became of it',
        params: idQuery,
        response: { 200: bankStatementDetailSchema, ...errors },
      },
    },
    async (request) => {
      const statement = await findStatement(deps.db, request.params.id, request.locale);
      if (!statement) throw new HttpProblem(404, 'not-found', 'bank statement');
      return statement;
    },
  );

  app.post(
    '/api/admin/bank-entries/:entryId/assign',
    {
      config: { adminRule: operators },
      schema: {
        tags,
        summary:
          'Assign an unmatched or underpaid credit to an open bank transfer by hand: the order is paid',
        params: bankEntryParams,
        body: assignBankEntryRequestSchema,
        response: { 200: bankEntrySchema, 409: problemSchema, ...errors },
      },
    },
    async (request) => assignEntry(deps, context(request), request.params.entryId, request.body),
  );

  app.post(
    '/api/admin/bank-entries/:entryId/handle',
    {
      config: { adminRule: operators },
      schema: {
        tags,
        summary: 'Mark an entry handled, with a note on why nothing is to be booked',
        params: bankEntryParams,
        body: handleBankEntryRequestSchema,
        response: { 200: bankEntrySchema, 409: problemSchema, ...errors },
      },
    },
    async (request) => handleEntry(deps, context(request), request.params.entryId, request.body),
  );
}
