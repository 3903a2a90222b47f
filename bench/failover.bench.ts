/**
 * A database failover under a steady load (issue 23): the shop (production, `WEB_CONCURRENCY` processes)
 * reaches PostgreSQL through a TCP proxy (apps/server/src/test/database-proxy.ts), and each run takes
 * the database away one way while requests come at a fixed rate:
 *
 * - `terminate`: every connection of the shop ended by `pg_terminate_backend` (a restart, a failover);
 * - `refused`:   connections reset and new ones refused for `--away` seconds;
 * - `silent`:    nothing answers for `--away` seconds (a network partition).
 *
 *   npx tsx bench/failover.bench.ts --runs 2 --away 8 --rate 150
 *
 * Every request is noted with its start, its status or connection error and its time. Reported per
 * fault: what was answered while the database was away (503s, anything else, connections refused or
 * reset at the TCP level), how long the 503s took, and the recovery time: from the database being back
 * until every later second has at least 99 % of its requests answered normally (status below 500).
 * The mix: offer detail (API), search, add-to-cart, an order read (always needs the database) and the
 * home page. Results: bench/out/failover.json; bench/RESULTS.md records them.
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startDatabaseProxy } from '../apps/server/src/test/database-proxy.ts';
import { freePort, nextBenchClient, postgresUrl, startServer, writeResults } from './lib.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '2' },
    away: { type: 'string', default: '8' },
    rate: { type: 'string', default: '150' },
    processes: { type: 'string', default: '2' },
    timeout: { type: 'string', default: '5000' },
    faults: { type: 'string', default: 'terminate,refused,silent' },
  },
});
const runs = Number(values.runs);
const awaySeconds = Number(values.away);
const rate = Number(values.rate);
const faults = (values.faults ?? '').split(',') as Fault[];
type Fault = 'terminate' | 'refused' | 'silent';

const schema = 'bench_failover';
const applicationName = `shop_${schema}`;
const admin = new pg.Client({ connectionString: postgresUrl });
await admin.connect();
await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
await admin.query(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);

const proxy = await startDatabaseProxy(postgresUrl);
const shopDatabaseUrl = new URL(proxy.url);
shopDatabaseUrl.searchParams.set('application_name', applicationName);
const port = await freePort();
const server = await startServer({
  database: 'postgres',
  port,
  env: {
    DATABASE_URL: shopDatabaseUrl.toString(),
    DATABASE_SCHEMA: schema,
    SEED_ON_START: 'true',
    WEB_CONCURRENCY: values.processes ?? '2',
    DATABASE_TIMEOUT_MS: values.timeout ?? '5000',
  },
});
const agent = new http.Agent({ keepAlive: true, maxSockets: 4096 });

type Noted = { startedAt: number; ms: number; kind: string; status: number; error?: string };

function request(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json?: { id: number; token: string } }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          // New carts are limited per client: each request is a client of its own (TRUST_PROXY).
          ...nextBenchClient(),
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          let json: { id: number; token: string } | undefined;
          try {
            json = JSON.parse(text);
          } catch {}
          resolve({ status: response.statusCode ?? 0, json });
        });
      },
    );
    outgoing.on('error', reject);
    if (payload) outgoing.write(payload);
    outgoing.end();
  });
}

// What the load asks for: offers that exist, carts to add to, one order to read.
await admin.query(`UPDATE ${schema}.variants SET stock = 1000000`);
const offerIds = await server.sampleOfferIds(300);
const { rows: variantRows } = await admin.query(
  `SELECT v.id FROM ${schema}.variants v JOIN ${schema}.offers o ON o.id = v.offer_id
   WHERE o.is_active AND o.brand_id IS NULL`,
);
const variantIds = variantRows.map((row: { id: number }) => row.id);
const carts: { orderId: number; key: string }[] = [];
for (let n = 0; n < 200; n++) {
  const { json } = await request('POST', '/api/order', {});
  if (json) carts.push({ orderId: json.id, key: json.token });
}
const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)] as T;

const mix: { kind: string; weight: number; send: () => Promise<{ status: number }> }[] = [
  { kind: 'offer detail', weight: 4, send: () => request('GET', `/api/offer?id=${pick(offerIds)}`) },
  {
    kind: 'search',
    weight: 2,
    send: () => request('POST', '/api/offer/search', { query: pick(['Wellness', 'Rom', 'See']), page: 1 }),
  },
  {
    kind: 'add to cart',
    weight: 2,
    send: () => request('POST', '/api/order/items', { ...pick(carts), variantId: pick(variantIds) }),
  },
  {
    kind: 'order read',
    weight: 1,
    send: () => {
      const cart = pick(carts);
      return request('GET', `/api/order/${cart.orderId}/${cart.key}`);
    },
  },
  { kind: 'home page', weight: 1, send: () => request('GET', '/') },
];
const weighted: typeof mix = mix.flatMap((entry) => Array(entry.weight).fill(entry));

/** Requests at `rate` per second (open loop) for `seconds`; `events` run at their offsets meanwhile. */
async function load(seconds: number, events: [number, () => Promise<void> | void][]): Promise<Noted[]> {
  const noted: Noted[] = [];
  const pending: Promise<void>[] = [];
  const begin = performance.now();
  for (const [at, run] of events) setTimeout(() => void run(), at * 1000);
  for (let n = 0; n < seconds * rate; n++) {
    const due = begin + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const entry = pick(weighted);
    const startedAt = performance.now() - begin;
    pending.push(
      entry.send().then(
        ({ status }) => {
          noted.push({ startedAt, ms: performance.now() - begin - startedAt, kind: entry.kind, status });
        },
        (error: Error & { code?: string }) => {
          noted.push({
            startedAt,
            ms: performance.now() - begin - startedAt,
            kind: entry.kind,
            status: 0,
            error: error.code ?? error.message,
          });
        },
      ),
    );
  }
  await Promise.all(pending);
  return noted;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!) : 0;
