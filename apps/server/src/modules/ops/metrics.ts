import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { AggregatorRegistry, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

export const metricsRequest = 'shop:metrics-request';
const metricsAnswer = 'shop:metrics';

export function createMetrics() {
  const registry = new Registry();
  if (cluster.isWorker) {
    // Answer the supervising process's collection (cluster-primary.ts) with this registry.
    AggregatorRegistry.setRegistries([registry]);
    new AggregatorRegistry();
  }
  collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  return { registry, requestDuration };
}

export type Metrics = ReturnType<typeof createMetrics>;

export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  // One labelled histogram per method, route and status, looked up by a string: prom-client's own
  // `labels()` builds and hashes a label object on every answer (bench/RESULTS.md, side by side).
  // Bounded like the label set itself (route patterns, not URLs).
  const children = new Map<string, Histogram.Internal<'method' | 'route' | 'status_code'>>();
  // A callback hook: an async one costs a promise on every answer.
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, not the URL, keeps the label set bounded.
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let child = children.get(key);
    if (!child) {
      child = metrics.requestDuration.labels(request.method, route, String(reply.statusCode));
      children.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
    done();
  });
}

/**
 * The metrics text: this process's own, or, in one of several server processes (WEB_CONCURRENCY), all
 * processes' together, collected by the supervising process; a scrape reaches any one of them.
 */
export async function readMetrics(metrics: Metrics): Promise<string> {
  if (!cluster.isWorker || !process.send) return metrics.registry.metrics();
  const requestId = nextRequestId++;
  return new Promise((resolve) => {
    const timeout = setTimeout(() => finish(null), 3_000);
    const onMessage = (message: unknown) => {
      const answer = message as { type?: unknown; requestId?: unknown; text?: unknown };
      if (answer?.type !== metricsAnswer || answer.requestId !== requestId) return;
      finish(typeof answer.text === 'string' ? answer.text : null);
    };
    // Without an answer (the supervisor is busy or gone) this process's own metrics still help.
    const finish = (text: string | null) => {
      clearTimeout(timeout);
      process.off('message', onMessage);
      resolve(text ?? metrics.registry.metrics());
    };
    process.on('message', onMessage);
    process.send?.({ type: metricsRequest, requestId });
  });
}
let nextRequestId = 1;

export function metricsReply(requestId: number, text: string | null, error?: string) {
  return { type: metricsAnswer, requestId, text, error };
}
