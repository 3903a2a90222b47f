import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankInboxDir, dropIntoInbox, waitForInboxReport } from '#src/modules/bank/inbox-files.ts';
import { buildCamt053 } from '#src/modules/bank/testing/camt053-statement.ts';
import { readOrder, type TransferOrder, transferOrder } from '#src/modules/bank/testing/transfer-order.ts';
import { registration, testPassword } from '#src/test/accounts.ts';
import { httpShop, payWithPayPal, readyCart } from '#src/test/orders.ts';
import { isReachable } from '#src/test/redis.ts';
import { createProcessGroup, exited, type ServerProcess } from '#src/test/server-processes.ts';
import { signInStaff } from '#src/test/staff.ts';

/**
 * Two machines behind a load balancer, on one PostgreSQL and one Redis (issue 28): each a group of
 * processes with a DATA_DIR and port of its own (machine A: a cluster of two web processes; B: one),
 * the test spreading requests between them as the balancer would. Whatever one machine keeps for
 * itself must not show (ARCHITECTURE.md, "Several machines").
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const isRedisReachable = databaseUrl ? await isReachable(redisUrl) : false;
const skip = !databaseUrl || (!isRedisReachable && !process.env.CI);

const group = createProcessGroup(databaseUrl);
const run = randomBytes(4).toString('hex');
const folders: string[] = [];
let a: ServerProcess;
let b: ServerProcess;
const origin = (machine: ServerProcess) => `http://127.0.0.1:${machine.port}`;
const shopOn = (machine: ServerProcess) => httpShop(origin(machine));
let variantId: number;

beforeAll(async () => {
  if (skip) return;
  const machine = async (name: string, processes: string) => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), `shop-machine-${name}-`));
    folders.push(dataDir);
    return group.start({
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: processes,
      REDIS_URL: redisUrl,
      TRUST_PROXY: 'true',
      STAFF_OPERATOR_TOTP: 'false',
      DATABASE_POOL_SIZE: '3',
    });
  };
  a = await machine('a', '2');
  await group.waitUntilReady([a]);
  b = await machine('b', '1');
  await group.waitUntilReady([b]);
  const sql = await group.sqlClient();
  const { rows } = await sql.query<{ id: number }>(
    `SELECT v.id FROM variants v JOIN offers o ON o.id = v.offer_id
      WHERE v.stock >= 20 AND o.is_active AND o.brand_id IS NULL ORDER BY v.id LIMIT 1`,
  );
  await sql.end();
  variantId = rows[0]!.id;
}, 180_000);

afterAll(async () => {
  await group.stopAll();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
  if (!isRedisReachable) return;
  const redis = new Redis(redisUrl);
  const keys: string[] = [];
  for await (const batch of redis.scanStream({ match: `shop:rate-limit:*${run}*`, count: 1000 }))
    keys.push(...(batch as string[]));
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

/** A bank statement with one credit paying `order` exactly, under a statement id of its own. */
const statementPaying = (order: TransferOrder, statementId: string) =>
  buildCamt053({
    iban: 'DE02700202700010123456',
    statementId,
    entries: [
      {
        amountCents: order.totalCents,
        remittance: `Gutschein ${order.reference}`,
        debtorName: 'Luca Rossi',
        acctSvcrRef: `${statementId}-1`,
      },
    ],
  });

/** A client address of this run's own (IPv6, its own /64): counters of earlier runs do not carry over. */
const client = (n: number) => `2001:db8:${run.slice(0, 4)}:${run.slice(4)}::${n}`;

