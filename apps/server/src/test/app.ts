import type { FastifyInstance } from 'fastify';
import { buildApp } from '#src/app.ts';
import { loadConfig } from '#src/config.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { createTestDatabase } from './database.ts';

/**
 * The DATA_DIR of test apps (media, outbox, icons): one per database kind, so that CI's two runs of the
 * suite (PGlite and PostgreSQL, side by side) never share files.
 */
export const testDataDir = process.env.TEST_DATABASE_URL
  ? '/tmp/shop-test-data-postgres'
  : '/tmp/shop-test-data';

export type TestApp = { app: FastifyInstance; database: DatabaseHandle; close(): Promise<void> };

/** The real app on a fresh database holding the demo catalogue; requests go through `app.inject()`. */
export async function createTestApp(
  options: {
    cacheTtlMs?: number;
    env?: NodeJS.ProcessEnv;
    /** PGlite on disk there. */
    dataDir?: string;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase({
    withDemoCatalogue: true,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  });
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DATA_DIR: testDataDir,
      // Jobs are enqueued but not run, unless a test asks for workers (JOBS_IN_SERVER: 'true').
      JOBS_IN_SERVER: 'false',
      // Every request of a test app comes from one client, and most orders are the example customer's:
      // no limit on their open bank transfers, unless a test sets one (transfer-holds.api.test.ts).
      WIRE_TRANSFER_OPEN_LIMIT: '0',
      ...options.env,
    }),
    catalogueCacheTtlMs: options.cacheTtlMs ?? 0,
  };
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The /metrics token of apps made with `env: { METRICS_TOKEN: testMetricsToken }`. */
export const testMetricsToken = 'test-metrics-token-0123456789';

/** GET with the shop's language header, answering status and parsed JSON body. */
export async function getJson(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

export async function postJson(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  const response = await app.inject({ method: 'POST', url, payload: payload as object, headers });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}
