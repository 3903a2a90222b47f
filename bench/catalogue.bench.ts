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
import { type BenchResult, median, runLoad, type Scenario, startServer, writeResults } from './lib.ts';

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
const memoryAtReady = await processMemory();
console.log(
  `ready after ${(readyAfterMs / 1000).toFixed(1)} s; memory at ready: ${JSON.stringify(memoryAtReady)}`,
);

/** Resident set, V8 heap in use and memory outside the heap (array buffers: the index columns), in MB. */
async function processMemory() {
  const text = await (
    await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
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
    memoryAfterRuns: await processMemory(),
    summary,
    results,
  });
} finally {
  await server.stop();
}

/** Searches a visitor makes: words (some misspelt), destinations, themes, ranges and every sort. */
function searchMix() {
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
