import type { FastifyInstance } from 'fastify';
import { type Database, ping } from '#src/db/client.ts';
import { type Metrics, readMetrics } from './metrics.ts';

/** Liveness, readiness and Prometheus metrics; kept out of the API prefix and its brand lookup. */
export function registerOpsRoutes(app: FastifyInstance, db: Database, metrics: Metrics): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await ping(db);
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(metrics.registry.contentType);
    return readMetrics(metrics);
  });
}
