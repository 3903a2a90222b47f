/**
 * What issue 9's edge costs (its targets: ≤ 0.2 ms p50 on an offer-detail read, catalogue and checkout
 * within 5 %): two production servers on the same PostgreSQL benchmark catalogue in one run, one built
 * as deployed ("with": helmet's security headers and CSP, the no-store hook, the Host check, the
 * order-key limits) and one with `withEdgeChecks: false` ("without"), measured alternately so that the
 * noise of this shared machine hits both alike.
 *
 *   npx tsx bench/edge-overhead.bench.ts --runs 5
 *   npx tsx bench/edge-overhead.bench.ts --only offer --injects 0   (offer detail only, no inject view)
 *   npx tsx bench/edge-overhead.bench.ts --without-first            (the other start order)
 *
 * The rate-limit plugin is registered in both: order routes need the plugin's decorators, and with
 * `global: false` it adds a hook only to routes with a limit of their own. Catalogue reads have none;
 * add-to-cart passes the order-key guard, whose limits "without" leaves out. Server CPU per request is
 * net of each server's idle work (measured before and after the runs). Seed the catalogue first
 * (`DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run seed -- --offers 100000`).
 * Results go to bench/out/edge-overhead.json; bench/RESULTS.md records the medians.
 *
 * Three views: autocannon over HTTP at a steady 1,000 req/s on one connection and at full load, each
 * response's time in microseconds (autocannon's histogram keeps whole milliseconds), with the server's
 * CPU time per request (the load generator shares the two cores, so latencies carry its cost and its
 * noise; the server's CPU time does not, and at full load its one thread is what limits req/s); and
 * `app.inject()` in this process (no sockets, no client: the server's own work per request).
 *
 * Every offer is read from the catalogue cache: its TTL is raised to an hour and each of the 5,000 offers
 * asked once on each server before anything counts. With the default 10 s, a server's hit rate depends
 * on when it last ran: in a first try, the entries of the server warmed first expired during the measured
 * runs, and its misses (~1 ms of PostgreSQL each) made it look 0.6 ms slower. The edge costs the same on
 * a hit or a miss.
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import {
  type BenchResult,
  benchClient,
  cpuTimeMs,
  cpuUsPerRequest,
  type ExactLatency,
  freePort,
  idleCpuMsPerSecond,
  median,
  medianOf,
  percentile,
  postgresUrl,
  runLoadExact,
  type Scenario,
  startServer,
  writeResults,
} from './lib.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    duration: { type: 'string', default: '10' },
    /** In-process requests per app for the `app.inject()` view. */
    injects: { type: 'string', default: '20000' },
    /** Seconds of idle CPU measured per server before and after the runs. */
    idle: { type: 'string', default: '8' },
    /** `--only offer,search` runs some of the scenarios (names start with these words). */
    only: { type: 'string' },
    /**
     * An A/A check of the method: both servers without the edge (still labelled with/without), so that
     * what differs is only which process is which and when it runs.
     */
    aa: { type: 'boolean', default: false },
    /**
     * Start the server without the edge first. The server started first fell behind in long runs
     * whichever code it ran (bench/RESULTS.md, 2026-11-27): measure in both orders.
     */
    'without-first': { type: 'boolean', default: false },
    /** Internal: this file as the server's entry, `with` or `without` the edge checks. */
    serve: { type: 'string' },
  },
});

const only = values.only?.split(',').map((word) => word.trim().toLowerCase());

const variants = ['with', 'without'] as const;
type Variant = (typeof variants)[number];

/** An hour: nothing expires during a run (see above). */
const cacheTtlMs = '3600000';

if (values.serve) await serve(values.serve === 'with');
else await bench();

/** main.ts without the seed and the metrics port: one process, the app built with or without the edge. */
async function serve(withEdgeChecks: boolean): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    schemaName: config.databaseSchema,
  });
  await database.migrate();
  const app = await buildApp({ config, database, withEdgeChecks });
  process.once('SIGTERM', async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
  await app.listen({ host: config.host, port: config.port });
}

