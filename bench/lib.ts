import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const benchDir = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(benchDir, '..');
export const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The PGlite benchmark catalogue: `DATA_DIR=.data-bench npm run seed -- --offers 100000`. */
export const pgliteDataDir = process.env.BENCH_DATA_DIR ?? path.join(repoRoot, '.data-bench');

/**
 * Headers naming simulated client number `n` (198.18.0.0/15, the range for benchmarks): new carts are
 * limited per client (100 in 10 minutes, docs/decisions/021-lock-outs.md) and the benches make thousands
 * from 127.0.0.1. `startServer` runs the shop with TRUST_PROXY=true, so X-Forwarded-For names the client.
 */
export const benchClient = (n: number) => ({ 'x-forwarded-for': `198.18.${(n >> 8) & 255}.${n & 255}` });
let clientCount = 0;
/** The headers of the next simulated client, for a bench's next new cart. */
export const nextBenchClient = () => benchClient(clientCount++);

export type Scenario = {
  name: string;
  path: () => string;
  body?: () => string;
  method?: 'GET' | 'POST';
  /** Extra request headers (e.g. a browser's Accept and User-Agent for pages). */
  headers?: Record<string, string>;
  connections: number;
  /** Requests per second across all connections; absent = as fast as the server answers. */
  rate?: number;
};

export type BenchResult = {
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p97_5: number;
  p99: number;
  errors: number;
  non2xx: number;
};

/**
 * Starts the shop in production mode on `port` and waits until it is ready. `database`: the
 * PostgreSQL server, the PGlite benchmark catalogue, or `demo` = a fresh PGlite in a temp folder seeded
 * with the demo catalogue on start (what a visitor of `npm start` sees; removed again on stop).
 */
export async function startServer(options: {
  database: 'postgres' | 'pglite' | 'demo';
  port: number;
  env?: Record<string, string>;
  /** What `tsx` runs instead of the server's main.ts (a bench script's own entry, with its arguments). */
  entry?: string[];
  /** The source tree to run (another commit's, for a side-by-side run); this checkout by default. */
  cwd?: string;
  /** How long the start may take (a catalogue of a million offers builds its search index first). */
  startTimeoutMs?: number;
}) {
  const demoDataDir =
    options.database === 'demo' ? await mkdtemp(path.join(os.tmpdir(), 'shop-bench-')) : null;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORT: String(options.port),
    SEED_ON_START: 'false',
    // Clients simulated by address (`benchClient`); requests without the header count as 127.0.0.1.
    TRUST_PROXY: 'true',
    // A bench places its orders as one client and one customer: no limit on their open bank transfers.
    WIRE_TRANSFER_OPEN_LIMIT: '0',
    ...options.env,
  };
  if (options.database === 'postgres') {
    // A bench may put something between the shop and the server (bench/failover.bench.ts: a proxy).
    env.DATABASE_URL = options.env?.DATABASE_URL ?? postgresUrl;
    env.PAYMENTS_MODE ??= 'sandbox';
  } else {
    delete env.DATABASE_URL;
    env.DATA_DIR = demoDataDir ?? pgliteDataDir;
  }
  if (demoDataDir) env.SEED_ON_START = 'true';
  const child: ChildProcess = spawn('npx', ['tsx', ...(options.entry ?? ['apps/server/src/main.ts'])], {
    cwd: options.cwd ?? repoRoot,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${options.port}`;
  const startTimeoutMs = options.startTimeoutMs ?? 120_000;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      // /readyz: the database answers (and, on a first start, the demo catalogue is seeded).
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`server did not start within ${startTimeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    /** The server's process group (npx, tsx and the server itself): `cpuTimeMs` reads what it used. */
    processGroup: child.pid!,
    /** Offer ids to request, drawn from the first search pages so that every id exists. */
    async sampleOfferIds(count: number): Promise<number[]> {
      const ids: number[] = [];
      const sorts = ['price-asc', 'price-desc', 'newest', 'discount'];
      for (let page = 1; ids.length < count && page <= 200; page++) {
        for (const sort of sorts) {
          const response = await fetch(`${url}/api/offer/search`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ sort, page, pageSize: 48, facets: false }),
          });
          const body = (await response.json()) as { items: { id: number }[] };
          ids.push(...body.items.map((item) => item.id));
        }
      }
      return [...new Set(ids)].slice(0, count);
    },
    async stop() {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(-child.pid, 'SIGTERM');
        await exited;
      }
      // The server's own process may still be closing its files when the group's leader has exited.
      if (demoDataDir)
        await rm(demoDataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}

export async function runLoad(
  baseUrl: string,
  scenario: Scenario,
  durationSeconds: number,
): Promise<BenchResult> {
  return summarise(await autocannon(loadOptions(baseUrl, scenario, durationSeconds)));
}

