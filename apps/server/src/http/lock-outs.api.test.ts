import { randomBytes } from 'node:crypto';
import type { Locale } from '@shop/contracts/locale';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#src/app.ts';
import { loadConfig } from '#src/config.ts';
import { createTestApp, type TestApp, testDataDir } from '#src/test/app.ts';
import { chooseOnSandbox, exampleCustomer, variantsInStock } from '#src/test/orders.ts';
import { isReachable } from '#src/test/redis.ts';
import { problemTitles } from './problem.ts';

/**
 * docs/decisions/021-lock-outs.md: strangers' wrong order keys and wrong passwords slow the strangers,
 * never the order's buyer or the account's owner. Clients are addresses in X-Forwarded-For
 * (TRUST_PROXY=true), as behind the shop's load balancer; each test uses addresses of its own.
 */
let shop: TestApp;
let variantId: number;
beforeAll(async () => {
  shop = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  [variantId] = (await variantsInStock(shop.database.db)) as [number];
});
afterAll(() => shop.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Apps = FastifyInstance[];
/** The app for the n-th request: with two (two processes on one Redis), they take turns. */
const appFor = (apps: Apps, n: number) => apps[n % apps.length] as FastifyInstance;

const send = (
  app: FastifyInstance,
  method: Method,
  url: string,
  ip: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method,
    url,
    headers: { 'x-forwarded-for': ip, ...headers },
    ...(payload ? { payload } : {}),
  });

const retryPatterns: Record<Locale, RegExp> = {
  de: /^Zu viele Versuche\. Bitte versuchen Sie es in (\d+) (Sekunden?|Minuten?) erneut\.$/,
  en: /^Too many attempts\. Please try again in (\d+) (seconds?|minutes?)\.$/,
  it: /^Troppi tentativi\. Si prega di riprovare tra (\d+) (second[oi]|minut[oi])\.$/,
};

