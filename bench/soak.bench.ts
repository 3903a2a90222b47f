/**
 * Soak: the catalogue's reads (search, offer detail, offer pages) at half the capacity this server shows
 * for them, for a long time, with the server's memory read every 15 s. Memory must stay flat (the last
 * five minutes within 5 % of the five after the warm-up) and no answer may be an error.
 *
 *   npm run build && npx tsx bench/soak.bench.ts --database demo --minutes 30
 *
 * `demo`: what `npm start` serves (PGlite, demo catalogue); `postgres`: BENCH_DATABASE_URL's catalogue.
 * Results go to bench/out/soak-<database>.json; bench/RESULTS.md records them.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  loadOptions,
  offerPagePaths,
  processMemory,
  requireStorefrontBuild,
  runLoad,
  type Scenario,
  searchMix,
  startServer,
  writeResults,
} from './lib.ts';

const { values } = parseArgs({
  options: {
    database: { type: 'string', default: 'demo' },
    minutes: { type: 'string', default: '30' },
    'warm-up-minutes': { type: 'string', default: '5' },
  },
});
const database = values.database === 'postgres' ? 'postgres' : 'demo';
const minutes = Number(values.minutes);
const warmUpMinutes = Math.min(Number(values['warm-up-minutes']), minutes / 3);
requireStorefrontBuild();

const metricsToken = 'soak-bench-metrics-token';
const server = await startServer({ database, port: 3120, env: { METRICS_TOKEN: metricsToken } });
try {
  const searches = searchMix();
  const offerIds = await server.sampleOfferIds(2_000);
  const pagePaths = await offerPagePaths(server.url, 200);
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const browser = {
    accept: 'text/html,application/xhtml+xml',
    'accept-language': 'de-DE,de;q=0.9',
    'user-agent':
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  };
  const mix: Scenario[] = [
    {
      name: 'search',
      path: () => '/api/offer/search',
      body: () => JSON.stringify(pick(searches)),
      connections: 8,
    },
    { name: 'offer detail', path: () => `/api/offer?id=${pick(offerIds)}`, connections: 8 },
    { name: 'offer page', path: () => pick(pagePaths), headers: browser, connections: 8 },
  ];

  // Capacity: each part alone at full load; the soak runs each at a sixth of it, the three together
  // half of what the server can do.
  const rates: number[] = [];
  for (const scenario of mix) {
    const full = await runLoad(server.url, scenario, 15);
    rates.push(Math.max(1, Math.round(full.requestsPerSecond / 6)));
    console.log(`${scenario.name}: ${full.requestsPerSecond} req/s at full load`);
  }
  console.log(`soak: ${mix.map((s, i) => `${s.name} ${rates[i]}/s`).join(', ')} for ${minutes} min`);

  const samples: { minute: number; residentMb: number; heapUsedMb: number; externalMb: number }[] = [];
  const startedAt = Date.now();
  const sample = async () => {
    const memory = await processMemory(server.url, metricsToken);
    samples.push({
      minute: (Date.now() - startedAt) / 60_000,
      residentMb: memory.residentMb ?? 0,
      heapUsedMb: memory.heapUsedMb ?? 0,
      externalMb: memory.externalMb ?? 0,
    });
    const last = samples.at(-1)!;
    console.log(
      `${last.minute.toFixed(1)} min: resident ${last.residentMb} MB, heap ${last.heapUsedMb} MB, external ${last.externalMb} MB`,
    );
  };
  await sample();
  const timer = setInterval(() => void sample().catch(() => {}), 15_000);
  const runs = await Promise.all(
    mix.map(
      (scenario, index) =>
        new Promise<autocannon.Result>((resolve, reject) =>
          autocannon(
            loadOptions(server.url, { ...scenario, rate: rates[index]! }, minutes * 60),
            (error, result) => (error ? reject(error) : resolve(result)),
          ),
        ),
    ),
  );
  clearInterval(timer);
  await sample();

  const mean = (rows: typeof samples, key: 'residentMb' | 'heapUsedMb') =>
    rows.reduce((sum, row) => sum + row[key], 0) / Math.max(1, rows.length);
  const afterWarmUp = samples.filter((s) => s.minute >= warmUpMinutes && s.minute < warmUpMinutes + 5);
  const lastFive = samples.filter((s) => s.minute >= minutes - 5);
  const growth = (key: 'residentMb' | 'heapUsedMb') =>
    Math.round((mean(lastFive, key) / mean(afterWarmUp, key) - 1) * 1000) / 10;
  const summary = {
    minutes,
    rates: Object.fromEntries(mix.map((scenario, index) => [scenario.name, rates[index]])),
    answers: Object.fromEntries(
      mix.map((scenario, index) => [
        scenario.name,
        {
          requests: runs[index]!.requests.total,
          p50: runs[index]!.latency.p50,
          p97_5: runs[index]!.latency.p97_5,
          p99: runs[index]!.latency.p99,
          errors: runs[index]!.errors + runs[index]!.timeouts,
          non2xx: runs[index]!.non2xx,
        },
      ]),
    ),
    residentGrowthPercent: growth('residentMb'),
    heapGrowthPercent: growth('heapUsedMb'),
  };
  console.log(JSON.stringify(summary, null, 2));
  await writeResults(`soak-${database}`, { ...summary, samples });
} finally {
  await server.stop();
}
