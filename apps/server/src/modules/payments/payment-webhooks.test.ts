import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, queryRows } from '#src/db/client.ts';
import { registerErrorHandling } from '#src/http/error-handler.ts';
import { createTestDatabase } from '#src/test/database.ts';
import type { PaymentEvent, PaymentProviders, ProviderName } from './payment-provider.ts';
import { ProviderUnavailableError } from './payment-provider.ts';
import { registerPaymentWebhookRoutes } from './payment-webhooks.routes.ts';
import { createPayPalProvider } from './paypal/paypal-provider.ts';
import { createSandboxProviders, type SandboxEvent, signSandboxEvent } from './sandbox/sandbox-providers.ts';
import {
  type PayPalStub,
  paypalGenuineSignature,
  paypalStubCredentials,
  startPayPalStub,
} from './testing/paypal-stub.ts';

let database: DatabaseHandle;
let app: FastifyInstance;
let paypalStub: PayPalStub;
let received: { provider: ProviderName; event: PaymentEvent }[] = [];
let failNextEvent = false;
let verifyUnavailable = false;

beforeAll(async () => {
  database = await createTestDatabase();
  paypalStub = await startPayPalStub();
  const sandbox = createSandboxProviders(database.db);
  const providers: PaymentProviders = {
    // PayPal as it really is (against the stub): its events arrive as JSON.
    paypal: createPayPalProvider({ apiUrl: paypalStub.url, ...paypalStubCredentials, timeoutMs: 500 }),
    // The sandbox's Amazon Pay, with a switch that makes verification unavailable.
    amazonpay: {
      ...sandbox.amazonpay,
      verifyEvent: async (headers, rawBody) => {
        if (verifyUnavailable) throw new ProviderUnavailableError('SNS certificate unreachable');
        return sandbox.amazonpay.verifyEvent(headers, rawBody);
      },
    },
  };
  app = Fastify();
  registerErrorHandling(app);
  await registerPaymentWebhookRoutes(app, {
    providers,
    db: database.db,
    onEvent: async (provider, event) => {
      if (failNextEvent) {
        failNextEvent = false;
        throw new Error('order service is down');
      }
      received.push({ provider, event });
    },
  });
  // A JSON route beside them: the webhooks' raw parsing must not leak into the rest of the API.
  app.post('/api/echo', async (request) => ({ body: request.body }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await paypalStub?.close();
  await database?.close();
});
beforeEach(() => {
  received = [];
  failNextEvent = false;
  verifyUnavailable = false;
});

const sandboxEvent = (id: string, overrides: Partial<SandboxEvent> = {}): string =>
  JSON.stringify({
    id,
    kind: 'capture-completed',
    reference: 'SBX-AP-abc',
    captureId: 'SBX-CAP-abc',
    amountCents: 129999,
    currency: 'EUR',
    ...overrides,
  });

const postAmazon = async (body: string, signature?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/payment/webhook/amazonpay',
    headers: {
      'content-type': 'text/plain; charset=UTF-8',
      'x-sandbox-signature': signature ?? (await signSandboxEvent(database.db, body)),
    },
    payload: body,
  });

const storedEvents = (eventId: string) =>
  queryRows<{ provider: string; kind: string; payload: unknown }>(
    database.db,
    sql`SELECT provider, kind, payload FROM payment_events WHERE event_id = ${eventId}`,
  );

describe('POST /api/payment/webhook/:provider', () => {
  it('accepts a genuine event, records it and hands it to the order service', async () => {
    const body = sandboxEvent('evt-genuine');
    const response = await postAmazon(body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(received).toEqual([
      {
        provider: 'amazonpay',
        event: expect.objectContaining({
          eventId: 'evt-genuine',
          kind: 'capture-completed',
          reference: 'SBX-AP-abc',
          captureId: 'SBX-CAP-abc',
          amountCents: 129999,
        }),
      },
    ]);
    expect(await storedEvents('evt-genuine')).toEqual([
      { provider: 'amazonpay', kind: 'capture-completed', payload: JSON.parse(body) },
    ]);
  });

  it('rejects a forged or unsigned event with 400 problem+json and records nothing', async () => {
    const body = sandboxEvent('evt-forged');
    const forged = await postAmazon(body, await signSandboxEvent(database.db, sandboxEvent('evt-other')));
    expect(forged.statusCode).toBe(400);
    expect(forged.headers['content-type']).toContain('application/problem+json');
    expect(forged.json()).toMatchObject({ type: 'validation-error', status: 400 });
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/payment/webhook/amazonpay',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(received).toEqual([]);
    expect(await storedEvents('evt-forged')).toEqual([]);
  });

  it('processes an event delivered twice only once, answering 200 both times', async () => {
    const body = sandboxEvent('evt-twice');
    expect((await postAmazon(body)).statusCode).toBe(200);
    expect((await postAmazon(body)).statusCode).toBe(200);
    expect(received).toHaveLength(1);
  });

  it('answers 503 when processing fails and processes the provider’s retry', async () => {
    const body = sandboxEvent('evt-retry');
    failNextEvent = true;
    const failed = await postAmazon(body);
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ type: 'service-unavailable' });
    expect(await storedEvents('evt-retry')).toEqual([]);

    expect((await postAmazon(body)).statusCode).toBe(200);
    expect(received.map((entry) => entry.event.eventId)).toEqual(['evt-retry']);
  });

  it('takes over an event whose handler died before finishing, but not one still being handled', async () => {
    // A process claimed these and died (SIGKILL, lost database) before marking them processed.
    await database.db.execute(sql`
      INSERT INTO payment_events (provider, event_id, kind, payload, received_at) VALUES
        ('amazonpay', 'evt-abandoned', 'capture-completed', '{}', now() - interval '11 minutes'),
        ('amazonpay', 'evt-in-flight', 'capture-completed', '{}', now() - interval '1 minute')`);
    expect((await postAmazon(sandboxEvent('evt-abandoned'))).statusCode).toBe(200);
    expect((await postAmazon(sandboxEvent('evt-in-flight'))).statusCode).toBe(200);
    expect(received.map((entry) => entry.event.eventId)).toEqual(['evt-abandoned']);
    // Handled now: a later redelivery is acknowledged and ignored.
    expect((await postAmazon(sandboxEvent('evt-abandoned'))).statusCode).toBe(200);
    expect(received).toHaveLength(1);
  });

  it('answers 503 when the provider cannot be asked whether the event is genuine', async () => {
    verifyUnavailable = true;
    const response = await postAmazon(sandboxEvent('evt-unverifiable'));
    expect(response.statusCode).toBe(503);
    expect(received).toEqual([]);
  });

  it('verifies PayPal events against the body exactly as PayPal sent it', async () => {
    const rawBody = `{"id":"WH-ROUTE-1","event_type":"PAYMENT.CAPTURE.COMPLETED","resource":{"id":"CAP-1","amount":{"currency_code":"EUR","value":"1299.90"},"supplementary_data":{"related_ids":{"order_id":"ORDER-1"}}}}`;
    const headers = {
      'content-type': 'application/json',
      'paypal-transmission-id': 'b2f1c3a0-0000-11ef-0000-000000000001',
      'paypal-transmission-time': '2025-03-01T10:00:01Z',
      'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-1',
      'paypal-auth-algo': 'SHA256withRSA',
    };
    const genuine = await app.inject({
      method: 'POST',
      url: '/api/payment/webhook/paypal',
      headers: { ...headers, 'paypal-transmission-sig': paypalGenuineSignature },
      payload: rawBody,
    });
    expect(genuine.statusCode).toBe(200);
    expect(paypalStub.requests.at(-1)!.body).toContain(`"webhook_event":${rawBody}}`);
    expect(received).toEqual([
      {
        provider: 'paypal',
        event: expect.objectContaining({
          kind: 'capture-completed',
          reference: 'ORDER-1',
          amountCents: 129990,
        }),
      },
    ]);

    const forged = await app.inject({
      method: 'POST',
      url: '/api/payment/webhook/paypal',
      headers: { ...headers, 'paypal-transmission-sig': 'forged' },
      payload: rawBody.replace('WH-ROUTE-1', 'WH-ROUTE-2'),
    });
    expect(forged.statusCode).toBe(400);
    expect(received).toHaveLength(1);
  });

  it('leaves JSON parsing of the other routes alone', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/echo', payload: { a: 1 } });
    expect(response.json()).toEqual({ body: { a: 1 } });
  });
});
