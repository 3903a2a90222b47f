/**
 * What the limits on unpaid bank transfers (docs/decisions/020) cost a close, by how many transfers are
 * open: closes of one unit for a bank transfer, each from a client and an address of its own, while 0,
 * 1,000 and 10,000 other transfers are open (one in 200 holding the same variant, the rest spread over
 * the catalogue), beside a history of paid orders (50,000, a tenth of the same variant). In process, on
 * PostgreSQL; the close call and, alone, the two reads the limits add are timed.
 *
 *   npx tsx bench/transfer-holds.bench.ts [--closes 200] [--backlogs 0,1000,10000] [--history 50000]
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, queryRows } from '../apps/server/src/db/client.ts';
import {
  countOpenTransfers,
  findTransferHeld,
} from '../apps/server/src/modules/orders/transfer-holds.repository.ts';
import { seedDemoCatalogue } from '../apps/server/src/seed/demo-catalogue.ts';
import { exampleCustomer } from '../apps/server/src/test/orders.ts';
import { percentile, postgresUrl, writeResults } from './lib.ts';

const { values } = parseArgs({
  options: {
    closes: { type: 'string', default: '200' },
    backlogs: { type: 'string', default: '0,1000,10000' },
    history: { type: 'string', default: '50000' },
  },
});
const closeCount = Number(values.closes);
const backlogs = values.backlogs.split(',').map(Number);

const schemaName = `bench_transfer_${Date.now().toString(36)}`;
const database = await openDatabase({ url: postgresUrl, dataDir: 'memory://', schemaName, poolSize: 8 });
await database.migrate();
await seedDemoCatalogue(database.db, {});
const config = {
  ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PAYMENTS_MODE: 'sandbox', JOBS_IN_SERVER: 'false' }),
  catalogueCacheTtlMs: 0,
};
const app = await buildApp({ config, database });
await app.ready();

const variants = await queryRows<{ id: number }>(
  database.db,
  sql`SELECT v.id FROM variants v JOIN offers o ON o.id = v.offer_id
      WHERE o.is_active AND o.sale_ends_at IS NULL AND o.brand_id IS NULL ORDER BY v.id`,
);
const variantId = variants[0]?.id ?? 0;
// Enough units that no close meets the ceiling: what is measured is the reading, not a refusal.
await database.db.execute(sql`UPDATE variants SET stock = 1000000`);

/**
 * `count` more orders of one unit each: paid ones, a tenth of them of the measured variant, or open
 * transfers, each of its own client and address, one in 200 of the measured variant (10,000 open
 * transfers: 50 of them hold it, a realistic few; the ceiling bounds them to half its units).
 */
async function addOrders(count: number, from: number, status: 'awaiting-payment' | 'paid') {
  if (count <= 0) return;
  const everyNth = sql.raw(String(status === 'paid' ? 10 : 200));
  const variantIds = sql.raw(`ARRAY[${variants.map((row) => row.id).join(',')}]`);
  await database.db.execute(sql`
    WITH made AS (
      INSERT INTO orders (order_key, brand_id, status, closed_at, hold_until, client_hash, email_key, total_cents,
                          transfer_variant_ids)
      SELECT ${status} || '-' || n, (SELECT id FROM brands ORDER BY id LIMIT 1), ${status}, now(),
             CASE WHEN ${status} = 'paid' THEN NULL ELSE now() + interval '7 days' END,
             'client-' || n, 'backlog' || n || '@example.com', 10000,
             ARRAY[CASE WHEN n % ${everyNth} = 0 THEN ${variantId} ELSE (${variantIds})[1 + n % ${variants.length}] END]
      FROM generate_series(${from}::int, ${from + count - 1}::int) AS n
      RETURNING id, transfer_variant_ids[1] AS variant_id)
    INSERT INTO order_items (order_id, variant_id, quantity, unit_price_cents)
    SELECT id, variant_id, 1, 10000 FROM made`);
  await database.db.execute(sql`ANALYZE orders`);
  await database.db.execute(sql`ANALYZE order_items`);
}

let client = 0;
async function call(ip: string, method: 'POST' | 'PUT', url: string, payload: object) {
  const response = await app.inject({ method, url, payload, remoteAddress: ip } as InjectOptions);
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

let lastOrderId = 0;

/** The two reads the limits add to a close (open transfers of its client and address; units held), timed alone. */
async function timedReads(): Promise<number> {
  const party = { orderId: lastOrderId, clientHash: 'bench-client', emailKey: 'bench@example.com' };
  const started = performance.now();
  await countOpenTransfers(database.db, party);
  await findTransferHeld(database.db, party);
  return performance.now() - started;
}

/** One close for a bank transfer by a new client and address; answers the close's milliseconds. */
async function timedClose(): Promise<number> {
  client++;
  const ip = `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
  const created = await call(ip, 'POST', '/api/order', {});
  const cart = { orderId: created.id, key: created.token };
  await call(ip, 'POST', '/api/order/items', { ...cart, variantId });
  await call(ip, 'PUT', '/api/order/customer', {
    ...cart,
    ...exampleCustomer,
    email: `bench${client}@example.com`,
  });
  const started = performance.now();
  await call(ip, 'PUT', '/api/order/close', { ...cart, paymentType: 'wiretransfer' });
  lastOrderId = cart.orderId;
  return performance.now() - started;
}

await addOrders(Number(values.history), 1, 'paid');
const rows = [];
let open = 0;
for (const backlog of backlogs) {
  await addOrders(backlog - open, open + 1, 'awaiting-payment');
  open = Math.max(open, backlog);
  for (let warm = 0; warm < 20; warm++) await timedClose();
  const times: number[] = [];
  for (let index = 0; index < closeCount; index++) times.push(await timedClose());
  times.sort((a, b) => a - b);
  const reads: number[] = [];
  for (let index = 0; index < closeCount; index++) reads.push(await timedReads());
  reads.sort((a, b) => a - b);
  rows.push({
    openTransfers: backlog,
    closes: closeCount,
    closeP50Ms: Math.round(percentile(times, 50) * 10) / 10,
    closeP95Ms: Math.round(percentile(times, 95) * 10) / 10,
    limitReadsP50Ms: Math.round(percentile(reads, 50) * 100) / 100,
    limitReadsP95Ms: Math.round(percentile(reads, 95) * 100) / 100,
  });
  open += closeCount + 20;
}
console.table(rows);

await writeResults('transfer-holds', { closes: closeCount, rows });
await app.close();
await database.db.execute(sql.raw(`DROP SCHEMA ${schemaName} CASCADE`));
await database.db.execute(sql.raw(`DROP SCHEMA IF EXISTS ${schemaName}_jobs CASCADE`));
await database.close();
