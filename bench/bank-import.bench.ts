/**
 * Importing a camt.053 statement of 10,000 entries (issue 10's target: ≤ 10 s, parsed and matched) against
 * 1,000 orders waiting for their bank transfer, on a fresh embedded database (or PostgreSQL with
 * `--database postgres`), in process.
 *
 *   npx tsx bench/bank-import.bench.ts [--entries 10000] [--orders 1000] [--database postgres]
 *
 * The entries quote the orders' references in the forms banks mangle them into; each order's first exact
 * transfer pays it (vouchers, invoice and mail in its transaction), later ones are reported. A second
 * import of the same file must change nothing; its time is reported too.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, queryRows } from '../apps/server/src/db/client.ts';
import { importStatement } from '../apps/server/src/modules/bank/bank-import.ts';
import { parseCamt053 } from '../apps/server/src/modules/bank/camt053.ts';
import { buildCamt053, randomCredits } from '../apps/server/src/modules/bank/testing/camt053-statement.ts';
import { seedDemoCatalogue } from '../apps/server/src/seed/demo-catalogue.ts';
import { readyCart, variantsInStock } from '../apps/server/src/test/orders.ts';
import { postgresUrl, writeResults } from './lib.ts';

const { values } = parseArgs({
  options: {
    entries: { type: 'string', default: '10000' },
    orders: { type: 'string', default: '1000' },
    database: { type: 'string', default: 'pglite' },
  },
});
const entryCount = Number(values.entries);
const orderCount = Number(values.orders);

const onPostgres = values.database === 'postgres';
const schemaName = onPostgres ? `bench_bank_${Date.now().toString(36)}` : undefined;
const database = await openDatabase({
  url: onPostgres ? postgresUrl : undefined,
  dataDir: 'memory://',
  schemaName,
});
await database.migrate();
await seedDemoCatalogue(database.db, {});
const config = {
  ...loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PAYMENTS_MODE: 'sandbox',
    JOBS_IN_SERVER: 'false',
    // One client and one customer place every order: no limit on their open bank transfers.
    WIRE_TRANSFER_OPEN_LIMIT: '0',
  }),
  catalogueCacheTtlMs: 0,
};
const app = await buildApp({ config, database });
await app.ready();

const [variantId] = (await variantsInStock(database.db)) as [number];
// Unpaid transfers may hold half a variant's units (docs/decisions/020): twice the orders, and some.
await database.db.execute(sql`UPDATE variants SET stock = ${2 * orderCount + 10} WHERE id = ${variantId}`);
const references: string[] = [];
let started = performance.now();
for (let index = 0; index < orderCount; index++) {
  const cart = await readyCart(app, variantId);
  const closed = await app.inject({
    method: 'PUT',
    url: '/api/order/close',
    payload: { ...cart, paymentType: 'wiretransfer' },
  });
  if (closed.statusCode !== 200) throw new Error(`close: ${closed.body}`);
  references.push(`DEMO-${String(cart.orderId).padStart(8, '0')}`);
}
console.log(`${orderCount} transfer orders in ${((performance.now() - started) / 1000).toFixed(1)} s`);
const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(
  database.db,
  sql`SELECT total_cents AS total FROM orders WHERE status = 'awaiting-payment' LIMIT 1`,
);
// Every credit for the order's exact amount: the first pays it, the others are double payments.
const entries = randomCredits(entryCount, references).map((entry) => ({ ...entry, amountCents: total }));
const xml = buildCamt053({ iban: 'DE89370400440532013000', statementId: 'BENCH', entries });

started = performance.now();
parseCamt053(xml);
const parseMs = performance.now() - started;
started = performance.now();
const first = await importStatement(app.background.checkout, xml);
const importMs = performance.now() - started;
started = performance.now();
const second = await importStatement(app.background.checkout, xml);
const againMs = performance.now() - started;

const result = {
  database: values.database,
  entries: entryCount,
  orders: orderCount,
  megabytes: Number((xml.length / 1e6).toFixed(1)),
  parseMs: Math.round(parseMs),
  importMs: Math.round(importMs),
  secondImportMs: Math.round(againMs),
  outcomes: first.counts,
  secondOutcomes: second.counts,
};
console.table([result]);
await writeResults('bank-import', result);
await app.close();
if (schemaName) {
  await database.db.execute(sql.raw(`DROP SCHEMA ${schemaName} CASCADE`));
  await database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS ${schemaName}_jobs CASCADE`));
}
await database.close();