/** Percentiles in microseconds, from every response's own time. */
export type ExactLatency = { p50Us: number; p90Us: number; p97_5Us: number; p99Us: number };

/**
 * `runLoad`, plus percentiles from each 2xx response's own time in microseconds: autocannon times every
 * request with hrtime but keeps whole milliseconds in its histogram, too coarse for a difference of
 * 0.1 ms. These are the times as measured, without the coordinated-omission correction that autocannon's
 * histogram applies at a steady rate (with one connection and sub-millisecond answers it rarely applies).
 */
export async function runLoadExact(
  baseUrl: string,
  scenario: Scenario,
  durationSeconds: number,
): Promise<BenchResult & ExactLatency & { samples: LatencySample[] }> {
  const times: number[] = [];
  const samples: LatencySample[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(loadOptions(baseUrl, scenario, durationSeconds), (error, result) =>
      error ? reject(error) : resolve(result),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) {
        times.push(responseTime);
        samples.push({ at: performance.now(), ms: responseTime });
      }
    });
  });
  times.sort((a, b) => a - b);
  const us = (p: number) => Math.round(percentile(times, p) * 1000);
  return { ...summarise(result), p50Us: us(50), p90Us: us(90), p97_5Us: us(97.5), p99Us: us(99), samples };
}

/** One answered request: when it was answered (performance.now()) and how long it took. */
export type LatencySample = { at: number; ms: number };

/**
 * p97.5 (ms) and answers per second of the samples answered in the windows [from, to) (performance.now()
 * times), taken together.
 */
export function windowOf(samples: LatencySample[], windows: [from: number, to: number][]) {
  const times = samples
    .filter((sample) => windows.some(([from, to]) => sample.at >= from && sample.at < to))
    .map((sample) => sample.ms)
    .sort((a, b) => a - b);
  const seconds = windows.reduce((sum, [from, to]) => sum + (to - from) / 1000, 0);
  return {
    seconds: Math.round(seconds * 10) / 10,
    answers: times.length,
    p97_5Ms: percentile(times, 97.5),
    requestsPerSecond: Math.round(times.length / seconds),
  };
}

/** The `p`th percentile of `sorted` (ascending; nearest rank); 0 for none. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Autocannon's options for a scenario: its method, path, body and headers per request, its rate. */
export function loadOptions(
  baseUrl: string,
  scenario: Scenario,
  durationSeconds: number,
): autocannon.Options {
  const method = scenario.method ?? (scenario.body ? 'POST' : 'GET');
  return {
    url: baseUrl,
    connections: scenario.connections,
    duration: durationSeconds,
    ...(scenario.rate ? { overallRate: scenario.rate } : {}),
    requests: [
      {
        method,
        setupRequest: (request) => ({
          ...request,
          path: scenario.path(),
          ...(scenario.body ? { body: scenario.body() } : {}),
          headers: {
            ...request.headers,
            ...scenario.headers,
            ...(scenario.body ? { 'content-type': 'application/json' } : {}),
          },
        }),
      },
    ],
  };
}

function summarise(result: autocannon.Result): BenchResult {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** The median of each figure over several runs (this machine is shared and noisy). */
/** The median of some numbers (the mean of the middle two for an even count). */
export function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function median<Result extends BenchResult>(results: Result[]): Result {
  const mid = medianOf;
  const keys = Object.keys(results[0]!) as (keyof Result)[];
  return Object.fromEntries(
    keys.map((key) => [key, mid(results.map((result) => result[key] as number))]),
  ) as Result;
}

/** The server renders the storefront from its production build; this builds nothing. */
export function requireStorefrontBuild(): void {
  if (!existsSync(path.join(repoRoot, 'apps', 'storefront', 'build', 'server', 'index.js'))) {
    throw new Error('the storefront build is missing: run `npm run build` first');
  }
}

/**
 * CPU time (user + system, ms) used so far by the live processes of a process group, from /proc (Linux):
 * the server's own cost per request, apart from the load generator that shares its cores.
 */
export async function cpuTimeMs(processGroup: number): Promise<number> {
  const { group } = await cpuTimesMs({ group: (process) => process.group === processGroup });
  return cpuSince(new Map(), group);
}

/** One process as /proc shows it: its name (comm) and process group. */
type ProcessOf = { name: string; group: number };

/**
 * CPU time (ms) used so far by each named set of processes (all their threads), from one pass over /proc,
 * by process id: `cpuSince` takes the difference of two readings over the processes of the later one, so
 * that a process that exits in between (a database connection closed) takes no time off.
 */
export async function cpuTimesMs<Name extends string>(
  sets: Record<Name, (process: ProcessOf) => boolean>,
): Promise<Record<Name, Map<number, number>>> {
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  const names = Object.keys(sets) as Name[];
  const used = Object.fromEntries(names.map((name) => [name, new Map<number, number>()])) as Record<
    Name,
    Map<number, number>
  >;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (!stat) continue;
    // Fields after the command name (which may hold spaces): state ppid pgrp … utime(14) stime(15).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const process = {
      name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      group: Number(fields[2]),
    };
    for (const name of names) {
      if (sets[name](process))
        used[name].set(Number(entry), (Number(fields[11]) + Number(fields[12])) / ticksPerMs);
    }
  }
  return used;
}

