import pino from 'pino';
import { Registry } from 'prom-client';
import { createBackgroundWork } from './background-work.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { logOptions } from './http/logging.ts';
import { lowerCpuPriority } from './lib/cpu-priority.ts';
import { watchShopChanges } from './modules/catalogue/shop-change-watch.ts';
import { localOutboxWarning } from './modules/mail/mail-transport.ts';
import { guardAgainstDatabaseOutages } from './process-guards.ts';

/**
 * `npm run worker`: a process that only runs background jobs (mail, refunds, hold sweeps, reminders,
 * the bank inbox) on DATABASE_URL, for deployments whose web processes run with JOBS_IN_SERVER=false
 * (docs/decisions/014). It builds the background work alone: no routes, no catalogue, no search index.
 */
async function main(): Promise<void> {
  const config = { ...loadConfig(), jobsInServer: true };
  if (!config.databaseUrl) {
    throw new ConfigError([
      'DATABASE_URL: a separate worker needs a PostgreSQL server (PGlite runs jobs in the server)',
    ]);
  }
  const log = pino(logOptions(config.logLevel));
  const outboxWarning = localOutboxWarning(config);
  if (outboxWarning) log.warn(outboxWarning);
  guardAgainstDatabaseOutages(log);
  // Below the web processes' CPU priority: where a worker shares a machine with them, a catalogue import
  // or a batch of documents waits for the cores while searches and pages are answered (bench/RESULTS.md).
  try {
    lowerCpuPriority();
  } catch (error) {
    log.warn({ err: error }, 'worker: could not lower its CPU priority');
  }
  const database = await openDatabase({
    url: config.databaseUrl,
    poolSize: config.databasePoolSize,
    schemaName: config.databaseSchema,
    queryTimeoutMs: config.databaseTimeoutMs,
  });
  const background = createBackgroundWork({ config, database, log, registry: new Registry() });
  // The start may wait for another process's migrations or queue set-up: longer than a job's query may.
  await database.withoutQueryTimeout(async () => {
    await database.migrate();
    await background.start();
  });
  // Mails and documents it composes read brand configurations: a back-office save reaches it too.
  const changes = watchShopChanges(database.db, {
    intervalMs: config.changePollMs,
    onChange: async () => background.brandConfigs.clear(),
  });
  log.info('worker ready: running background jobs');
  let isClosing = false;
  const shutdown = async () => {
    if (isClosing) return;
    isClosing = true;
    setTimeout(() => process.exit(1), 10_000).unref();
    changes.close();
    await background.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
