/**
 * The back office's reports over a million orders on PostgreSQL (issue 26's target: "Revenue report over
 * 1,000,000 orders for a year, per day: ≤ 1 s", read as p95 ≤ 1000 ms for every form of the revenue report).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_admin npm run seed -- --offers 1000 --orders 1000000
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_admin npx tsx bench/admin-reports.bench.ts --requests 30
 *
 * A production server process on that database (with STAFF_OPERATOR_TOTP=false: a production operator
 * would first have to set up a second factor) signs the demo operator in (every brand), then asks each
 * scenario `--requests` times, one request at a time (someone at a desk, not a crowd), after two warm-up
 * calls: the revenue report for a year (2025-11-28 to 2026-11-27) per day for every brand, per day for one
 * brand, per week, per month, per day as CSV, then the top offers and the search misses of that year.
 * Latency from the request's start to the answer's last byte; every answer must be 200. Prints a table and
 * writes the figures to bench/out/admin-reports.json.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { percentileOf } from './fulfilment-lib.ts';
import { freePort, medianOf, postgresUrl, startServer, writeResults } from './lib.ts';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '30' } } });
const requests = Number(values.requests);
if (!Number.isInteger(requests) || requests < 1) throw new Error('--requests: a whole number ≥ 1');

const from = '2025-11-28';
const to = '2026-11-27';
const targetMs = 1000;
const warmUps = 2;

const client = new pg.Client({ connectionString: postgresUrl });
await client.connect();
const [{ count }] = (await client.query('SELECT count(*)::int AS count FROM orders')).rows;
const [{ inRange }] = (
  await client.query(
    `SELECT count(*)::int AS "inRange" FROM orders
     WHERE paid_at >= ($1::date::timestamp AT TIME ZONE 'Europe/Berlin')
       AND paid_at < (($2::date + 1)::timestamp AT TIME ZONE 'Europe/Berlin')`,
    [from, to],
  )
).rows;

const scenarios: { name: string; path: string; target: boolean }[] = [
  {
    name: '(a) revenue, a year per day, all brands',
    path: `/api/admin/reports/revenue?${new URLSearchParams({ from, to, interval: 'day' })}`,
    target: true,
  },
  {
    name: '(b) revenue, a year per day, brand demo',
    path: `/api/admin/reports/revenue?${new URLSearchParams({ from, to, interval: 'day', brand: 'demo' })}`,
    target: true,
  },
  {
    name: '(c) revenue, a year per week',
    path: `/api/admin/reports/revenue?${new URLSearchParams({ from, to, interval: 'week' })}`,
    target: true,
  },
  {
    name: '(d) revenue, a year per month',
    path: `/api/admin/reports/revenue?${new URLSearchParams({ from, to, interval: 'month' })}`,
    target: true,
  },
  {
    name: '(e) revenue, a year per day, CSV',
    path: `/api/admin/reports/revenue?${new URLSearchParams({ from, to, interval: 'day', format: 'csv' })}`,
    target: true,
  },
  {
    name: '(f) top offers, a year',
    path: `/api/admin/reports/top-offers?${new URLSearchParams({ from, to })}`,
    target: false,
  },
  {
    name: '(g) search misses, a year',
    path: `/api/admin/reports/search-misses?${new URLSearchParams({ from, to })}`,
    target: false,
  },
];

const server = await startServer({
  database: 'postgres',
  port: await freePort(),
  env: { STAFF_OPERATOR_TOTP: 'false' },
});
// The server's start applied the migrations; their statistics are filled by the next ANALYZE, which a
// live database's autovacuum runs on its own.
await client.query('ANALYZE orders');
await client.end();

type Figures = {
  name: string;
  path: string;
  p50: number;
  p95: number;
  max: number;
  medianBytes: number;
  targetMs: number | null;
  met: boolean | null;
};
const figures: Figures[] = [];
try {
  const login = await fetch(`${server.url}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'operator@example.org', password: 'demo-operator-2026' }),
  });
  if (!login.ok) throw new Error(`sign-in: ${login.status} ${await login.text()}`);
  let cookie = String(login.headers.get('set-cookie')).split(';')[0] as string;

  const timed = async (path: string) => {
    const started = performance.now();
    const answer = await fetch(`${server.url}${path}`, { headers: { cookie } });
    // The session's secret is replaced every five minutes; an old one coming back later ends it.
    const renewed = answer.headers.get('set-cookie');
    if (renewed) cookie = renewed.split(';')[0] as string;
    const body = await answer.arrayBuffer();
    const ms = performance.now() - started;
    if (answer.status !== 200) {
      throw new Error(`${path}: ${answer.status} ${Buffer.from(body).toString('utf8').slice(0, 500)}`);
    }
    return { ms, bytes: body.byteLength };
  };

  console.log(
    `${count.toLocaleString('en')} orders, ${inRange.toLocaleString('en')} paid from ${from} to ${to}; ` +
      `${requests} requests per scenario after ${warmUps} warm-up calls, one at a time\n`,
  );
  for (const scenario of scenarios) {
    for (let i = 0; i < warmUps; i++) await timed(scenario.path);
    const timings = [];
    for (let i = 0; i < requests; i++) timings.push(await timed(scenario.path));
    const ms = timings.map((timing) => timing.ms).sort((a, b) => a - b);
    const p95 = percentileOf(ms, 95);
    figures.push({
      name: scenario.name,
      path: scenario.path,
      p50: percentileOf(ms, 50),
      p95,
      max: Math.round((ms.at(-1) as number) * 10) / 10,
      medianBytes: medianOf(timings.map((timing) => timing.bytes)),
      targetMs: scenario.target ? targetMs : null,
      met: scenario.target ? p95 <= targetMs : null,
    });
  }
} finally {
  await server.stop();
}

const loadAverage = os.loadavg().map((load) => Math.round(load * 100) / 100);
await writeResults('admin-reports', {
  orders: count,
  ordersPaidInRange: inRange,
  from,
  to,
  requests,
  warmUps,
  loadAverage,
  scenarios: figures,
});
console.log('| scenario | p50 | p95 | max | answer size (median) | target |');
console.log('|---|---|---|---|---|---|');
for (const figure of figures) {
  const target =
    figure.targetMs === null ? '' : `p95 ≤ ${figure.targetMs} ms: ${figure.met ? 'met' : '**missed**'}`;
  console.log(
    `| ${figure.name} | ${figure.p50.toFixed(1)} ms | ${figure.p95.toFixed(1)} ms | ${figure.max.toFixed(1)} ms | ` +
      `${figure.medianBytes < 1024 ? `${figure.medianBytes} B` : `${(figure.medianBytes / 1024).toFixed(1)} KiB`} | ${target} |`,
  );
}
console.log(`\nload average (1, 5, 15 min): ${loadAverage.join(', ')}`);
