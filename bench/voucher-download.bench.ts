/**
 * Voucher PDFs over HTTP on PostgreSQL (issue 10's target: p95 ≤ 50 ms at a steady 20/s; at least 40
 * PDFs/s per core at full load): `GET /api/voucher/download/{id}/{key}/{idVoucher}.pdf` from a
 * production server process, after paying orders through the sandbox payment flow.
 *
 *   npx tsx bench/voucher-download.bench.ts --runs 3
 *
 * The server runs on a schema of its own (`bench_voucher_download`, the demo catalogue seeded on
 * start, dropped before and after), with its jobs in process and SMTP_URL on a local SMTP server in
 * this process. Set-up: `--orders` orders of `--units` units each, paid with PayPal in the sandbox
 * (close, approve on the simulator's page, capture); every voucher gets a guest name (every other one
 * the gift layout with a message) and is downloaded once, which locks it, so that the measured
 * downloads are repeated ones (the common case: buyers download and print again) and no payment mail
 * is still being sent while anything is measured.
 *
 * Per run:
 * - steady: `--rate` downloads per second on a fixed schedule (open loop: a slow answer does not delay
 *   the next request) for `--steady-seconds`, vouchers at random; p50/p95/p99/max per download (from
 *   the request's start to the PDF's last byte) and the server's CPU per PDF.
 * - full load: `--connections` clients downloading back to back for `--full-seconds`; PDFs/s, the
 *   server process group's CPU ms per PDF (`cpuTimeMs`, user + system) and PDFs per core-second
 *   (1000 / CPU ms per PDF), which does not depend on how much of the two cores the load generator took.
 *
 * Results go to bench/out/voucher-download.json (every run and the medians); the table prints the medians.
 */
import { parseArgs } from 'node:util';
import {
  approveWithPayPal,
  benchSchema,
  capturePayPal,
  inParallel,
  loadAverage,
  middle,
  percentileOf,
  readyCart,
  shopClient,
  startMailSink,
  stopServer,
} from './fulfilment-lib.ts';
import { cpuTimeMs, freePort, startServer, writeResults } from './lib.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    orders: { type: 'string', default: '20' },
    units: { type: 'string', default: '5' },
    rate: { type: 'string', default: '20' },
    'steady-seconds': { type: 'string', default: '30' },
    'full-seconds': { type: 'string', default: '15' },
    connections: { type: 'string', default: '8' },
  },
});
const runs = Number(values.runs);
const orderCount = Number(values.orders);
const units = Number(values.units);
const rate = Number(values.rate);
const steadySeconds = Number(values['steady-seconds']);
const fullSeconds = Number(values['full-seconds']);
const connections = Number(values.connections);
const schema = 'bench_voucher_download';

const database = await benchSchema(schema);
const sink = await startMailSink();
const server = await startServer({
  database: 'postgres',
  port: await freePort(),
  env: {
    DATABASE_SCHEMA: schema,
    SEED_ON_START: 'true',
    JOBS_IN_SERVER: 'true',
    SMTP_URL: sink.url,
    DATABASE_POOL_SIZE: '16',
  },
});
const shop = shopClient(server.url);

/** One download; throws unless it is a whole PDF. */
async function download(path: string): Promise<number> {
  const answer = await shop.request('GET', path);
  if (answer.status !== 200 || answer.body.subarray(0, 5).toString('latin1') !== '%PDF-') {
    throw new Error(`GET ${path}: ${answer.status} ${answer.body.subarray(0, 200).toString('utf8')}`);
  }
  return answer.body.length;
}

type Steady = {
  downloads: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  cpuMsPerPdf: number;
  errors: number;
};
type Full = { pdfsPerSecond: number; cpuMsPerPdf: number; pdfsPerCoreSecond: number; errors: number };

