import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequest, sendResponse } from '@remix-run/node-fetch-server';
import type { BrandConfig } from '@shop/contracts/brand-config';
import { isLocale, type Locale, negotiateLocale } from '@shop/contracts/locale';
import { type MapTileSettings, mapTilesFor } from '@shop/contracts/map-tiles';
import type { ApiInit, ApiResult, ShopContext } from '@shop/contracts/shop-context';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RequestHandler, ServerBuild } from 'react-router';
import { cookieValue } from '#src/http/cookies.ts';
import type { BrandConfigs } from '../brands/brand-config.ts';
import { chooseEncoding } from './content-encoding.ts';
import { newNonce, pageContentSecurityPolicy } from './content-security-policy.ts';
import { pageAddress } from './page-address.ts';
import { bufferPage, createPageCache, type PageCache, writePage } from './page-cache.ts';
import { immutableCache, resolveInside, sendFile, shortCache } from './static-files.ts';

export type StorefrontOptions = {
  /** `apps/storefront/build` (holds `client/` and `server/index.js`). */
  buildDir: string;
  /** The repo's `assets` folder; `assets/brands/<short>/…` is served under `/assets/brands/…`. */
  assetsDir: string;
  mode: 'production' | 'development' | 'test';
  /** How long a rendered page is reused for the same brand, language and URL (0 = never). */
  /** Rendered pages (page-cache.ts); none in development. */
  pageCache?: PageCache;
  /** The brand configs (modules/brands), one cache for the whole app. */
  brandConfigs: BrandConfigs;
  /** The brand a host name belongs to, with its canonical origin (never the request's Host). */
  resolveBrand: (hostname: string) => Promise<{ short: string; origin: string }>;
  /** Payments are simulated (PAYMENTS_MODE=sandbox): every page says so. */
  isPaymentSandbox: boolean;
  /** The installation's map tiles (MAP_TILES_URL, MAP_TILES_PROXY); each brand's are resolved from them. */
  mapTiles: MapTileSettings;
  /** Cookies the server sets get `Secure` (production: the shop is served over HTTPS). */
  hasSecureCookies: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The brand's static configuration (SPEC §1) by short name; rejects for an unknown brand. */
    brandConfig(short: string): Promise<BrandConfig>;
  }
}

const localeCookie = 'locale';
const oneYear = 365 * 24 * 3600;

/**
 * Serves the storefront from this process: built client files, brand assets, and every other GET
 * rendered by the React Router server build with the API called in-process (`app.inject`).
 * Register it after all API routes: its catch-all must not shadow them.
 */
