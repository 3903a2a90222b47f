/**
 * Accounts on PostgreSQL (issue 11's targets): sign-in at a steady rate (p95 ≤ 150 ms), and what an
 * authenticated read costs the server over an anonymous one (≤ 1 ms of server time).
 *
 *   npx tsx bench/login.bench.ts --runs 3
 *
 * A production server process (`startServer`) on a schema of its own (`bench_login_<random>`, the demo
 * catalogue seeded on start, dropped before and after), with its jobs in process and its mails in a
 * temporary DATA_DIR (removed after). `--accounts` accounts are registered over HTTP first; each
 * registration names a client address of its own in X-Forwarded-For (TRUST_PROXY=true), as the
 * registration limit allows 20 an hour per client. The measured sign-ins all come from 127.0.0.1 without
 * that header: the login limits count failures only (30 per client, 10 per account in 15 minutes), and
 * these all succeed, so neither is reached; the accounts are used in turn all the same.
 *
 * Per run:
 * - login: `POST /api/auth/login` at `--rate` per second on a fixed schedule (open loop: a slow answer
 *   does not delay the next request) for `--seconds`; p50/p95/p99/max from the request's start to the
 *   answer's last byte, and the server's CPU per sign-in (its process group, user + system, from /proc:
 *   argon2id runs on libuv's thread pool inside that process, so it is in the figure; PostgreSQL is not).
 * - /me against an anonymous read: `GET /api/account/me` with `Authorization: Bearer` (tokens of
 *   `--sessions` sessions, in turn) and `GET /api/offer?id=<one offer>` (the offer detail, from the
 *   catalogue cache after the first request), each at `--compare-rate` per second for
 *   `--compare-seconds`, alternated `--rounds` times (me, offer, offer, me, …); server CPU µs per request
 *   of each, the run's figure the median of its rounds.
 *
 * The server's idle CPU (pg-boss polling, the search index check) is measured once and is inside every
 * per-request figure; it is the same for both reads. Prints a table of the medians of all runs; writes
 * nothing.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchSchema, inParallel, middle, percentileOf, stopServer } from './fulfilment-lib.ts';
import { cpuTimeMs, freePort, startServer } from './lib.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '30' },
    accounts: { type: 'string', default: '200' },
    sessions: { type: 'string', default: '50' },
    'compare-rate': { type: 'string', default: '200' },
    'compare-seconds': { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
  },
});
const runs = Number(values.runs);
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const accountCount = Number(values.accounts);
const sessionCount = Number(values.sessions);
const compareRate = Number(values['compare-rate']);
const compareSeconds = Number(values['compare-seconds']);
const rounds = Number(values.rounds);
const schema = `bench_login_${randomBytes(4).toString('hex')}`;
const password = 'Sommer-Urlaub-2026';

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').trim();
const loadBefore = loadavg();
console.log(`/proc/loadavg before: ${loadBefore}`);

const database = await benchSchema(schema);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-login-'));
const server = await startServer({
  database: 'postgres',
  port: await freePort(),
  env: {
    DATABASE_SCHEMA: schema,
    SEED_ON_START: 'true',
    JOBS_IN_SERVER: 'true',
    TRUST_PROXY: 'true',
    DATA_DIR: dataDir,
    DATABASE_POOL_SIZE: '16',
  },
});
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const port = new URL(server.url).port;

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };

/** One call over a kept-alive connection; the answer once its last byte is in. */
function request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    if (payload) outgoing.write(payload);
    outgoing.end();
  });
}

/** Throws unless the answer has `status`. */
async function expectStatus(status: number, answer: Promise<Answer>, what: string): Promise<Answer> {
  const done = await answer;
  if (done.status !== status) throw new Error(`${what}: ${done.status} ${done.text.slice(0, 300)}`);
  return done;
}

const userNames = Array.from({ length: accountCount }, (_, n) => `bench.${n}@example.test`);
let nextAccount = 0;
/** A sign-in of the next account in turn; its access token. */
async function login(): Promise<string> {
  const userName = userNames[nextAccount++ % userNames.length]!;
  const answer = await expectStatus(200, request('POST', '/api/auth/login', { userName, password }), 'login');
  return JSON.parse(answer.text).accessToken.token;
}

