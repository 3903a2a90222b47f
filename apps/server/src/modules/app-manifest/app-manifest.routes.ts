import path from 'node:path';
import { isLocale, type Locale, negotiateLocale } from '@shop/contracts/locale';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BrandConfigs } from '#src/modules/brands/brand-config.ts';
import { createDiskCache } from '#src/modules/media/disk-cache.ts';
import { sendFile } from '#src/modules/storefront/static-files.ts';
import { type AppIconFile, appIcons, appIconVersion, renderAppIcon } from './app-icons.ts';
import { manifestLocale, webAppManifest } from './app-manifest.ts';
import { offlinePagePolicy, renderOfflinePage } from './offline-page.ts';

export type AppManifestOptions = {
  brandConfigs: BrandConfigs;
  /** The brand a host name belongs to (modules/brands); these paths are no API paths, so no request.brand. */
  resolveBrand: (hostname: string) => Promise<{ short: string }>;
  /** The storefront's client build (`<build>/client`), where the build writes `sw.js`. */
  clientDir: string;
  /** Rendered icons (`<DATA_DIR>/app-icons`). */
  iconDir: string;
};

const iconParams = z.object({ file: z.enum(Object.keys(appIcons) as [AppIconFile, ...AppIconFile[]]) });
const offlineParams = z.object({ file: z.string().regex(/^[a-z]{2}\.html$/) });
const manifestQuery = z.object({ lang: z.string().optional() });
const iconQuery = z.object({ v: z.string().optional() });

const immutable = 'public, max-age=31536000, immutable';
const oneHour = 'public, max-age=3600';
const oneDay = 'public, max-age=86400';

/**
 * The installable shop (issue 12): per brand host the web app manifest, its icons, the offline page,
 * and the service worker script the storefront build wrote. The worker itself is the storefront's
 * (apps/storefront/service-worker); this module only serves it the way browsers need.
 */
export function registerAppManifestRoutes(server: FastifyInstance, options: AppManifestOptions): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const icons = createDiskCache({
    dir: options.iconDir,
    // Four small PNGs per brand and colour scheme.
    maxBytes: 32 * 1024 * 1024,
    log: (message, error) => server.log.warn({ err: error }, message),
  });
  server.addHook('onClose', async () => icons.close());
  const brandOf = async (request: FastifyRequest) => {
    const { short } = await options.resolveBrand(request.hostname);
    return options.brandConfigs.get(short);
  };

  app.get(
    '/manifest.webmanifest',
    { schema: { hide: true, querystring: manifestQuery } },
    async (request, reply) => {
      const brand = await brandOf(request);
      // Browsers fetch the manifest without cookies: the page names its language in the link.
      const locale = manifestLocale(brand, request.query.lang, request.locale);
      return reply
        .type('application/manifest+json; charset=utf-8')
        .header('cache-control', oneHour)
        .header('vary', 'Accept-Language')
        .send(JSON.stringify(webAppManifest(brand, locale)));
    },
  );

  app.get(
    '/app-icons/:file',
    { schema: { hide: true, params: iconParams, querystring: iconQuery } },
    async (request, reply) => {
      const brand = await brandOf(request);
      const { file } = request.params;
      const version = appIconVersion(brand.colors);
      const name = `${brand.short}/${version}-${file}`;
      const png =
        (await icons.read(name)) ?? (await icons.renderOnce(name, () => renderAppIcon(brand.colors, file)));
      // The manifest links `?v=<version>`: that address always shows these colours. The bare address
      // (apple-touch-icon) follows a change of colours within a day.
      return reply
        .type('image/png')
        .header('cache-control', request.query.v === version ? immutable : oneDay)
        .send(png);
    },
  );

  app.get('/offline/:file', { schema: { hide: true, params: offlineParams } }, async (request, reply) => {
    const brand = await brandOf(request);
    const requested = request.params.file.slice(0, 2);
    const offered: readonly Locale[] = brand.locales ?? ['de', 'en', 'it'];
    if (!isLocale(requested)) return reply.callNotFound();
    // A language the brand does not offer gets the brand's own: the worker asks for all three.
    const locale = offered.includes(requested)
      ? requested
      : manifestLocale(brand, null, negotiateLocale(requested));
    return (
      reply
        .type('text/html; charset=utf-8')
        // The worker keeps its copy; nobody else should.
        .header('cache-control', 'no-cache')
        .header('content-security-policy', offlinePagePolicy)
        .header('x-robots-tag', 'noindex')
        .send(renderOfflinePage(brand, locale))
    );
  });

  // The worker at the root, so that its scope is the whole site without a Service-Worker-Allowed
  // header. Browsers compare the script on every update check; no-cache makes every check reach us.
  app.get('/sw.js', { schema: { hide: true } }, async (_request, reply) => {
    const file = path.join(options.clientDir, 'sw.js');
    if (!(await sendFile(reply, file, 'no-cache'))) return reply.callNotFound();
    return reply;
  });
}
