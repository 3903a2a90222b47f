/**
 * The back office's catalogue changes on PostgreSQL with the 100,000-offer catalogue (issue 26's targets):
 *
 * 1. A price change to the shop's answer on every process: p95 ≤ 5 s, two processes. Each round changes a
 *    variant's price on one process (alternating) and polls the other process's offer answer every 25 ms
 *    until it shows the new price (production caches on: catalogue answers and pages for 10 s).
 * 2. A CSV import of 10,000 variants ≤ 60 s, while the other process answers searches at 200/s: the
 *    searches' p97.5 beside the same load without an import (target: within 20 %). One load of 32 s plus
 *    15 s per import (`--imports`, 4), cut into windows by when each answer came: 30 s without an import
 *    (after 2 s of warm-up), while the imports run, the 5 s after each (every process takes the change
 *    into its search index), and the rest. By default the web processes run no jobs and `npm run worker`
 *    runs the import, as the README's deploy section says to at scale (`--jobs server`: every process
 *    runs jobs). Beside the latencies: the cores each process used in each window.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_catalogue npm run seed -- --offers 100000
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_catalogue npx tsx bench/admin-catalogue.bench.ts
 *
 * Writes bench/out/admin-catalogue.json; bench/RESULTS.md records the figures.
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { percentileOf } from './fulfilment-lib.ts';
import {
  cpuSince,
  cpuTimesMs,
  freePort,
  postgresUrl,
  runLoadExact,
  startServer,
  windowOf,
  writeResults,
} from './lib.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '20' },
    variants: { type: 'string', default: '10000' },
    imports: { type: 'string', default: '4' },
    'skip-import': { type: 'boolean', default: false },
    // `worker`: the web processes run no jobs and `npm run worker` runs the import, as the README's
    // deploy section says to at scale; `server`: every process runs jobs (the default of JOBS_IN_SERVER).
    jobs: { type: 'string', default: 'worker' },
  },
});
const rounds = Number(values.rounds);
const importSize = Number(values.variants);
const jobsInWorker = values.jobs === 'worker';
/** The import's search load: answers left out while the generator warms up, then answers without an import. */
const warmUpSeconds = 2;
const baselineSeconds = 30;
const imports = Number(values.imports);
/** An import starts every so often: about 4 s of import, 5 s of taking it in, and a quiet rest. */
const importEverySeconds = 15;
const env = { STAFF_OPERATOR_TOTP: 'false', JOBS_IN_SERVER: String(!jobsInWorker) };
const servers = [
  await startServer({ database: 'postgres', port: await freePort(), env }),
  await startServer({ database: 'postgres', port: await freePort(), env }),
];
const worker = jobsInWorker
  ? spawn('npx', ['tsx', 'apps/server/src/worker.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATABASE_URL: postgresUrl,
        PAYMENTS_MODE: 'sandbox',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    })
  : null;

type Session = { cookie: string; 'x-csrf-token': string };