type Steady = {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  cpuUs: number;
  errors: number;
};

/** `perSecond` calls of `one` on a fixed schedule for `duration` s: latencies (ms) and server CPU per call (µs). */
async function steady(perSecond: number, duration: number, one: () => Promise<unknown>): Promise<Steady> {
  const times: number[] = [];
  let errors = 0;
  const pending: Promise<void>[] = [];
  const count = perSecond * duration;
  const cpuBefore = await cpuTimeMs(server.processGroup);
  const begin = performance.now();
  for (let n = 0; n < count; n++) {
    const wait = begin + (n * 1000) / perSecond - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const start = performance.now();
    pending.push(
      one().then(
        () => void times.push(performance.now() - start),
        (error) => {
          if (errors++ === 0) console.error(String(error));
        },
      ),
    );
  }
  await Promise.all(pending);
  const cpuMs = (await cpuTimeMs(server.processGroup)) - cpuBefore;
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    p50: percentileOf(times, 50),
    p95: percentileOf(times, 95),
    p99: percentileOf(times, 99),
    max: percentileOf(times, 100),
    cpuUs: Math.round((cpuMs * 1000) / Math.max(1, times.length)),
    errors,
  };
}

async function outboxCount(): Promise<number> {
  const files = await readdir(path.join(dataDir, 'outbox')).catch(() => [] as string[]);
  return files.filter((file) => file.endsWith('.eml')).length;
}

type Run = {
  run: number;
  loadavg: string;
  login: Steady;
  me: Steady[];
  offer: Steady[];
};

