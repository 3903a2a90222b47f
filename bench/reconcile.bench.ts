/**
 * The payment reconciliation after an outage (issue 23, docs/decisions/024): how long the
 * `payments.reconcile` job takes to clear a backlog of payments the shop never booked, and what a run costs
 * when nothing is due (it runs every minute). On a fresh embedded database (or PostgreSQL with
 * `--database postgres`), in process, with the built-in payment simulator.
 *
 *   npx tsx bench/reconcile.bench.ts [--captured 300] [--abandoned 300] [--database postgres]
 *
 * `--captured` orders are approved and captured at the simulator with their payment's own capture request
 * id but never booked (what a process killed between capture and booking leaves); `--abandoned` orders
 * were never approved and their hold has run out. Then the job's function runs until nothing is due:
 * every captured order must be paid (vouchers, invoice, mail) and every abandoned one a cart again.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, queryRows } from '../apps/server/src/db/client.ts';
import { reconcilePayments } from '../apps/server/src/modules/orders/payment-reconciliation.ts';
import {
  findLatestPayment,
  type PaymentRow,
} from '../apps/server/src/modules/payments/payments.repository.ts';
import { seedDemoCatalogue } from '../apps/server/src/seed/demo-catalogue.ts';
import { chooseOnSandbox, readyCart, variantsInStock } from '../apps/server/src/test/orders.ts';
import { postgresUrl, writeResults } from './lib.ts';

const { values } = parseArgs({
  options: {
    captured: { type: 'string', default: '300' },
    abandoned: { type: 'string', default: '300' },
    database: { type: 'string', default: 'pglite' },
  },
});
const capturedCount = Number(values.captured);
const abandonedCount = Number(values.abandoned);

const onPostgres = values.database === 'postgres';
const schemaName = onPostgres ? `bench_reconcile_${Date.now().toString(36)}` : undefined;
const database = await openDatabase({
  url: onPostgres ? postgresUrl : undefined,
  dataDir: 'memory://',
  schemaName,
});
await database.migrate();
await seedDemoCatalogue(database.db, {});
const config = {
  ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PAYMENTS_MODE: 'sandbox', JOBS_IN_SERVER: 'false' }),
  catalogueCacheTtlMs: 0,
};
const app = await buildApp({ config, database });
await app.ready();
const { checkout } = app.background;

const [variantId] = (await variantsInStock(database.db)) as [number];
await database.db.execute(
  sql`UPDATE variants SET stock = ${capturedCount + abandonedCount + 10} WHERE id = ${variantId}`,
);
let started = performance.now();
for (let index = 0; index < capturedCount + abandonedCount; index++) {
  const cart = await readyCart(app, variantId);
  const closed = await app.inject({
    method: 'PUT',
    url: '/api/order/close',
    payload: { ...cart, paymentType: 'paypal' },
  });
  if (closed.statusCode !== 200) throw new Error(`close: ${closed.body}`);
  if (index >= capturedCount) continue;
  await chooseOnSandbox(app, closed.json().redirectUrl, 'approve');
  const payment = (await findLatestPayment(database.db, cart.orderId)) as PaymentRow;
  await checkout.providers.paypal.capturePayment({
    reference: payment.provider_reference,
    amountCents: payment.amount_cents,
    currency: payment.currency,
    requestId: `capture-${payment.id}`,
  });
}
// The outage lasted longer than every hold: all of them have run out, every payment waited.
await database.db.execute(
  sql`UPDATE orders SET hold_until = now() - interval '1 minute' WHERE status = 'payment-pending'`,
);
await database.db.execute(sql`UPDATE payments SET created_at = now() - interval '2 hours'`);
console.log(
  `${capturedCount + abandonedCount} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

started = performance.now();
const totals: Record<string, number> = {};
let runs = 0;
for (;;) {
  const summary = await reconcilePayments(checkout);
  runs += 1;
  const checked = Object.values(summary).reduce((sum, count) => sum + count, 0);
  for (const [outcome, count] of Object.entries(summary)) totals[outcome] = (totals[outcome] ?? 0) + count;
  if (checked === 0) break;
}
const backlogMs = performance.now() - started;

// What the schedule costs when nothing is due (released payments are due again in minutes, not now).
const idle: number[] = [];
for (let index = 0; index < 20; index++) {
  started = performance.now();
  await reconcilePayments(checkout);
  idle.push(performance.now() - started);
}
idle.sort((a, b) => a - b);

const [state] = await queryRows<{
  paid: number;
  carts: number;
  vouchers: number;
  invoices: number;
  mails: number;
}>(
  database.db,
  sql`SELECT (SELECT count(*)::int FROM orders WHERE status = 'paid') AS paid,
             (SELECT count(*)::int FROM orders WHERE status = 'cart' AND closed_at IS NULL
                AND id IN (SELECT order_id FROM payments)) AS carts,
             (SELECT count(*)::int FROM vouchers) AS vouchers,
             (SELECT count(*)::int FROM invoices) AS invoices,
             (SELECT count(*)::int FROM mails WHERE kind = 'payment-received') AS mails`,
);
const result = {
  database: values.database,
  captured: capturedCount,
  abandoned: abandonedCount,
  backlogMs: Math.round(backlogMs),
  paymentsPerSecond: Math.round(((capturedCount + abandonedCount) / backlogMs) * 1000),
  runs,
  outcomes: totals,
  idleRunMedianMs: Number((idle[Math.floor(idle.length / 2)] ?? 0).toFixed(1)),
  ...state,
};
console.table([result]);
if (state?.paid !== capturedCount || state.carts !== abandonedCount || state.mails !== capturedCount) {
  console.error('NOT ALL RECONCILED', state);
  process.exitCode = 1;
}
await writeResults('reconcile', result);
await app.close();
if (schemaName) {
  await database.db.execute(sql.raw(`DROP SCHEMA ${schemaName} CASCADE`));
  await database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS ${schemaName}_jobs CASCADE`));
}
await database.close();
