import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createProcessGroup, type ServerProcess } from '#src/test/server-processes.ts';

/**
 * The limits on what unpaid bank transfers hold (docs/decisions/020) with two server processes on one
 * PostgreSQL: closes that arrive at the same moment, alternating between the processes, cannot together
 * go past a limit. Clients are told apart by X-Forwarded-For (TRUST_PROXY, as behind a load balancer).
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const group = createProcessGroup(databaseUrl);
let servers: ServerProcess[] = [];
let sql: Awaited<ReturnType<typeof group.sqlClient>>;

beforeAll(async () => {
  if (!databaseUrl) return;
  servers = [await group.start({ TRUST_PROXY: 'true' }), await group.start({ TRUST_PROXY: 'true' })];
  await group.waitUntilReady(servers);
  sql = await group.sqlClient();
}, 120_000);
afterAll(async () => {
  await sql?.end();
  await group.stopAll();
});

const customer = (n: number) => ({
  gender: 20,
  firstName: 'Erika',
  lastName: `Käuferin ${n}`,
  email: `transfer${n}@example.com`,
  street: 'Hauptstraße',
  houseNumber: String(n + 1),
  postcode: '10115',
  city: 'Berlin',
  country: 'DE',
  acceptTerms: true,
});

/** A cart of client `ip` with `quantity` units of `variantId`, on server `n % 2`, ready to close. */
async function buyer(n: number, variantId: number, ip: string, quantity = 1) {
  const port = servers[n % 2]?.port ?? 0;
  const headers = { 'x-forwarded-for': ip };
  const created = await call(port, 'POST', '/api/order', {}, headers);
  const cart = { orderId: created.body.id as number, key: created.body.token as string };
  const added = await call(port, 'POST', '/api/order/items', { ...cart, variantId }, headers);
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  if (quantity > 1) {
    const itemId = added.body.added[0].id;
    expect((await call(port, 'PUT', '/api/order/items', { ...cart, itemId, quantity }, headers)).status).toBe(
      200,
    );
  }
  expect((await call(port, 'PUT', '/api/order/customer', { ...cart, ...customer(n) }, headers)).status).toBe(
    200,
  );
  return { port, cart, headers };
}

type Buyer = Awaited<ReturnType<typeof buyer>>;

const closeAllAtOnce = (buyers: Buyer[], paymentType = 'wiretransfer') =>
  Promise.all(
    buyers.map(({ port, cart, headers }) =>
      call(port, 'PUT', '/api/order/close', { ...cart, paymentType }, headers),
    ),
  );

/** Variants on sale to every brand, with `stock` units set for the test. */
async function variantsWithStock(count: number, stock: number): Promise<number[]> {
  const { rows } = await sql.query(
    `SELECT v.id FROM variants v JOIN offers o ON o.id = v.offer_id
     WHERE o.is_active AND (o.sale_ends_at IS NULL OR o.sale_ends_at > now()) AND o.brand_id IS NULL
       AND v.stock > 0 AND NOT EXISTS (SELECT 1 FROM order_items i WHERE i.variant_id = v.id)
     ORDER BY v.id LIMIT $1`,
    [count],
  );
  const ids = rows.map((row: { id: number }) => row.id);
  await sql.query('UPDATE variants SET stock = $2 WHERE id = ANY($1)', [ids, stock]);
  return ids;
}

const outcome = (answers: { status: number; body: { type?: string } }[]) => ({
  closed: answers.filter((answer) => answer.status === 200).length,
  refused: answers.filter((answer) => answer.status === 409 && answer.body.type === 'transfer-limit').length,
});

const stockOf = async (variantId: number) =>
  (await sql.query('SELECT stock FROM variants WHERE id = $1', [variantId])).rows[0]?.stock;

describe.skipIf(!databaseUrl)('transfer limits under concurrency, two server processes on PostgreSQL', () => {
  it('30 clients close for 1 of 20 units at once: exactly 10 held, the other 10 are sold to buyers who pay', async () => {
    const [variantId = 0] = await variantsWithStock(1, 20);
    const buyers = await Promise.all(
      Array.from({ length: 30 }, (_, n) => buyer(n, variantId, `198.51.100.${n + 1}`)),
    );
    const transfers = await closeAllAtOnce(buyers);
    expect(outcome(transfers)).toEqual({ closed: 10, refused: 20 });
    expect(await stockOf(variantId)).toBe(10);

    // The refused carts can still pay at once: the ten units left go to ten of them.
    const refused = buyers.filter((_, n) => transfers[n]?.status === 409);
    const payers = await closeAllAtOnce(refused, 'paypal');
    expect(payers.filter((answer) => answer.status === 200)).toHaveLength(10);
    expect(payers.filter((answer) => answer.body.type === 'sold-out')).toHaveLength(10);
    expect(await stockOf(variantId)).toBe(0);
  });

  it('one client, six carts of 2 units each, at once: 4 units held', async () => {
    const [variantId = 0] = await variantsWithStock(1, 46);
    const buyers = await Promise.all(
      Array.from({ length: 6 }, (_, n) => buyer(100 + n, variantId, '203.0.113.7', 2)),
    );
    expect(outcome(await closeAllAtOnce(buyers))).toEqual({ closed: 2, refused: 4 });
    expect(await stockOf(variantId)).toBe(42);
  });

  it('one client, eight carts of different offers, at once: 3 open transfers', async () => {
    const variants = await variantsWithStock(8, 46);
    const buyers = await Promise.all(
      variants.map((variantId, n) => buyer(200 + n, variantId, '203.0.113.8')),
    );
    expect(outcome(await closeAllAtOnce(buyers))).toEqual({ closed: 3, refused: 5 });
    const { rows } = await sql.query(
      `SELECT count(*)::int AS open FROM orders o JOIN order_items i ON i.order_id = o.id
       WHERE o.status = 'awaiting-payment' AND i.variant_id = ANY($1)`,
      [variants],
    );
    expect(rows[0]).toEqual({ open: 3 });
  });
});
