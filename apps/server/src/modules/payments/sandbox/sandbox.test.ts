import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { registerErrorHandling } from '#src/http/error-handler.ts';
import { createTestDatabase, timePasses } from '#src/test/database.ts';
import {
  type CreatePaymentInput,
  type PaymentProviders,
  type ProviderName,
  ProviderUnavailableError,
} from '../payment-provider.ts';
import { appendQuery, registerSandboxRoutes } from './sandbox.routes.ts';
import { createSandboxProviders } from './sandbox-providers.ts';

let database: DatabaseHandle;
let app: FastifyInstance;
let providers: PaymentProviders;

beforeAll(async () => {
  database = await createTestDatabase();
  providers = createSandboxProviders(database.db);
  app = Fastify();
  registerErrorHandling(app);
  await registerSandboxRoutes(app, database.db);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

let sequence = 0;
function paymentInput(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  sequence += 1;
  return {
    orderId: 100 + sequence,
    amountCents: 129950,
    currency: 'EUR',
    returnUrl: '/checkout/authorize?order=100',
    cancelUrl: '/checkout/payment?order=100&cancelled=1',
    requestId: `sandbox-${sequence}`,
    locale: 'de',
    description: 'Gutschein',
    ...overrides,
  };
}

async function created(provider: ProviderName, overrides: Partial<CreatePaymentInput> = {}) {
  const input = paymentInput(overrides);
  return { input, ...(await providers[provider].createPayment(input)) };
}

const choose = (approvalUrl: string, action: string) =>
  app.inject({
    method: 'POST',
    url: `${approvalUrl}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });

const capture = (provider: ProviderName, reference: string, requestId = `capture-${reference}`) =>
  providers[provider].capturePayment({ reference, amountCents: 129950, currency: 'EUR', requestId });

describe('sandbox createPayment', () => {
  it('answers a prefixed id and a relative approval page, and the same payment for a retried request', async () => {
    const paypal = await created('paypal');
    expect(paypal.reference).toMatch(/^SBX-PP-[A-Za-z0-9_-]{22}$/);
    expect(paypal.approvalUrl).toBe(`/sandbox/paypal/${paypal.reference}`);
    const amazon = await created('amazonpay');
    expect(amazon.reference).toMatch(/^SBX-AP-/);
    expect(await providers.paypal.createPayment(paypal.input)).toEqual({
      reference: paypal.reference,
      approvalUrl: paypal.approvalUrl,
    });
  });
});

describe('sandbox approval page', () => {
  it('renders the amount, the simulation notice and five forms in the caller’s language', async () => {
    const { approvalUrl, reference } = await created('paypal');
    const german = await app.inject({ url: approvalUrl, headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(german.statusCode).toBe(200);
    expect(german.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(german.headers['cache-control']).toBe('no-store');
    expect(german.body).toContain('<html lang="de">');
    expect(german.body).toContain('€ 1.299,50');
    expect(german.body).toContain('Simuliertes PayPal – es fließt kein echtes Geld.');
    for (const action of ['approve', 'cancel', 'decline', 'timeout', 'expire']) {
      expect(german.body).toContain(`<form method="post" action="/sandbox/paypal/${reference}/${action}"`);
    }

    const english = await app.inject({ url: approvalUrl, headers: { 'accept-language': 'en' } });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('€ 1,299.50');
    expect(english.body).toContain('Approve payment');

    const italian = await app.inject({ url: approvalUrl, headers: { 'accept-language': 'it-IT' } });
    expect(italian.body).toContain('<html lang="it">');
    expect(italian.body).toContain('PayPal simulato');

    const amazon = await created('amazonpay');
    const amazonPage = await app.inject({ url: amazon.approvalUrl, headers: { 'accept-language': 'en' } });
    expect(amazonPage.body).toContain('Simulated Amazon Pay – no real money is moved.');
  });

  it('answers a 404 page for unknown ids, providers, actions and a payment under the other provider', async () => {
    const { reference } = await created('paypal');
    for (const url of [
      '/sandbox/paypal/SBX-PP-unknown',
      '/sandbox/stripe/x',
      `/sandbox/amazonpay/${reference}`,
    ]) {
      const response = await app.inject({ url, headers: { 'accept-language': 'en' } });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('Payment not found');
    }
    expect((await choose(`/sandbox/paypal/${reference}`, 'steal')).statusCode).toBe(404);
    expect((await choose('/sandbox/paypal/SBX-PP-unknown', 'approve')).statusCode).toBe(404);
  });
});

describe('sandbox outcomes', () => {
  it('approve → back to the return URL with PayPal’s parameters → capture captures', async () => {
    const { reference, approvalUrl } = await created('paypal');
    expect(await capture('paypal', reference)).toEqual({ status: 'not-approved' });

    const response = await choose(approvalUrl, 'approve');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(
      `/checkout/authorize?order=100&token=${reference}&PayerID=SANDBOXPAYER`,
    );

    const result = await capture('paypal', reference);
    expect(result).toEqual({
      status: 'captured',
      captureId: expect.stringMatching(/^SBX-CAP-/),
      amountCents: 129950,
      currency: 'EUR',
    });
    // Never two captures: the same request id, another one, and both at once answer the first.
    expect(await capture('paypal', reference)).toEqual(result);
    expect(await capture('paypal', reference, 'another-request')).toEqual(result);

    // The page now says so, and choices no longer change a captured payment.
    const page = await app.inject({ url: approvalUrl, headers: { 'accept-language': 'en' } });
    expect(page.body).toContain('This payment has already been completed.');
    await choose(approvalUrl, 'decline');
    expect(await capture('paypal', reference)).toEqual(result);
  });

  it('captures once when two processes capture with different request ids at the same time', async () => {
    const { reference, approvalUrl } = await created('amazonpay');
    await choose(approvalUrl, 'approve');
    const results = await Promise.all([
      capture('amazonpay', reference, 'first'),
      capture('amazonpay', reference, 'second'),
      capture('amazonpay', reference, 'third'),
    ]);
    expect(
      new Set(results.map((result) => (result.status === 'captured' ? result.captureId : result.status)))
        .size,
    ).toBe(1);
    expect(results[0]?.status).toBe('captured');
  });

  it('sends Amazon Pay customers back with amazonCheckoutSessionId', async () => {
    const { reference, approvalUrl } = await created('amazonpay', { returnUrl: '/checkout/authorize' });
    const response = await choose(approvalUrl, 'approve');
    expect(response.headers.location).toBe(`/checkout/authorize?amazonCheckoutSessionId=${reference}`);
  });

  it('cancel → the cancel URL, and capture answers not-approved', async () => {
    const { reference, approvalUrl, input } = await created('paypal');
    const response = await choose(approvalUrl, 'cancel');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(input.cancelUrl);
    expect(await capture('paypal', reference)).toEqual({ status: 'not-approved' });
  });

  it('decline → back to the shop, and capture answers declined', async () => {
    const { reference, approvalUrl } = await created('amazonpay');
    const response = await choose(approvalUrl, 'decline');
    expect(response.headers.location).toContain(`amazonCheckoutSessionId=${reference}`);
    expect(await capture('amazonpay', reference)).toEqual({
      status: 'declined',
      reason: 'INSTRUMENT_DECLINED',
    });
  });

  it('approve too late → back to the shop as approved, and capture answers expired (a stale approval)', async () => {
    const { reference, approvalUrl } = await created('paypal');
    const response = await choose(approvalUrl, 'expire');
    expect(response.headers.location).toContain(`token=${reference}`);
    expect(await capture('paypal', reference)).toEqual({ status: 'expired' });
    expect(await providers.paypal.paymentStatus(reference)).toEqual({
      status: 'not-taken',
      reason: 'EXPIRED',
    });
  });

  it('time-out → capture throws ProviderUnavailableError', async () => {
    const { reference, approvalUrl } = await created('paypal');
    await choose(approvalUrl, 'timeout');
    await expect(capture('paypal', reference)).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('works for forms posted by a browser without JavaScript (urlencoded body)', async () => {
    const { approvalUrl } = await created('paypal');
    const response = await app.inject({
      method: 'POST',
      url: `${approvalUrl}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'confirm=1',
    });
    expect(response.statusCode).toBe(303);
  });

  it('refunds a sandbox capture, and refuses unknown captures', async () => {
    const { reference, approvalUrl } = await created('paypal');
    await choose(approvalUrl, 'approve');
    const result = await capture('paypal', reference);
    if (result.status !== 'captured') throw new Error('not captured');
    const refund = await providers.paypal.refund({
      captureId: result.captureId,
      amountCents: 1000,
      currency: 'EUR',
      requestId: 'r1',
    });
    expect(refund.refundId).toMatch(/^SBX-RF-/);
    await expect(
      providers.paypal.refund({
        captureId: 'SBX-CAP-nope',
        amountCents: 1,
        currency: 'EUR',
        requestId: 'r2',
      }),
    ).rejects.toThrow();
  });
});

