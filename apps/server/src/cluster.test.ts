import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProcessGroup, exited, type ServerProcess, unusedPort } from '#src/test/server-processes.ts';

/**
 * WEB_CONCURRENCY=2: one port served by two processes under a supervisor (PostgreSQL only, like every
 * multi-process test). Connections are spread over both, /metrics (on METRICS_PORT) counts for both, and
 * SIGTERM stops all.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const group = createProcessGroup(databaseUrl);
let server: ServerProcess;
let metricsPort: number;

beforeAll(async () => {
  if (!databaseUrl) return;
  metricsPort = await unusedPort();
  server = await group.start({ WEB_CONCURRENCY: '2', METRICS_PORT: String(metricsPort) });
  await group.waitUntilReady([server]);
}, 120_000);
afterAll(async () => {
  await group.stopAll();
});

/** The metrics line `name{labels} value` whose labels contain `labels`. */
function metric(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((entry) => entry.startsWith(`${name}{`) && entry.includes(labels));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe.skipIf(!databaseUrl)('several server processes on one port', () => {
  it('answers on every connection, and every scrape of /metrics counts the requests of both processes', async () => {
    const url = `http://127.0.0.1:${server.port}`;
    // A new connection per request: the supervisor hands connections to the processes in turn.
    const fresh = { headers: { connection: 'close' } };
    const healthzCount = async () =>
      metric(
        await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`, fresh)).text(),
        'http_request_duration_seconds_count',
        'route="/healthz",status_code="200"',
      );
    const before = await healthzCount();
    const answers = await Promise.all(Array.from({ length: 40 }, () => fetch(`${url}/healthz`, fresh)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    // Scrapes reach either process; each must report all 40 (one process alone saw only its share).
    const scrapes = [];
    for (let n = 0; n < 6; n++) scrapes.push(await healthzCount());
    expect(scrapes).toEqual(scrapes.map(() => before + 40));
    // METRICS_PORT keeps the metrics off the public port.
    expect((await fetch(`${url}/metrics`, fresh)).status).toBe(404);
  });

  it('stops every process on SIGTERM', async () => {
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);
    await expect(fetch(`http://127.0.0.1:${server.port}/healthz`)).rejects.toThrow();
  });
});
