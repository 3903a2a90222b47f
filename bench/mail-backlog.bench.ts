/**
 * 1,000 queued mails delivered to a local SMTP server, on PostgreSQL (issue 10's target: ≤ 20 s).
 *
 *   npx tsx bench/mail-backlog.bench.ts --runs 3
 *
 * Each run, on a fresh schema of its own (`bench_mail_backlog`, the demo catalogue seeded on start,
 * dropped before and after):
 * 1. A production server process with JOBS_IN_SERVER=false closes `--mails` orders by bank transfer
 *    over HTTP (create, add, customer, close): each close queues its order-received mail (with the
 *    bank details and the GiroCode PNG) in the outbox in its transaction, and nothing sends them.
 *    That server stops.
 * 2. A production server process with its jobs in process (JOBS_IN_SERVER=true, the default) and
 *    SMTP_URL on a local SMTP server in this process starts on the same schema, as after a deployment
 *    or a mail server that was down: timed from its start (spawn) until the SMTP server has received
 *    all the queued mails (matched by the shop's Message-ID `<mail-{id}.order-{orderId}@host>`). Also
 *    from /readyz answering, and from the first mail to the last (the sending rate alone).
 * Mails still missing after `--timeout-seconds` are reported as missing, with the rate so far.
 *
 * Results go to bench/out/mail-backlog.json (every run and the medians).
 */
import { parseArgs } from 'node:util';
import {
  benchSchema,
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
    mails: { type: 'string', default: '1000' },
    'timeout-seconds': { type: 'string', default: '1800' },
  },
});
const runs = Number(values.runs);
const mailCount = Number(values.mails);
const timeoutSeconds = Number(values['timeout-seconds']);
const schema = 'bench_mail_backlog';
const serverEnv = { DATABASE_SCHEMA: schema, SEED_ON_START: 'true', DATABASE_POOL_SIZE: '16' };

async function oneRun(run: number) {
  const database = await benchSchema(schema);
  const sink = await startMailSink();
  try {
    // 1. The backlog: orders closed by bank transfer while no process runs jobs.
    const setup = await startServer({
      database: 'postgres',
      port: await freePort(),
      env: { ...serverEnv, JOBS_IN_SERVER: 'false' },
    });
    const shop = shopClient(setup.url);
    let closeSeconds = 0;
    try {
      const variants = await database.sellableVariants();
      const started = performance.now();
      await inParallel(
        Array.from({ length: mailCount }, (_, index) => variants[(index * 7) % variants.length]!),
        8,
        async (variantId) => {
          const cart = await readyCart(shop, variantId);
          await shop.json('PUT', '/api/order/close', { ...cart, paymentType: 'wiretransfer' });
        },
      );
      closeSeconds = Math.round((performance.now() - started) / 100) / 10;
    } finally {
      shop.close();
      await stopServer(setup);
    }
    const { rows } = await database.admin.query(
      `SELECT id FROM ${schema}.mails WHERE kind = 'order-received' AND status = 'queued'`,
    );
    const queued = new Set(rows.map((row: { id: number }) => Number(row.id)));
    if (queued.size !== mailCount) throw new Error(`${queued.size} mails queued, not ${mailCount}`);

    // 2. A server with the jobs: time until every queued mail is in the SMTP server.
    const load = await loadAverage();
    const spawnedAt = performance.now();
    const server = await startServer({
      database: 'postgres',
      port: await freePort(),
      env: { ...serverEnv, JOBS_IN_SERVER: 'true', SMTP_URL: sink.url },
    });
    const readyAt = performance.now();
    try {
      const isQueued = (mail: { mailId: number }) => queued.has(mail.mailId);
      const all = await sink.waitFor(mailCount, isQueued, timeoutSeconds * 1000);
      const doneAt = performance.now();
      const arrivals = sink.arrived
        .filter(isQueued)
        .map((mail) => mail.at)
        .sort((a, b) => a - b);
      const seconds = (ms: number) => Math.round(ms / 100) / 10;
      const span = arrivals.length > 1 ? arrivals.at(-1)! - arrivals[0]! : 0;
      const result = {
        run,
        loadAverage: load,
        closeSeconds,
        delivered: arrivals.length,
        missing: mailCount - arrivals.length,
        /** Spawn → /readyz answering (migrations, seed check, catalogue, jobs started). */
        startSeconds: seconds(readyAt - spawnedAt),
        firstMailSeconds: arrivals.length ? seconds(arrivals[0]! - spawnedAt) : null,
        /** Spawn → the last queued mail in the SMTP server (null: not all arrived in time). */
        allSeconds: all ? seconds(arrivals.at(-1)! - spawnedAt) : null,
        allFromReadySeconds: all ? seconds(arrivals.at(-1)! - readyAt) : null,
        firstToLastSeconds: seconds(span),
        mailsPerSecond: span ? Math.round(((arrivals.length - 1) * 10_000) / span) / 10 : 0,
        waitedSeconds: seconds(doneAt - spawnedAt),
      };
      console.log(
        `run ${run} (load ${load}): ${mailCount} bank-transfer closes in ${closeSeconds} s; ` +
          `server ready in ${result.startSeconds} s, first mail after ${result.firstMailSeconds} s, ` +
          (all
            ? `all ${mailCount} after ${result.allSeconds} s from the start (${result.allFromReadySeconds} s from ready)`
            : `${result.delivered} of ${mailCount} after ${result.waitedSeconds} s`) +
          `, ${result.mailsPerSecond} mails/s`,
      );
      return result;
    } finally {
      await stopServer(server);
    }
  } finally {
    await sink.stop();
    await database.dropAndClose();
  }
}

const results: Awaited<ReturnType<typeof oneRun>>[] = [];
for (let run = 1; run <= runs; run++) {
  results.push(await oneRun(run));
  // Kept after every run: a long run cut short by this shared machine loses only itself.
  await writeResults('mail-backlog', { runs, mails: mailCount, timeoutSeconds, results });
}
const med = (pick: (result: (typeof results)[number]) => number | null) => {
  const picked = results.map(pick);
  return picked.includes(null) ? null : middle(picked as number[]);
};
const summary = [
  {
    scenario: `${mailCount} queued order-received mails, server started`,
    'start s': med((r) => r.startSeconds),
    'first mail s': med((r) => r.firstMailSeconds),
    'all delivered s': med((r) => r.allSeconds) ?? `not all within ${timeoutSeconds} s`,
    'from ready s': med((r) => r.allFromReadySeconds),
    'mails/s': med((r) => r.mailsPerSecond),
    target: '≤ 20 s',
  },
];
console.log(`medians of ${runs} runs, load averages ${results.map((r) => r.loadAverage).join(', ')}`);
console.table(summary);
await writeResults('mail-backlog', { runs, mails: mailCount, timeoutSeconds, summary, results });