describe('sandbox paymentStatus', () => {
  const statusOf = (provider: ProviderName, reference: string) =>
    providers[provider].paymentStatus(reference);

  it('reads the simulator’s table: waiting, approved, captured, and not taken after cancel or decline', async () => {
    const { reference, approvalUrl } = await created('paypal');
    expect(await statusOf('paypal', reference)).toEqual({ status: 'waiting' });
    await choose(approvalUrl, 'approve');
    expect(await statusOf('paypal', reference)).toEqual({ status: 'approved' });
    const captured = await capture('paypal', reference);
    expect(await statusOf('paypal', reference)).toEqual(captured);
    expect(captured).toMatchObject({ status: 'captured', amountCents: 129950, currency: 'EUR' });

    for (const [action, reason] of [
      ['cancel', 'CANCELLED'],
      ['decline', 'DECLINED'],
    ] as const) {
      const payment = await created('amazonpay');
      await choose(payment.approvalUrl, action);
      expect(await statusOf('amazonpay', payment.reference)).toEqual({ status: 'not-taken', reason });
    }
    // Another provider's payment, or none: nothing taken under this provider.
    expect(await statusOf('amazonpay', reference)).toEqual({
      status: 'not-taken',
      reason: 'RESOURCE_NOT_FOUND',
    });
  });

  it('time-out: no answer, until the payment lapses like an uncompleted session at the provider', async () => {
    const timedOut = await created('paypal');
    await choose(timedOut.approvalUrl, 'timeout');
    await expect(statusOf('paypal', timedOut.reference)).rejects.toBeInstanceOf(ProviderUnavailableError);
    const waiting = await created('paypal');
    for (const { reference } of [timedOut, waiting]) {
      await timePasses(database.db, 'sandbox_payments', reference, '25 hours');
      expect(await statusOf('paypal', reference)).toEqual({ status: 'not-taken', reason: 'EXPIRED' });
    }
  });
});

describe('appendQuery', () => {
  it('adds parameters with ? or &, before a fragment', () => {
    expect(appendQuery('/a', 'x=1')).toBe('/a?x=1');
    expect(appendQuery('/a?b=2', 'x=1')).toBe('/a?b=2&x=1');
    expect(appendQuery('https://s.example/a?', 'x=1')).toBe('https://s.example/a?x=1');
    expect(appendQuery('/a?b=2#top', 'x=1')).toBe('/a?b=2&x=1#top');
  });
});
