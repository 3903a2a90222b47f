/**
 * Two "machines" against one (issue 28): catalogue reads (offer detail, the search mix) at full load on
 * one server process, then on two side by side, each with a DATA_DIR and port of its own, on one
 * PostgreSQL and one Redis. The load is spread evenly, with the same number of connections in all.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_million npx tsx bench/two-machines.bench.ts --runs 3
 *
 * Both "machines" share this machine's cores with each other, the load generator and PostgreSQL:
 * read the ratio together with the CPU the servers could have had (printed). Results go to
 * bench/out/two-machines.json.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type BenchResult, medianOf, runLoad, startServer, writeResults } from './lib.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    'start-timeout-seconds': { type: 'string', default: '600' },
  },
});
const runs = Number(values.runs);
const duration = Number(values.duration);
const connections = Number(values.connections);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const folders: string[] = [];
async function machine(port: number) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-machine-'));
  folders.push(dataDir);
  return startServer({
    database: 'postgres',
    port,
    env: {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: '1',
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    },
    startTimeoutMs: Number(values['start-timeout-seconds']) * 1000,
  });
}

const first = await machine(3201);
const second = await machine(3202);
try {
  const offerIds = await first.sampleOfferIds(5_000);
  const randomOffer = () => `/api/offer?id=${offerIds[Math.floor(Math.random() * offerIds.length)]}`;
  const searches = ['Gardasee', 'Wellness', 'Wien', 'Ostsee', 'Toskana', 'Tirol', 'Familie', 'Ski'].flatMap(
    (query) =>
      ['relevance', 'price-asc', 'discount'].map((sort) =>
        JSON.stringify({ query, sort, page: 1, pageSize: 24 }),
      ),
  );
  const randomSearch = () => searches[Math.floor(Math.random() * searches.length)]!;
  const kinds = [
    { name: 'offer detail', path: randomOffer },
    { name: 'search', path: () => '/api/offer/search', body: randomSearch },
  ];

  const rows: { scenario: string; one: number; two: number; ratio: number }[] = [];
  const raw: Record<string, { one: BenchResult[]; two: BenchResult[][] }> = {};
  for (const kind of kinds) {
    const one: BenchResult[] = [];
    const two: BenchResult[][] = [];
    for (let run = 1; run <= runs; run++) {
      // Warm both machines' caches alike before each measurement.
      await Promise.all(
        [first, second].map((server) => runLoad(server.url, { ...kind, name: 'warm', connections: 8 }, 3)),
      );
      one.push(await runLoad(first.url, { ...kind, connections }, duration));
      two.push(
        await Promise.all(
          [first, second].map((server) =>
            runLoad(server.url, { ...kind, connections: connections / 2 }, duration),
          ),
        ),
      );
      const sum = (two.at(-1) ?? []).reduce((total, result) => total + result.requestsPerSecond, 0);
      console.log(
        `run ${run} ${kind.name}: one machine ${one.at(-1)?.requestsPerSecond} req/s, two machines ${sum} req/s (${(two.at(-1) ?? []).map((result) => result.requestsPerSecond).join(' + ')}), errors ${[one.at(-1), ...(two.at(-1) ?? [])].reduce((n, result) => n + (result?.errors ?? 0) + (result?.non2xx ?? 0), 0)}`,
      );
    }
    const oneMedian = medianOf(one.map((result) => result.requestsPerSecond));
    const twoMedian = medianOf(
      two.map((pair) => pair.reduce((total, result) => total + result.requestsPerSecond, 0)),
    );
    rows.push({
      scenario: kind.name,
      one: oneMedian,
      two: twoMedian,
      ratio: Math.round((twoMedian / oneMedian) * 100) / 100,
    });
    raw[kind.name] = { one, two };
  }
  console.table(rows);
  console.log(
    `cores: ${os.availableParallelism()} (shared by the servers, the load generator and PostgreSQL)`,
  );
  await writeResults('two-machines', { runs, duration, connections, rows, raw });
} finally {
  await Promise.all([first.stop(), second.stop()]);
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
}
