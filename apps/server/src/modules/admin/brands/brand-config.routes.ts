import {
  adminBrandParams,
  adminBrandVersionParams,
  brandConfigRestoreSchema,
  brandConfigSaveSchema,
  brandConfigStateSchema,
  brandConfigVersionListSchema,
} from '@shop/contracts/admin-brands';
import { problemSchema } from '@shop/contracts/problem';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpProblem } from '#src/http/problem.ts';
import { describeIssues } from '#src/http/validation.ts';
import { staffOf } from '../admin-access.ts';
import { brandsInScope, type ScopedBrand } from '../brand-scope.ts';
import {
  type BrandConfigDeps,
  brandConfigVersions,
  currentBrandConfig,
  restoreBrandConfig,
  saveBrandConfig,
} from './brand-config-versions.ts';

const tags = ['admin'];
const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };
const changeErrors = { ...errors, 409: problemSchema, 422: problemSchema };
// A brand's face, contacts and seller: for those who answer for the brand, not for support.
const managers = { roles: ['operator', 'brand-manager'] } as const;

/**
 * Brand configurations in the back office (issue 26, docs/decisions/031): read, save (checked with the
 * config file's schema before anything is stored), the versions and a return to one, each change audited.
 */
export function registerBrandConfigRoutes(server: FastifyInstance, deps: BrandConfigDeps): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const actor = (request: FastifyRequest) => ({ staff: staffOf(request), address: request.ip });
  // Another brand's name is a 404 for a brand manager, as if it did not exist.
  const brandOf = async (request: FastifyRequest, short: string): Promise<ScopedBrand> =>
    (await brandsInScope(deps.db, request, short))[0] as ScopedBrand;

  app.get(
    '/api/admin/brands/:short/config',
    {
      config: { adminRule: managers },
      schema: {
        tags,
        summary: 'The brand’s configuration the shop uses now, with its version (0: the file as shipped)',
        params: adminBrandParams,
        response: { 200: brandConfigStateSchema, ...errors },
      },
    },
    async (request) => currentBrandConfig(deps, await brandOf(request, request.params.short)),
  );

  app.put(
    '/api/admin/brands/:short/config',
    {
      config: { adminRule: managers },
      schema: {
        tags,
        summary:
          'Save the whole configuration as the brand’s next version; live on every process within seconds',
        description:
          'Checked with the brand config schema first: an invalid field is a 400 naming it (`errors[].field`, ' +
          'e.g. `config.supportMail`) and nothing is saved. `expectedVersion`: the version the form was loaded ' +
          'with; 409 `edit-conflict` when another save came in between.',
        params: adminBrandParams,
        body: brandConfigSaveSchema,
        response: { 200: brandConfigStateSchema, ...changeErrors },
      },
    },
    async (request) => {
      const brand = await brandOf(request, request.params.short);
      const { config, expectedVersion, note } = request.body;
      if (config.short !== brand.short) {
        const issue = {
          code: 'custom' as const,
          path: ['config', 'short'],
          message: `"${brand.short}"`,
          input: config.short,
        };
        const { detail, errors } = describeIssues([issue], request.locale);
        throw new HttpProblem(400, 'validation-error', detail, errors);
      }
      return saveBrandConfig(deps, actor(request), brand, { config, expectedVersion, note });
    },
  );

  app.get(
    '/api/admin/brands/:short/config/versions',
    {
      config: { adminRule: managers },
      schema: {
        tags,
        summary: 'The configuration’s versions, newest first: who, when, and which fields changed',
        params: adminBrandParams,
        response: { 200: brandConfigVersionListSchema, ...errors },
      },
    },
    async (request) => ({
      versions: await brandConfigVersions(deps, await brandOf(request, request.params.short)),
    }),
  );

  app.post(
    '/api/admin/brands/:short/config/versions/:version/restore',
    {
      config: { adminRule: managers },
      schema: {
        tags,
        summary: 'Return to an earlier version: a new version with exactly that configuration',
        params: adminBrandVersionParams,
        body: brandConfigRestoreSchema,
        response: { 200: brandConfigStateSchema, ...changeErrors },
      },
    },
    async (request) =>
      restoreBrandConfig(
        deps,
        actor(request),
        await brandOf(request, request.params.short),
        request.params.version,
        request.body?.note,
        request.locale,
      ),
  );
}
