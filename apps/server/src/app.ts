import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { type BackgroundWork, createBackgroundWork } from './background-work.ts';
import { type Config, repoRoot } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './http/error-handler.ts';
import { createHostCheck } from './http/host-header.ts';
import { loggerOptions, redactUrl } from './http/logging.ts';
import { registerRateLimiting } from './http/rate-limit.ts';
import { registerRequestContext } from './http/request-context.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { validatorCompiler } from './http/validation.ts';
import { createAccessTokens } from './modules/accounts/access-tokens.ts';
import { registerAccountRoutes } from './modules/accounts/accounts.routes.ts';
import { createAuthentication } from './modules/accounts/authentication.ts';
import { createSessionCookie } from './modules/accounts/session-cookie.ts';
import { registerAdminRoutes } from './modules/admin/admin.routes.ts';
import { createStaffCookie } from './modules/admin/staff/staff-cookie.ts';
import { registerAdminApp } from './modules/admin-app/admin-app.routes.ts';
import { registerAppManifestRoutes } from './modules/app-manifest/app-manifest.routes.ts';
import { createBrandDirectory } from './modules/brands/brand-directory.ts';
import { createBrandLogos } from './modules/brands/brand-logo.ts';
import { createCatalogueContext } from './modules/catalogue/catalogue-context.ts';
import { type ShopChange, watchShopChanges } from './modules/catalogue/shop-change-watch.ts';
import { registerConsentRoutes } from './modules/consent/consent.routes.ts';
import { registerContentRoutes } from './modules/content/content.routes.ts';
import { createMembershipNumberChecks, registerGuardRoutes } from './modules/guard/guard.routes.ts';
import { registerHotelPortalRoutes } from './modules/hotel-portal/hotel-portal.routes.ts';
import { registerHotelStatementRoutes } from './modules/hotel-portal/hotel-statements.routes.ts';
import { registerHotelRoutes } from './modules/hotels/hotels.routes.ts';
import { registerInsuranceRoutes } from './modules/insurance/insurance.routes.ts';
import { createSandboxInsuranceProvider } from './modules/insurance/sandbox-insurance-provider.ts';
import type { JobQueue } from './modules/jobs/job-queue.ts';
import { registerMediaRoutes } from './modules/media/media.routes.ts';
import { registerNewsletterRoutes } from './modules/newsletter/newsletter.routes.ts';
import { registerOfferRoutes } from './modules/offers/offers.routes.ts';
import { createMetrics, type Metrics, registerRequestMetrics } from './modules/ops/metrics.ts';
import { registerOpsRoutes } from './modules/ops/ops.routes.ts';
import { createOrderKeyGuard, withoutOrderKeyLimits } from './modules/orders/order-key-guard.ts';
import { orderAttemptLimits, registerOrderRoutes } from './modules/orders/orders.routes.ts';
import { handlePaymentEvent } from './modules/orders/payment-notifications.ts';
import { registerTransferHoldMetrics } from './modules/orders/transfer-hold-metrics.ts';
import { registerPaymentWebhookRoutes } from './modules/payments/payment-webhooks.routes.ts';
import { registerSandboxRoutes } from './modules/payments/sandbox/sandbox.routes.ts';
import { registerReminderRoutes } from './modules/reminders/reminders.routes.ts';
import { createSearchEngine } from './modules/search/engine/search-engine.ts';
import { registerSearchRoutes } from './modules/search/search.routes.ts';
import { onStockColumnsWritten } from './modules/search/search-index.repository.ts';
import { createSearchMissLog } from './modules/search/search-misses.ts';
import { registerSeoRoutes } from './modules/seo/seo.routes.ts';
import { createPageCache } from './modules/storefront/page-cache.ts';
import { registerStorefront } from './modules/storefront/storefront.routes.ts';
import { registerVoucherRoutes } from './modules/vouchers/vouchers.routes.ts';
import { registerWishRoutes } from './modules/wishes/wishes.routes.ts';

export type AppDependencies = {
  config: Config;
  database: DatabaseHandle;
  /**
   * What issue 9 put in front of requests: security headers, the Host check and the order-key limits;
   * off only in bench/edge-overhead.bench.ts, which measures what they cost. Deliberately not a setting:
   * no deployment can switch them off.
   */
  withEdgeChecks?: boolean;
};

