import { afterAll, describe, expect, it } from 'vitest';
import { httpShop, payWithPayPal, readyCart } from '#src/test/orders.ts';
import { createProcessGroup } from '#src/test/server-processes.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const group = createProcessGroup(databaseUrl);
afterAll(() => group.stopAll());

/**
 * Issue 27: two desks scan one voucher at the same moment, on two server processes over one database.
 * The voucher's row lock and the partial unique index let exactly one redemption through.
 */
describe.skipIf(!databaseUrl)('redeeming one voucher from two server processes', () => {
  it('lets exactly one of 20 simultaneous attempts redeem it', async () => {
    const [first, second] = await Promise.all([group.start(), group.start()]);
    if (!first || !second) throw new Error('no processes');
    await group.waitUntilReady([first, second]);
    const origin = (port: number) => `http://127.0.0.1:${port}`;

    // A voucher of the demo front desk's hotel, bought and paid in the payments sandbox (a specimen,
    // which a sandbox installation lets staff redeem for training).
    const client = await group.sqlClient();
    const { rows } = await client.query<{ id: number }>(
      `SELECT v.id FROM variants v JOIN offers o ON o.id = v.offer_id
        WHERE o.hotel_id = 1 AND o.is_active AND o.brand_id IS NULL AND v.stock >= 5 ORDER BY v.id LIMIT 1`,
    );
    await client.end();
    const shop = httpShop(origin(first.port));
    const cart = await readyCart(shop, rows[0]?.id as number);
    await payWithPayPal(shop, cart);
    const order = (await (
      await fetch(`${origin(first.port)}/api/order/${cart.orderId}/${cart.key}`)
    ).json()) as {
      vouchers: { code: string }[];
      items: { parameter: { nights: number } }[];
    };
    const code = order.vouchers[0]?.code as string;

    const login = await fetch(`${origin(second.port)}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'rezeption@example.org', password: 'demo-hotel-2026' }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const { csrfToken } = (await login.json()) as { csrfToken: string };
    const nights = order.items[0]?.parameter.nights as number;
    const body = JSON.stringify({
      code,
      arrival: '2027-06-01',
      departure: `2027-06-${String(1 + nights).padStart(2, '0')}`,
    });
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        fetch(`${origin(index % 2 === 0 ? first.port : second.port)}/api/hotel-portal/vouchers/redeem`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken },
          body,
        }).then(async (response) => ({
          status: response.status,
          body: (await response.json()) as { state?: string },
        })),
      ),
    );
    const statuses = attempts.map((attempt) => attempt.status);
    expect(
      statuses.filter((status) => status === 201),
      JSON.stringify(attempts.slice(0, 3)),
    ).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    expect(
      attempts.filter((attempt) => attempt.status === 409).every((a) => a.body.state === 'redeemed'),
    ).toBe(true);

    expect(await redemptionsInForce(group, code)).toBe(1);
  });
});

async function redemptionsInForce(
  processes: ReturnType<typeof createProcessGroup>,
  code: string,
): Promise<number> {
  const client = await processes.sqlClient();
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM voucher_redemptions r JOIN vouchers v ON v.id = r.voucher_id
      WHERE v.code = $1 AND r.undone_at IS NULL`,
    [code],
  );
  await client.end();
  return rows[0]?.n ?? 0;
}
