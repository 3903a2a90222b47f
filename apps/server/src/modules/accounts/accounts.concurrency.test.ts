import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isReachable } from '#src/test/redis.ts';
import { call, createProcessGroup, type ServerProcess } from '#src/test/server-processes.ts';

/**
 * DESIGN.md: every guarantee holds with two server processes on one PostgreSQL. For the accounts that is
 * the login limit (counted in Redis), refresh-reuse detection and registration of one address twice.
 *
 * Both processes share the production Redis key prefix (`shop:rate-limit:`; REDIS_URL has no prefix
 * setting), so nothing here flushes Redis: every run uses addresses of its own, and every request names
 * a client address of its own through X-Forwarded-For (TRUST_PROXY), so that the per-client counters of
 * 127.0.0.1 (registrations: 20 an hour) do not carry over from one run to the next. Only this run's keys
 * are deleted afterwards.
 */
const databaseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const isRedisReachable = databaseUrl ? await isReachable(redisUrl) : false;
const skipRedis = !isRedisReachable && !process.env.CI;
if (databaseUrl && skipRedis) {
  console.warn(`accounts.concurrency.test: no Redis at ${redisUrl}; skipped (CI fails instead)`);
}

const group = createProcessGroup(databaseUrl);
const run = randomBytes(4).toString('hex');
let servers: ServerProcess[] = [];
let sql: Awaited<ReturnType<typeof group.sqlClient>>;
let dataDir: string | undefined;
/** Client addresses this run used: each a /64 of its own (the limiter counts IPv6 by its /64). */
const clients: string[] = [];

beforeAll(async () => {
  if (!databaseUrl || skipRedis) return;
  // Welcome mails go to `<DATA_DIR>/outbox`: a temporary one, not the checkout's .data.
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-accounts-'));
  const env = { REDIS_URL: redisUrl, TRUST_PROXY: 'true', DATA_DIR: dataDir };
  servers = [await group.start(env), await group.start(env)];
  await group.waitUntilReady(servers);
  sql = await group.sqlClient();
}, 120_000);

afterAll(async () => {
  await sql?.end();
  await group.stopAll();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  if (!isRedisReachable) return;
  const redis = new Redis(redisUrl);
  for (const fragment of [run, ...clients.map((client) => client.split('::')[0]!)]) {
    const keys: string[] = [];
    for await (const batch of redis.scanStream({ match: `shop:rate-limit:*${fragment}*`, count: 1000 }))
      keys.push(...(batch as string[]));
    if (keys.length) await redis.del(...keys);
  }
  await redis.quit();
});

const newAddress = (name: string) => `${name}.${run}@example.test`;
function newClient(): string {
  // Groups without leading zeros: the limiter's keys hold the address as normalizeIP writes it.
  const hexGroup = () => (0x1000 + (randomBytes(2).readUInt16BE() % 0xf000)).toString(16);
  const client = `2001:db8:${hexGroup()}:${hexGroup()}::1`;
  clients.push(client);
  return client;
}

const password = 'Sommer-Urlaub-2026';

function register(port: number, client: string, userName: string) {
  return call(
    port,
    'POST',
    '/api/account/register',
    { userName, password, salutation: 20, firstName: 'Anna', lastName: 'Huber', newsletter: false },
    { 'x-forwarded-for': client },
  );
}

function login(port: number, client: string, userName: string, withPassword: string) {
  return call(
    port,
    'POST',
    '/api/auth/login',
    { userName, password: withPassword },
    { 'x-forwarded-for': client },
  );
}

