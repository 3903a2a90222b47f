import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type DatabaseHandle, openDatabase, queryRows } from '#src/db/client.ts';
import { findOrCreateInstallationSecret } from '#src/db/installation-secrets.ts';
import { registerErrorHandling } from '#src/http/error-handler.ts';
import { createTestApp, getJson, postJson, type TestApp } from '#src/test/app.ts';
import { createTestDatabase } from '#src/test/database.ts';
import { exampleCustomer, variantsInStock } from '#src/test/orders.ts';
import type { CreatePaymentInput, PaymentEvent, ProviderName } from '../payment-provider.ts';
import { registerPaymentWebhookRoutes } from '../payment-webhooks.routes.ts';
import { setSandboxState } from './sandbox.repository.ts';
import { createSandboxProviders, signSandboxEvent } from './sandbox-providers.ts';

/**
 * The simulator in a real deployment: nobody who only has the source may forge its notifications or
 * find another buyer's payment page.
 */

/** The key every installation used before it had its own: derived from a constant in the source. */
const publicConstantKey = createHash('sha256').update('shop/payments/sandbox-event-signature/v1').digest();
const signWithPublicConstant = (body: string) =>
  createHmac('sha256', publicConstantKey).update(body, 'utf8').digest('hex');

describe('a forged notification', () => {
  let shop: TestApp;
  let variantId: number;
  beforeAll(async () => {
    shop = await createTestApp();
    [variantId] = (await variantsInStock(shop.database.db)) as [number];
  });
  afterAll(() => shop?.close());

  /** An order closed for PayPal, waiting for its payment. */
  async function pendingOrder() {
    const created = await postJson(shop.app, '/api/order', {});
    const cart = { orderId: created.body.id as number, key: created.body.token as string };
    await postJson(shop.app, '/api/order/items', { ...cart, variantId });
    await shop.app.inject({
      method: 'PUT',
      url: '/api/order/customer',
      payload: { ...cart, ...exampleCustomer },
    });
    const closed = await shop.app.inject({
      method: 'PUT',
      url: '/api/order/close',
      payload: { ...cart, paymentType: 'paypal' },
    });
    const body = closed.json();
    expect(body.order.status).toBe('payment-pending');
    return {
      cart,
      reference: String(body.redirectUrl).split('/').pop(),
      total: body.order.summary.total.total,
    };
  }

  const deliver = (body: string, signature: string) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/payment/webhook/paypal',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
      payload: body,
    });

  it('signed with the key derived from the public constant is rejected and pays nothing', async () => {
    const { cart, reference, total } = await pendingOrder();
    const event = JSON.stringify({
      id: `evt-forged-${reference}`,
      kind: 'capture-completed',
      reference,
      captureId: `CAP-${reference}`,
      amountCents: total,
      currency: 'EUR',
    });
    const forged = await deliver(event, signWithPublicConstant(event));
    expect(forged.statusCode).toBe(400);
    expect((await getJson(shop.app, `/api/order/${cart.orderId}/${cart.key}`)).body.status).toBe(
      'payment-pending',
    );

    // The same event with the installation's own signature does pay: it was rejected for its key alone.
    expect((await deliver(event, await signSandboxEvent(shop.database.db, event))).statusCode).toBe(200);
    expect((await getJson(shop.app, `/api/order/${cart.orderId}/${cart.key}`)).body.status).toBe('paid');
  });
});

/** Two fresh installations, each with a database of its own. */
let one: DatabaseHandle;
let two: DatabaseHandle;
beforeAll(async () => {
  [one, two] = await Promise.all([createTestDatabase(), createTestDatabase()]);
});
afterAll(async () => {
  await one?.close();
  await two?.close();
});

/** A webhook endpoint on `db`, as one server process of an installation has it. */
async function webhookApp(db: Database) {
  const received: PaymentEvent[] = [];
  const app = Fastify();
  registerErrorHandling(app);
  await registerPaymentWebhookRoutes(app, {
    providers: createSandboxProviders(db),
    db,
    onEvent: async (_provider, event) => {
      received.push(event);
    },
  });
  await app.ready();
  const deliver = (body: string, signature: string) =>
    app.inject({
      method: 'POST',
      url: '/api/payment/webhook/amazonpay',
      headers: { 'content-type': 'text/plain; charset=UTF-8', 'x-sandbox-signature': signature },
      payload: body,
    });
  return { app, deliver, received };
}

/**
 * An installation whose database outlives its processes: a PGlite directory, or a schema of its own
 * on the PostgreSQL server named by TEST_DATABASE_URL.
 */