/** 429 problem+json in the caller's language; answers Retry-After in seconds. */
function expectRefused(answer: LightMyRequestResponse, locale: Locale): number {
  expect(answer.statusCode, answer.body).toBe(429);
  expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = answer.json();
  expect(body).toMatchObject({
    type: 'too-many-requests',
    title: problemTitles['too-many-requests'][locale],
  });
  expect(body.detail).toMatch(retryPatterns[locale]);
  const retryAfter = Number(answer.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  return retryAfter;
}

// --- Order keys -----------------------------------------------------------------------------------------

/** A cart with a unit and the buyer's data, closed for PayPal and approved there: only the capture is left. */
async function approvedOrder(app: FastifyInstance, buyer: string) {
  const created = await send(app, 'POST', '/api/order', buyer, {});
  expect(created.statusCode).toBe(201);
  const cart = { orderId: created.json().id as number, key: created.json().token as string };
  expect((await send(app, 'POST', '/api/order/items', buyer, { ...cart, variantId })).statusCode).toBe(200);
  expect(
    (await send(app, 'PUT', '/api/order/customer', buyer, { ...cart, ...exampleCustomer })).statusCode,
  ).toBe(200);
  const closed = await send(app, 'PUT', '/api/order/close', buyer, { ...cart, paymentType: 'paypal' });
  expect(closed.statusCode).toBe(200);
  const back = await chooseOnSandbox(app, closed.json().redirectUrl, 'approve');
  return { cart, payPalOrderId: back.searchParams.get('token') as string };
}

/**
 * 500 wrong keys for one order from 20 addresses, in turns, through the calls a guesser would use:
 * answers how many were looked at (404) and how many refused up front (429).
 */
async function guessKeys(apps: Apps, orderId: number, guessers: string[]) {
  const tally = { 404: 0, 429: 0 } as Record<number, number>;
  for (let n = 0; n < 500; n++) {
    const ip = guessers[n % guessers.length] as string;
    const key = randomBytes(24).toString('base64url');
    const app = appFor(apps, n);
    const answer =
      n % 4 === 0
        ? await send(app, 'GET', `/api/order/${orderId}/${key}`, ip)
        : n % 4 === 1
          ? await send(app, 'POST', '/api/order/paypal-transaction', ip, { orderId, key, payPalOrderId: 'X' })
          : n % 4 === 2
            ? await send(app, 'GET', `/api/order/summary/${orderId}/${key}`, ip)
            : await send(app, 'POST', '/api/order/reduction', ip, { orderId, key, code: `GUESS${n}` });
    tally[answer.statusCode] = (tally[answer.statusCode] ?? 0) + 1;
  }
  return tally;
}

/** Every order call the buyer makes after the attack, with their normal answers; then the capture. */
async function buyerCalls(apps: Apps, buyer: string, order: Awaited<ReturnType<typeof approvedOrder>>) {
  const { cart } = order;
  const path = `${cart.orderId}/${cart.key}`;
  const calls: [Method, string, object | undefined][] = [
    ['GET', `/api/order/${path}`, undefined],
    ['GET', `/api/order/summary/${path}`, undefined],
    ['GET', `/api/order/payment/${path}`, undefined],
    ['GET', `/api/order/meta/${path}`, undefined],
    ['GET', `/api/order/validate/${path}`, undefined],
    ['GET', `/api/order/notifications/${path}`, undefined],
    ['PUT', '/api/order/optin', { ...cart, optinEmail: false, optinPhone: false, optinNewsletter: false }],
    ['POST', '/api/order/paypal-transaction', { ...cart, payPalOrderId: order.payPalOrderId }],
    ['GET', `/api/order/${path}`, undefined],
  ];
  const answers: string[] = [];
  for (const [n, [method, url, payload]] of calls.entries()) {
    const answer = await send(appFor(apps, n), method, url, buyer, payload);
    answers.push(`${method} ${url.replace(cart.key, ':key')} ${answer.statusCode}`);
  }
  const paid = await send(appFor(apps, 0), 'GET', `/api/order/${path}`, buyer);
  return { answers, status: paid.json().status as string };
}

const expectedBuyerAnswers = [
  'GET /api/order/ID/:key 200',
  'GET /api/order/summary/ID/:key 200',
  'GET /api/order/payment/ID/:key 200',
  'GET /api/order/meta/ID/:key 200',
  'GET /api/order/validate/ID/:key 200',
  'GET /api/order/notifications/ID/:key 200',
  'PUT /api/order/optin 204',
  'POST /api/order/paypal-transaction 200',
  'GET /api/order/ID/:key 200',
];

async function orderAttack(apps: Apps, network: string) {
  const buyer = `${network}.1`;
  const guessers = Array.from({ length: 20 }, (_, n) => `${network}.${100 + n}`);
  const order = await approvedOrder(appFor(apps, 0), buyer);
  const tally = await guessKeys(apps, order.cart.orderId, guessers);
  // Each guesser's misses are counted until the order has 50; after that every guesser, having missed
  // on it, is refused before its key is looked at.
  expect(tally).toEqual({ 404: 50, 429: 450 });

  const { answers, status } = await buyerCalls(apps, buyer, order);
  expect(answers).toEqual(expectedBuyerAnswers.map((line) => line.replace('ID', String(order.cart.orderId))));
  expect(status).toBe('paid');

  // A guesser holding the right key is refused all the same: a refused guesser learns nothing.
  const right = await send(
    appFor(apps, 1),
    'GET',
    `/api/order/${order.cart.orderId}/${order.cart.key}`,
    guessers[0] as string,
    undefined,
    { 'accept-language': 'it' },
  );
  expect(expectRefused(right, 'it')).toBeLessThanOrEqual(10 * 60);

  // A newcomer's wrong key is looked at once (404), then it is held back like the others.
  const newcomer = `${network}.200`;
  const wrong = `/api/order/${order.cart.orderId}/${randomBytes(24).toString('base64url')}`;
  expect((await send(appFor(apps, 0), 'GET', wrong, newcomer)).statusCode).toBe(404);
  const again = await send(
    appFor(apps, 1),
    'GET',
    `/api/order/${order.cart.orderId}/${order.cart.key}`,
    newcomer,
    undefined,
    { 'accept-language': 'en' },
  );
  expect(expectRefused(again, 'en')).toBeGreaterThan(9 * 60);
}

describe('order keys: 500 wrong keys for one order from 20 addresses', () => {
  it('the buyer, holding the key, is answered normally on every call and completes the PayPal payment; the guessers are refused', async () => {
    await orderAttack([shop.app], '10.23.1');
  });

  it('codes and cards tried with wrong keys use up nothing of the order: the buyer still applies one', async () => {
    const buyer = '10.23.2.1';
    const created = await send(shop.app, 'POST', '/api/order', buyer, {});
    const cart = { orderId: created.json().id as number, key: created.json().token as string };
    await send(shop.app, 'POST', '/api/order/items', buyer, { ...cart, variantId });
    for (let n = 0; n < 100; n++) {
      const ip = `10.23.2.${100 + (n % 20)}`;
      await send(shop.app, 'POST', '/api/order/reduction', ip, { ...cart, key: `wrong-${n}`, code: `C${n}` });
    }
    const applied = await send(shop.app, 'POST', '/api/order/reduction', buyer, {
      ...cart,
      code: 'WILLKOMMEN10',
    });
    expect([200, 417]).toContain(applied.statusCode);
    expect((await send(shop.app, 'GET', `/api/order/${cart.orderId}/${cart.key}`, buyer)).statusCode).toBe(
      200,
    );
  });
});

// --- Sign-in --------------------------------------------------------------------------------------------

const password = 'Sommer-Urlaub-2026';
let accounts = 0;

async function registeredAccount(app: FastifyInstance, network: string) {
  const email = `lockout.${Date.now()}.${++accounts}@example.test`;
  const registered = await send(app, 'POST', '/api/account/register', `${network}.250`, {
    userName: email,
    password,
    salutation: 20,
    firstName: 'Anna',
    lastName: 'Huber',
    newsletter: false,
  });
  expect(registered.statusCode).toBe(202);
  return email;
}

const signIn = (app: FastifyInstance, ip: string, userName: string, secret: string, locale = 'de') =>
  send(app, 'POST', '/api/auth/login', ip, { userName, password: secret }, { 'accept-language': locale });

/** 200 wrong passwords from 20 addresses in turns: the answers' statuses in order. */
async function guessPasswords(apps: Apps, userName: string, guessers: string[]) {
  const statuses: number[] = [];
  for (let n = 0; n < 200; n++) {
    const answer = await signIn(appFor(apps, n), guessers[n % 20] as string, userName, `falsch-${n}-x`);
    statuses.push(answer.statusCode);
  }
  return statuses;
}

async function passwordAttack(apps: Apps, network: string) {
  const email = await registeredAccount(appFor(apps, 0), network);
  const guessers = Array.from({ length: 20 }, (_, n) => `${network}.${100 + n}`);
  const statuses = await guessPasswords(apps, email, guessers);

  // The owner, from a 21st address, signs in.
  const owner = await signIn(appFor(apps, 1), `${network}.21`, email, password);
  expect(owner.statusCode, owner.body).toBe(200);
  expect(owner.json().accessToken.token).toEqual(expect.any(String));

  // Ten misses use up the account's; then each address that has failed on it waits, and each of the
  // ten others gets its one look before it waits too.
  expect(statuses.filter((status) => status === 401)).toHaveLength(20);
  expect(statuses.filter((status) => status === 429)).toHaveLength(180);

  // A guesser is refused even with the right password, told how long to wait, in its language.
  const guesser = await signIn(appFor(apps, 0), guessers[3] as string, email, password, 'en');
  expect(expectRefused(guesser, 'en')).toBeGreaterThan(10 * 60);
  return { email, statuses };
}

describe('sign-in: 200 wrong passwords for one account from 20 addresses', () => {
  it('the owner signs in from another address; the guessers are held back', async () => {
    await passwordAttack([shop.app], '10.24.1');
  });

  it('an unknown address answers exactly like a known one', async () => {
    const known = await passwordAttack([shop.app], '10.24.2');
    const unknown = await guessPasswords(
      [shop.app],
      `nobody.${Date.now()}@example.test`,
      Array.from({ length: 20 }, (_, n) => `10.24.3.${100 + n}`),
    );
    expect(unknown).toEqual(known.statuses);
  });

  it("the wait grows with the account's further misses", async () => {
    const email = await registeredAccount(shop.app, '10.24.4');
    for (let n = 1; n <= 10; n++) {
      expect((await signIn(shop.app, `10.24.4.${n}`, email, 'falsch-falsch')).statusCode).toBe(401);
    }
    // The account's ten are used up: the first guesser waits a minute after its miss.
    const first = expectRefused(await signIn(shop.app, '10.24.4.1', email, password, 'de'), 'de');
    expect(first).toBeGreaterThan(45);
    expect(first).toBeLessThanOrEqual(60);
    // Each further miss, from anyone, doubles it.
    expect((await signIn(shop.app, '10.24.4.11', email, 'falsch-falsch')).statusCode).toBe(401);
    const second = expectRefused(await signIn(shop.app, '10.24.4.1', email, password), 'de');
    expect(second).toBeGreaterThan(105);
    expect(second).toBeLessThanOrEqual(120);
    expect((await signIn(shop.app, '10.24.4.12', email, 'falsch-falsch')).statusCode).toBe(401);
    const third = expectRefused(await signIn(shop.app, '10.24.4.1', email, password), 'de');
    expect(third).toBeGreaterThan(225);
    expect(third).toBeLessThanOrEqual(240);
    // The owner, who has not failed, is not held back.
    expect((await signIn(shop.app, '10.24.4.99', email, password)).statusCode).toBe(200);
  });
});

// --- The same with two processes sharing their counters in Redis -------------------------------------------

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const isRedisReachable = await isReachable(redisUrl);
const skipRedis = !isRedisReachable && !process.env.CI;
if (skipRedis)
  console.warn(`lock-outs.api.test: no Redis at ${redisUrl}; the shared-counter tests are skipped`);

describe.skipIf(skipRedis)('with REDIS_URL: two app instances on shared counters', () => {
  const prefix = `test:lock-outs:${Date.now().toString(36)}-${randomBytes(4).toString('hex')}:`;
  let apps: Apps = [];
  beforeAll(async () => {
    const config = {
      ...loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: testDataDir,
        JOBS_IN_SERVER: 'false',
        TRUST_PROXY: 'true',
        REDIS_URL: redisUrl,
      }),
      catalogueCacheTtlMs: 0,
      rateLimitKeyPrefix: prefix,
    };
    apps = await Promise.all([1, 2].map(() => buildApp({ config, database: shop.database })));
    await Promise.all(apps.map((app) => app.ready()));
    for (const app of apps) expect(app.hasSharedRateLimits).toBe(true);
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('order keys: the buyer completes the payment; the guessers are refused on both', async () => {
    await orderAttack(apps, '10.25.1');
  });

  it('sign-in: the owner signs in; the guessers are held back on both', async () => {
    await passwordAttack(apps, '10.25.2');
  });
});