export async function registerStorefront(app: FastifyInstance, options: StorefrontOptions): Promise<void> {
  const buildDir = path.resolve(options.buildDir);
  const clientDir = path.join(buildDir, 'client');
  const serverEntry = path.join(buildDir, 'server', 'index.js');
  const storefrontRoot = path.dirname(buildDir);
  const { brandConfigs } = options;
  // The media route (hero pictures) and the sitemap read brand configs too, from this one cache.
  app.decorate('brandConfig', brandConfigs.get);
  const vite = options.mode === 'development' ? await startVite(app, storefrontRoot) : null;
  const render = vite
    ? createViteRenderer(vite, storefrontRoot)
    : createBuildRenderer(storefrontRoot, serverEntry, options.pageCache ?? createPageCache(0));

  app.get('/assets/brands/*', { schema: { hide: true } }, async (request, reply) => {
    // A brand's configuration at the asset host's address is the one the shop uses: the back office's
    // newest version, else the file (docs/decisions/031). Revalidated on every use: it changes without a deploy.
    const configOf = /^([a-z0-9-]+)\/config\.json$/.exec(wildcard(request))?.[1];
    if (configOf) {
      const config = await brandConfigs.get(configOf).catch(() => null);
      if (!config) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(config);
    }
    const file = resolveInside(path.resolve(options.assetsDir, 'brands'), wildcard(request));
    if (!file || !(await sendFile(reply, file, shortCache))) return reply.callNotFound();
    return reply;
  });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // `//x` would read as a host name in every URL parser downstream: send the visitor to `/x` (a path
    // on this site, never `//x`, which a browser would take for another site).
    if (pathname.startsWith('//')) {
      return reply.redirect(`/${request.url.replace(/^\/+/, '')}`, 301);
    }
    // Unknown API and picture paths keep their problem+json 404 instead of an HTML page: an image tag
    // gets no use of a page, and rendering one for every bad picture address costs the server a render.
    if (pathname.startsWith('/api/') || pathname === '/api') return reply.callNotFound();
    if (pathname.startsWith('/media/')) return reply.callNotFound();

    if (!vite && /\.[a-z0-9]+$/i.test(pathname)) {
      const file = resolveInside(clientDir, pathname.slice(1));
      const cache = pathname.startsWith('/assets/') ? immutableCache : shortCache;
      if (file && (await sendFile(reply, file, cache))) return reply;
      // A missing build file is a plain 404, not a rendered page.
      if (pathname.startsWith('/assets/')) return reply.callNotFound();
    }

    const { short, origin } = await options.resolveBrand(request.hostname);
    const brand = await brandConfigs.get(short);
    if (!vite && !existsSync(serverEntry)) {
      return reply.code(503).type('application/problem+json').send({
        type: 'service-unavailable',
        title: 'Storefront not built',
        status: 503,
        detail: 'The storefront build is missing: run `npm run build -w @shop/storefront`, then reload.',
        instance: request.url,
      });
    }

    // `?lang=xx` (the language selector, hreflang alternates) renders that language on that address
    // and remembers it, so search engines can index every language without a cookie.
    const requested = requestedLocale(request, brand);
    const locale = requested ?? chooseLocale(request, brand);
    const shop: ShopContext = {
      brand,
      locale,
      origin,
      isPaymentSandbox: options.isPaymentSandbox,
      mapTiles: mapTilesFor(brand, options.mapTiles),
      api: (apiPath, init) => callApi(app, request, locale, apiPath, init),
    };
    // The page is written to the socket directly: headers set so far (security headers) go along.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.hijack();
    reply.raw.setHeader('vary', 'Cookie, Accept-Language');
    if (requested) {
      // `requested` is one of the locale codes, so it needs no encoding.
      reply.raw.setHeader(
        'set-cookie',
        `${localeCookie}=${requested}; Max-Age=${oneYear}; Path=/; SameSite=Lax${options.hasSecureCookies ? '; Secure' : ''}`,
      );
    }
    try {
      await render(request, reply, shop);
    } catch (error) {
      request.log.error({ err: error }, 'storefront render failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      }
      reply.raw.end('Internal Server Error');
    }
  });
}

type Render = (request: FastifyRequest, reply: FastifyReply, shop: ShopContext) => Promise<void>;

function createBuildRenderer(storefrontRoot: string, serverEntry: string, pageCache: PageCache): Render {
  let handler: Promise<RequestHandler> | null = null;
  const getHandler = () => {
    handler ??= importReactRouter(storefrontRoot).then(({ createRequestHandler }) =>
      createRequestHandler(
        () => import(pathToFileURL(serverEntry).href) as Promise<ServerBuild>,
        process.env.NODE_ENV === 'development' ? 'development' : 'production',
      ),
    );
    handler.catch(() => {
      handler = null;
    });
    return handler;
  };
  return async (request, reply, shop) => {
    const handle = await getHandler();
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    const address = pageAddress(request.url);
    // HEAD is answered with the GET page's headers and no body (Node drops a HEAD answer's body); it is
    // rendered as a GET, so what the cache keeps is always a whole page.
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    // By brand, not by Host: every host of a brand renders the same page, and Host variants
    // (`localhost:1`, `LOCALHOST`) must not split or bypass the cache either.
    const key = `${method}|${shop.brand.short}|${shop.locale}|${encoding ?? 'identity'}|${address}`;
    const renderPage = async () => {
      const nonce = newNonce();
      const incoming = createRequest(request.raw, reply.raw);
      const page = await bufferPage(
        await handle(
          new Request(new URL(address, incoming.url), {
            method,
            headers: incoming.headers,
            signal: incoming.signal,
          }),
          { shop, cspNonce: nonce },
        ),
        encoding,
      );
      page.headers.push([
        'content-security-policy',
        pageContentSecurityPolicy(nonce, shop.brand, shop.mapTiles),
      ]);
      return page;
    };
    const page = method === 'GET' ? await pageCache.get(key, renderPage) : await renderPage();
    writePage(reply.raw, page);
  };
}

type ViteDevServer = {
  middlewares: (req: unknown, res: unknown, next: (error?: unknown) => void) => void;
  ssrLoadModule(id: string): Promise<Record<string, unknown>>;
  ssrFixStacktrace(error: Error): void;
  close(): Promise<void>;
};

