import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createProcessGroup, type ServerProcess } from '#src/test/server-processes.ts';

/**
 * DESIGN.md: stock, promotion codes and gift cards hold with two server processes on one PostgreSQL.
 * Buyers alternate between the processes and close at the same moment.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const group = createProcessGroup(databaseUrl);
let servers: ServerProcess[] = [];
let sql: Awaited<ReturnType<typeof group.sqlClient>>;

beforeAll(async () => {
  if (!databaseUrl) return;
  servers = [await group.start(), await group.start()];
  await group.waitUntilReady(servers);
  sql = await group.sqlClient();
}, 120_000);
afterAll(async () => {
  await sql?.end();
  await group.stopAll();
});

const customer = (n: number) => ({
  gender: 10,
  firstName: 'Max',
  lastName: `Käufer ${n}`,
  email: `buyer${n}@example.com`,
  phone: '',
  street: 'Hauptstraße',
  houseNumber: String(n + 1),
  postcode: '10115',
  city: 'Berlin',
  country: 'DE',
  newsletter: false,
  acceptTerms: true,
});

/** A cart with one unit of `variantId` and customer data, on server `n % 2`. */
async function buyer(n: number, variantId: number, host = 'localhost') {
  const port = servers[n % 2]?.port ?? 0;
  const headers = { host };
  const created = await call(port, 'POST', '/api/order', { currency: 'EUR' }, headers);
  const cart = { orderId: created.body.id as number, key: created.body.token as string };
  const added = await call(port, 'POST', '/api/order/items', { ...cart, variantId }, headers);
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  expect((await call(port, 'PUT', '/api/order/customer', { ...cart, ...customer(n) }, headers)).status).toBe(
    200,
  );
  return { port, cart, headers };
}

async function variantWhere(condition: string): Promise<{ id: number; price_cents: number }> {
  const { rows } = await sql.query(
    `SELECT v.id, v.price_cents FROM variants v JOIN offers o ON o.id = v.offer_id
     WHERE o.is_active AND ${condition} ORDER BY v.id LIMIT 1`,
  );
  if (!rows[0]) throw new Error(`no variant where ${condition}`);
  return rows[0];
}

describe.skipIf(!databaseUrl)('orders under concurrency, two server processes on PostgreSQL', () => {
  it('50 buyers of the last unit: exactly one paid order, the others hear sold-out', async () => {
    const variant = await variantWhere('o.brand_id IS NULL AND v.stock > 0');
    await sql.query('UPDATE variants SET stock = 1 WHERE id = $1', [variant.id]);
    const buyers = await Promise.all(Array.from({ length: 50 }, (_, n) => buyer(n, variant.id)));

    const closes = await Promise.all(
      buyers.map(({ port, cart, headers }) =>
        call(port, 'PUT', '/api/order/close', { ...cart, paymentType: 'paypal' }, headers),
      ),
    );
    const winners = closes.filter((answer) => answer.status === 200);
    expect(winners).toHaveLength(1);
    expect(closes.filter((answer) => answer.status === 409 && answer.body.type === 'sold-out')).toHaveLength(
      49,
    );

    // The winner approves at the (simulated) provider and comes back: paid once, however often it returns.
    const winner = buyers[closes.findIndex((answer) => answer.status === 200)];
    const redirectUrl = winners[0]?.body.redirectUrl as string;
    const approve = await call(winner?.port ?? 0, 'POST', `${redirectUrl}/approve`);
    expect(approve.status).toBe(303);
    const reference = redirectUrl.split('/').pop();
    const captures = await Promise.all(
      servers.map((server) =>
        call(server.port, 'POST', '/api/order/paypal-transaction', {
          ...winner?.cart,
          payPalOrderId: reference,
        }),
      ),
    );
    for (const capture of captures) expect(capture.body.status).toBe('paid');

    const { rows } = await sql.query(
      `SELECT (SELECT stock FROM variants WHERE id = $1) AS stock,
              (SELECT count(*)::int FROM orders o JOIN order_items i ON i.order_id = o.id
                 WHERE i.variant_id = $1 AND o.status = 'paid') AS paid,
              (SELECT count(*)::int FROM payments p JOIN order_items i ON i.order_id = p.order_id
                 WHERE i.variant_id = $1 AND p.status = 'captured') AS captured`,
      [variant.id],
    );
    expect(rows[0]).toEqual({ stock: 0, paid: 1, captured: 1 });
  });

  it('a single-use code in 20 parallel carts is redeemed once', async () => {
    const variant = await variantWhere('o.brand_id IS NULL AND v.stock >= 25 AND v.price_cents > 5000');
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, n) => buyer(100 + n, variant.id)));
    for (const { port, cart, headers } of buyers) {
      const applied = await call(port, 'POST', '/api/order/reduction', { ...cart, code: 'EINMAL' }, headers);
      expect(applied.status).toBe(200);
    }
    const closes = await Promise.all(
      buyers.map(({ port, cart, headers }) =>
        call(port, 'PUT', '/api/order/close', { ...cart, paymentType: 'wiretransfer' }, headers),
      ),
    );
    expect(closes.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(closes.filter((answer) => answer.status === 417)).toHaveLength(19);
    const { rows } = await sql.query(
      `SELECT used_count, (SELECT count(*)::int FROM reduction_redemptions r WHERE r.reduction_id = reductions.id) AS redeemed
       FROM reductions WHERE code = 'EINMAL'`,
    );
    expect(rows[0]).toEqual({ used_count: 1, redeemed: 1 });
  });

  it('a € 50 gift card in 10 parallel € 50 orders pays at most € 50', async () => {
    const host = 'familyclub.localhost';
    const variant = await variantWhere(
      "(o.brand_id IS NULL OR o.brand_id = (SELECT id FROM brands WHERE short = 'familyclub')) AND v.stock >= 15 AND v.price_cents >= 5000",
    );
    const buyers = await Promise.all(Array.from({ length: 10 }, (_, n) => buyer(200 + n, variant.id, host)));
    for (const { port, cart, headers } of buyers) {
      const applied = await call(
        port,
        'POST',
        '/api/order/giftcard',
        { ...cart, tan: 'GC-DEMO-5000' },
        headers,
      );
      expect(applied.status, JSON.stringify(applied.body)).toBe(200);
      expect(applied.body.summary.prepaid[0].amount.total).toBe(5000);
    }
    const paymentType = variant.price_cents === 5000 ? 'credit' : 'wiretransfer';
    const closes = await Promise.all(
      buyers.map(({ port, cart, headers }) =>
        call(port, 'PUT', '/api/order/close', { ...cart, paymentType }, headers),
      ),
    );
    expect(closes.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(
      closes.filter((answer) => answer.status === 422 && answer.body.type === 'invalid-giftcard'),
    ).toHaveLength(9);
    const { rows } = await sql.query(
      `SELECT c.balance_cents,
         (SELECT coalesce(sum(og.amount_cents), 0)::int FROM order_gift_cards og JOIN orders o ON o.id = og.order_id
            WHERE og.gift_card_id = c.id AND o.status <> 'cart') AS debited
       FROM gift_cards c WHERE c.tan = 'GC-DEMO-5000'`,
    );
    expect(rows[0]).toEqual({ balance_cents: 0, debited: 5000 });
  });
});