async function bench(): Promise<void> {
  const runs = Number(values.runs);
  const duration = Number(values.duration);
  const injects = Number(values.injects);

  const idleSeconds = Number(values.idle);
  const start = async (variant: Variant) =>
    startServer({
      database: 'postgres',
      port: await freePort(),
      entry: [
        'bench/edge-overhead.bench.ts',
        '--serve',
        variant === 'with' && !values.aa ? 'with' : 'without',
      ],
      env: { CATALOGUE_CACHE_TTL_MS: cacheTtlMs, DATABASE_POOL_SIZE: '16' },
    });
  const servers = {} as Record<Variant, Awaited<ReturnType<typeof startServer>>>;
  for (const variant of values['without-first'] ? (['without', 'with'] as const) : variants) {
    servers[variant] = await start(variant);
  }
  /** With the server's CPU time per answered request, in µs (its process group, from /proc). */
  type Exact = BenchResult & ExactLatency & { cpuUsPerRequest: number };
  let httpRuns: { scenario: string; results: Record<Variant, Exact[]> }[] = [];
  let offerIds: number[] = [];
  const idle: Record<Variant, number[]> = { with: [], without: [] };
  const measureIdle = async () => {
    for (const variant of variants) {
      idle[variant].push(await idleCpuMsPerSecond(servers[variant].processGroup, idleSeconds));
    }
  };
  const idleRate = (variant: Variant) =>
    idle[variant].reduce((sum, rate) => sum + rate, 0) / idle[variant].length;
  try {
    offerIds = await servers.with.sampleOfferIds(5_000);
    const randomOffer = () => `/api/offer?id=${offerIds[Math.floor(Math.random() * offerIds.length)]}`;
    if (!values.aa) await checkVariants(servers.with.url, servers.without.url, randomOffer());
    const searches = ['price-asc', 'price-desc', 'newest', 'discount'].flatMap((sort) =>
      [1, 2, 3, 4, 5].map((page) => JSON.stringify({ sort, page, pageSize: 24, facets: true })),
    );
    const randomSearch = () => searches[Math.floor(Math.random() * searches.length)]!;
    const addToCart = {
      with: await cartAdds(servers.with.url),
      without: await cartAdds(servers.without.url),
    };

    const allScenarios = (variant: Variant): Scenario[] => [
      // The floor, and the purest view of a per-request cost: /healthz passes the same hooks.
      { name: 'healthz full load', path: () => '/healthz', connections: 32 },
      // One connection: autocannon paces all connections on one shared tick (see catalogue.bench.ts).
      { name: 'offer detail at 1000 req/s', path: randomOffer, connections: 1, rate: 1000 },
      { name: 'offer detail full load', path: randomOffer, connections: 32 },
      { name: 'search full load', path: () => '/api/offer/search', body: randomSearch, connections: 32 },
      {
        name: 'add-to-cart full load',
        path: () => '/api/order/items',
        body: addToCart[variant],
        connections: 16,
      },
    ];
    const scenarios = (variant: Variant) =>
      allScenarios(variant).filter(
        (scenario) => !only || only.some((word) => scenario.name.toLowerCase().startsWith(word)),
      );
    // Both servers warm before anything counts: every sampled offer and search in the cache, then the JIT.
    for (const variant of variants) {
      await readAll(servers[variant].url, offerIds);
      for (const body of searches) {
        const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body };
        await (await fetch(`${servers[variant].url}/api/offer/search`, init)).arrayBuffer();
      }
      for (const scenario of scenarios(variant)) {
        await runLoadExact(servers[variant].url, { ...scenario, name: 'warm-up' }, 3);
      }
    }
    await measureIdle();
    httpRuns = scenarios('with').map((scenario) => ({
      scenario: scenario.name,
      results: { with: [], without: [] },
    }));
    for (let run = 1; run <= runs; run++) {
      for (const [index] of httpRuns.entries()) {
        // A/B, then B/A in the next run: a drift in the machine's load favours neither.
        const order: Variant[] = run % 2 ? ['with', 'without'] : ['without', 'with'];
        for (const variant of order) {
          const scenario = scenarios(variant)[index]!;
          const cpuBefore = await cpuTimeMs(servers[variant].processGroup);
          const load = await runLoadExact(servers[variant].url, scenario, duration);
          const cpuMs = (await cpuTimeMs(servers[variant].processGroup)) - cpuBefore;
          const answered = load.requestsPerSecond * duration;
          const result = {
            ...load,
            cpuUsPerRequest: cpuUsPerRequest(cpuMs, idleRate(variant), duration, answered),
          };
          console.log(
            `run ${run} ${scenario.name}, ${variant}: ${result.requestsPerSecond} req/s, p50 ${result.p50Us} µs, p90 ${result.p90Us} µs, p97.5 ${result.p97_5Us} µs, server CPU ${result.cpuUsPerRequest} µs/request, errors ${result.errors + result.non2xx}`,
          );
          httpRuns[index]!.results[variant].push(result);
        }
      }
    }
    await measureIdle();
  } finally {
    await servers.with.stop();
    await servers.without.stop();
  }

  // The second view, with the servers stopped: both apps in this process, requests through inject.
  const inject = injects > 0 ? await injectView(offerIds, injects) : { summary: [] };

  const summary = httpRuns.flatMap(({ scenario, results }) => {
    const [withEdge, without] = [median(results.with), median(results.without)];
    // Run i's "with" against run i's "without", measured back to back: the spread of these differences
    // says how much of the difference is noise.
    const pairs = results.with.map((result, index) => result.p50Us - results.without[index]!.p50Us);
    // The same per pair, relative: on a machine whose speed drifts from minute to minute (a shared VM's
    // CPU comes in bursts), each pair's ratio is steadier than the ratio of the two medians.
    const pairedPercent = (measure: (result: Exact) => number) =>
      `${medianOf(
        results.with.map((result, index) => (measure(result) / measure(results.without[index]!) - 1) * 100),
      ).toFixed(1)} %`;
    return [
      { scenario, server: 'with', ...withEdge },
      { scenario, server: 'without', ...without },
      {
        scenario,
        server: 'with − without',
        requestsPerSecond: withEdge.requestsPerSecond - without.requestsPerSecond,
        p50Us: withEdge.p50Us - without.p50Us,
        p90Us: withEdge.p90Us - without.p90Us,
        p97_5Us: withEdge.p97_5Us - without.p97_5Us,
        cpuUsPerRequest: Math.round((withEdge.cpuUsPerRequest - without.cpuUsPerRequest) * 10) / 10,
        cpuDifference: `${(((withEdge.cpuUsPerRequest - without.cpuUsPerRequest) / without.cpuUsPerRequest) * 100).toFixed(1)} %`,
        requestsDifference: `${(((withEdge.requestsPerSecond - without.requestsPerSecond) / without.requestsPerSecond) * 100).toFixed(1)} %`,
        pairedP50Us: pairs.join(' / '),
        pairedCpu: pairedPercent((result) => result.cpuUsPerRequest),
        pairedRequests: pairedPercent((result) => result.requestsPerSecond),
      },
    ];
  });
  console.table(
    summary.map(
      ({ scenario, server, requestsPerSecond, p50Us, p90Us, p97_5Us, cpuUsPerRequest, ...rest }) => ({
        scenario,
        server,
        'req/s': requestsPerSecond,
        'p50 µs': p50Us,
        'p90 µs': p90Us,
        'p97.5 µs': p97_5Us,
        'server CPU µs/req': cpuUsPerRequest,
        ...('p50' in rest ? { 'p50/p97.5 ms (autocannon)': `${rest.p50} / ${rest.p97_5}` } : {}),
        ...('pairedP50Us' in rest
          ? {
              'p50 per run pair µs': rest.pairedP50Us,
              'CPU difference': rest.cpuDifference,
              'req/s difference': rest.requestsDifference,
              'CPU, median of pairs': rest.pairedCpu,
              'req/s, median of pairs': rest.pairedRequests,
            }
          : {}),
      }),
    ),
  );
  console.table(inject.summary);
  console.log('idle CPU, ms per second (before and after the runs):', idle);
  await writeResults('edge-overhead', { runs, duration, injects, idle, summary, http: httpRuns, inject });
}