/** Development: Vite serves source modules with hot reload and builds the server bundle on demand. */
async function startVite(app: FastifyInstance, storefrontRoot: string): Promise<ViteDevServer> {
  // The Vite that @react-router/dev itself uses (the build runs on that one too).
  const fromStorefront = createRequire(path.join(storefrontRoot, 'package.json'));
  const fromRouterDev = createRequire(fromStorefront.resolve('@react-router/dev/package.json'));
  const vite = (await import(pathToFileURL(fromRouterDev.resolve('vite')).href)) as {
    createServer(config: object): Promise<ViteDevServer>;
  };
  const server = await vite.createServer({
    root: storefrontRoot,
    configFile: path.join(storefrontRoot, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: { server: app.server } },
    appType: 'custom',
  });
  app.addHook('onClose', async () => server.close());
  return server;
}

function createViteRenderer(vite: ViteDevServer, storefrontRoot: string): Render {
  return async (request, reply, shop) => {
    await new Promise<void>((resolve, reject) => {
      vite.middlewares(request.raw, reply.raw, (error?: unknown) => {
        if (error) return reject(error);
        importReactRouter(storefrontRoot)
          .then(async ({ createRequestHandler }) => {
            const handle = createRequestHandler(
              () =>
                vite.ssrLoadModule('virtual:react-router/server-build') as unknown as Promise<ServerBuild>,
              'development',
            );
            await sendResponse(reply.raw, await handle(createRequest(request.raw, reply.raw), { shop }));
          })
          .then(resolve, (failure: unknown) => {
            if (failure instanceof Error) vite.ssrFixStacktrace(failure);
            reject(failure);
          });
      });
      reply.raw.on('finish', () => resolve());
    });
  };
}

/** The storefront's own copy of react-router: the server build imports that one, so must we. */
async function importReactRouter(storefrontRoot: string): Promise<typeof import('react-router')> {
  const require = createRequire(path.join(storefrontRoot, 'package.json'));
  return import(pathToFileURL(require.resolve('react-router')).href);
}

/** The shop language: the visitor's choice (cookie), else Accept-Language, limited to the brand's. */
function chooseLocale(request: FastifyRequest, brand: BrandConfig): Locale {
  const offered = brand.locales && brand.locales.length > 0 ? brand.locales : null;
  const chosen = cookieValue(request.headers.cookie, localeCookie);
  if (isLocale(chosen) && (!offered || offered.includes(chosen))) return chosen;
  const negotiated = negotiateLocale(request.headers['accept-language']);
  if (!offered || offered.includes(negotiated)) return negotiated;
  return offered.includes('en') && negotiated !== 'de' ? 'en' : (offered[0] as Locale);
}

/** The language a `?lang=xx` parameter asks for, when the brand offers it. */
function requestedLocale(request: FastifyRequest, brand: BrandConfig): Locale | null {
  const queryAt = request.url.indexOf('?');
  const lang = queryAt < 0 ? null : new URLSearchParams(request.url.slice(queryAt + 1)).get('lang');
  return isLocale(lang) && (!brand.locales || brand.locales.length === 0 || brand.locales.includes(lang))
    ? lang
    : null;
}

function forwardedHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = { host: request.headers.host ?? 'localhost' };
  const forwardedHost = request.headers['x-forwarded-host'];
  if (typeof forwardedHost === 'string') headers['x-forwarded-host'] = forwardedHost;
  return headers;
}

async function callApi<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  locale: Locale,
  apiPath: string,
  init: ApiInit = {},
): Promise<ApiResult<T>> {
  const hasBody = init.body !== undefined;
  const response = await app.inject({
    method: init.method ?? (hasBody ? 'POST' : 'GET'),
    url: apiPath,
    headers: {
      ...forwardedHeaders(request),
      'accept-language': init.locale ?? locale,
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(hasBody ? { payload: JSON.stringify(init.body) } : {}),
  });
  let data: unknown = null;
  try {
    data = response.body ? JSON.parse(response.body) : null;
  } catch {
    data = response.body;
  }
  const status = response.statusCode;
  return status < 400 ? { ok: true, status, data: data as T } : { ok: false, status, data };
}

function wildcard(request: FastifyRequest): string {
  return (request.params as { '*': string })['*'] ?? '';
}
