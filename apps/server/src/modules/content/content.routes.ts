import { brandSchema, contentOverviewSchema, contentPageSchema, menuSchema } from '@shop/contracts/catalogue';
import { slugParam } from '@shop/contracts/params';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BrandConfigs } from '#src/modules/brands/brand-config.ts';
import type { CatalogueContext } from '#src/modules/catalogue/catalogue-context.ts';
import { throwNotFound } from '#src/modules/offers/offers.routes.ts';
import { getContentOverview, getContentPage, getMenu } from './content.service.ts';

const tags = ['content'];

export function registerContentRoutes(
  server: FastifyInstance,
  context: CatalogueContext,
  brandConfigs: Pick<BrandConfigs, 'get'>,
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/menu',
    { schema: { tags, summary: 'Destinations and themes of the navigation', response: { 200: menuSchema } } },
    async (request) => getMenu(context, request),
  );

  app.get(
    '/api/content',
    {
      schema: {
        tags,
        summary: "The brand's content pages and extension points (footer menu, home)",
        response: { 200: contentOverviewSchema },
      },
    },
    async (request) => getContentOverview(context, request),
  );

  app.get(
    '/api/content/:slug',
    {
      schema: {
        tags,
        summary: 'A content page by slug (case-insensitive)',
        params: z.object({ slug: slugParam }),
        response: { 200: contentPageSchema },
      },
    },
    async (request) =>
      (await getContentPage(context, brandConfigs, request, request.params.slug)) ??
      throwNotFound('page', request.params.slug),
  );

  app.get(
    '/api/brand',
    { schema: { tags, summary: 'The brand this host serves', response: { 200: brandSchema } } },
    async (request) => ({
      short: request.brand.short,
      name: request.brand.name,
      locales: request.brand.locales,
    }),
  );
}
