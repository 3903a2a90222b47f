/**
 * Shared parts of the after-payment benchmarks (issue 10): a local SMTP server that notes when each
 * mail arrived, a keep-alive JSON client for the shop's API, and the sandbox payment flow over HTTP
 * (the same calls as apps/server/src/test/orders.ts and a buyer's browser make).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { nextBenchClient, postgresUrl } from './lib.ts';

export type ArrivedMail = {
  /** performance.now() in this process when the mail's last byte was accepted. */
  at: number;
  messageId: string;
  /** From the shop's Message-ID `<mail-{mailId}.order-{orderId}@host>`; NaN for a foreign mail. */
  mailId: number;
  orderId: number;
  bytes: number;
};

/**
 * A local SMTP server (smtp-server, as apps/server/src/test/smtp.ts) that keeps, for every mail it
 * accepts, its Message-ID and arrival time; `waitFor` resolves once `count` mails match.
 */
export async function startMailSink() {
  const arrived: ArrivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Many sends at once from one shop must never be refused by the sink.
    maxClients: 1000,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const at = performance.now();
        const raw = Buffer.concat(chunks);
        // The header block is enough for the Message-ID; the body (PNG attachments) is not read.
        const headerEnd = raw.indexOf('\r\n\r\n');
        const headers = raw.subarray(0, headerEnd === -1 ? raw.length : headerEnd).toString('latin1');
        const messageId = /^message-id:\s*(<[^>]*>)/im.exec(headers)?.[1] ?? '';
        const ids = /<mail-(\d+)\.order-(\d+)@/.exec(messageId);
        arrived.push({
          at,
          messageId,
          mailId: ids ? Number(ids[1]) : Number.NaN,
          orderId: ids ? Number(ids[2]) : Number.NaN,
          bytes: raw.length,
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)),
  );
  return {
    arrived,
    url: `smtp://127.0.0.1:${port}`,
    /** Resolves true once `matches` holds for `count` mails, false after `timeoutMs`. */
    waitFor(count: number, matches: (mail: ArrivedMail) => boolean, timeoutMs: number): Promise<boolean> {
      // Counted as mails arrive, not by filtering every arrival on each one: at 10,000 mails that
      // quadratic count took the bench process's share of the two cores from the server it measures.
      let seen = 0;
      let counted = 0;
      const enough = () => {
        for (; seen < arrived.length; seen++) if (matches(arrived[seen]!)) counted++;
        return counted >= count;
      };
      if (enough()) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          resolve(false);
        }, timeoutMs);
        const check = () => {
          if (!enough()) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(true);
        };
        waiters.add(check);
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A keep-alive HTTP client for one server; `json` parses an answer's body. */
export function shopClient(baseUrl: string) {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  function request(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const outgoing = http.request(
        {
          host: url.hostname,
          port: url.port,
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
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      if (payload) outgoing.write(payload);
      outgoing.end();
    });
  }
  /** A JSON call that must answer 2xx; its parsed body. */
  async function json<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders?: Record<string, string>,
  ): Promise<T> {
    const answer = await request(method, path, body, extraHeaders);
    if (answer.status < 200 || answer.status > 299) {
      throw new Error(`${method} ${path}: ${answer.status} ${answer.body.toString('utf8').slice(0, 300)}`);
    }
    return (answer.body.length ? JSON.parse(answer.body.toString('utf8')) : null) as T;
  }
  return { request, json, close: () => agent.destroy() };
}
export type ShopClient = ReturnType<typeof shopClient>;

export type Cart = { orderId: number; key: string };

/** A buyer whose data passes PUT /api/order/customer (apps/server/src/test/orders.ts's example). */
export const benchCustomer = {
  gender: 10,
  firstName: 'Luca',
  lastName: 'Rossi',
  email: 'luca.rossi@example.it',
  street: 'Via Roma',
  houseNumber: '1',
  postcode: '39100',
  city: 'Bolzano',
  country: 'IT',
  acceptTerms: true,
} as const;

/** create → add `quantity` of `variantId` → customer: a cart ready to close. */
export async function readyCart(shop: ShopClient, variantId: number, quantity = 1): Promise<Cart> {
  const created = await shop.json<{ id: number; token: string }>('POST', '/api/order', {}, nextBenchClient());
  const cart = { orderId: created.id, key: created.token };
  for (let unit = 0; unit < quantity; unit++)
    await shop.json('POST', '/api/order/items', { ...cart, variantId });
  await shop.json('PUT', '/api/order/customer', { ...cart, ...benchCustomer });
  return cart;
}

/**
 * Close with PayPal and approve on the sandbox's page (the buyer's side): returns the PayPal order id
 * that the capture (`capturePayPal`) takes.
 */
export async function approveWithPayPal(shop: ShopClient, cart: Cart): Promise<string> {
  const closed = await shop.json<{ redirectUrl: string }>('PUT', '/api/order/close', {
    ...cart,
    paymentType: 'paypal',
  });
  const redirect = new URL(closed.redirectUrl, 'http://shop.invalid');
  const approved = await shop.request('POST', `${redirect.pathname}/approve`);
  if (approved.status !== 303) throw new Error(`sandbox approve: ${approved.status}`);
  const back = new URL(String(approved.headers.location), 'http://shop.invalid');
  return back.searchParams.get('token')!;
}

/** The capture call of the buyer's return from PayPal: the order is paid when it answers 200. */
export async function capturePayPal(shop: ShopClient, cart: Cart, payPalOrderId: string) {
  return shop.json<{ status: string; vouchers?: { id: number }[] }>('POST', '/api/order/paypal-transaction', {
    ...cart,
    payPalOrderId,
  });
}

/** Runs `work` over `items` with at most `concurrency` at a time. */
export async function inParallel<T, R>(
  items: T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
}

/**
 * A fresh schema of its own on the benchmark PostgreSQL (dropped with its pg-boss schema before and
 * after), and the sellable variants once the server has seeded it, with their stock raised so that no
 * run sells out.
 */
export async function benchSchema(schema: string) {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  const drop = async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.query(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
  };
  await drop();
  return {
    admin,
    async sellableVariants(): Promise<number[]> {
      await admin.query(`UPDATE ${schema}.variants SET stock = 1000000`);
      const { rows } = await admin.query(
        `SELECT v.id FROM ${schema}.variants v JOIN ${schema}.offers o ON o.id = v.offer_id
         WHERE o.is_active AND o.brand_id IS NULL ORDER BY v.id`,
      );
      return rows.map((row: { id: number }) => row.id);
    },
    async dropAndClose() {
      await drop();
      await admin.end();
    },
  };
}

/**
 * Stops a server from `startServer` and waits until every process of its group has exited: `stop()`
 * returns once npx has, while the server itself may still be finishing its requests and jobs (up to
 * 10 s), and a schema dropped under it fills PostgreSQL's log with errors.
 */
export async function stopServer(server: { processGroup: number; stop(): Promise<void> }) {
  await server.stop();
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      process.kill(-server.processGroup, 0);
    } catch {
      return;
    }
    if (Date.now() > deadline) throw new Error(`process group ${server.processGroup} still running`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Nearest-rank percentile of ascending `sorted`, rounded to 0.1; 0 for none. */
export function percentileOf(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  const value = sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return Math.round(value * 10) / 10;
}

/** The median of numbers (the middle, or the mean of the two middles). */
export function middle(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
}

/** The machine's 1-minute load average (shared machine: noted with every figure). */
export async function loadAverage(): Promise<number> {
  const { loadavg } = await import('node:os');
  return Math.round(loadavg()[0]! * 100) / 100;
}
