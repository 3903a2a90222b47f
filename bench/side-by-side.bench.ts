/**
 * This checkout against an earlier commit, on the same PostgreSQL catalogue in one run: what a change
 * costs each request, apart from this shared machine's noise.
 *
 *   npx tsx bench/side-by-side.bench.ts --base 39628c6 --runs 6
 *
 * On this 2-core machine the same build's req/s moves ±20 % between consecutive runs (bench/RESULTS.md),
 * so comparing two runs of catalogue.bench.ts says little about a 5 % difference. What holds is the
 * server's own CPU time per answered request (its process group, from /proc; the load generator's
 * share is not in it), measured alternately: round i runs every scenario on HEAD then base, round i+1
 * base then HEAD, and the medians are compared. req/s is reported too, as measured.
 *
 * The base commit is unpacked with `git archive` into the temp folder; its node_modules links to this
 * checkout's packages, except the workspace packages (@shop/*), which are its own. Both servers read the
 * benchmark catalogue (`DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run seed -- --offers
 * 100000`) with the catalogue cache's TTL raised to an hour, and every offer and search asked once
 * before anything counts, so that cached reads are what is compared (a miss is PostgreSQL's time, the
 * same in both). Add-to-cart writes: every answer goes to the database.
 *
 * A server also works when nobody asks it anything (the job queue polls, schedules run): that CPU is
 * no request's cost, but at 139 adds/s it would add tens of µs to each. Each server's idle CPU is
 * measured in the same run (`--idle` seconds before the rounds and after them) and its rate times a
 * round's length is taken off that round; the raw figure is kept beside the net one.
 * `--only healthz,offer` runs some of the scenarios (names start with these words).
 * Results go to bench/out/side-by-side.json; bench/RESULTS.md records the medians.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readlink, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  benchClient,
  cpuTimeMs,
  cpuUsPerRequest,
  freePort,
  idleCpuMsPerSecond,
  postgresUrl,
  repoRoot,
  runLoad,
  type Scenario,
  startServer,
  writeResults,
} from './lib.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: '39628c6' },
    runs: { type: 'string', default: '6' },
    duration: { type: 'string', default: '8' },
    idle: { type: 'string', default: '8' },
    only: { type: 'string' },
  },
});
const runs = Number(values.runs);
const duration = Number(values.duration);
const idleSeconds = Number(values.idle);
const only = values.only?.split(',').map((word) => word.trim().toLowerCase());
const variants = ['head', 'base'] as const;
type Variant = (typeof variants)[number];

/** The base commit's tree, unpacked once per commit and kept for later runs. */
async function prepareBase(revision: string): Promise<string> {
  const commit = execFileSync('git', ['rev-parse', '--short', revision], { cwd: repoRoot }).toString().trim();
  const dir = path.join(os.tmpdir(), `shop-base-${commit}`);
  if (!existsSync(path.join(dir, 'package.json'))) {
    await mkdir(dir, { recursive: true });
    execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C ${dir}`], { cwd: repoRoot });
  }
  const modules = path.join(dir, 'node_modules');
  if (!existsSync(modules)) {
    await mkdir(path.join(modules, '@shop'), { recursive: true });
    const ours = path.join(repoRoot, 'node_modules');
    for (const entry of await readdir(ours)) {
      if (entry !== '@shop') await symlink(path.join(ours, entry), path.join(modules, entry));
    }
    // Workspace links are relative (../../packages/contracts): the same link in the base tree points
    // at the base's own package.
    for (const entry of await readdir(path.join(ours, '@shop'))) {
      const target = await readlink(path.join(ours, '@shop', entry));
      await symlink(target, path.join(modules, '@shop', entry));
    }
  }
  return dir;
}

const baseDir = await prepareBase(values.base!);
const env = { CATALOGUE_CACHE_TTL_MS: '3600000', DATABASE_POOL_SIZE: '16' };
const servers = {
  head: await startServer({ database: 'postgres', port: await freePort(), env }),
  base: await startServer({ database: 'postgres', port: await freePort(), env, cwd: baseDir }),
};

const admin = new pg.Client({ connectionString: postgresUrl });
await admin.connect();

type Round = {
  requestsPerSecond: number;
  cpuUsPerRequest: number;
  rawCpuUsPerRequest: number;
  failures: number;
};
/** Each server's CPU while nobody asks it anything, in ms per second (the mean of the windows measured). */
const idleWindows: Record<Variant, number[]> = { head: [], base: [] };
const idleRate = (variant: Variant) =>
  idleWindows[variant].reduce((sum, rate) => sum + rate, 0) / Math.max(1, idleWindows[variant].length);
async function measureIdle(): Promise<void> {
  for (const variant of variants) {
    idleWindows[variant].push(await idleCpuMsPerSecond(servers[variant].processGroup, idleSeconds));
  }
}
const rounds: { scenario: string; results: Record<Variant, Round[]> }[] = [];
try {
  const offerIds = await servers.head.sampleOfferIds(5_000);
  const randomOffer = () => `/api/offer?id=${offerIds[Math.floor(Math.random() * offerIds.length)]}`;
  const searches = ['price-asc', 'price-desc', 'newest', 'discount'].flatMap((sort) =>
    [1, 2, 3, 4, 5].map((page) => JSON.stringify({ sort, page, pageSize: 24, facets: true })),
  );
  const randomSearch = () => searches[Math.floor(Math.random() * searches.length)]!;

  // Add-to-cart: variants with stock enough for every run, into many carts so each stays short.
  const { rows } = await admin.query(
    `SELECT v.id FROM variants v JOIN offers o ON o.id = v.offer_id
     WHERE o.is_active AND o.brand_id IS NULL ORDER BY v.id LIMIT 2000`,
  );
  const variantIds = rows.map((row: { id: number }) => row.id);
  await admin.query('UPDATE variants SET stock = 1000000 WHERE id = ANY($1)', [variantIds]);
  const carts: Record<Variant, { orderId: number; key: string }[]> = { head: [], base: [] };
  for (const variant of variants) {
    for (let n = 0; n < 2_000; n++) {
      const response = await fetch(`${servers[variant].url}/api/order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...benchClient(n) },
        body: JSON.stringify({ currency: 'EUR' }),
      });
      const cart = (await response.json()) as { id: number; token: string };
      carts[variant].push({ orderId: cart.id, key: cart.token });
    }
  }
  const addToCart = (variant: Variant) => () =>
    JSON.stringify({
      ...carts[variant][Math.floor(Math.random() * carts[variant].length)]!,
      variantId: variantIds[Math.floor(Math.random() * variantIds.length)],
    });

  const allScenarios = (variant: Variant): Scenario[] => [
    { name: '/healthz', path: () => '/healthz', connections: 32 },
    { name: 'offer detail (cached)', path: randomOffer, connections: 32 },
    {
      name: 'search (cached)',
      path: () => '/api/offer/search',
      body: randomSearch,
      connections: 32,
    },
    {
      name: 'add-to-cart',
      path: () => '/api/order/items',
      body: addToCart(variant),
      connections: 16,
    },
  ];

  const scenarios = (variant: Variant) =>
    allScenarios(variant).filter(
      (scenario) =>
        !only || only.some((word) => scenario.name.replace(/^\//, '').toLowerCase().startsWith(word)),
    );
  for (const variant of variants) {
    const url = servers[variant].url;
    for (const id of offerIds) await (await fetch(`${url}/api/offer?id=${id}`)).arrayBuffer();
    for (const body of searches) {
      const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body };
      await (await fetch(`${url}/api/offer/search`, init)).arrayBuffer();
    }
    // The JIT warm on every path before anything counts.
    for (const scenario of scenarios(variant)) await runLoad(url, scenario, 3);
  }

  await measureIdle();
  for (const scenario of scenarios('head')) {
    rounds.push({ scenario: scenario.name, results: { head: [], base: [] } });
  }
  for (let run = 1; run <= runs; run++) {
    const order: Variant[] = run % 2 ? ['head', 'base'] : ['base', 'head'];
    for (const [index] of rounds.entries()) {
      for (const variant of order) {
        const scenario = scenarios(variant)[index]!;
        const server = servers[variant];
        const cpuBefore = await cpuTimeMs(server.processGroup);
        const load = await runLoad(server.url, scenario, duration);
        const cpuMs = (await cpuTimeMs(server.processGroup)) - cpuBefore;
        const answered = load.requestsPerSecond * duration;
        const result = {
          requestsPerSecond: load.requestsPerSecond,
          cpuUsPerRequest: cpuUsPerRequest(cpuMs, idleRate(variant), duration, answered),
          rawCpuUsPerRequest: cpuUsPerRequest(cpuMs, 0, duration, answered),
          failures: load.errors + load.non2xx,
        };
        console.log(
          `run ${run} ${scenario.name}, ${variant}: ${result.requestsPerSecond} req/s, server CPU ${result.cpuUsPerRequest} µs/request (${result.rawCpuUsPerRequest} with idle work), failures ${result.failures}`,
        );
        rounds[index]!.results[variant].push(result);
      }
    }
  }
  await measureIdle();
} finally {
  await admin.end();
  await servers.head.stop();
  await servers.base.stop();
}

const middle = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
};
const summary = rounds.map(({ scenario, results }) => {
  const cpu = (variant: Variant) => middle(results[variant].map((round) => round.cpuUsPerRequest));
  const rate = (variant: Variant) => middle(results[variant].map((round) => round.requestsPerSecond));
  return {
    scenario,
    'HEAD req/s': rate('head'),
    'base req/s': rate('base'),
    'HEAD CPU µs/req': cpu('head'),
    'base CPU µs/req': cpu('base'),
    'HEAD raw µs/req': middle(results.head.map((round) => round.rawCpuUsPerRequest)),
    'base raw µs/req': middle(results.base.map((round) => round.rawCpuUsPerRequest)),
    'CPU difference': `${(((cpu('head') - cpu('base')) / cpu('base')) * 100).toFixed(1)} %`,
    failures: results.head.concat(results.base).reduce((sum, round) => sum + round.failures, 0),
  };
});
console.table(summary);
const idle = { head: idleWindows.head, base: idleWindows.base };
console.log('idle CPU, ms per second (before and after the rounds):', idle);
await writeResults('side-by-side', { base: values.base, runs, duration, idle, summary, rounds });
