/**
 * Checkout load benchmark on PostgreSQL: add-to-cart, and a full checkout without the payment provider
 * (create, add, customer, prepare, close with wire transfer = five calls), at full load and at a steady
 * rate, with /healthz at the same rate in the same run as the floor.
 *
 *   npx tsx bench/checkout.bench.ts --runs 3
 *
 * The server runs on a schema of its own (`bench_checkout`, the demo catalogue seeded on start, every
 * variant's stock raised so that closes never run out). Results go to bench/out/checkout.json;
 * bench/RESULTS.md records the medians.
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  type BenchResult,
  freePort,
  median,
  nextBenchClient,
  postgresUrl,
  runLoad,
  startServer,
  writeResults,
} from './lib.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    /** Server processes (WEB_CONCURRENCY). */
    processes: { type: 'string', default: '1' },
  },
});
const runs = Number(values.runs);
const duration = Number(values.duration);
const schema = 'bench_checkout';

const admin = new pg.Client({ connectionString: postgresUrl });
await admin.connect();
await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);

const port = await freePort();
const server = await startServer({
  database: 'postgres',
  port,
  env: {
    DATABASE_SCHEMA: schema,
    SEED_ON_START: 'true',
    DATABASE_POOL_SIZE: '16',
    WEB_CONCURRENCY: values.processes,
  },
});
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** One JSON call over a kept-alive connection. */
function call(
  method: string,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          ...extraHeaders,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null }),
        );
      },
    );
    request.on('error', reject);
    if (payload) request.write(payload);
    request.end();
  });
}

const customer = {
  gender: 20,
  firstName: 'Lena',
  lastName: 'Bench',
  email: 'lena.bench@example.com',
  phone: '',
  street: 'Lindenstraße',
  houseNumber: '7',
  postcode: '80331',
  city: 'München',
  country: 'DE',
  newsletter: false,
  acceptTerms: true,
};

let variantIds: number[] = [];
const randomVariant = () => variantIds[Math.floor(Math.random() * variantIds.length)]!;

/** create → add → customer → prepare → close (wire transfer); throws on any unexpected answer. */
async function checkout(): Promise<void> {
  const created = await call('POST', '/api/order', { currency: 'EUR' }, nextBenchClient());
  const cart = { orderId: created.body.id, key: created.body.token };
  const steps: [string, string, unknown][] = [
    ['POST', '/api/order/items', { ...cart, variantId: randomVariant() }],
    ['PUT', '/api/order/customer', { ...cart, ...customer }],
    ['GET', `/api/order/prepare/${cart.orderId}/${cart.key}`, undefined],
    ['PUT', '/api/order/close', { ...cart, paymentType: 'wiretransfer' }],
  ];
  for (const [method, path, body] of steps) {
    const answer = await call(method, path, body);
    if (answer.status !== 200)
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

/**
 * Checkouts for `seconds`: with `rate`, started on a fixed schedule (open loop, latency includes queueing);
 * without, by `concurrency` workers back to back (full load).
 */
async function runCheckouts(
  seconds: number,
  options: { rate?: number; concurrency?: number },
): Promise<BenchResult> {
  const latencies: number[] = [];
  let errors = 0;
  const one = async () => {
    const start = performance.now();
    try {
      await checkout();
      latencies.push(performance.now() - start);
    } catch {
      errors++;
    }
  };
  const end = Date.now() + seconds * 1000;
  if (options.rate) {
    const pending: Promise<void>[] = [];
    const interval = 1000 / options.rate;
    const begin = performance.now();
    for (let n = 0; Date.now() < end; n++) {
      const due = begin + n * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      pending.push(one());
    }
    await Promise.all(pending);
  } else {
    await Promise.all(
      Array.from({ length: options.concurrency ?? 16 }, async () => {
        while (Date.now() < end) await one();
      }),
    );
  }
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: Math.round(latencies.length / seconds),
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p97_5: percentile(latencies, 97.5),
    p99: percentile(latencies, 99),
    errors,
    non2xx: 0,
  };
}

try {
  await admin.query(`UPDATE ${schema}.variants SET stock = 1000000`);
  const { rows } = await admin.query(
    `SELECT v.id FROM ${schema}.variants v JOIN ${schema}.offers o ON o.id = v.offer_id
     WHERE o.is_active AND o.brand_id IS NULL`,
  );
  variantIds = rows.map((row: { id: number }) => row.id);

  // Carts for the add-to-cart load: many, so each stays a few lines long.
  const carts: { orderId: number; key: string }[] = [];
  for (let n = 0; n < 4000; n++) {
    const created = await call('POST', '/api/order', { currency: 'EUR' }, nextBenchClient());
    carts.push({ orderId: created.body.id, key: created.body.token });
  }
  const addBody = () =>
    JSON.stringify({ ...carts[Math.floor(Math.random() * carts.length)]!, variantId: randomVariant() });

  type Named = { name: string; run: () => Promise<BenchResult> };
  const scenarios: Named[] = [
    {
      name: 'healthz full load',
      run: () => runLoad(server.url, { name: '', path: () => '/healthz', connections: 32 }, duration),
    },
    {
      name: 'add-to-cart full load',
      run: () =>
        runLoad(
          server.url,
          { name: '', path: () => '/api/order/items', body: addBody, connections: 32 },
          duration,
        ),
    },
    {
      name: 'healthz at 500 req/s',
      run: () =>
        runLoad(server.url, { name: '', path: () => '/healthz', connections: 1, rate: 500 }, duration),
    },
    {
      name: 'add-to-cart at 500 req/s',
      run: () =>
        runLoad(
          server.url,
          // An add takes a few ms: one closed-loop connection cannot reach 500/s, four can.
          { name: '', path: () => '/api/order/items', body: addBody, connections: 4, rate: 500 },
          duration,
        ),
    },
    { name: 'checkout full load (32 buyers)', run: () => runCheckouts(duration, { concurrency: 32 }) },
    {
      name: 'healthz at 250 req/s (= 50 checkouts/s × 5 calls)',
      run: () =>
        runLoad(server.url, { name: '', path: () => '/healthz', connections: 1, rate: 250 }, duration),
    },
    { name: 'checkout at 50/s', run: () => runCheckouts(duration, { rate: 50 }) },
  ];
  const results: BenchResult[][] = scenarios.map(() => []);
  for (let run = 1; run <= runs; run++) {
    for (const [index, scenario] of scenarios.entries()) {
      const result = await scenario.run();
      console.log(
        `run ${run} ${scenario.name}: ${result.requestsPerSecond}/s, p50 ${result.p50} ms, p97.5 ${result.p97_5} ms, p99 ${result.p99} ms, errors ${result.errors + result.non2xx}`,
      );
      results[index]!.push(result);
    }
  }
  const summary = scenarios.map((scenario, index) => ({
    scenario: scenario.name,
    ...median(results[index]!),
  }));
  console.table(summary);
  await writeResults('checkout', { runs, duration, summary, results });
} finally {
  agent.destroy();
  await server.stop();
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
}
