/**
 * Hotel systems checking and redeeming vouchers with an API key on PostgreSQL (issue 27's target: p95
 * ≤ 20 ms at 100 requests/s): `POST /api/hotel-portal/vouchers/check` and `…/redeem` with
 * `Authorization: Bearer <key>` from a production server process.
 *
 *   npx tsx bench/hotel-portal.bench.ts --runs 3
 *
 * The server runs on a schema of its own (`bench_hotel_portal`, the demo catalogue seeded on start,
 * dropped before and after). Set-up: `--orders` orders of `--units` units each, paid with PayPal in the
 * sandbox; one API key per hotel those vouchers are for (made by the operator). Per run, `--rate`
 * requests per second on a fixed schedule (open loop) for `--seconds`: every other request a check of a
 * random voucher, the others the redemption of the next unredeemed one (with an Idempotency-Key), each
 * with its hotel's key. p50/p95/p99/max per kind, and the server's CPU per request.
 *
 * Results go to bench/out/hotel-portal.json; the table prints every run.
 */
import { parseArgs } from 'node:util';
import {
  approveWithPayPal,
  benchSchema,
  capturePayPal,
  inParallel,
  loadAverage,
  percentileOf,
  readyCart,
  shopClient,
  stopServer,
} from './fulfilment-lib.ts';
import { cpuTimeMs, freePort, startServer, writeResults } from './lib.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    orders: { type: 'string', default: '60' },
    units: { type: 'string', default: '25' },
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '20' },
  },
});
const runs = Number(values.runs);
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const schema = 'bench_hotel_portal';

const database = await benchSchema(schema);
const server = await startServer({
  database: 'postgres',
  port: await freePort(),
  env: {
    DATABASE_SCHEMA: schema,
    SEED_ON_START: 'true',
    STAFF_OPERATOR_TOTP: 'false',
    DATABASE_POOL_SIZE: '16',
  },
});
const shop = shopClient(server.url);

type Voucher = { code: string; key: string; nights: number };
type Kind = { p50: number; p95: number; p99: number; max: number; count: number; errors: number };

try {
  const variants = await database.sellableVariants();
  // Some offers of the demo catalogue are past their sale period: the next variant then.
  const cartOf = async (index: number) => {
    for (let step = 0; ; step++) {
      const variantId = variants[(index * 37 + step) % variants.length]!;
      const cart = await readyCart(shop, variantId, Number(values.units)).catch(() => null);
      if (cart) return cart;
    }
  };
  const carts = await inParallel(
    Array.from({ length: Number(values.orders) }, (_, index) => index),
    4,
    cartOf,
  );
  await inParallel(carts, 4, async (cart) => capturePayPal(shop, cart, await approveWithPayPal(shop, cart)));

  const login = await shop.request('POST', '/api/admin/auth/login', {
    email: 'operator@example.org',
    password: 'demo-operator-2026',
  });
  const cookie = String([login.headers['set-cookie']].flat()[0]).split(';')[0] ?? '';
  const operator = { cookie, 'x-csrf-token': JSON.parse(login.body.toString()).csrfToken as string };
  const keys = new Map<number, string>();
  const vouchers: Voucher[] = [];
  for (const cart of carts) {
    const order = await shop.json<{
      vouchers: { code: string }[];
      items: { parameter: { nights: number } }[];
    }>('GET', `/api/order/${cart.orderId}/${cart.key}`);
    const first = order.vouchers[0]!;
    const checked = await shop.json<{ voucher: { hotel: { id: number } } }>(
      'POST',
      '/api/hotel-portal/vouchers/check',
      { code: first.code },
      operator,
    );
    const hotelId = checked.voucher.hotel.id;
    if (!keys.has(hotelId)) {
      const made = await shop.json<{ key: string }>(
        'POST',
        `/api/admin/hotels/${hotelId}/api-keys`,
        { label: 'Bench PMS' },
        operator,
      );
      keys.set(hotelId, made.key);
    }
    for (const voucher of order.vouchers) {
      vouchers.push({
        code: voucher.code,
        key: keys.get(hotelId)!,
        nights: order.items[0]!.parameter.nights,
      });
    }
  }
  console.log(`${vouchers.length} vouchers of ${carts.length} paid orders, ${keys.size} hotels with a key`);

  let nextToRedeem = 0;
  const check = (voucher: Voucher) =>
    shop.request(
      'POST',
      '/api/hotel-portal/vouchers/check',
      { code: voucher.code },
      { authorization: `Bearer ${voucher.key}` },
    );
  const redeem = (voucher: Voucher) => {
    const departure = new Date(Date.UTC(2027, 5, 1 + voucher.nights)).toISOString().slice(0, 10);
    return shop.request(
      'POST',
      '/api/hotel-portal/vouchers/redeem',
      { code: voucher.code, arrival: '2027-06-01', departure },
      { authorization: `Bearer ${voucher.key}`, 'idempotency-key': `bench-${voucher.code}` },
    );
  };
  const random = () => vouchers[Math.floor(Math.random() * vouchers.length)]!;

  // Warm-up: checks only (the redemptions are for the runs).
  await inParallel(Array.from({ length: 300 }), 8, () => check(random()));

  async function run() {
    const times = { check: [] as number[], redeem: [] as number[] };
    const errors = { check: 0, redeem: 0 };
    const pending: Promise<void>[] = [];
    const count = rate * seconds;
    const cpuBefore = await cpuTimeMs(server.processGroup);
    const begin = performance.now();
    for (let n = 0; n < count; n++) {
      const wait = begin + (n * 1000) / rate - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const kind = n % 2 === 0 || nextToRedeem >= vouchers.length ? 'check' : 'redeem';
      const start = performance.now();
      const call = kind === 'check' ? check(random()) : redeem(vouchers[nextToRedeem++]!);
      pending.push(
        call.then(
          (answer) => {
            const ok = kind === 'check' ? answer.status === 200 : answer.status === 201;
            if (ok) times[kind].push(performance.now() - start);
            else errors[kind]++;
          },
          () => void errors[kind]++,
        ),
      );
    }
    await Promise.all(pending);
    const cpuMs = (await cpuTimeMs(server.processGroup)) - cpuBefore;
    const kindOf = (kind: 'check' | 'redeem'): Kind => {
      const sorted = times[kind].sort((a, b) => a - b);
      return {
        p50: percentileOf(sorted, 50),
        p95: percentileOf(sorted, 95),
        p99: percentileOf(sorted, 99),
        max: percentileOf(sorted, 100),
        count: sorted.length,
        errors: errors[kind],
      };
    };
    return {
      check: kindOf('check'),
      redeem: kindOf('redeem'),
      cpuMsPerRequest: Math.round((cpuMs / count) * 10) / 10,
    };
  }

  const results = [];
  for (let n = 1; n <= runs; n++) {
    const load = await loadAverage();
    const result = { run: n, loadAverage: load, ...(await run()) };
    results.push(result);
    console.log(JSON.stringify(result));
  }
  await writeResults('hotel-portal', { rate, seconds, vouchers: vouchers.length, results });
  console.table(
    results.map((result) => ({
      run: result.run,
      'check p50': result.check.p50,
      'check p95': result.check.p95,
      'check p99': result.check.p99,
      'redeem p50': result.redeem.p50,
      'redeem p95': result.redeem.p95,
      'redeem p99': result.redeem.p99,
      errors: result.check.errors + result.redeem.errors,
      'CPU ms/request': result.cpuMsPerRequest,
      load: result.loadAverage,
    })),
  );
} finally {
  shop.close();
  await stopServer(server);
  await database.dropAndClose();
}
