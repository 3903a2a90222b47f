import { randomBytes } from 'node:crypto';
import type { Locale } from '@shop/contracts/locale';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#src/app.ts';
import { loadConfig } from '#src/config.ts';
import { createTestApp, type TestApp, testDataDir } from '#src/test/app.ts';
import { isReachable } from '#src/test/redis.ts';
import { problemTitles } from './problem.ts';
import { redisConnectionName, retryDetail } from './rate-limit.ts';

/**
 * docs/decisions/011-rate-limits.md: promotion codes, gift cards and order keys cannot be guessed at
 * speed. Every client is an IP of its own (`remoteAddress`), so the tests do not share counters.
 */
let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop.close());

type Call = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  ip: string;
  payload?: object;
  headers?: Record<string, string>;
};
const call = (app: FastifyInstance, { method = 'GET', url, ip, payload, headers = {} }: Call) =>
  app.inject({ method, url, remoteAddress: ip, headers, ...(payload ? { payload } : {}) } as InjectOptions);

async function newCart(ip: string, host?: string) {
  const headers: Record<string, string> = host ? { host } : {};
  const created = await call(shop.app, { method: 'POST', url: '/api/order', ip, payload: {}, headers });
  expect(created.statusCode).toBe(201);
  const { id, token } = created.json() as { id: number; token: string };
  return { orderId: id, key: token };
}

const retryPatterns: Record<Locale, RegExp> = {
  de: /^Zu viele Versuche\. Bitte versuchen Sie es in (\d+) Minuten? erneut\.$/,
  en: /^Too many attempts\. Please try again in (\d+) minutes?\.$/,
  it: /^Troppi tentativi\. Si prega di riprovare tra (\d+) minut[oi]\.$/,
};

/** 429 problem+json in the caller's language, Retry-After within the window, and the detail agreeing with it. */
function expectTooMany(answer: LightMyRequestResponse, locale: Locale, windowMinutes: number) {
  expect(answer.statusCode).toBe(429);
  expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = answer.json();
  expect(body).toMatchObject({
    type: 'too-many-requests',
    title: problemTitles['too-many-requests'][locale],
    status: 429,
  });
  const retryAfter = Number(answer.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowMinutes * 60);
  const minutes = retryPatterns[locale].exec(body.detail)?.[1];
  expect(minutes, body.detail).toBeDefined();
  expect(Number(minutes)).toBe(Math.ceil(retryAfter / 60));
  // The counts are nobody's business.
  expect(answer.headers['x-ratelimit-remaining']).toBeUndefined();
}

const noCountHeaders = (answer: LightMyRequestResponse) => {
  expect(answer.headers['x-ratelimit-limit']).toBeUndefined();
  expect(answer.headers['x-ratelimit-remaining']).toBeUndefined();
  expect(answer.headers['retry-after']).toBeUndefined();
};