async function lastingInstallation() {
  const url = process.env.TEST_DATABASE_URL;
  const schemaName = `t_secret_${randomBytes(4).toString('hex')}`;
  const dataDir = url ? undefined : await mkdtemp(path.join(os.tmpdir(), 'shop-secret-'));
  return {
    async start(): Promise<DatabaseHandle> {
      const handle = url
        ? await openDatabase({ url, poolSize: 4, schemaName })
        : await openDatabase({ dataDir: dataDir as string });
      await handle.migrate();
      return handle;
    },
    async remove() {
      if (dataDir) return rm(dataDir, { recursive: true, force: true });
      const handle = await openDatabase({ url, poolSize: 1 });
      await handle.db.execute(sql.raw(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`));
      await handle.close();
    },
  };
}

const sandboxEvent = (id: string) =>
  JSON.stringify({ id, kind: 'capture-completed', reference: 'SBX-AP-x', amountCents: 100, currency: 'EUR' });

describe('the notification key', () => {
  let installation: Awaited<ReturnType<typeof lastingInstallation>>;
  let running: DatabaseHandle | undefined;
  beforeAll(async () => {
    installation = await lastingInstallation();
  });
  afterAll(async () => {
    await running?.close();
    await installation?.remove();
  });

  it('differs between installations and survives a restart', async () => {
    running = await installation.start();
    const first = running;
    const before = await webhookApp(first.db);
    const elsewhere = await webhookApp(two.db);

    const now = sandboxEvent('evt-now');
    const later = sandboxEvent('evt-after-restart');
    const signedNow = await signSandboxEvent(first.db, now);
    const signedLater = await signSandboxEvent(first.db, later);
    expect(signedNow).not.toBe(await signSandboxEvent(two.db, now));
    expect(signedNow).not.toBe(signWithPublicConstant(now));

    expect((await before.deliver(now, signedNow)).statusCode).toBe(200);
    // Another installation does not take this one's events.
    expect((await elsewhere.deliver(later, signedLater)).statusCode).toBe(400);
    expect(elsewhere.received).toEqual([]);

    await before.app.close();
    await elsewhere.app.close();
    running = undefined;
    await first.close();

    running = await installation.start();
    const restarted = running;
    const after = await webhookApp(restarted.db);
    expect((await after.deliver(later, signedLater)).statusCode).toBe(200);
    expect(after.received.map((event) => event.eventId)).toEqual(['evt-after-restart']);
    await after.app.close();

    const [secret] = await queryRows<{ value: string }>(
      restarted.db,
      sql`SELECT value FROM installation_secrets`,
    );
    expect(Buffer.from(secret?.value ?? '', 'base64url')).toHaveLength(32);
  });

  it('is the first process’s when several make it at once', async () => {
    const candidates = Array.from({ length: 6 }, (_, i) => `candidate-${i}`);
    const answers = await Promise.all(
      candidates.map((candidate) => findOrCreateInstallationSecret(one.db, 'race', candidate)),
    );
    expect(new Set(answers).size).toBe(1);
    expect(candidates).toContain(answers[0]);
  });
});

describe('sandbox ids', () => {
  const input: CreatePaymentInput = {
    orderId: 7,
    amountCents: 129950,
    currency: 'EUR',
    returnUrl: '/checkout/authorize?order=7',
    cancelUrl: '/checkout/payment?order=7&cancelled=1',
    // As the order service makes it: the order id and its close time, both easy to guess.
    requestId: 'order-7-1767225600000',
    locale: 'de',
    description: 'Gutschein',
  };
  const installation = (database: DatabaseHandle) => ({
    db: database.db,
    providers: createSandboxProviders(database.db),
  });

  async function capturedPayment(db: Database, provider: ProviderName) {
    const providers = createSandboxProviders(db);
    const { reference } = await providers[provider].createPayment({ ...input, requestId: 'capture-me' });
    await setSandboxState(db, reference, 'approved');
    const result = await providers[provider].capturePayment({
      reference,
      amountCents: input.amountCents,
      currency: 'EUR',
      requestId: `capture-${reference}`,
    });
    if (result.status !== 'captured') throw new Error(`not captured: ${result.status}`);
    return result.captureId;
  }

  it('are random for the same order and request id, and a retried create answers the same payment', async () => {
    const here = installation(one);
    const elsewhere = installation(two);
    for (const provider of ['paypal', 'amazonpay'] as const) {
      const first = await here.providers[provider].createPayment(input);
      expect(first.reference).not.toBe((await elsewhere.providers[provider].createPayment(input)).reference);
      expect(await here.providers[provider].createPayment(input)).toEqual(first);
      expect(
        await Promise.all([
          here.providers[provider].createPayment(input),
          here.providers[provider].createPayment(input),
        ]),
      ).toEqual([first, first]);
    }
    const rows = await queryRows<{ n: number }>(
      one.db,
      sql`SELECT count(*)::int AS n FROM sandbox_payments WHERE request_id = ${input.requestId}`,
    );
    expect(rows[0]?.n).toBe(2);
  });

  it('give refunds ids that do not follow from the request id, and a retried refund the same one', async () => {
    const refund = async (db: Database) => {
      const captureId = await capturedPayment(db, 'paypal');
      const providers = createSandboxProviders(db);
      const request = { captureId, amountCents: 1000, currency: 'EUR', requestId: 'refund-1' };
      const first = await providers.paypal.refund(request);
      expect(await providers.paypal.refund(request)).toEqual(first);
      return first.refundId;
    };
    const refundOne = await refund(one.db);
    expect(refundOne).toMatch(/^SBX-RF-[A-Za-z0-9_-]{22}$/);
    expect(refundOne).not.toBe(await refund(two.db));
  });
});
