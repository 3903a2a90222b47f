/**
 * The server-rendered offer page (HTML from the production build, data through the in-process API) at
 * full load and at a steady 100 pages/s, with /healthz at the same load as the floor of this machine.
 * Not a test: it measures.
 *
 *   npm run build && npx tsx bench/ssr.bench.ts                 # starts its own server (demo catalogue)
 *   npx tsx bench/ssr.bench.ts --url http://localhost:3000 --runs 3 --duration 10
 *
 * Targets (storefront issue): p95 ≤ 30 ms at 100 pages/s, ≥ 300 pages/s at full load. autocannon
 * reports p97.5, not p95: a p97.5 within the target means p95 is too. Results: bench/out/ssr.json.
 */
import { parseArgs } from 'node:util';
import {
  type BenchResult,
  freePort,
  median,
  offerPagePaths,
  requireStorefrontBuild,
  runLoad,
  type Scenario,
  startServer,
  writeResults,
} from './lib.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    offers: { type: 'string', default: '200' },
    /** demo: a fresh PGlite demo catalogue; postgres / pglite: the 100k benchmark catalogues. */
    database: { type: 'string', default: 'demo' },
  },
});
const runs = Number(values.runs);
const duration = Number(values.duration);

requireStorefrontBuild();
const database = (['demo', 'postgres', 'pglite'] as const).find((name) => name === values.database) ?? 'demo';
const server = values.url ? null : await startServer({ database, port: await freePort() });
const baseUrl = (values.url ?? server!.url).replace(/\/$/, '');

try {
  const paths = await offerPagePaths(baseUrl, Number(values.offers));
  const randomOffer = () => paths[Math.floor(Math.random() * paths.length)]!;
  // A browser's request: HTML wanted, a browser's user agent (crawlers are answered differently).
  const browser = {
    accept: 'text/html,application/xhtml+xml',
    'accept-language': 'de-DE,de;q=0.9',
    'user-agent':
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  };
  await warmUp(baseUrl, paths);

  const scenarios: Scenario[] = [
    { name: 'healthz full load (32 connections)', path: () => '/healthz', connections: 32 },
    { name: 'offer page full load (32 connections)', path: randomOffer, headers: browser, connections: 32 },
    // One connection: autocannon paces all connections on one tick, so N of them arrive as bursts of N.
    { name: 'healthz at 100 req/s', path: () => '/healthz', connections: 1, rate: 100 },
    { name: 'offer page at 100 pages/s', path: randomOffer, headers: browser, connections: 1, rate: 100 },
  ];
  const results: BenchResult[][] = scenarios.map(() => []);
  for (let run = 1; run <= runs; run++) {
    for (const [index, scenario] of scenarios.entries()) {
      await settle(baseUrl);
      const result = await runLoad(baseUrl, scenario, duration);
      console.log(
        `run ${run} ${scenario.name}: ${result.requestsPerSecond} req/s, p50 ${result.p50} ms, ` +
          `p97.5 ${result.p97_5} ms, p99 ${result.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}`,
      );
      results[index]!.push(result);
    }
  }
  const summary = scenarios.map((scenario, index) => ({
    scenario: scenario.name,
    ...median(results[index]!),
  }));
  console.log(`\nmedians of ${runs} run(s) of ${duration} s, ${paths.length} different offer pages:`);
  console.table(summary);
  await writeResults('ssr', {
    measuredAt: new Date().toISOString(),
    baseUrl,
    runs,
    duration,
    summary,
    results,
  });
} finally {
  await server?.stop();
}

/**
 * Waits until the server has worked off the previous scenario (a full load leaves a queue of requests
 * behind the client's last one): /healthz answers quickly three times in a row.
 */
async function settle(base: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  let quick = 0;
  while (quick < 3 && Date.now() < deadline) {
    const started = performance.now();
    await (await fetch(`${base}/healthz`)).arrayBuffer();
    quick = performance.now() - started < 10 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** One request per page first: the first render loads the server build and fills the caches. */
async function warmUp(base: string, paths: string[]): Promise<void> {
  for (const path of paths) {
    const response = await fetch(`${base}${path}`);
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    await response.arrayBuffer();
  }
}