describe('promotion codes', () => {
  it('the 11th wrong code from one client within 10 minutes is a 429 with Retry-After in the caller’s language; then even a valid code is refused, other clients are not', async () => {
    const guesser = '203.0.113.11';
    for (let guess = 1; guess <= 10; guess++) {
      const answer = await call(shop.app, { url: `/api/order/reduction/NOPE${guess}`, ip: guesser });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().valid).toBe(false);
      noCountHeaders(answer);
    }
    const german = await call(shop.app, {
      url: '/api/order/reduction/NOPE11',
      ip: guesser,
      headers: { 'accept-language': 'de' },
    });
    expectTooMany(german, 'de', 10);
    const english = await call(shop.app, {
      url: '/api/order/reduction/NOPE12',
      ip: guesser,
      headers: { 'accept-language': 'en' },
    });
    expectTooMany(english, 'en', 10);

    // No oracle: a code that exists is refused alike, looked up or applied to the guesser's own cart.
    expectTooMany(await call(shop.app, { url: '/api/order/reduction/WILLKOMMEN10', ip: guesser }), 'de', 10);
    const cart = await newCart(guesser);
    const applied = await call(shop.app, {
      method: 'POST',
      url: '/api/order/reduction',
      ip: guesser,
      payload: { ...cart, code: 'WILLKOMMEN10' },
      headers: { 'accept-language': 'en' },
    });
    expectTooMany(applied, 'en', 10);

    // Another client is not affected.
    const other = await call(shop.app, { url: '/api/order/reduction/WILLKOMMEN10', ip: '203.0.113.12' });
    expect(other.statusCode).toBe(200);
    expect(other.json().valid).toBe(true);
  });

  it('a code tried again (the cart’s look-up after a refusal) counts once: ten typos in the cart are still allowed', async () => {
    const customer = '203.0.113.21';
    const cart = await newCart(customer);
    for (let typo = 1; typo <= 10; typo++) {
      const code = `SOMMER${typo}`;
      const refused = await call(shop.app, {
        method: 'POST',
        url: '/api/order/reduction',
        ip: customer,
        payload: { ...cart, code },
      });
      expect(refused.statusCode).toBe(417);
      const lookUp = await call(shop.app, {
        url: `/api/order/reduction/${code.toLowerCase()}`,
        ip: customer,
      });
      expect(lookUp.statusCode).toBe(200);
    }
    const eleventh = await call(shop.app, {
      method: 'POST',
      url: '/api/order/reduction',
      ip: customer,
      payload: { ...cart, code: 'SOMMER11' },
    });
    expectTooMany(eleventh, 'de', 10);
  });

  it('the per-order limit holds across client IPs: the 21st code on one order within an hour is refused', async () => {
    const cart = await newCart('198.51.100.1');
    for (let client = 1; client <= 20; client++) {
      const answer = await call(shop.app, {
        method: 'POST',
        url: '/api/order/reduction',
        ip: `198.51.100.${client}`,
        payload: { ...cart, code: `RATE${client}` },
      });
      expect(answer.statusCode).toBe(417);
    }
    const fresh = '198.51.100.200';
    const refused = await call(shop.app, {
      method: 'POST',
      url: '/api/order/reduction',
      ip: fresh,
      payload: { ...cart, code: 'WILLKOMMEN10' },
      headers: { 'accept-language': 'en' },
    });
    expectTooMany(refused, 'en', 60);
    // The order is refused, not the client: its own new cart takes the code.
    const own = await newCart(fresh);
    const applied = await call(shop.app, {
      method: 'POST',
      url: '/api/order/reduction',
      ip: fresh,
      payload: { ...own, code: 'WILLKOMMEN10' },
    });
    expect(applied.statusCode).toBe(200);
  });
});

describe('gift cards', () => {
  const host = 'familyclub.localhost';

  it('the 11th wrong card from one client is a 429; a valid card is then refused too; another client redeems it', async () => {
    const guesser = '203.0.113.31';
    const cart = await newCart(guesser, host);
    for (let guess = 1; guess <= 10; guess++) {
      const answer = await call(shop.app, {
        method: 'POST',
        url: '/api/order/giftcard',
        ip: guesser,
        payload: { ...cart, tan: `GC-DEMO-${guess}` },
        headers: { host },
      });
      expect(answer.statusCode).toBe(422);
      noCountHeaders(answer);
    }
    const refused = await call(shop.app, {
      method: 'POST',
      url: '/api/order/giftcard',
      ip: guesser,
      payload: { ...cart, tan: 'GC-DEMO-11' },
      headers: { host, 'accept-language': 'it' },
    });
    expectTooMany(refused, 'it', 10);
    const valid = await call(shop.app, {
      method: 'POST',
      url: '/api/order/giftcard',
      ip: guesser,
      payload: { ...cart, tan: 'GC-DEMO-5000' },
      headers: { host, 'accept-language': 'de' },
    });
    expectTooMany(valid, 'de', 10);

    const buyer = '203.0.113.32';
    const own = await newCart(buyer, host);
    const redeemed = await call(shop.app, {
      method: 'POST',
      url: '/api/order/giftcard',
      ip: buyer,
      payload: { ...own, tan: 'GC-DEMO-5000' },
      headers: { host },
    });
    expect(redeemed.statusCode).toBe(200);
  });

  it('the per-order limit holds across client IPs', async () => {
    const cart = await newCart('198.51.100.101', host);
    for (let client = 1; client <= 20; client++) {
      const answer = await call(shop.app, {
        method: 'POST',
        url: '/api/order/giftcard',
        ip: `198.51.101.${client}`,
        payload: { ...cart, tan: `GC-GUESS-${client}` },
        headers: { host },
      });
      expect(answer.statusCode).toBe(422);
    }
    const refused = await call(shop.app, {
      method: 'POST',
      url: '/api/order/giftcard',
      ip: '198.51.101.200',
      payload: { ...cart, tan: 'GC-DEMO-100000' },
      headers: { host, 'accept-language': 'en' },
    });
    expectTooMany(refused, 'en', 60);
  });
});

