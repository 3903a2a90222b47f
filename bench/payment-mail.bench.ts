/**
 * From payment to the "vouchers ready" mail in the buyer's mailbox, on PostgreSQL (issue 10's target:
 * p95 ≤ 2 s under a load of 20 payments/s).
 *
 *   npx tsx bench/payment-mail.bench.ts --runs 3
 *
 * Each run starts a production server process on a fresh schema of its own (`bench_payment_mail`, the
 * demo catalogue seeded on start, dropped before and after) with its jobs in process and SMTP_URL on a
 * local SMTP server in this process. Carts (one unit, the example buyer) are readied first; then
 * `--rate` payments per second are started on a fixed schedule for `--seconds` (open loop), each the
 * sandbox PayPal flow a buyer's browser runs: close with PayPal, approve on the simulator's page,
 * capture (`POST /api/order/paypal-transaction`, which pays the order: vouchers, invoice and the
 * payment-received mail queued in its transaction).
 *
 * Latency: from the capture call's answer (the buyer sees "paid") to the payment-received mail's last
 * byte arriving in the SMTP server, matched by the order id in the shop's Message-ID
 * (`<mail-{id}.order-{orderId}@host>`; the mails' kinds are checked in the database afterwards). Also
 * from the capture call's start. Mails still missing `--drain-seconds` after the last payment count as
 * later than that (the percentiles they reach are shown as "> x").
 *
 * Results go to bench/out/payment-mail.json (every run, every payment's times, and the medians).
 */
import { parseArgs } from 'node:util';
import {
  approveWithPayPal,
  benchSchema,
  type Cart,
  capturePayPal,
  inParallel,
  loadAverage,
  middle,
  readyCart,
  shopClient,
  startMailSink,
  stopServer,
} from './fulfilment-lib.ts';
import { freePort, startServer, writeResults } from './lib.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '30' },
    'drain-seconds': { type: 'string', default: '900' },
  },
});
const runs = Number(values.runs);
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const drainSeconds = Number(values['drain-seconds']);
const schema = 'bench_payment_mail';

type Payment = { orderId: number; start: number; captureStart: number; captureEnd: number };

/** Nearest-rank percentile where `missing` values lie above every measured one (Infinity). */
function censored(sorted: number[], missing: number, p: number): number {
  const total = sorted.length + missing;
  if (!total) return 0;
  const rank = Math.min(total, Math.max(1, Math.ceil((p / 100) * total)));
  return rank > sorted.length ? Number.POSITIVE_INFINITY : Math.round(sorted[rank - 1]!);
}
const shown = (ms: number, atLeast: number) =>
  Number.isFinite(ms) ? ms : `> ${Math.round(atLeast)} (not delivered)`;

