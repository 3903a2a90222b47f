import {
  catalogueExportQuery,
  catalogueImportQuery,
  catalogueImportSchema,
} from '@shop/contracts/admin-catalogue';
import { problemSchema } from '@shop/contracts/problem';
import { isSafeText } from '@shop/contracts/text';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpProblem } from '#src/http/problem.ts';
import { staffOf } from '../admin-access.ts';
import { adminMessages } from '../admin-messages.ts';
import { sendCsv } from '../csv.ts';
import type { CatalogueDeps } from './admin-offers.ts';
import { catalogueExport } from './catalogue-export.ts';
import { dryRunContent, findImport, requestImport } from './catalogue-import.ts';
import { catalogueMessages } from './catalogue-messages.ts';

const tags = ['admin'];
const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };
const readers = { roles: ['operator', 'brand-manager', 'support'] } as const;
const editors = { roles: ['operator', 'brand-manager'] } as const;
const importParams = z.object({ importId: z.coerce.number().int().min(1).max(2_147_483_647) });
/** 50,000 lines of a wide catalogue fit; anything larger is no file of ours. */
const largestFile = 30 * 1024 * 1024;

/** The catalogue as a CSV file, and a file's import with its dry run (catalogue-import.ts). */
export function registerCatalogueImportRoutes(server: FastifyInstance, deps: CatalogueDeps): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/catalogue/export',
    {
      config: { adminRule: readers },
      schema: {
        tags,
        summary: 'The offers the filters find with their variants as a CSV file (one line per variant)',
        description: 'The same columns the import reads: export, edit in a spreadsheet, import.',
        querystring: catalogueExportQuery,
        response: { 200: z.string(), 422: problemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const file = await catalogueExport(deps.db, staffOf(request), request.query);
      if (file === null)
        throw new HttpProblem(422, 'export-too-large', adminMessages[request.locale].exportTooLarge);
      return sendCsv(reply, 'catalogue.csv', file);
    },
  );

  // The file's text is the body, as the browser reads it: its own parser, in its own scope.
  server.register(async (scope) => {
    scope.addContentTypeParser(
      ['text/csv', 'text/plain', 'application/vnd.ms-excel'],
      { parseAs: 'string', bodyLimit: largestFile },
      (_request, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/admin/catalogue/imports',
      {
        config: { adminRule: editors },
        bodyLimit: largestFile,
        schema: {
          tags,
          summary: 'Check (dryRun=true, the default) or import a catalogue CSV file; a job does it',
          description:
            'Answers 202 with the import, `queued`; `GET /api/admin/catalogue/imports/{importId}` shows its progress, ' +
            'then every change (each column before and after) and every error (line, column). A file with an ' +
            'error is never written; an import is written in one transaction.',
          querystring: catalogueImportQuery,
          body: z.string(),
          response: { 202: catalogueImportSchema, 413: problemSchema, 415: problemSchema, ...errors },
        },
      },
      async (request, reply) => {
        if (!request.body.trim()) {
          throw new HttpProblem(400, 'validation-error', adminMessages[request.locale].uploadEmpty);
        }
        // A spreadsheet's own format sent by mistake: nothing a line-by-line check could report on,
        // and a NUL byte could not even be stored.
        if (!isSafeText(request.body)) {
          throw new HttpProblem(400, 'validation-error', catalogueMessages[request.locale].notACsvFile);
        }
        const started = await requestImport(deps, staffOf(request), {
          fileName: request.query.name,
          content: request.body,
          dryRun: request.query.dryRun === 'true',
          locale: request.locale,
        });
        return reply.code(202).send(started);
      },
    );
  });

  app.get(
    '/api/admin/catalogue/imports/:importId',
    {
      config: { adminRule: editors },
      schema: {
        tags,
        summary: 'One of the member’s own imports: progress, changes and errors',
        params: importParams,
        response: { 200: catalogueImportSchema, ...errors },
      },
    },
    async (request) => {
      const found = await findImport(deps.db, staffOf(request).member.id, request.params.importId);
      if (!found) throw new HttpProblem(404, 'not-found', 'import');
      return found;
    },
  );

  app.post(
    '/api/admin/catalogue/imports/:importId/apply',
    {
      config: { adminRule: editors },
      schema: {
        tags,
        summary: 'Import the file of a dry run that found no errors (checked again as it is written)',
        params: importParams,
        response: { 202: catalogueImportSchema, 409: problemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const dryRun = await dryRunContent(deps.db, staff.member.id, request.params.importId);
      if (!dryRun) throw new HttpProblem(404, 'not-found', 'import');
      if (!dryRun.ready)
        throw new HttpProblem(409, 'edit-conflict', catalogueMessages[request.locale].importNotReady);
      const started = await requestImport(deps, staff, {
        fileName: dryRun.fileName,
        content: dryRun.content,
        dryRun: false,
        locale: request.locale,
        checkedImportId: request.params.importId,
      });
      return reply.code(202).send(started);
    },
  );
}