try {
  const variants = await database.sellableVariants();
  const carts = await inParallel(
    Array.from({ length: orderCount }, (_, index) => variants[(index * 37) % variants.length]!),
    4,
    (variantId) => readyCart(shop, variantId, units),
  );
  await inParallel(carts, 4, async (cart) => capturePayPal(shop, cart, await approveWithPayPal(shop, cart)));
  const paths: string[] = [];
  let bytes = 0;
  for (const cart of carts) {
    const order = await shop.json<{ vouchers: { id: number }[] }>(
      'GET',
      `/api/order/${cart.orderId}/${cart.key}`,
    );
    for (const [index, voucher] of order.vouchers.entries()) {
      const gift = index % 2 === 1;
      await shop.json('PUT', `/api/voucher/${cart.orderId}/${cart.key}/${voucher.id}`, {
        customer: { firstName: 'Anna', lastName: 'Groß' },
        message: gift ? 'Alles Gute zum Geburtstag! Genieß die Tage am See. Dein Jürgen' : null,
        layout: gift ? 'gift' : 'plain',
      });
      const path = `/api/voucher/download/${cart.orderId}/${cart.key}/${voucher.id}.pdf`;
      bytes += await download(path);
      paths.push(path);
    }
  }
  const randomPath = () => paths[Math.floor(Math.random() * paths.length)]!;
  console.log(
    `${paths.length} vouchers of ${carts.length} paid orders, ${Math.round(bytes / paths.length / 1024)} KB per PDF`,
  );
  // Each order's payment mail: sent before anything is measured (the mail job competes for the CPU).
  if (!(await sink.waitFor(carts.length, () => true, 600_000))) throw new Error('payment mails missing');

  async function steady(): Promise<Steady> {
    const times: number[] = [];
    let errors = 0;
    const pending: Promise<void>[] = [];
    const count = rate * steadySeconds;
    const cpuBefore = await cpuTimeMs(server.processGroup);
    const begin = performance.now();
    for (let n = 0; n < count; n++) {
      const wait = begin + (n * 1000) / rate - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const start = performance.now();
      pending.push(
        download(randomPath()).then(
          () => void times.push(performance.now() - start),
          () => void errors++,
        ),
      );
    }
    await Promise.all(pending);
    const wallMs = performance.now() - begin;
    const cpuMs = (await cpuTimeMs(server.processGroup)) - cpuBefore;
    times.sort((a, b) => a - b);
    return {
      downloads: times.length,
      perSecond: Math.round((times.length * 10_000) / wallMs) / 10,
      p50: percentileOf(times, 50),
      p95: percentileOf(times, 95),
      p99: percentileOf(times, 99),
      max: percentileOf(times, 100),
      cpuMsPerPdf: Math.round((cpuMs / Math.max(1, times.length)) * 10) / 10,
      errors,
    };
  }

  async function fullLoad(): Promise<Full> {
    let done = 0;
    let errors = 0;
    const cpuBefore = await cpuTimeMs(server.processGroup);
    const begin = performance.now();
    const end = begin + fullSeconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < end) {
          await download(randomPath()).then(
            () => void done++,
            () => void errors++,
          );
        }
      }),
    );
    const wallMs = performance.now() - begin;
    const cpuMs = (await cpuTimeMs(server.processGroup)) - cpuBefore;
    const cpuMsPerPdf = cpuMs / Math.max(1, done);
    return {
      pdfsPerSecond: Math.round((done * 10_000) / wallMs) / 10,
      cpuMsPerPdf: Math.round(cpuMsPerPdf * 10) / 10,
      pdfsPerCoreSecond: Math.round(10_000 / cpuMsPerPdf) / 10,
      errors,
    };
  }

  // Warm-up: the JIT and the brand logo cache, at full load for a few seconds.
  await inParallel(Array.from({ length: 200 }), connections, () => download(randomPath()));

  const results: { run: number; loadAverage: number; steady: Steady; full: Full }[] = [];
  for (let run = 1; run <= runs; run++) {
    const load = await loadAverage();
    const steadyResult = await steady();
    const fullResult = await fullLoad();
    results.push({ run, loadAverage: load, steady: steadyResult, full: fullResult });
    console.log(
      `run ${run} (load ${load}): at ${rate}/s p50 ${steadyResult.p50} p95 ${steadyResult.p95} p99 ${steadyResult.p99} max ${steadyResult.max} ms, ${steadyResult.cpuMsPerPdf} CPU ms/PDF, errors ${steadyResult.errors}; ` +
        `full load ${fullResult.pdfsPerSecond} PDFs/s, ${fullResult.cpuMsPerPdf} CPU ms/PDF = ${fullResult.pdfsPerCoreSecond} PDFs per core-second, errors ${fullResult.errors}`,
    );
  }
  const med = (pick: (result: (typeof results)[number]) => number) => middle(results.map(pick));
  const summary = [
    {
      scenario: `steady ${rate}/s, ${steadySeconds} s`,
      'p50 ms': med((r) => r.steady.p50),
      'p95 ms': med((r) => r.steady.p95),
      'p99 ms': med((r) => r.steady.p99),
      'max ms': med((r) => r.steady.max),
      'CPU ms/PDF': med((r) => r.steady.cpuMsPerPdf),
      target: 'p95 ≤ 50 ms',
    },
    {
      scenario: `full load, ${connections} connections, ${fullSeconds} s`,
      'PDFs/s': med((r) => r.full.pdfsPerSecond),
      'CPU ms/PDF': med((r) => r.full.cpuMsPerPdf),
      'PDFs/core-s': med((r) => r.full.pdfsPerCoreSecond),
      target: '≥ 40 PDFs/s per core',
    },
  ];
  console.log(`medians of ${runs} runs, load averages ${results.map((r) => r.loadAverage).join(', ')}`);
  console.table(summary);
  await writeResults('voucher-download', {
    runs,
    orders: orderCount,
    units,
    vouchers: paths.length,
    rate,
    steadySeconds,
    fullSeconds,
    connections,
    summary,
    results,
  });
} finally {
  shop.close();
  await stopServer(server);
  await sink.stop();
  await database.dropAndClose();
}