/** `name=value` of the session cookie in a Set-Cookie header, as the browser sends it back. */
function sessionCookieOf(headers: { 'set-cookie'?: string[] }): string {
  const cookie = headers['set-cookie']?.find((line) => /^(__Secure-)?shop_session=/.test(line));
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(headers['set-cookie'])}`);
  return cookie.split(';')[0]!;
}

function refresh(port: number, client: string, cookie: string, accessToken: string) {
  return call(
    port,
    'POST',
    '/api/auth/connect/refresh',
    { accessToken },
    { 'x-forwarded-for': client, 'x-requested-with': 'shop', cookie },
  );
}

function expectTooMany(answer: Awaited<ReturnType<typeof call>>) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(429);
  expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(answer.body.type).toBe('too-many-requests');
  const retryAfter = Number(answer.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
}

describe.skipIf(!databaseUrl || skipRedis)(
  'accounts under concurrency, two server processes on PostgreSQL and Redis',
  () => {
    const port = (n: number) => servers[n % 2]?.port ?? 0;

    it('the per-account login limit holds across both processes: the 11th miss is a 429, then even the right password', async () => {
      const client = newClient();
      const userName = newAddress('limit');
      expect((await register(port(0), client, userName)).status).toBe(202);

      for (let miss = 1; miss <= 10; miss++) {
        const answer = await login(port(miss), client, userName, `wrong-password-${miss}`);
        expect(answer.status, `miss ${miss}: ${JSON.stringify(answer.body)}`).toBe(401);
        expect(answer.body.type).toBe('invalid-credentials');
      }
      expectTooMany(await login(port(11), client, userName, 'wrong-password-11'));
      for (const n of [0, 1]) expectTooMany(await login(port(n), client, userName, password));
      // The account is refused, not the client: another address from the same client signs in.
      const other = newAddress('limit-other');
      expect((await register(port(1), client, other)).status).toBe(202);
      expect((await login(port(0), client, other, password)).status).toBe(200);
    });

    it('a refresh credential used on one process and again on the other ends the session', async () => {
      const client = newClient();
      const userName = newAddress('refresh');
      expect((await register(port(0), client, userName)).status).toBe(202);
      const signedIn = await login(port(0), client, userName, password);
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
      const firstCookie = sessionCookieOf(signedIn.headers);
      expect(firstCookie).toMatch(/^__Secure-shop_session=/);
      const accessToken = signedIn.body.accessToken.token as string;

      const refreshed = await refresh(port(0), client, firstCookie, accessToken);
      expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
      const nextCookie = sessionCookieOf(refreshed.headers);
      expect(nextCookie).not.toBe(firstCookie);
      const nextToken = refreshed.body.accessToken.token as string;

      // The credential just replaced is forgiven for 30 s (a second tab refreshing at the same moment,
      // sessions.ts `rotationGraceMs`); a stolen copy comes back later. Move the rotation 31 s back.
      const sessionId = firstCookie.split('=')[1]!.split('.')[0]!;
      await sql.query(
        `UPDATE customer_sessions SET rotated_at = rotated_at - interval '31 seconds' WHERE id = $1`,
        [sessionId],
      );

      const reused = await refresh(port(1), client, firstCookie, accessToken);
      expect(reused.status, JSON.stringify(reused.body)).toBe(401);
      expect(reused.body.code).toBe(101);
      expect(String(reused.headers['set-cookie'])).toMatch(/^__Secure-shop_session=; Max-Age=0;/);

      for (const n of [0, 1]) {
        const afterReuse = await refresh(port(n), client, nextCookie, nextToken);
        expect(afterReuse.status, JSON.stringify(afterReuse.body)).toBe(401);
        expect(afterReuse.body.code).toBe(101);
        // Ending the session ends its access token at once, on both processes.
        const me = await call(port(n), 'GET', '/api/account/me', undefined, {
          'x-forwarded-for': client,
          authorization: `Bearer ${nextToken}`,
        });
        expect(me.status).toBe(401);
        expect(me.body.code).toBe(101);
      }
      const { rows } = await sql.query(
        'SELECT ended_at IS NOT NULL AS ended, end_reason FROM customer_sessions WHERE id = $1',
        [sessionId],
      );
      expect(rows).toEqual([{ ended: true, end_reason: 'refresh-reuse' }]);
    });

    it('the same address registered at the same moment on both processes: both answer 202, one account exists', async () => {
      const client = newClient();
      const addresses = [1, 2, 3].map((n) => newAddress(`twice-${n}`));
      // Upper case on one side: addresses compare case-insensitively.
      const answers = await Promise.all(
        addresses.flatMap((address) => [
          register(port(0), client, address),
          register(port(1), client, address.toUpperCase()),
        ]),
      );
      for (const answer of answers) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(202);
        expect(answer.body).toEqual({ success: true });
      }
      const { rows } = await sql.query(
        `SELECT lower(email) AS email, count(*)::int AS accounts FROM customers
         WHERE lower(email) = ANY($1) GROUP BY lower(email) ORDER BY 1`,
        [addresses],
      );
      expect(rows).toEqual(
        addresses.map((email) => ({ email, accounts: 1 })).sort((a, b) => a.email.localeCompare(b.email)),
      );
      for (const address of addresses) {
        expect((await login(port(1), client, address, password)).status).toBe(200);
      }
    });
  },
);
