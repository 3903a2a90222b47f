/**
 * Catalogue load benchmark: offer detail and search (a mix of free text, refinements and sorts) against a
 * production server it starts itself, at full load and at a steady rate, with /healthz as the floor.
 *
 *   npx tsx bench/catalogue.bench.ts --database postgres --runs 3
 *   npx tsx bench/catalogue.bench.ts --database pglite --runs 3
 *   npx tsx bench/catalogue.bench.ts --database demo --only search   (what `npm start` serves: PGlite, demo data)
 *
 * Seed the benchmark catalogue first (`npm run seed -- --offers 100000`, with DATABASE_URL for PostgreSQL).
 * Results go to bench/out/catalogue-<database>.json; bench/RESULTS.md records the medians.
 */
import { parseArgs } from 'node:util';
import {
  type BenchResult,
  median,
  processMemory,
  runLoad,
  type Scenario,
  searchMix,
  startServer,
  writeResults,
} from './lib.ts';

const { values } = parseArgs({
  options: {
    database: { type: 'string', default: 'postgres' },
    runs: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    'cache-ttl-ms': { type: 'string' },
    only: { type: 'string' },
    'start-timeout-seconds': { type: 'string', default: '120' },
  },
});
const database = values.database === 'pglite' || values.database === 'demo' ? values.database : 'postgres';
const runs = Number(values.runs);
const duration = Number(values.duration);

// The process's memory is read from /metrics (prom-client's process and heap gauges).
const metricsToken = 'catalogue-bench-metrics-token';
const startedAt = performance.now();
const server = await startServer({
  database,
  port: 3100,
  env: {
    METRICS_TOKEN: metricsToken,
    ...(values['cache-ttl-ms'] === undefined ? {} : { CATALOGUE_CACHE_TTL_MS: values['cache-ttl-ms'] }),
  },
  startTimeoutMs: Number(values['start-timeout-seconds']) * 1000,
});
// From the spawn until /readyz answers: migrations, the search index built, the caches empty.
const readyAfterMs = Math.round(performance.now() - startedAt);
const memoryAtReady = await processMemory(server.url, metricsToken);
console.log(
  `ready after ${(readyAfterMs / 1000).toFixed(1)} s; memory at ready: ${JSON.stringify(memoryAtReady)}`,
);

try {
  const offerIds = await server.sampleOfferIds(5_000);
  const searches = searchMix();
  const randomOffer = () => `/api/offer?id=${offerIds[Math.floor(Math.random() * offerIds.length)]}`;
  const randomSearch = () => JSON.stringify(searches[Math.floor(Math.random() * searches.length)]);

  const allScenarios: Scenario[] = [
    { name: 'healthz full load', path: () => '/healthz', connections: 32 },
    { name: 'offer detail full load', path: randomOffer, connections: 32 },
    // Steady rates use one connection: autocannon paces all connections on one shared tick, so N
    // connections arrive as bursts of N requests (measured: offer detail p97.5 3 ms with 1, 15 ms with 16).
    { name: 'healthz at 1000 req/s', path: () => '/healthz', connections: 1, rate: 1000 },
    { name: 'offer detail at 1000 req/s', path: randomOffer, connections: 1, rate: 1000 },
    { name: 'search full load', path: () => '/api/offer/search', body: randomSearch, connections: 32 },
    { name: 'healthz at 200 req/s', path: () => '/healthz', connections: 1, rate: 200 },
    {
      name: 'search at 200 req/s',
      path: () => '/api/offer/search',
      body: randomSearch,
      connections: 1,
      rate: 200,
    },
    // Visitors do not queue politely: 8 connections on autocannon's shared tick arrive 8 at a time.
    {
      name: 'search at 200 req/s in bursts of 8',
      path: () => '/api/offer/search',
      body: randomSearch,
      connections: 8,
      rate: 200,
    },
  ];

  // --only offer: just the scenarios whose name contains "offer" (plus their healthz floors).
  const selected = values.only
    ? allScenarios.filter(
        (scenario) => scenario.name.includes(values.only!) || scenario.name.startsWith('healthz'),
      )
    : allScenarios;
  const scenarios = selected;
  const results: BenchResult[][] = scenarios.map(() => []);
  for (let run = 1; run <= runs; run++) {
    for (const [index, scenario] of scenarios.entries()) {
      const result = await runLoad(server.url, scenario, duration);
      console.log(
        `run ${run} ${scenario.name}: ${result.requestsPerSecond} req/s, p50 ${result.p50} ms, p97.5 ${result.p97_5} ms, p99 ${result.p99} ms, errors ${result.errors}`,
      );
      results[index]!.push(result);
    }
  }
  const summary = scenarios.map((scenario, index) => ({
    scenario: scenario.name,
    ...median(results[index]!),
  }));
  console.table(summary);
  await writeResults(`catalogue-${database}${values['cache-ttl-ms'] === '0' ? '-uncached' : ''}`, {
    database,
    runs,
    duration,
    readyAfterMs,
    memoryAtReady,
    memoryAfterRuns: await processMemory(server.url, metricsToken),
    summary,
    results,
  });
} finally {
  await server.stop();
}
