import { isLocale } from '@shop/contracts/locale';
import { canonicalLocale } from '@shop/contracts/site-paths';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BrandDirectory } from '#src/modules/brands/brand-directory.ts';
import type { Audience } from '#src/modules/catalogue/catalogue-context.ts';
import {
  collectPagePaths,
  listSitemapFiles,
  listSlicePaths,
  type PageSources,
  type SitemapCatalogue,
  sitemapFileName,
} from './seo.service.ts';
import { maxUrlsPerSitemap, renderRobotsTxt, renderSitemapIndex, renderUrlSet } from './sitemap-xml.ts';

export type SeoOptions = {
  brands: BrandDirectory;
  catalogue: SitemapCatalogue;
};

const sliceParams = z.object({ page: z.coerce.number().int().min(1).max(100_000) });
const cacheControl = 'public, max-age=3600';

/**
 * `/robots.txt` and the brand's sitemap, per host: `/sitemap.xml` is an index of `/sitemap-pages.xml`
 * and numbered `/sitemap-hotels-N.xml` / `/sitemap-offers-N.xml` files. They live at the root because
 * a sitemap may only list URLs under its own folder.
 */
export function registerSeoRoutes(server: FastifyInstance, options: SeoOptions): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { brands, catalogue } = options;
  const pageSize = maxUrlsPerSitemap;

  const audienceOf = async (request: FastifyRequest): Promise<Audience> => {
    const brand = await brands.resolve(request.hostname);
    return { brand, locale: canonicalLocale(brand.locales.filter(isLocale)) };
  };

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', cacheControl)
      .send(renderRobotsTxt(`${(await brands.resolve(request.hostname)).origin}/sitemap.xml`)),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const audience = await audienceOf(request);
    const files = await listSitemapFiles(catalogue, audience, pageSize);
    const { origin } = audience.brand;
    return sendXml(reply, renderSitemapIndex(files.map((file) => `${origin}${sitemapFileName(file)}`)));
  });

  app.get('/sitemap-pages.xml', { schema: { hide: true } }, async (request, reply) => {
    const audience = await audienceOf(request);
    const paths = await catalogue.cached(audience, 'sitemap:pages', () =>
      collectPagePaths(pageSources(server, request, audience)),
    );
    const { origin } = audience.brand;
    return sendXml(reply, renderUrlSet(paths.map((path) => `${origin}${path}`)));
  });

  for (const kind of ['hotels', 'offers'] as const) {
    app.get(
      `/sitemap-${kind}-:page.xml`,
      { schema: { hide: true, params: sliceParams } },
      async (request, reply) => {
        const { brand } = await audienceOf(request);
        const paths = await listSlicePaths(
          catalogue,
          brand.id,
          { kind, page: request.params.page },
          pageSize,
        );
        // Past the last slice: the index never names it.
        if (paths.length === 0) return reply.callNotFound();
        return sendXml(reply, renderUrlSet(paths.map((path) => `${brand.origin}${path}`)));
      },
    );
  }
}

function sendXml(reply: FastifyReply, xml: string): FastifyReply {
  return reply.type('application/xml; charset=utf-8').header('cache-control', cacheControl).send(xml);
}

/** Lists come from the catalogue API as the storefront sees them; landing pages from the brand config. */
function pageSources(server: FastifyInstance, request: FastifyRequest, audience: Audience): PageSources {
  return {
    async getJson<T>(apiPath: string) {
      const response = await server.inject({
        method: 'GET',
        url: apiPath,
        headers: { ...forwardedHost(request), 'accept-language': audience.locale },
      });
      return response.statusCode === 200 ? (response.json() as T) : null;
    },
    async landingPaths() {
      if (!server.hasDecorator('brandConfig')) return [];
      const config = await server.brandConfig(audience.brand.short).catch(() => null);
      return config?.landingPages.map((page) => page.path) ?? [];
    },
  };
}

function forwardedHost(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = { host: request.headers.host ?? 'localhost' };
  const forwarded = request.headers['x-forwarded-host'];
  if (typeof forwarded === 'string') headers['x-forwarded-host'] = forwarded;
  return headers;
}