async function oneRun(run: number) {
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
  try {
    const variants = await database.sellableVariants();
    const count = rate * seconds;
    const carts = await inParallel(
      Array.from({ length: count }, (_, index) => variants[(index * 7) % variants.length]!),
      8,
      (variantId) => readyCart(shop, variantId),
    );
    const load = await loadAverage();
    const payments: Payment[] = [];
    const failures: string[] = [];
    const pay = async (cart: Cart) => {
      const start = performance.now();
      try {
        const token = await approveWithPayPal(shop, cart);
        const captureStart = performance.now();
        const paid = await capturePayPal(shop, cart, token);
        const captureEnd = performance.now();
        if (paid.status !== 'paid') throw new Error(`order ${cart.orderId} is ${paid.status}`);
        payments.push({ orderId: cart.orderId, start, captureStart, captureEnd });
      } catch (error) {
        failures.push(String(error));
      }
    };
    const pending: Promise<void>[] = [];
    const begin = performance.now();
    let lastStart = begin;
    for (const [n, cart] of carts.entries()) {
      const wait = begin + (n * 1000) / rate - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      lastStart = performance.now();
      pending.push(pay(cart));
    }
    await Promise.all(pending);
    const paidAt = performance.now();
    // Payments started per second (the schedule kept, or how far the client fell behind it).
    const achievedRate = Math.round((carts.length * 10_000) / (lastStart - begin + 1000 / rate)) / 10;
    const orderIds = new Set(payments.map((payment) => payment.orderId));
    await sink.waitFor(payments.length, (mail) => orderIds.has(mail.orderId), drainSeconds * 1000);
    const waitedMs = performance.now() - paidAt;

    // The mails' kinds, from the outbox: every matched mail must be the order's payment-received one.
    const { rows } = await database.admin.query(`SELECT id, kind FROM ${schema}.mails`);
    const kinds = new Map(rows.map((row: { id: number; kind: string }) => [Number(row.id), row.kind]));
    const arrival = new Map<number, number>();
    for (const mail of sink.arrived) {
      if (!orderIds.has(mail.orderId)) continue;
      if (kinds.get(mail.mailId) !== 'payment-received')
        throw new Error(`mail ${mail.messageId} is ${kinds.get(mail.mailId)}`);
      if (arrival.has(mail.orderId)) throw new Error(`a second mail for order ${mail.orderId}`);
      arrival.set(mail.orderId, mail.at);
    }
    const fromAnswer: number[] = [];
    const fromCaptureStart: number[] = [];
    const capture: number[] = [];
    let missing = 0;
    for (const payment of payments) {
      capture.push(payment.captureEnd - payment.captureStart);
      const at = arrival.get(payment.orderId);
      if (at === undefined) {
        missing++;
        continue;
      }
      fromAnswer.push(at - payment.captureEnd);
      fromCaptureStart.push(at - payment.captureStart);
    }
    for (const list of [fromAnswer, fromCaptureStart, capture]) list.sort((a, b) => a - b);
    const arrivals = [...arrival.values()].sort((a, b) => a - b);
    const mailsPerSecond =
      arrivals.length > 1
        ? Math.round(((arrivals.length - 1) * 10_000) / (arrivals.at(-1)! - arrivals[0]!)) / 10
        : 0;
    const result = {
      run,
      loadAverage: load,
      payments: payments.length,
      failures: failures.length,
      paymentsPerSecond: achievedRate,
      captureP50: censored(capture, 0, 50),
      captureP95: censored(capture, 0, 95),
      mailsDelivered: fromAnswer.length,
      mailsMissing: missing,
      waitedSeconds: Math.round(waitedMs / 1000),
      mailsPerSecond,
      p50: censored(fromAnswer, missing, 50),
      p95: censored(fromAnswer, missing, 95),
      max: missing ? Number.POSITIVE_INFINITY : Math.round(fromAnswer.at(-1) ?? 0),
      p50FromCaptureStart: censored(fromCaptureStart, missing, 50),
      p95FromCaptureStart: censored(fromCaptureStart, missing, 95),
      firstFailures: failures.slice(0, 3),
      times: payments.map((payment) => ({
        orderId: payment.orderId,
        captureMs: Math.round(payment.captureEnd - payment.captureStart),
        mailAfterAnswerMs:
          arrival.get(payment.orderId) === undefined
            ? null
            : Math.round(arrival.get(payment.orderId)! - payment.captureEnd),
      })),
    };
    console.log(
      `run ${run} (load ${load}): ${result.payments} payments at ${achievedRate}/s (${result.failures} failed), capture p50 ${result.captureP50} ms p95 ${result.captureP95} ms; ` +
        `${result.mailsDelivered} mails in ${result.waitedSeconds} s after the last payment (${missing} missing), ${mailsPerSecond} mails/s; ` +
        `payment answer → mail p50 ${shown(result.p50, waitedMs)} p95 ${shown(result.p95, waitedMs)} max ${shown(result.max, waitedMs)} ms`,
    );
    return result;
  } finally {
    shop.close();
    await stopServer(server);
    await sink.stop();
    await database.dropAndClose();
  }
}

const results: Awaited<ReturnType<typeof oneRun>>[] = [];
for (let run = 1; run <= runs; run++) {
  results.push(await oneRun(run));
  // Kept after every run: a long run cut short by this shared machine loses only itself.
  await writeResults('payment-mail', {
    runs,
    rate,
    seconds,
    drainSeconds,
    results: JSON.parse(JSON.stringify(results)),
  });
}
const med = (pick: (result: (typeof results)[number]) => number) => middle(results.map(pick));
const waited = med((r) => r.waitedSeconds) * 1000;
const summary = [
  {
    scenario: `${rate} payments/s for ${seconds} s (sandbox PayPal: close, approve, capture)`,
    'payments/s': med((r) => r.paymentsPerSecond),
    'capture p95 ms': med((r) => r.captureP95),
    'mails/s': med((r) => r.mailsPerSecond),
    'answer→mail p50 ms': shown(
      med((r) => r.p50),
      waited,
    ),
    'answer→mail p95 ms': shown(
      med((r) => r.p95),
      waited,
    ),
    'answer→mail max ms': shown(
      med((r) => r.max),
      waited,
    ),
    'capture start→mail p95 ms': shown(
      med((r) => r.p95FromCaptureStart),
      waited,
    ),
    target: 'p95 ≤ 2,000 ms',
  },
];
console.log(`medians of ${runs} runs, load averages ${results.map((r) => r.loadAverage).join(', ')}`);
console.table(summary);
await writeResults('payment-mail', {
  runs,
  rate,
  seconds,
  drainSeconds,
  summary,
  // JSON has no Infinity: a percentile among the mails not delivered is null.
  results: results.map((result) => JSON.parse(JSON.stringify(result))),
});
