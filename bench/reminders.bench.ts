/**
 * 10,000 back-in-stock reminders for one offer, mailed when its stock returns (issue 12's target: all
 * within 60 s), on PostgreSQL.
 *
 *   npx tsx bench/reminders.bench.ts [--runs 1] [--reminders 10000] [--servers 1]
 *
 * Each run, on a fresh schema of its own (`bench_reminders`, the demo catalogue seeded on start, dropped
 * before and after), against one production server with its jobs in process and SMTP_URL on a local SMTP
 * server in this process:
 * 1. One offer is made to have a single unit left (an operator's update), and a bank-transfer order over
 *    HTTP takes it: the offer is sold out.
 * 2. `--reminders` reminders for that offer are stored (SQL: the API's rate limit is per client), in
 *    German, English and Italian by turns.
 * 3. The order is cancelled over HTTP: the unit goes back and the dispatch job is queued in that
 *    transaction. Timed from the cancel's request until the SMTP server has every reminder mail
 *    (Message-ID `<mail-{id}.reminder@host>`); also how long the dispatch took to mark them all notified,
 *    and that no address got two.
 *
 * Results go to bench/out/reminders.json.
 */
import { parseArgs } from 'node:util';
import {
  benchSchema,
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
    runs: { type: 'string', default: '1' },
    reminders: { type: 'string', default: '10000' },
    'timeout-seconds': { type: 'string', default: '600' },
    /** Server processes on the one schema, each running jobs (a deployment's second process). */
    servers: { type: 'string', default: '1' },
  },
});
const runs = Number(values.runs);
const reminderCount = Number(values.reminders);
const timeoutSeconds = Number(values['timeout-seconds']);
const serverCount = Number(values.servers);
const schema = 'bench_reminders';
const seconds = (ms: number) => Math.round(ms / 100) / 10;

async function oneRun(run: number) {
  const database = await benchSchema(schema);
  const sink = await startMailSink();
  const env = {
    DATABASE_SCHEMA: schema,
    SEED_ON_START: 'true',
    DATABASE_POOL_SIZE: '16',
    JOBS_IN_SERVER: 'true',
    SMTP_URL: sink.url,
  };
  // One after the other: the first seeds the catalogue, the others find it.
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  for (let index = 0; index < serverCount; index++) {
    servers.push(await startServer({ database: 'postgres', port: await freePort(), env }));
  }
  const server = servers[0]!;
  const shop = shopClient(server.url);
  try {
    const { admin } = database;
    const {
      rows: [offer],
    } = await admin.query(
      `SELECT o.id, min(v.id) AS variant_id FROM ${schema}.offers o JOIN ${schema}.variants v ON v.offer_id = o.id
       WHERE o.is_active AND o.brand_id IS NULL GROUP BY o.id ORDER BY o.id LIMIT 1`,
    );
    await admin.query(`UPDATE ${schema}.variants SET stock = 0 WHERE offer_id = $1`, [offer.id]);
    await admin.query(`UPDATE ${schema}.variants SET stock = 1 WHERE id = $1`, [offer.variant_id]);
    // The last unit, held by an order waiting at PayPal (a bank transfer may not hold a variant's last unit).
    const cart = await readyCart(shop, Number(offer.variant_id));
    await shop.json('PUT', '/api/order/close', { ...cart, paymentType: 'paypal' });
    await admin.query(
      `INSERT INTO ${schema}.stock_reminders (brand_id, locale, email, offer_id)
       SELECT (SELECT id FROM ${schema}.brands ORDER BY id LIMIT 1), (ARRAY['de','en','it'])[n % 3 + 1],
              'subscriber-' || n || '@example.com', $1
       FROM generate_series(1, $2::int) AS n`,
      [offer.id, reminderCount],
    );

    const load = await loadAverage();
    const isReminder = (mail: { messageId: string }) => mail.messageId.includes('.reminder@');
    const cancelledAt = performance.now();
    await shop.json('PUT', '/api/order/cancel', cart);
    const answeredAt = performance.now();
    const all = await sink.waitFor(reminderCount, isReminder, timeoutSeconds * 1000);
    // A little longer: a second mail to anyone would arrive now.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const arrivals = sink.arrived
      .filter(isReminder)
      .map((mail) => mail.at)
      .sort((a, b) => a - b);
    const distinct = new Set(sink.arrived.filter(isReminder).map((mail) => mail.messageId)).size;
    const {
      rows: [dispatch],
    } = await admin.query(
      `SELECT count(*) FILTER (WHERE notified_at IS NULL)::int AS pending,
              extract(epoch FROM max(notified_at) - min(notified_at))::float AS span
       FROM ${schema}.stock_reminders`,
    );
    const span = arrivals.length > 1 ? arrivals.at(-1)! - arrivals[0]! : 0;
    const result = {
      run,
      servers: serverCount,
      loadAverage: load,
      reminders: reminderCount,
      delivered: arrivals.length,
      distinctMessageIds: distinct,
      pending: dispatch.pending as number,
      cancelMs: Math.round(answeredAt - cancelledAt),
      /** Cancel request → first reminder mail in the SMTP server. */
      firstMailSeconds: arrivals.length ? seconds(arrivals[0]! - cancelledAt) : null,
      /** Cancel request → the last reminder mail (null: not all arrived in time). */
      allSeconds: all ? seconds(arrivals.at(-1)! - cancelledAt) : null,
      /** First to last reminder marked notified: the dispatch job's own time. */
      dispatchSeconds: Math.round(Number(dispatch.span ?? 0) * 10) / 10,
      mailsPerSecond: span ? Math.round(((arrivals.length - 1) * 10_000) / span) / 10 : 0,
    };
    console.log(
      `run ${run} (load ${load}, ${serverCount} server process(es)): ${reminderCount} reminders; ` +
        (all
          ? `all mailed ${result.allSeconds} s after the cancel`
          : `${result.delivered} of ${reminderCount} after ${timeoutSeconds} s`) +
        ` (first after ${result.firstMailSeconds} s, dispatch ${result.dispatchSeconds} s, ` +
        `${result.mailsPerSecond} mails/s, ${distinct} distinct of ${arrivals.length})`,
    );
    if (distinct !== arrivals.length) throw new Error('an address got a reminder twice');
    return result;
  } finally {
    shop.close();
    for (const running of servers) await stopServer(running);
    await sink.stop();
    await database.dropAndClose();
  }
}

const results: Awaited<ReturnType<typeof oneRun>>[] = [];
for (let run = 1; run <= runs; run++) {
  results.push(await oneRun(run));
  await writeResults('reminders', { runs, reminders: reminderCount, results });
}
const all = results.map((result) => result.allSeconds);
const summary = {
  scenario: `${reminderCount} reminders for one offer, stock back by a cancelled order, ${serverCount} server(s)`,
  'all mailed s': all.includes(null) ? `not all within ${timeoutSeconds} s` : middle(all as number[]),
  'dispatch s': middle(results.map((result) => result.dispatchSeconds)),
  'mails/s': middle(results.map((result) => result.mailsPerSecond)),
  target: '≤ 60 s',
};
console.log(
  `medians of ${runs} runs, load averages ${results.map((result) => result.loadAverage).join(', ')}`,
);
console.table([summary]);
await writeResults('reminders', { runs, reminders: reminderCount, summary, results });