/**
 * Add-to-cart bodies for one server: 2,000 carts of its own and 2,000 variants in stock (stock raised so
 * that no run sells out), each body a random cart and variant, so that every cart stays short.
 */
async function cartAdds(baseUrl: string): Promise<() => string> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  let variantIds: number[];
  try {
    const { rows } = await admin.query(
      `SELECT v.id FROM variants v JOIN offers o ON o.id = v.offer_id
       WHERE o.is_active AND o.brand_id IS NULL ORDER BY v.id LIMIT 2000`,
    );
    variantIds = rows.map((row: { id: number }) => row.id);
    await admin.query('UPDATE variants SET stock = 1000000 WHERE id = ANY($1)', [variantIds]);
  } finally {
    await admin.end();
  }
  const carts: { orderId: number; key: string }[] = [];
  for (let n = 0; n < 2_000; n++) {
    const response = await fetch(`${baseUrl}/api/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...benchClient(n) },
      body: JSON.stringify({ currency: 'EUR' }),
    });
    const cart = (await response.json()) as { id: number; token: string };
    carts.push({ orderId: cart.id, key: cart.token });
  }
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  return () => JSON.stringify({ ...pick(carts), variantId: pick(variantIds) });
}

/** Each offer once, eight at a time. */
async function readAll(baseUrl: string, offerIds: number[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < offerIds.length) {
        const response = await fetch(`${baseUrl}/api/offer?id=${offerIds[next++]}`);
        if (response.status !== 200) throw new Error(`offer detail: ${response.status}`);
        await response.arrayBuffer();
      }
    }),
  );
}

/**
 * Refuses to compare two servers that are alike: "with" sends the security headers and refuses an
 * invalid Host with 400; "without" does neither.
 */
async function checkVariants(withUrl: string, withoutUrl: string, offerPath: string): Promise<void> {
  const [withEdge, without] = await Promise.all([fetch(withUrl + offerPath), fetch(withoutUrl + offerPath)]);
  const hasHeaders = (response: Response) =>
    response.headers.has('content-security-policy') && response.headers.has('x-content-type-options');
  if (withEdge.status !== 200 || without.status !== 200) throw new Error('offer detail did not answer 200');
  if (!hasHeaders(withEdge) || hasHeaders(without)) throw new Error('security headers not as expected');
  const [withHost, withoutHost] = await Promise.all([badHost(withUrl), badHost(withoutUrl)]);
  if (withHost !== 400 || withoutHost === 400) {
    throw new Error(`Host check not as expected: with ${withHost}, without ${withoutHost}`);
  }
}

/** The status of /healthz asked with `Host: a b` (fetch will not send such a header). */
function badHost(baseUrl: string): Promise<number> {
  const url = new URL('/healthz', baseUrl);
  return new Promise((resolve, reject) => {
    http
      .get(
        { host: url.hostname, port: url.port, path: url.pathname, headers: { host: 'a b' } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      )
      .on('error', reject);
  });
}

/**
 * Both apps built in this process on the benchmark catalogue and asked through `app.inject()`, in blocks
 * of 500 alternating A/B/B/A; each request timed with performance.now(). Inject skips the socket and
 * HTTP parsing, which both servers share, so what differs is all that is left.
 */
async function injectView(offerIds: number[], requestsPerApp: number) {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: postgresUrl,
    PAYMENTS_MODE: 'sandbox',
    SEED_ON_START: 'false',
    CATALOGUE_CACHE_TTL_MS: cacheTtlMs,
  });
  const database = await openDatabase({ url: config.databaseUrl, poolSize: config.databasePoolSize });
  const apps: Record<Variant, FastifyInstance> = {
    with: await buildApp({ config, database, withEdgeChecks: true }),
    without: await buildApp({ config, database, withEdgeChecks: false }),
  };
  try {
    const paths = {
      'offer detail': () => `/api/offer?id=${offerIds[Math.floor(Math.random() * offerIds.length)]}`,
      healthz: () => '/healthz',
    };
    const block = 500;
    const summary = [];
    for (const [scenario, path] of Object.entries(paths)) {
      const times: Record<Variant, number[]> = { with: [], without: [] };
      const ask = async (variant: Variant, count: number, record: boolean) => {
        for (let n = 0; n < count; n++) {
          const start = performance.now();
          const response = await apps[variant].inject({ method: 'GET', url: path() });
          const elapsed = performance.now() - start;
          if (response.statusCode !== 200) throw new Error(`inject ${variant}: ${response.statusCode}`);
          if (record) times[variant].push(elapsed);
        }
      };
      // Warm: every sampled offer in each app's catalogue cache, then the JIT.
      for (const variant of variants) {
        for (const id of offerIds) await apps[variant].inject({ method: 'GET', url: `/api/offer?id=${id}` });
        await ask(variant, 5_000, false);
      }
      for (let done = 0; done < requestsPerApp; done += block) {
        const order: Variant[] = (done / block) % 2 ? ['without', 'with'] : ['with', 'without'];
        for (const variant of order) await ask(variant, block, true);
      }
      const us = (variant: Variant, p: number) => {
        const sorted = [...times[variant]].sort((a, b) => a - b);
        return Math.round(percentile(sorted, p) * 1000);
      };
      for (const variant of variants) {
        summary.push({
          scenario: `${scenario} (inject)`,
          server: variant,
          requests: times[variant].length,
          'p50 µs': us(variant, 50),
          'p90 µs': us(variant, 90),
          'p97.5 µs': us(variant, 97.5),
        });
      }
      summary.push({
        scenario: `${scenario} (inject)`,
        server: 'with − without',
        'p50 µs': us('with', 50) - us('without', 50),
        'p90 µs': us('with', 90) - us('without', 90),
        'p97.5 µs': us('with', 97.5) - us('without', 97.5),
      });
    }
    return { summary };
  } finally {
    await apps.with.close();
    await apps.without.close();
    await database.close();
  }
}