export async function buildApp({
  config,
  database,
  withEdgeChecks = true,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    // One log line per request (below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  // Before any route: the per-route headers are chosen when a route is added.
  const securityHeaders = withEdgeChecks
    ? registerSecurityHeaders(app, { isProduction: config.env === 'production' })
    : undefined;

  // API answers, static files and rendered pages go out compressed when the client accepts it;
  // brotli at quality 4 costs about as much CPU as gzip -6 and saves more.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  // Before any route: routes opt into a limit through their config, read when they are added.
  await registerRateLimiting(app, config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(config.env === 'test'));

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Holiday voucher shop API',
        version: '1.0.0',
        description:
          'Catalogue, search, orders and accounts of the white-label shop. The host selects the brand; ' +
          'Accept-Language selects the language (de default, en fallback). Errors are RFC 9457 problem+json.',
      },
      components: {
        securitySchemes: {
          hotelKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'A hotel system’s API key, made in the back office (shown once).',
          },
          staffSession: { type: 'apiKey', in: 'cookie', name: 'shop_staff' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  const brands = createBrandDirectory(database.db, {
    defaultShort: config.defaultBrand,
    ttlMs: config.catalogueCacheTtlMs,
    publicUrl: config.publicUrl,
  });
  const searchEngine = createSearchEngine(database.db, {
    // The change watch below reloads it when the catalogue version moves.
    refreshIntervalMs: 0,
    // On a PostgreSQL server the index is built on a thread of its own, off the searches' thread.
    thread: config.databaseUrl
      ? {
          url: config.databaseUrl,
          schemaName: config.databaseSchema,
          queryTimeoutMs: config.databaseTimeoutMs,
        }
      : undefined,
    onLoaded: () => dropCaches(),
    log: (message) => app.log.info(message),
  });
  app.addHook('onClose', async () => searchEngine.close());
  const catalogue = createCatalogueContext(
    database.db,
    config.catalogueCacheTtlMs,
    searchEngine,
    config.changePollMs,
    database.kind === 'pglite',
  );
  const stopHearingStock = onStockColumnsWritten((offerIds) =>
    catalogue.offerListings.forget(offerIds.map(String)),
  );
  app.addHook('onClose', async () => stopHearingStock());
  const pageCache = createPageCache(config.catalogueCacheTtlMs);
  const metrics = createMetrics();

  registerRequestContext(
    app,
    brands,
    securityHeaders && {
      headers: securityHeaders,
      checkHost: createHostCheck({ trustProxy: config.trustProxy }),
    },
  );
  registerErrorHandling(app);
  registerRequestMetrics(app, metrics);
  // Checked once: production logs at warn, and the redaction is work no line would show.
  const logsRequests = ['info', 'debug', 'trace'].includes(config.logLevel);
  if (logsRequests) {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        {
          method: request.method,
          url: redactUrl(request.url),
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request',
      );
      done();
    });
  }
  registerOpsRoutes(app, database.db, metrics, { metricsToken: config.metrics.token });
  registerTransferHoldMetrics(metrics.registry, database.db);
  registerMediaRoutes(app, {
    mediaDir: path.join(config.dataDir, 'media'),
    db: database.db,
    maxBytes: config.mediaCacheMaxBytes,
    mapTiles: config.mapTiles,
  });
  registerOfferRoutes(app, catalogue);
  const searchMisses = createSearchMissLog(database.db, app.log);
  app.decorate('searchMisses', searchMisses);
  app.addHook('onClose', () => searchMisses.stop());
  registerSearchRoutes(app, catalogue, searchMisses);
  registerHotelRoutes(app, catalogue);
  registerConsentRoutes(app, { db: database.db });
  registerSeoRoutes(app, { brands, catalogue });
  const background = createBackgroundWork({
    config,
    database,
    log: app.log,
    registry: metrics.registry,
    brands,
  });
  const { brandConfigs, checkout, jobs } = background;
  registerContentRoutes(app, catalogue, brandConfigs);
  app.addHook('onReady', () => background.start());
  app.addHook('onClose', () => background.stop());
  app.decorate('jobs', jobs);
  app.decorate('background', background);
  const withOrderKey = withEdgeChecks
    ? createOrderKeyGuard(app, orderAttemptLimits.orderKey)
    : withoutOrderKeyLimits;
  const accessTokens = createAccessTokens(database.db);
  const authentication = createAuthentication(database.db, accessTokens);
  registerAccountRoutes(app, {
    db: database.db,
    tokens: accessTokens,
    jobs,
    authentication,
    brands,
    sessionCookie: createSessionCookie({ isSecure: config.env === 'production' }),
  });
  const membershipNumbers = createMembershipNumberChecks(app);
  registerOrderRoutes(app, {
    ...checkout,
    cartDb: database.cartDb,
    withOrderKey,
    authentication,
    membershipNumbers,
  });
  const staffCookie = createStaffCookie({ isSecure: config.env === 'production' });
  registerAdminRoutes(app, {
    db: database.db,
    jobs,
    brandConfigs,
    brands,
    cookie: staffCookie,
    operatorsNeedTotp: config.operatorsNeedTotp,
  });
  registerHotelPortalRoutes(app, { db: database.db, isSandbox: config.payments.mode === 'sandbox' });
  const brandLogos = createBrandLogos(path.join(repoRoot, 'assets'));
  registerHotelStatementRoutes(app, { db: database.db, brandLogos });
  registerReminderRoutes(app, { db: database.db, jobs });
  registerGuardRoutes(app, { brandConfigs, checks: membershipNumbers });
  registerNewsletterRoutes(app, { db: database.db, jobs, brandConfigs });
  registerWishRoutes(app, { db: database.db });
  // Travel insurance on paid vouchers (issue 12): the built-in sandbox insurer is the only one so far;
  // it may take as long as a payment provider's call (PAYMENT_TIMEOUT_MS).
  registerInsuranceRoutes(app, {
    db: database.db,
    jobs,
    brandConfigs,
    brandLogos,
    provider: createSandboxInsuranceProvider(),
    timeoutMs: config.payments.timeoutMs,
    log: app.log,
    withOrderKey,
  });
  registerVoucherRoutes(app, {
    db: database.db,
    brandConfigs,
    brandLogos,
    isSpecimen: config.payments.mode === 'sandbox',
    withOrderKey,
  });
  await registerPaymentWebhookRoutes(app, {
    providers: checkout.providers,
    db: database.db,
    onEvent: (provider, event) => handlePaymentEvent(checkout, provider, event),
  });
  // PAYMENTS_MODE=sandbox: the built-in provider simulator, so a whole purchase works offline.
  if (config.payments.mode === 'sandbox') await registerSandboxRoutes(app, database.db);
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  // The installable shop: manifest, icons, offline page and the service worker script (issue 12).
  registerAppManifestRoutes(app, {
    brandConfigs,
    resolveBrand: brands.resolve,
    clientDir: path.join(config.storefrontBuildDir, 'client'),
    iconDir: path.join(config.dataDir, 'app-icons'),
  });
  // The back office's single-page app (issue 25): /admin and everything under it, never the shop's pages.
  registerAdminApp(app, { buildDir: config.adminBuildDir, cookie: staffCookie });
  // Last: its catch-all renders every path the API does not own.
  await registerStorefront(app, {
    buildDir: config.storefrontBuildDir,
    assetsDir: path.join(repoRoot, 'assets'),
    mode: config.storefrontDev ? 'development' : config.env === 'test' ? 'test' : 'production',
    brandConfigs,
    pageCache,
    resolveBrand: brands.resolve,
    isPaymentSandbox: config.payments.mode === 'sandbox',
    mapTiles: config.mapTiles,
    hasSecureCookies: config.env === 'production',
  });

  app.decorate('metrics', metrics);
  // Dropped at once (an offer page shows a new price without waiting for the search index), and again
  // once a moved search index has reloaded: pages rendered meanwhile may hold the old search results.
  const dropCaches = () => {
    brands.refresh();
    brandConfigs.clear();
    catalogue.clearCache();
    pageCache.clear();
  };
  // The index reload is not awaited: the watch keeps looking every interval while a large index loads
  // (seconds at 100,000 offers), so a change made meanwhile is not held up behind it. Prices and pages
  // are live again at once, search results when the engine's new snapshot drops the caches again
  // (onLoaded). The engine runs one reload at a time, queues one more, and tries a
  // failed reload again by itself.
  const refreshShop = async ({ catalogue: catalogueMoved }: ShopChange) => {
    dropCaches();
    if (catalogueMoved) searchEngine.refresh().catch(() => {});
  };
  // Back-office changes made on any process or machine, live here within CHANGE_POLL_MS.
  const changes = watchShopChanges(database.db, { intervalMs: config.changePollMs, onChange: refreshShop });
  app.addHook('onClose', async () => changes.close());
  app.decorate('refreshCatalogue', async () => {
    dropCaches();
    await searchEngine.refresh();
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Forgets cached catalogue answers and reloads the search index, e.g. after a seed or an import. */
    refreshCatalogue(): Promise<void>;
    /** This process's Prometheus registry (main.ts serves it on METRICS_PORT when that is set). */
    metrics: Metrics;
    /** The background job queue (modules/jobs). */
    jobs: JobQueue;
    /** The queue's jobs and what pays orders outside a request (the bank import, tests). */
    background: BackgroundWork;
  }
}

/**
 * Responses are written with JSON.stringify; under test each is first checked against its contract,
 * so a drift between code and the documented shape fails a test instead of reaching a client.
 */
function responseSerializer(isCheckingContracts: boolean) {
  return ({ schema }: { schema: unknown }) =>
    (data: unknown) => {
      if (isCheckingContracts && isZodType(schema)) {
        const result = schema.safeParse(data);
        if (!result.success) throw new Error(`response violates its contract: ${result.error.message}`);
      }
      return JSON.stringify(data);
    };
}

function isZodType(value: unknown): value is ZodType {
  return typeof value === 'object' && value !== null && 'safeParse' in value;
}