async function signIn(url: string): Promise<Session> {
  const answer = await fetch(`${url}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.19.0.1' },
    body: JSON.stringify({ email: 'operator@example.org', password: 'demo-operator-2026' }),
  });
  if (!answer.ok) throw new Error(`sign-in: ${answer.status} ${await answer.text()}`);
  const cookie = String(answer.headers.getSetCookie()[0]).split(';')[0]!;
  return { cookie, 'x-csrf-token': ((await answer.json()) as { csrfToken: string }).csrfToken };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

try {
  const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
  const sessions = [await signIn(a.url), await signIn(b.url)];
  const [offerId] = await a.sampleOfferIds(1);
  const offer = (await (await fetch(`${a.url}/api/offer?id=${offerId}`)).json()) as {
    variants: { id: number; price: { total: number } }[];
  };
  const variant = offer.variants[0]!;

  // 1. Price changes, alternating the process that takes them.
  const delays: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const [writer, reader] = round % 2 === 0 ? [a, b] : [b, a];
    const session = sessions[round % 2]!;
    const price = variant.price.total + 100 * (round + 1);
    // The reader has the offer cached before the change.
    await fetch(`${reader.url}/api/offer?id=${offerId}`);
    const started = performance.now();
    const changed = await fetch(`${writer.url}/api/admin/variants/${variant.id}`, {
      method: 'PATCH',
      headers: { ...session, 'content-type': 'application/json' },
      body: JSON.stringify({ priceCents: price }),
    });
    if (!changed.ok) throw new Error(`price change: ${changed.status} ${await changed.text()}`);
    for (;;) {
      const shown = (await (await fetch(`${reader.url}/api/offer?id=${offerId}`)).json()) as typeof offer;
      if (shown.variants.some((candidate) => candidate.id === variant.id && candidate.price.total === price))
        break;
      if (performance.now() - started > 30_000) throw new Error(`round ${round}: not shown after 30 s`);
      await sleep(25);
    }
    delays.push(performance.now() - started);
    // Let the search index reloads of the change settle before the next round.
    await sleep(1_500);
  }
  delays.sort((x, y) => x - y);
  const propagation = {
    rounds,
    p50Ms: Math.round(percentileOf(delays, 50)),
    p95Ms: Math.round(percentileOf(delays, 95)),
    maxMs: Math.round(delays.at(-1)!),
  };
  console.log('price change → the other process:', propagation);

  const findable = await measureNewOfferFound(a, b, sessions[0]!, offerId!);
  console.log("new offer → found by the other process's search:", findable);
  if (values['skip-import']) await writeResults('admin-catalogue', { propagation, findable });
  else await measureImport(a, b, sessions[0]!, { propagation, findable });
} finally {
  for (const server of servers) await server.stop();
  if (worker?.pid && worker.exitCode === null) {
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    process.kill(-worker.pid, 'SIGTERM');
    await exited;
  }
}

/**
 * 2. CSV imports while the other process answers searches at 200/s: `--imports` of them, one every
 * `importEverySeconds`, each changing the same 10,000 lines (there and back again). One import window
 * holds about 700 answers, whose p97.5 is the 18th slowest: whether a burst of searches met one of
 * PostgreSQL's larger statements made it (runs of one import: -15 % to +149 %). The windows of all imports
 * together are the measure.
 */
async function measureImport(
  a: (typeof servers)[0],
  b: (typeof servers)[0],
  session: Session,
  propagation: object,
): Promise<void> {
  // About 11,000 variants of the benchmark catalogue (offers and hotels named "…Panorama…").
  const exportAnswer = await fetch(`${a.url}/api/admin/catalogue/export?query=Panorama`, {
    headers: session,
  });
  if (!exportAnswer.ok) throw new Error(`export: ${exportAnswer.status} ${await exportAnswer.text()}`);
  const lines = (await exportAnswer.text())
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  const head = lines[0]!.split(';');
  const priceColumn = head.indexOf('price');
  const stockColumn = head.indexOf('stock');
  const original = lines.slice(1, importSize + 1);
  if (original.length < importSize) throw new Error(`only ${original.length} lines to import`);
  // Every chosen variant gets a new stock (and every tenth a new price): 10,000 changed lines; the next
  // import sets them back, 10,000 changed lines again.
  const changed = original.map((line, index) => {
    const cells = line.split(';');
    cells[stockColumn] = String(Number(cells[stockColumn]) + 1);
    if (index % 10 === 0) cells[priceColumn] = (Number(cells[priceColumn]) + 1).toFixed(2);
    return cells.join(';');
  });
  const files = [changed, original].map((body) => [lines[0], ...body].join('\r\n'));
  const searches = [
    { query: 'Wellness', sort: 'relevance' },
    { query: 'Gardasee', countries: ['IT'] },
    { sort: 'price-asc', themes: [2] },
    { query: 'Tirol', nights: { min: 2, max: 4 } },
  ];
  const searchScenario = {
    name: 'search at 200 req/s',
    path: () => '/api/offer/search',
    body: () => JSON.stringify(searches[Math.floor(Math.random() * searches.length)]),
    connections: 1,
    rate: 200,
  };
  // One load from one warmed generator for the whole measure: a generator started with the import answered
  // its own first requests slowly (connections, compilation: 10-50 ms for about 200 ms), which alone made
  // the import window's p97.5 in earlier runs. Its first 2 s are left out.
  const loadStarted = performance.now();
  const load = runLoadExact(
    b.url,
    searchScenario,
    warmUpSeconds + baselineSeconds + imports * importEverySeconds,
  );
  await sleep(warmUpSeconds * 1000);
  const cpuAtStart = await cpuNow(a, b);
  await sleep(baselineSeconds * 1000);
  const cpuAtImport = await cpuNow(a, b);
  const runs: {
    started: number;
    done: number;
    ms: number;
    status: string;
    applied: boolean;
    errors: number;
  }[] = [];
  const cpu = { whileImportRuns: emptyCores(), changeTakenIn: emptyCores() };
  for (let round = 0; round < imports; round++) {
    const slotStarted = performance.now();
    const before = await cpuNow(a, b);
    const started = performance.now();
    const asked = await fetch(`${a.url}/api/admin/catalogue/imports?dryRun=false&name=bench.csv`, {
      method: 'POST',
      headers: { ...session, 'content-type': 'text/csv' },
      body: files[round % 2],
    });
    if (asked.status !== 202) throw new Error(`import: ${asked.status} ${await asked.text()}`);
    const { id } = (await asked.json()) as { id: number };
    type Progress = { status: string; applied: boolean; errorCount: number };
    let progress: Progress;
    for (;;) {
      progress = (await (
        await fetch(`${a.url}/api/admin/catalogue/imports/${id}`, { headers: session })
      ).json()) as Progress;
      if (progress.status === 'done' || progress.status === 'failed') break;
      await sleep(100);
    }
    const done = performance.now();
    const atDone = await cpuNow(a, b);
    await sleep(Math.max(0, done + 5_000 - performance.now()));
    const afterChange = await cpuNow(a, b);
    addCores(cpu.whileImportRuns, before, atDone);
    addCores(cpu.changeTakenIn, atDone, afterChange);
    runs.push({
      started,
      done,
      ms: Math.round(done - started),
      status: progress.status,
      applied: progress.applied,
      errors: progress.errorCount,
    });
    if (!progress.applied) throw new Error(`import ${round + 1}: ${JSON.stringify(progress)}`);
    await sleep(Math.max(0, slotStarted + importEverySeconds * 1000 - performance.now()));
  }
  const { samples } = await load;
  const firstImport = runs[0]!.started;
  // While an import runs; the 5 s after each, when every process takes the change into its search index;
  // and the rest of each slot.
  const windows = {
    without: windowOf(samples, [[loadStarted + warmUpSeconds * 1000, firstImport]]),
    whileImportRuns: windowOf(
      samples,
      runs.map((run) => [run.started, run.done]),
    ),
    changeTakenIn: windowOf(
      samples,
      runs.map((run) => [run.done, run.done + 5_000]),
    ),
    afterwards: windowOf(
      samples,
      runs.map((run) => [run.done + 5_000, run.started + importEverySeconds * 1000]),
    ),
    eachImport: runs.map((run) => windowOf(samples, [[run.started, run.done]]).p97_5Ms),
  };
  const result = {
    propagation,
    import: {
      lines: importSize,
      imports: runs.length,
      ms: runs.map((run) => run.ms),
      maxMs: Math.max(...runs.map((run) => run.ms)),
      errors: runs.reduce((sum, run) => sum + run.errors, 0),
    },
    search: windows,
    // Cores each set of processes kept busy (of the machine's two) in the windows: who took the CPU.
    coresUsed: {
      without: coresOf(addCores(emptyCores(), cpuAtStart, cpuAtImport)),
      whileImportRuns: coresOf(cpu.whileImportRuns),
      changeTakenIn: coresOf(cpu.changeTakenIn),
    },
  };
  console.log(JSON.stringify(result, null, 2));
  await writeResults('admin-catalogue', result);
}

/** CPU time so far of the two web processes, the worker, PostgreSQL and this load generator, and when. */
async function cpuNow(a: (typeof servers)[0], b: (typeof servers)[0]) {
  const at = performance.now();
  const used = await cpuTimesMs({
    shopTakingImport: (process) => process.group === a.processGroup,
    shopSearched: (process) => process.group === b.processGroup,
    worker: (process) => process.group === worker?.pid,
    postgres: (process) => process.name === 'postgres',
  });
  const { user, system } = process.cpuUsage();
  return { at, used, loadGeneratorMs: (user + system) / 1000 };
}

type CpuReading = Awaited<ReturnType<typeof cpuNow>>;
/** CPU ms each set of processes used over some windows, and how long they lasted together. */
type CpuTotals = { ms: number; used: Record<string, number> };

function emptyCores(): CpuTotals {
  return { ms: 0, used: {} };
}

function addCores(totals: CpuTotals, from: CpuReading, to: CpuReading): CpuTotals {
  totals.ms += to.at - from.at;
  const add = (name: string, ms: number) => {
    totals.used[name] = (totals.used[name] ?? 0) + ms;
  };
  for (const [name, used] of Object.entries(to.used)) {
    add(name, cpuSince(from.used[name as keyof typeof from.used], used));
  }
  add('loadGenerator', to.loadGeneratorMs - from.loadGeneratorMs);
  return totals;
}

/** Cores used on average (CPU ms per ms) by each set of processes. */
function coresOf(totals: CpuTotals) {
  return Object.fromEntries(
    Object.entries(totals.used).map(([name, ms]) => [name, Math.round((ms / totals.ms) * 100) / 100]),
  );
}

/**
 * 1b. A new offer, created on one process, until the other process's search finds it by its title: the
 * search index reload (about 4 s at 100,000 offers) is in this one.
 */
async function measureNewOfferFound(
  a: (typeof servers)[0],
  b: (typeof servers)[0],
  session: Session,
  templateOfferId: number,
) {
  const template = (await (
    await fetch(`${a.url}/api/admin/offers/${templateOfferId}`, { headers: session })
  ).json()) as Record<string, unknown> & { variants: Record<string, unknown>[] };
  const delays: number[] = [];
  for (let round = 0; round < 5; round++) {
    const word = `Benchangebot${Date.now().toString(36)}${round}`;
    const { id: _id, slug: _slug, hotelName: _hotel, shopPath: _path, variants, ...input } = template;
    const started = performance.now();
    const created = await fetch(`${a.url}/api/admin/offers`, {
      method: 'POST',
      headers: { ...session, 'content-type': 'application/json' },
      body: JSON.stringify({
        ...input,
        brand: null,
        isActive: true,
        title: { de: `${word} am See`, en: '', it: '' },
        variants: variants.map(({ id: _v, ...variant }) => variant),
      }),
    });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
    for (;;) {
      const answer = await fetch(`${b.url}/api/offer/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: word, facets: false }),
      });
      if (((await answer.json()) as { total: number }).total > 0) break;
      if (performance.now() - started > 60_000) throw new Error('not found after 60 s');
      await sleep(50);
    }
    delays.push(performance.now() - started);
    await sleep(2_000);
  }
  delays.sort((x, y) => x - y);
  return { rounds: 5, p50Ms: Math.round(percentileOf(delays, 50)), maxMs: Math.round(delays.at(-1)!) };
}
