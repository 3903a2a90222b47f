import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';

/**
 * `npm run worker`: a process that only runs background jobs (mail, hold sweeps) on DATABASE_URL, for
 * deployments whose web processes run with JOBS_IN_SERVER=false (docs/decisions/014). It builds the
 * same app as the server, so every job finds what it needs, but listens on no port.
 */
async function main(): Promise<void> {
  const config = { ...loadConfig(), jobsInServer: true };
  if (!config.databaseUrl) {
    throw new ConfigError([
      'DATABASE_URL: a separate worker needs a PostgreSQL server (PGlite runs jobs in the server)',
    ]);
  }
  const database = await openDatabase({
    url: config.databaseUrl,
    poolSize: config.databasePoolSize,
    schemaName: config.databaseSchema,
  });
  await database.migrate();
  const app = await buildApp({ config, database });
  await app.ready();
  app.log.info('worker ready: running background jobs');
  let isClosing = false;
  const shutdown = async () => {
    if (isClosing) return;
    isClosing = true;
    setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
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