describe.skipIf(skip)('two machines on one PostgreSQL and one Redis', () => {
  it('a customer signs in on one machine and refreshes the session on the other', async () => {
    const email = `machines.${run}@example.test`;
    const password = testPassword;
    const headers = { 'x-forwarded-for': client(1), 'x-requested-with': 'shop' };
    const registered = await shopOn(a).inject({
      method: 'POST',
      url: '/api/account/register',
      headers,
      payload: registration(email, password),
    } as never);
    expect(registered.statusCode, registered.body).toBe(202);
    const signedIn = await shopOn(a).inject({
      method: 'POST',
      url: '/api/auth/login',
      headers,
      payload: { userName: email, password },
    } as never);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookie = String([signedIn.headers['set-cookie']].flat()[0]).split(';')[0]!;
    const refreshed = await shopOn(b).inject({
      method: 'POST',
      url: '/api/auth/connect/refresh',
      headers: { ...headers, cookie },
      payload: { accessToken: signedIn.json().accessToken.token },
    } as never);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const me = await shopOn(a).inject({
      method: 'GET',
      url: '/api/account/me',
      headers: { authorization: `Bearer ${refreshed.json().accessToken.token}` },
    } as never);
    expect(me.statusCode).toBe(200);
    expect(me.json().userName).toBe(email);
  });

  it('promotion codes guessed on both machines are limited as on one: the 11th guess is refused on either', async () => {
    const guesser = { 'x-forwarded-for': client(2), 'accept-language': 'en' };
    for (let guess = 1; guess <= 10; guess++) {
      const machine = guess % 2 === 0 ? a : b;
      const answer = await shopOn(machine).inject({
        method: 'GET',
        url: `/api/order/reduction/NOPE${run}${guess}`,
        headers: guesser,
      } as never);
      expect(answer.statusCode, `guess ${guess}: ${answer.body}`).toBe(200);
    }
    for (const machine of [a, b]) {
      const refused = await shopOn(machine).inject({
        method: 'GET',
        url: `/api/order/reduction/NOPE${run}11`,
        headers: guesser,
      } as never);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    }
  });

  it('a price changed through the back office on one machine is served by the other within 5 s', async () => {
    const sql = await group.sqlClient();
    const { rows } = await sql.query<{ offer_id: number; price_cents: number }>(
      'SELECT offer_id, price_cents FROM variants WHERE id = $1',
      [variantId],
    );
    await sql.end();
    const { offer_id: offerId, price_cents: before } = rows[0]!;
    const priceOnB = async () => {
      const offer = (
        await shopOn(b).inject({ method: 'GET', url: `/api/offer?id=${offerId}` } as never)
      ).json();
      return offer.variants.find((variant: { id: number }) => variant.id === variantId)?.price
        .total as number;
    };
    // B's answer is cached, as in production: only the change watch can tell it.
    expect(await priceOnB()).toBe(before);
    const operator = await signInStaff(shopOn(a), 'operator@example.org');
    const newPrice = before - 1_000;
    const changed = await operator.send('PATCH', `/api/admin/variants/${variantId}`, {
      priceCents: newPrice,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const changedAt = Date.now();
    await expect.poll(priceOnB, { timeout: 5_000, interval: 100 }).toBe(newPrice);
    expect(Date.now() - changedAt).toBeLessThan(5_000);
  });

  it('pictures uploaded on one machine render on both, each from its own empty cache', async () => {
    const operator = await signInStaff(shopOn(a), 'operator@example.org');
    const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#1e78c8' } })
      .jpeg()
      .toBuffer();
    const upload = await operator.send('POST', '/api/admin/pictures', photo, {
      'content-type': 'image/jpeg',
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const { seed } = upload.json();
    for (const machine of [b, a]) {
      const picture = await fetch(`${origin(machine)}/media/${seed}/320.webp`);
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/webp');
      expect((await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).width).toBe(320);
    }
  });

  it('a bank statement uploaded on one machine is imported once, also when uploaded again on the other', async () => {
    const order = await transferOrder(shopOn(b), variantId);
    const xml = statementPaying(order, `MACHINES-${run}`);
    const upload = async (machine: ServerProcess) => {
      const operator = await signInStaff(shopOn(machine), 'operator@example.org');
      const answer = await operator.send(
        'POST',
        `/api/admin/bank-statements?name=auszug-${run}.xml`,
        xml as never,
        { 'content-type': 'application/xml' },
      );
      expect(answer.statusCode, answer.body).toBe(202);
      const id = answer.json().id as number;
      // Imported by a job, on whichever machine's process takes it.
      for (let attempt = 0; attempt < 300; attempt++) {
        const statement = (await operator.get(`/api/admin/bank-statements/${id}`)).json();
        if (statement.status === 'done' || statement.status === 'failed') return statement;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`statement ${id} was not imported`);
    };
    expect((await upload(a)).counts).toMatchObject({ paid: 1 });
    expect((await readOrder(shopOn(b), order)).status).toBe('paid');
    expect((await upload(b)).counts).toMatchObject({ 'already-imported': 1 });
    const sql = await group.sqlClient();
    const { rows } = await sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM bank_transactions WHERE order_id = $1',
      [order.orderId],
    );
    await sql.end();
    expect(rows[0]!.n).toBe(1);
  });

  it('a statement dropped into one machine’s inbox folder is imported by that machine within seconds', async () => {
    const order = await transferOrder(shopOn(a), variantId);
    const xml = statementPaying(order, `INBOX-${run}`);
    // Machine B has one process of three that run jobs: a scan handed to the shared queue would mostly
    // land on A, whose folder is empty.
    const inboxOfB = bankInboxDir(folders[1]!);
    await dropIntoInbox(inboxOfB, `inbox-${run}.xml`, xml);
    const found = await waitForInboxReport(inboxOfB, `inbox-${run}.xml`, {
      timeoutMs: 10_000,
      intervalMs: 100,
    });
    expect(found?.report).toMatchObject({ status: 'imported', counts: { paid: 1 } });
    expect((await readOrder(shopOn(a), order)).status).toBe('paid');
  });

  it('one machine killed: the other keeps serving, and finishes a cart begun on the first', async () => {
    const cart = await readyCart(shopOn(a), variantId);
    a.child.kill('SIGKILL');
    await exited(a.child);
    // Its web processes leave with their primary: nothing answers on its port any more.
    await expect
      .poll(
        () =>
          fetch(`${origin(a)}/healthz`, { signal: AbortSignal.timeout(1_000) }).then(
            () => 'answers',
            () => 'gone',
          ),
        { timeout: 10_000, interval: 200 },
      )
      .toBe('gone');

    const search = await shopOn(b).inject({
      method: 'POST',
      url: '/api/offer/search',
      payload: { query: 'Hotel' },
    } as never);
    expect(search.statusCode).toBe(200);
    const paid = await payWithPayPal(shopOn(b), cart);
    expect(paid.status).toBe('paid');
    expect((await readOrder(shopOn(b), cart)).vouchers).toHaveLength(1);
  });
});