/** CPU ms a set of processes used between two readings of `cpuTimesMs` (a process new since: all of its). */
export function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, used] of after) ms += used - (before.get(pid) ?? 0);
  return ms;
}

/**
 * CPU time (ms) a server's process group uses per second while nobody asks it anything: its job
 * queue's polling and schedules. No request's cost, but at a low request rate it is a large share of
 * the CPU per request; the benchmarks take it off (`cpuUsPerRequest`).
 */
export async function idleCpuMsPerSecond(processGroup: number, seconds: number): Promise<number> {
  const before = await cpuTimeMs(processGroup);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return ((await cpuTimeMs(processGroup)) - before) / seconds;
}

/** CPU µs per answered request, without the server's idle work (ms per second, see above). */
export function cpuUsPerRequest(
  cpuMs: number,
  idleMsPerSecond: number,
  seconds: number,
  answered: number,
): number {
  return Math.round(((cpuMs - idleMsPerSecond * seconds) * 10_000) / answered) / 10;
}

/** A free TCP port on this machine. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export async function writeResults(name: string, data: unknown): Promise<void> {
  const outDir = path.join(benchDir, 'out');
  await mkdir(outDir, { recursive: true });
  await writeFile(path.join(outDir, `${name}.json`), `${JSON.stringify(data, null, 2)}\n`);
}

/** A server's resident set, V8 heap in use and memory outside the heap (array buffers), in MB, from /metrics. */
export async function processMemory(url: string, metricsToken: string) {
  const text = await (
    await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
  ).text();
  const gauge = (name: string) => {
    const line = text.split('\n').find((row) => row.startsWith(`${name} `) || row.startsWith(`${name}{`));
    return line ? Math.round(Number(line.split(' ').at(-1)) / 1e6) : null;
  };
  return {
    residentMb: gauge('process_resident_memory_bytes'),
    heapUsedMb: gauge('nodejs_heap_size_used_bytes'),
    externalMb: gauge('nodejs_external_memory_bytes'),
  };
}

/** Searches a visitor makes: words (some misspelt), destinations, themes, ranges and every sort. */
export function searchMix() {
  const words = [
    'Gardasee',
    'Sudtirol',
    'Wellness',
    'Wien',
    'Gardase',
    'Ostsee',
    'Toskana',
    'Berlin',
    'Tirol',
    'Strand',
    'Familie',
    'Ski',
    'Romantik',
    'Prag',
    'Schwarzwald',
    'Istrien',
    'Algarve',
    'hotel',
    'Nordsee',
    'Salzburg',
  ];
  const sorts = ['relevance', 'price-asc', 'price-desc', 'discount', 'newest'] as const;
  const countries = ['AT', 'DE', 'IT', 'CH', 'FR', 'ES', 'HR', 'CZ'];
  const requests: object[] = [];
  for (let i = 0; i < 200; i++) {
    const request: Record<string, unknown> = {
      sort: sorts[i % sorts.length],
      page: 1 + (i % 3),
      pageSize: 24,
    };
    if (i % 2 === 0) request.query = words[i % words.length];
    if (i % 3 === 0) request.countries = [countries[i % countries.length]];
    if (i % 5 === 0) request.themes = [1 + (i % 8)];
    if (i % 7 === 0) request.nights = { min: 2, max: 4 };
    if (i % 11 === 0) request.price = { min: 10_000, max: 50_000 };
    requests.push(request);
  }
  return requests;
}

/** Offer page addresses from the first search pages (every one exists). */
export async function offerPagePaths(base: string, count: number): Promise<string[]> {
  const paths: string[] = [];
  for (let page = 1; paths.length < count && page <= 50; page++) {
    const response = await fetch(`${base}/api/offer/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sort: 'newest', page, pageSize: 48, facets: false }),
    });
    const body = (await response.json()) as { items: { slug: string; contact: { slug: string } }[] };
    if (body.items.length === 0) break;
    paths.push(...body.items.map((offer) => `/urlaub/${offer.contact.slug}/${offer.slug}`));
  }
  if (paths.length === 0) throw new Error('the catalogue has no offer');
  return paths.slice(0, count);
}