try {
  // Accounts: each registration from a client address of its own (198.18.0.0/15, for benchmarks).
  await inParallel(userNames, 4, (userName, n) =>
    expectStatus(
      202,
      request(
        'POST',
        '/api/account/register',
        { userName, password, salutation: 20, firstName: 'Anna', lastName: 'Huber', newsletter: false },
        { 'x-forwarded-for': `198.18.${n >> 8}.${n & 255}` },
      ),
      'register',
    ),
  );
  // The welcome mails go out before anything is measured (the mail job competes for the CPU).
  const mailDeadline = Date.now() + 300_000;
  while ((await outboxCount()) < accountCount) {
    if (Date.now() > mailDeadline) throw new Error(`only ${await outboxCount()} welcome mails`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const { rows } = await database.admin.query(
    `SELECT substring(password_hash from '^\\$argon2[a-z]+\\$v=[0-9]+\\$[^$]+') AS parameters, count(*)::int AS accounts
     FROM ${schema}.customers GROUP BY 1`,
  );
  const hashParameters = rows.map((row) => `${row.parameters} (${row.accounts} accounts)`).join(', ');
  console.log(`${accountCount} accounts registered; stored hashes: ${hashParameters}`);
  console.log(`UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}`);

  const [offerId] = await server.sampleOfferIds(1);
  const offerPath = `/api/offer?id=${offerId}`;
  const readOffer = () => expectStatus(200, request('GET', offerPath), 'offer');
  const tokens = await inParallel(Array.from({ length: sessionCount }), 2, () => login());
  let nextToken = 0;
  const readMe = () =>
    expectStatus(
      200,
      request('GET', '/api/account/me', undefined, {
        authorization: `Bearer ${tokens[nextToken++ % tokens.length]}`,
      }),
      'me',
    );

  // Warm-up: the JIT on every path, the offer in the catalogue cache.
  await inParallel(Array.from({ length: 100 }), 2, () => login());
  await inParallel(Array.from({ length: 2000 }), 4, () => readMe());
  await inParallel(Array.from({ length: 2000 }), 4, () => readOffer());

  const idleBefore = await cpuTimeMs(server.processGroup);
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const idleMsPerSecond = ((await cpuTimeMs(server.processGroup)) - idleBefore) / 10;
  console.log(`server idle: ${idleMsPerSecond.toFixed(1)} ms CPU per second`);

  const results: Run[] = [];
  for (let run = 1; run <= runs; run++) {
    const result: Run = {
      run,
      loadavg: loadavg(),
      login: await steady(rate, seconds, login),
      me: [],
      offer: [],
    };
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 ? (['offer', 'me'] as const) : (['me', 'offer'] as const);
      for (const kind of order) {
        result[kind].push(await steady(compareRate, compareSeconds, kind === 'me' ? readMe : readOffer));
      }
    }
    results.push(result);
    const { login: l } = result;
    const me = middle(result.me.map((r) => r.cpuUs));
    const offer = middle(result.offer.map((r) => r.cpuUs));
    console.log(
      `run ${run} (loadavg ${result.loadavg}): login at ${rate}/s p50 ${l.p50} p95 ${l.p95} p99 ${l.p99} max ${l.max} ms, ` +
        `${(l.cpuUs / 1000).toFixed(1)} ms CPU/login, errors ${l.errors}; ` +
        `CPU per request /me ${result.me.map((r) => r.cpuUs).join('/')} µs, offer ${result.offer.map((r) => r.cpuUs).join('/')} µs ` +
        `(medians ${me} and ${offer}: +${me - offer} µs); errors ${[...result.me, ...result.offer].reduce((sum, r) => sum + r.errors, 0)}`,
    );
  }

  const med = (pick: (result: Run) => number) => middle(results.map(pick));
  const roundMedian = (list: Steady[], pick: (s: Steady) => number) => middle(list.map(pick));
  const meCpu = med((r) => roundMedian(r.me, (s) => s.cpuUs));
  const offerCpu = med((r) => roundMedian(r.offer, (s) => s.cpuUs));
  const differences = results.map(
    (r) => roundMedian(r.me, (s) => s.cpuUs) - roundMedian(r.offer, (s) => s.cpuUs),
  );
  const loginP95 = med((r) => r.login.p95);
  console.log(
    `medians of ${runs} runs; argon2id ${hashParameters}; server idle ${idleMsPerSecond.toFixed(1)} ms CPU/s`,
  );
  console.table([
    {
      scenario: `login at ${rate}/s, ${seconds} s`,
      'p50 ms': med((r) => r.login.p50),
      'p95 ms': loginP95,
      'p99 ms': med((r) => r.login.p99),
      'max ms': med((r) => r.login.max),
      'CPU µs/request': med((r) => r.login.cpuUs),
      errors: results.reduce((sum, r) => sum + r.login.errors, 0),
      target: `p95 ≤ 150 ms: ${loginP95 <= 150 ? 'met' : 'NOT met'}`,
    },
    {
      scenario: `GET /api/account/me at ${compareRate}/s`,
      'p50 ms': med((r) => roundMedian(r.me, (s) => s.p50)),
      'p95 ms': med((r) => roundMedian(r.me, (s) => s.p95)),
      'p99 ms': med((r) => roundMedian(r.me, (s) => s.p99)),
      'max ms': med((r) => roundMedian(r.me, (s) => s.max)),
      'CPU µs/request': meCpu,
      errors: results.reduce((sum, r) => sum + r.me.reduce((n, s) => n + s.errors, 0), 0),
      target: `≤ offer + 1,000 µs: +${middle(differences)} µs (runs ${differences.join(', ')}): ${middle(differences) <= 1000 ? 'met' : 'NOT met'}`,
    },
    {
      scenario: `GET ${offerPath} at ${compareRate}/s`,
      'p50 ms': med((r) => roundMedian(r.offer, (s) => s.p50)),
      'p95 ms': med((r) => roundMedian(r.offer, (s) => s.p95)),
      'p99 ms': med((r) => roundMedian(r.offer, (s) => s.p99)),
      'max ms': med((r) => roundMedian(r.offer, (s) => s.max)),
      'CPU µs/request': offerCpu,
      errors: results.reduce((sum, r) => sum + r.offer.reduce((n, s) => n + s.errors, 0), 0),
      target: 'baseline',
    },
  ]);
} finally {
  agent.destroy();
  await stopServer(server);
  await database.dropAndClose();
  await rm(dataDir, { recursive: true, force: true });
  console.log(`/proc/loadavg after: ${loadavg()} (before: ${loadBefore})`);
}
