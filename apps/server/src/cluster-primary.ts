import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { metricsReply, metricsRequest } from './modules/ops/metrics.ts';

/**
 * WEB_CONCURRENCY > 1: this process only supervises `count` server processes that share the port
 * (node:cluster hands each new connection to one of them). They are stateless and every concurrency
 * rule holds across processes on one PostgreSQL (docs/decisions/008), so a crashed one is simply
 * replaced. A process that stops before any ever listened is a start failure (bad settings, no
 * database): then everything stops rather than restarting in a loop.
 */
export function superviseServerProcesses(count: number): void {
  const log = (message: string, fields: Record<string, unknown> = {}) =>
    console.log(JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, ...fields, msg: message }));
  const listening = new Set<number>();
  let isStopping = false;

  // /metrics answers for all processes: the one asked collects the others' through this process.
  const metrics = new AggregatorRegistry();
  cluster.on('message', (worker: Worker, message: unknown) => {
    if (!isMetricsRequest(message)) return;
    metrics
      .clusterMetrics()
      .then((text) => worker.send(metricsReply(message.requestId, text)))
      .catch((error: unknown) => worker.send(metricsReply(message.requestId, null, String(error))));
  });

  // Once the shop has served, a process that cannot start again (the database is away during a
  // failover, so its migrations check fails) is retried with a growing pause instead of stopping the
  // processes that still serve (docs/decisions/023-database-failover.md).
  let hasServed = false;
  let failedStarts = 0;
  cluster.on('listening', (worker) => {
    listening.add(worker.id);
    hasServed = true;
    failedStarts = 0;
  });
  cluster.on('exit', (worker, code, signal) => {
    const hadStarted = listening.delete(worker.id);
    if (isStopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (!hadStarted && !hasServed) {
      log('a server process failed to start: stopping', { worker: worker.id, code, signal });
      stop(1);
      return;
    }
    if (hadStarted) {
      log('a server process stopped unexpectedly: starting another', { worker: worker.id, code, signal });
      cluster.fork();
      return;
    }
    failedStarts++;
    const pauseMs = Math.min(30_000, 1_000 * 2 ** (failedStarts - 1));
    log('a replacement server process failed to start: trying again', { worker: worker.id, code, pauseMs });
    setTimeout(() => {
      if (!isStopping) cluster.fork();
    }, pauseMs).unref();
  });

  const stop = (exitCode: number) => {
    if (isStopping) return;
    isStopping = true;
    setTimeout(() => process.exit(exitCode || 1), 15_000).unref();
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', () => stop(0));
  process.on('SIGINT', () => stop(0));

  log(`starting ${count} server processes`);
  for (let n = 0; n < count; n++) cluster.fork();
}

function isMetricsRequest(message: unknown): message is { requestId: number } {
  return (
    typeof message === 'object' && message !== null && (message as { type?: unknown }).type === metricsRequest
  );
}