describe('order keys', () => {
  it('wrong keys: the 21st from one client is refused before the key is looked at; the buyer, elsewhere, still reads the order', async () => {
    const buyer = '192.0.2.1';
    const guesser = '192.0.2.66';
    const cart = await newCart(buyer);
    const wrongKey = (n: number) => `${cart.key.slice(0, -4)}x${String(n).padStart(3, '0')}`;
    for (let miss = 1; miss <= 20; miss++) {
      // Reads and changes, existing and missing orders: every miss counts.
      const answer =
        miss % 3 === 0
          ? await call(shop.app, {
              method: 'POST',
              url: '/api/order/items',
              ip: guesser,
              payload: { orderId: cart.orderId, key: wrongKey(miss), variantId: 1 },
            })
          : await call(shop.app, {
              url: `/api/order/${miss % 3 === 1 ? cart.orderId : 999_000 + miss}/${wrongKey(miss)}`,
              ip: guesser,
            });
      expect(answer.statusCode).toBe(404);
      noCountHeaders(answer);
    }
    // Over the limit, even the right key is refused: a hit looks like a miss.
    const orderUrl = `/api/order/${cart.orderId}/${cart.key}`;
    expectTooMany(await call(shop.app, { url: orderUrl, ip: guesser }), 'de', 10);
    const notifications = await call(shop.app, {
      url: `/api/order/notifications/${cart.orderId}/${cart.key}`,
      ip: guesser,
      headers: { 'accept-language': 'en' },
    });
    expectTooMany(notifications, 'en', 10);

    const read = await call(shop.app, { url: orderUrl, ip: buyer });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: cart.orderId, status: 'cart' });
    noCountHeaders(read);
  });

  it('an order with 50 wrong keys within the hour holds back the clients that missed on it, not its buyer', async () => {
    const cart = await newCart('192.0.2.101');
    for (let client = 1; client <= 50; client++) {
      const answer = await call(shop.app, {
        url: `/api/order/${cart.orderId}/not-the-key-${client}`,
        ip: `192.0.3.${client}`,
      });
      expect(answer.statusCode).toBe(404);
    }
    // A client that missed on it is refused before its key is looked at, for ten minutes after its miss.
    const guesser = await call(shop.app, { url: `/api/order/${cart.orderId}/${cart.key}`, ip: '192.0.3.1' });
    expectTooMany(guesser, 'de', 10);
    // The buyer, who never missed, reads the order.
    const buyer = await call(shop.app, { url: `/api/order/${cart.orderId}/${cart.key}`, ip: '192.0.2.101' });
    expect(buyer.statusCode).toBe(200);
  });
});