const isNormal = (answer: Noted) => answer.status > 0 && answer.status < 500;

/** Seconds from `backAt` until every later whole second has ≥ 99 % normal answers (by start time). */
function recoverySeconds(noted: Noted[], backAt: number, endAt: number): number {
  const step = 250;
  let recoveredAt = backAt;
  for (let from = backAt; from + 1000 <= endAt; from += step) {
    const window = noted.filter((answer) => answer.startedAt >= from && answer.startedAt < from + 1000);
    const normal = window.filter(isNormal).length;
    if (window.length && normal / window.length < 0.99) recoveredAt = from + step;
  }
  return Math.round((recoveredAt - backAt) / 10) / 100;
}

async function runFault(fault: Fault) {
  const before = 5;
  const after = 20;
  const away = fault === 'terminate' ? 0 : awaySeconds;
  const terminate = async () => {
    await admin.query(
      'SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = $1',
      [applicationName],
    );
  };
  const events: [number, () => Promise<void> | void][] =
    fault === 'terminate'
      ? [[before, terminate]]
      : [
          [before, () => (fault === 'refused' ? proxy.cut() : proxy.blackhole())],
          [before + away, () => proxy.restore()],
        ];
  const seconds = before + away + after;
  const noted = await load(seconds, events);
  const awayFrom = before * 1000;
  const backAt = (before + away) * 1000;
  const whileAway = noted.filter((answer) => answer.startedAt >= awayFrom && answer.startedAt < backAt);
  const byStatus: Record<string, number> = {};
  for (const answer of whileAway) {
    const key = answer.status ? String(answer.status) : `tcp ${answer.error}`;
    byStatus[key] = (byStatus[key] ?? 0) + 1;
  }
  const unavailableMs = noted
    .filter((answer) => answer.status === 503)
    .map((answer) => answer.ms)
    .sort((a, b) => a - b);
  const everyFailure = noted.filter((answer) => !isNormal(answer));
  return {
    fault,
    awaySeconds: away,
    requests: noted.length,
    whileAway: { requests: whileAway.length, byStatus },
    refusedAtTcp: noted.filter((answer) => answer.status === 0).length,
    notNormal: {
      total: everyFailure.length,
      non503: everyFailure.filter((answer) => answer.status !== 503).length,
      byKind: Object.fromEntries(
        mix.map(({ kind }) => [kind, everyFailure.filter((answer) => answer.kind === kind).length]),
      ),
    },
    unavailableMs: {
      p50: percentile(unavailableMs, 50),
      p99: percentile(unavailableMs, 99),
      max: percentile(unavailableMs, 100),
    },
    recoverySeconds: recoverySeconds(noted, backAt, seconds * 1000),
  };
}

const results: Awaited<ReturnType<typeof runFault>>[] = [];
try {
  for (let run = 1; run <= runs; run++) {
    for (const fault of faults) {
      const result = await runFault(fault);
      results.push(result);
      console.log(JSON.stringify({ run, ...result }));
      // Let the shop settle (pools refill, caches reload) before the next fault.
      await new Promise((resolve) => setTimeout(resolve, 5_000));
    }
  }
  await writeResults('failover', { rate, awaySeconds, processes: values.processes, results });
} finally {
  await server.stop();
  await proxy.close();
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.query(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
  await admin.end();
}
