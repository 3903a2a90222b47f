import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from './app.ts';
import { superviseServerProcesses } from './cluster-primary.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type Database, LOCK_IDS, openDatabase } from './db/client.ts';
import { DataDirInUse } from './db/data-dir-lock.ts';
import { logOptions } from './http/logging.ts';
import { perProcessLimitsWarning } from './http/rate-limit.ts';
import { isLocalShop } from './modules/admin/staff/staff-accounts.ts';
import { brandsWithoutOrigin } from './modules/brands/brand-directory.ts';
import { localOutboxWarning } from './modules/mail/mail-transport.ts';
import { startMetricsServer } from './modules/ops/ops.routes.ts';
import { guardAgainstDatabaseOutages } from './process-guards.ts';
import { isCatalogueEmpty, seedDemoCatalogue } from './seed/demo-catalogue.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isPrimary) {
    const log = pino(logOptions(config.logLevel));
    for (const warning of [perProcessLimitsWarning(config), localOutboxWarning(config)])
      if (warning) log.warn(warning);
  }
  if (config.processes > 1 && cluster.isPrimary) superviseServerProcesses(config.processes);
  else await serve(config);
}

/** One server process: database, migrations, demo seed, then listen until SIGTERM. */
async function serve(config: Config): Promise<void> {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    schemaName: config.databaseSchema,
    queryTimeoutMs: config.databaseTimeoutMs,
  });
  // The start may take longer than a request may wait for the database: migrations, the first seed, or
  // waiting for another process that does them (advisory locks).
  const app = await database.withoutQueryTimeout(async () => {
    await database.migrate();
    const app = await buildApp({ config, database });
    guardAgainstDatabaseOutages(app.log);
    if (config.seedOnStart) {
      // Several processes may start at once on one database: one seeds, the others wait for it.
      await database.withExclusiveLock(LOCK_IDS.seed, async () => {
        if (!(await isCatalogueEmpty(database.db))) return;
        app.log.info('empty catalogue: seeding the demo catalogue (first start only)');
        // One transaction: a first start interrupted while seeding leaves an empty catalogue, not half of one.
        const totals = await database.db.transaction((transaction) =>
          seedDemoCatalogue(transaction as unknown as Database, {
            log: (message) => app.log.info(message),
            demoStaff: isLocalShop(config.publicUrl),
          }),
        );
        app.log.info(totals, 'demo catalogue ready');
      });
      await app.refreshCatalogue();
    }
    const homeless = await brandsWithoutOrigin(database.db, {
      defaultShort: config.defaultBrand,
      publicUrl: config.publicUrl,
    });
    if (homeless.length > 0) {
      await app.close();
      await database.close();
      throw new ConfigError([
        `PUBLIC_URL: the brands ${homeless.join(', ')} have no address under ${config.publicUrl}: an IP ` +
          'address has no subdomains for them (a loopback one puts them on <short>.localhost). Give each a ' +
          'host of its own (brands.hosts), or set PUBLIC_URL to a host name (brands then live on <short>.<host>)',
      ]);
    }
    // Starts the job queue (it sets its queues up under a lock another process may hold).
    await app.ready();
    return app;
  });

  let metricsServer: FastifyInstance | undefined;
  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const forceExit = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await metricsServer?.close();
      await app.close();
      await database.close();
    } finally {
      clearTimeout(forceExit);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (config.payments.mode === 'sandbox') {
    app.log.warn(
      'PAYMENTS_MODE=sandbox: payments are simulated and every buyer can approve their own; ' +
        'set PAYMENTS_MODE=live with the PayPal and Amazon Pay credentials to take real money',
    );
  }
  await app.listen({ host: config.host, port: config.port });
  if (config.metrics.port) {
    metricsServer = await startMetricsServer(app.metrics, { host: config.host, port: config.metrics.port });
  }
  app.log.info(
    { database: database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL server' },
    `shop API ready on http://localhost:${config.port} (docs: /api/docs)`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUse) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