describe('new carts', () => {
  it('the 101st cart from one client within 10 minutes is a 429 with Retry-After in the caller’s language; other clients still get carts', async () => {
    const client = '198.51.102.1';
    for (let cart = 1; cart <= 100; cart++) {
      const created = await call(shop.app, { method: 'POST', url: '/api/order', ip: client, payload: {} });
      expect(created.statusCode).toBe(201);
      noCountHeaders(created);
    }
    for (const locale of ['de', 'en', 'it'] as const) {
      const refused = await call(shop.app, {
        method: 'POST',
        url: '/api/order',
        ip: client,
        payload: {},
        headers: { 'accept-language': locale },
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(10 * 60);
      expect(refused.json()).toMatchObject({
        type: 'too-many-requests',
        title: problemTitles['too-many-requests'][locale],
        detail: retryDetail(locale, retryAfter, 'requests'),
      });
      expect(refused.headers['x-ratelimit-remaining']).toBeUndefined();
    }
    const other = await call(shop.app, {
      method: 'POST',
      url: '/api/order',
      ip: '198.51.102.2',
      payload: {},
    });
    expect(other.statusCode).toBe(201);
  });
});

// Shared counters: two app instances (two processes in production) on one Redis.
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const isRedisReachable = await isReachable(redisUrl);
const skipRedis = !isRedisReachable && !process.env.CI;
if (skipRedis) {
  console.warn(
    `rate-limit.api.test: no Redis at ${redisUrl}; the shared-counter test is skipped (CI fails instead)`,
  );
}

describe('with REDIS_URL', () => {
  const prefix = `test:rate-limit:${Date.now().toString(36)}-${randomBytes(4).toString('hex')}:`;
  const apps: FastifyInstance[] = [];
  const configFor = (url: string) => ({
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: testDataDir, REDIS_URL: url }),
    catalogueCacheTtlMs: 0,
    rateLimitKeyPrefix: prefix,
  });
  const start = async (url: string) => {
    const app = await buildApp({ config: configFor(url), database: shop.database });
    apps.push(app);
    await app.ready();
    return app;
  };

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    if (!isRedisReachable) return;
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it.skipIf(skipRedis)(
    'two app instances share the counters, and close their Redis clients with them',
    async () => {
      const redis = new Redis(redisUrl);
      const connections = async () =>
        String(await redis.client('LIST'))
          .split('\n')
          .filter((line) => line.includes(` name=${redisConnectionName} `)).length;
      const before = await connections();
      const [first, second] = [await start(redisUrl), await start(redisUrl)];
      if (!first || !second) throw new Error('no apps');
      expect(await connections()).toBe(before + 2);
      const client = '203.0.113.41';
      for (let guess = 1; guess <= 10; guess++) {
        const app = guess % 2 ? first : second;
        const answer = await call(app, { url: `/api/order/reduction/SHARED${guess}`, ip: client });
        expect(answer.statusCode).toBe(200);
      }
      expectTooMany(await call(second, { url: '/api/order/reduction/SHARED11', ip: client }), 'de', 10);
      expectTooMany(await call(first, { url: '/api/order/reduction/SHARED12', ip: client }), 'de', 10);
      // The counters are in Redis, under this run's prefix.
      expect((await redis.keys(`${prefix}*`)).length).toBeGreaterThan(0);
      await Promise.all([first.close(), second.close()]);
      // Redis drops a connection right after its QUIT reply; allow it a moment.
      for (let wait = 0; wait < 20 && (await connections()) > before; wait++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await connections()).toBe(before);
      await redis.quit();
    },
  );

  it('a Redis that cannot be reached lets requests through (fail open) and does not stop the app', async () => {
    const app = await start('redis://127.0.0.1:9');
    for (let guess = 1; guess <= 12; guess++) {
      const answer = await call(app, { url: `/api/order/reduction/DOWN${guess}`, ip: '203.0.113.51' });
      expect(answer.statusCode).toBe(200);
    }
  });
});
