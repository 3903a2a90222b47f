import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Database, ping } from '#src/db/client.ts';
import { type Metrics, readMetrics } from './metrics.ts';

/** Liveness, readiness and Prometheus metrics; kept out of the API prefix and its brand lookup. */
export function registerOpsRoutes(
  app: FastifyInstance,
  db: Database,
  metrics: Metrics,
  options: { metricsToken: string | undefined },
): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await ping(db);
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });

  // Request counts by route and status tell a competitor how the shop sells: on the public port only
  // for a scraper that knows METRICS_TOKEN (else the path does not exist here; see METRICS_PORT).
  const { metricsToken } = options;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    // Without the token the path answers like any unknown API path.
    if (!metricsToken || !isBearer(request.headers.authorization, metricsToken)) return reply.callNotFound();
    reply.type(metrics.registry.contentType);
    return readMetrics(metrics);
  });
}

/** Constant-time comparison of digests, so a response's timing reveals nothing of the token. */
function isBearer(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * METRICS_PORT: /metrics alone on its own port, for a scraper inside the private network; the public
 * port then has no /metrics at all (unless METRICS_TOKEN is also set).
 */
export async function startMetricsServer(
  metrics: Metrics,
  options: { host: string; port: number },
): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  server.get('/metrics', async (_request, reply) => {
    reply.type(metrics.registry.contentType);
    return readMetrics(metrics);
  });
  await server.listen(options);
  return server;
}
