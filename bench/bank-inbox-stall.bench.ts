/**
 * How long a large camt.053 statement in the bank inbox stalls the web requests of the process that
 * imports it (issue 23: a 200 MB statement, parsed on the request thread, held every request for 2.5 s).
 *
 *   npx tsx bench/bank-inbox-stall.bench.ts [--entries 300000] [--database postgres] [--fresh]
 *
 * The shop's app in this process on a fresh embedded database (or PostgreSQL), a statement of
 * `--entries` credits (about 670 bytes each: 300,000 ≈ 200 MB) put into a bank inbox, and the inbox's
 * scan, as its job runs it. Every entry was imported before (rows written in SQL, not measured), so the
 * scan reads the file and books nothing, which is what a large statement costs before its first booking;
 * `--fresh` books every entry instead (slow: one transaction each). While the scan runs, GET /healthz is
 * due every 20 ms through the app, and perf_hooks watches the event loop. Reported: the longest
 * event-loop delay, and the slowest /healthz (counted from when it was due) and its 99th percentile.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createBankInbox } from '../apps/server/src/modules/bank/bank-inbox.ts';
import { parseCamt053 } from '../apps/server/src/modules/bank/camt053.ts';
import { buildCamt053, randomCredits } from '../apps/server/src/modules/bank/testing/camt053-statement.ts';
import { seedDemoCatalogue } from '../apps/server/src/seed/demo-catalogue.ts';
import { postgresUrl, writeResults } from './lib.ts';

const { values } = parseArgs({
  options: {
    entries: { type: 'string', default: '300000' },
    database: { type: 'string', default: 'pglite' },
    fresh: { type: 'boolean', default: false },
  },
});
const entryCount = Number(values.entries);
const iban = 'DE89370400440532013000';

const onPostgres = values.database === 'postgres';
const schemaName = onPostgres ? `bench_stall_${Date.now().toString(36)}` : undefined;
const database = await openDatabase({
  url: onPostgres ? postgresUrl : undefined,
  dataDir: 'memory://',
  schemaName,
});
await database.migrate();
await seedDemoCatalogue(database.db, { offers: 30 });
const config = {
  ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PAYMENTS_MODE: 'sandbox', JOBS_IN_SERVER: 'false' }),
  catalogueCacheTtlMs: 0,
};
const app = await buildApp({ config, database });
await app.ready();

let started = performance.now();
const credits = randomCredits(entryCount, ['DEMO-99999999']);
const xml = buildCamt053({ iban, statementId: 'BENCH-STALL', entries: credits });
console.log(
  `statement: ${entryCount} entries, ${(xml.length / 1e6).toFixed(1)} MB, built in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
if (!values.fresh) {
  // randomCredits' entries carry the bank reference `<seed>-<index, 7 digits>`: their ids follow from it.
  const sample = parseCamt053(buildCamt053({ iban, statementId: 'S', entries: credits.slice(0, 2) }));
  if (sample[0]?.entries[1]?.id !== `${iban}/1-0000001`)
    throw new Error('entry ids changed: adapt the bench');
  await database.db.execute(
    sql`INSERT INTO bank_transactions (entry_id, statement_id, booking_date, amount_cents, currency, remittance, outcome)
        SELECT ${`${iban}/1-`} || lpad(i::text, 7, '0'), 'BENCH-STALL', '2026-11-24', 100, 'EUR', '', 'unmatched'
        FROM generate_series(0, ${entryCount - 1}) AS i`,
  );
}

const inboxDir = await mkdtemp(path.join(os.tmpdir(), 'bench-inbox-'));
await writeFile(path.join(inboxDir, 'statement.xml'), xml);
const inbox = createBankInbox(app.background.checkout, { dir: inboxDir, settleMs: 0 });

const loopDelay = monitorEventLoopDelay({ resolution: 10 });
const latencies: number[] = [];
let isScanning = true;
// A request due every 20 ms: its time counts from when it was due, so that a request the stalled
// process could not even start counts with the wait it would have had.
const probe = (async () => {
  let due = performance.now();
  while (isScanning) {
    const answer = await app.inject({ method: 'GET', url: '/healthz' });
    if (answer.statusCode !== 200) throw new Error(`/healthz: ${answer.statusCode}`);
    latencies.push(performance.now() - due);
    due = performance.now() + 20;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
})();
loopDelay.enable();
started = performance.now();
const handled = await inbox.scan();
const scanMs = performance.now() - started;
loopDelay.disable();
isScanning = false;
await probe;

const sorted = [...latencies].sort((a, b) => a - b);
const result = {
  database: values.database,
  entries: entryCount,
  megabytes: Number((xml.length / 1e6).toFixed(1)),
  booked: values.fresh,
  status: handled[0]?.status ?? 'none',
  scanMs: Math.round(scanMs),
  maxEventLoopDelayMs: Math.round(loopDelay.max / 1e6),
  p99EventLoopDelayMs: Math.round(loopDelay.percentile(99) / 1e6),
  healthzAnswers: sorted.length,
  maxHealthzMs: Math.round(sorted.at(-1) ?? 0),
  p99HealthzMs: Math.round(sorted[Math.floor(sorted.length * 0.99)] ?? 0),
};
console.table([result]);
await writeResults('bank-inbox-stall', result);
inbox.close();
await app.close();
await rm(inboxDir, { recursive: true, force: true });
if (schemaName) {
  await database.db.execute(sql.raw(`DROP SCHEMA ${schemaName} CASCADE`));
  await database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS ${schemaName}_jobs CASCADE`));
}
await database.close();
