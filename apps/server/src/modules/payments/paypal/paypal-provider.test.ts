import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CreatePaymentInput,
  type PaymentProvider,
  ProviderUnavailableError,
} from '../payment-provider.ts';
import { CapturePendingError, PaymentProviderError } from '../provider-http.ts';
import {
  type PayPalStub,
  paypalGenuineSignature,
  paypalStubCredentials,
  startPayPalStub,
} from '../testing/paypal-stub.ts';
import { jsonOf } from '../testing/stub-server.ts';
import { createPayPalProvider } from './paypal-provider.ts';

let stub: PayPalStub;
let paypal: PaymentProvider;
beforeAll(async () => {
  stub = await startPayPalStub();
  // A second for a local stub's answer: a loaded CI machine (two suites, a browser) once took over 300 ms.
  paypal = createPayPalProvider({ apiUrl: stub.url, ...paypalStubCredentials, timeoutMs: 1_000 });
});
afterAll(() => stub?.close());

let sequence = 0;
function paymentInput(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  sequence += 1;
  return {
    orderId: 4200 + sequence,
    amountCents: 129999,
    currency: 'EUR',
    returnUrl: 'https://shop.example/checkout/authorize?order=42',
    cancelUrl: 'https://shop.example/checkout/cancel?order=42',
    requestId: `create-${sequence}-${Date.now()}`,
    locale: 'de',
    description: 'Wellness-Gutschein Schwarzwald',
    ...overrides,
  };
}

const requestsTo = (pathPart: string) => stub.requests.filter((request) => request.path.includes(pathPart));

describe('PayPal createPayment', () => {
  it('creates a CAPTURE order in decimal amounts and answers its id and payer-action link', async () => {
    const input = paymentInput();
    const created = await paypal.createPayment(input);
    expect(created.reference).toMatch(/^[0-9A-F]{16}$/);
    expect(created.approvalUrl).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${created.reference}`);

    const sent = requestsTo('/v2/checkout/orders').at(-1)!;
    expect(sent.headers['paypal-request-id']).toBe(input.requestId);
    expect(sent.headers.authorization).toMatch(/^Bearer A21AA-stub-/);
    const body = jsonOf(sent);
    expect(body.intent).toBe('CAPTURE');
    expect(body.purchase_units).toEqual([
      expect.objectContaining({
        custom_id: String(input.orderId),
        invoice_id: String(input.orderId),
        amount: { currency_code: 'EUR', value: '1299.99' },
      }),
    ]);
    expect(body.payment_source).toEqual({
      paypal: {
        experience_context: expect.objectContaining({
          return_url: input.returnUrl,
          cancel_url: input.cancelUrl,
          locale: 'de-DE',
          user_action: 'PAY_NOW',
        }),
      },
    });
  });

  it('answers the same order when a create is retried with its request id', async () => {
    const input = paymentInput({ amountCents: 5 });
    const first = await paypal.createPayment(input);
    const second = await paypal.createPayment(input);
    expect(second.reference).toBe(first.reference);
    expect(jsonOf(requestsTo('/v2/checkout/orders').at(-1)).purchase_units).toEqual([
      expect.objectContaining({ amount: { currency_code: 'EUR', value: '0.05' } }),
    ]);
  });

  it('keeps one OAuth token for many calls and fetches a new one when PayPal revokes it', async () => {
    await paypal.createPayment(paymentInput());
    const before = stub.tokensIssued();
    await Promise.all([paypal.createPayment(paymentInput()), paypal.createPayment(paymentInput())]);
    expect(stub.tokensIssued()).toBe(before);
    stub.revokeTokens();
    await paypal.createPayment(paymentInput());
    expect(stub.tokensIssued()).toBe(before + 1);
  });
});

describe('PayPal capturePayment', () => {
  async function approvedOrder(amountCents = 129999) {
    const created = await paypal.createPayment(paymentInput({ amountCents }));
    stub.approve(created.reference);
    return created.reference;
  }

  it('answers not-approved while the buyer has not approved', async () => {
    const { reference } = await paypal.createPayment(paymentInput());
    const result = await paypal.capturePayment({
      reference,
      amountCents: 129999,
      currency: 'EUR',
      requestId: 'cap-na',
    });
    expect(result).toEqual({ status: 'not-approved' });
  });

  it('captures an approved order with PayPal-Request-Id and reports the amount PayPal captured', async () => {
    const reference = await approvedOrder();
    const requestId = `capture-${reference}`;
    const result = await paypal.capturePayment({
      reference,
      amountCents: 129999,
      currency: 'EUR',
      requestId,
    });
    expect(result).toEqual({
      status: 'captured',
      captureId: expect.stringMatching(/^CAP-/),
      amountCents: 129999,
      currency: 'EUR',
    });
    const sent = requestsTo(`/v2/checkout/orders/${reference}/capture`).at(-1)!;
    expect(sent.headers['paypal-request-id']).toBe(requestId);

    // The same request id again, and another one: both answer the one capture.
    const repeat = await paypal.capturePayment({
      reference,
      amountCents: 129999,
      currency: 'EUR',
      requestId,
    });
    const other = await paypal.capturePayment({
      reference,
      amountCents: 129999,
      currency: 'EUR',
      requestId: 'other',
    });
    expect(repeat).toEqual(result);
    expect(other).toEqual(result);
    expect(requestsTo(`/v2/checkout/orders/${reference}`).some((request) => request.method === 'GET')).toBe(
      true,
    );
  });

  it('answers declined for INSTRUMENT_DECLINED and for a capture in status DECLINED', async () => {
    const refused = await approvedOrder();
    stub.setCaptureOutcome(refused, { issue: 'INSTRUMENT_DECLINED' });
    expect(
      await paypal.capturePayment({
        reference: refused,
        amountCents: 129999,
        currency: 'EUR',
        requestId: 'd1',
      }),
    ).toEqual({ status: 'declined', reason: 'INSTRUMENT_DECLINED' });

    const denied = await approvedOrder();
    stub.setCaptureOutcome(denied, { captureStatus: 'DECLINED' });
    expect(
      await paypal.capturePayment({
        reference: denied,
        amountCents: 129999,
        currency: 'EUR',
        requestId: 'd2',
      }),
    ).toEqual({ status: 'declined', reason: 'DECLINED_BY_RISK_FRAUD_FILTERS' });
  });

  it('answers expired (a stale approval, not a decline) for ORDER_EXPIRED and for an order PayPal no longer knows', async () => {
    const lapsed = await approvedOrder();
    stub.setCaptureOutcome(lapsed, { issue: 'ORDER_EXPIRED' });
    expect(
      await paypal.capturePayment({
        reference: lapsed,
        amountCents: 129999,
        currency: 'EUR',
        requestId: 'e1',
      }),
    ).toEqual({ status: 'expired' });
    expect(
      await paypal.capturePayment({
        reference: '0NOSUCHORDER0000',
        amountCents: 129999,
        currency: 'EUR',
        requestId: 'e2',
      }),
    ).toEqual({ status: 'expired' });
  });

  it('reports a pending capture as an outcome not known yet', async () => {
    const reference = await approvedOrder();
    stub.setCaptureOutcome(reference, { captureStatus: 'PENDING' });
    const capture = paypal.capturePayment({
      reference,
      amountCents: 129999,
      currency: 'EUR',
      requestId: 'p1',
    });
    await expect(capture).rejects.toBeInstanceOf(CapturePendingError);
    await expect(capture).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('throws ProviderUnavailableError on 5xx, on a time-out and when PayPal cannot be reached', async () => {
    const reference = await approvedOrder();
    const input = { reference, amountCents: 129999, currency: 'EUR', requestId: 'u1' };
    stub.failNext({ status: 503, body: { name: 'SERVICE_UNAVAILABLE' } });
    await expect(paypal.capturePayment(input)).rejects.toBeInstanceOf(ProviderUnavailableError);

    stub.failNext({ status: 201, body: {}, delayMs: 3_000 });
    const started = Date.now();
    await expect(paypal.capturePayment(input)).rejects.toThrow(/timed out/);
    expect(Date.now() - started).toBeLessThan(2_500);

    const unreachable = createPayPalProvider({
      apiUrl: 'http://127.0.0.1:1',
      ...paypalStubCredentials,
      timeoutMs: 300,
    });
    await expect(unreachable.capturePayment(input)).rejects.toBeInstanceOf(ProviderUnavailableError);

    // None of these captured anything: the order is still capturable.
    expect(await paypal.capturePayment(input)).toMatchObject({ status: 'captured' });
  });

  it('treats other client errors as provider errors, not as payment outcomes', async () => {
    const reference = await approvedOrder();
    stub.failNext({
      status: 400,
      body: { name: 'INVALID_REQUEST', details: [{ issue: 'MALFORMED_REQUEST_JSON' }] },
    });
    await expect(
      paypal.capturePayment({ reference, amountCents: 1, currency: 'EUR', requestId: 'x' }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe('PayPal paymentStatus (show order details)', () => {
  const statusOf = (reference: string) => paypal.paymentStatus(reference);

  it('follows an order from waiting for the buyer to approved to captured, by GET of the order', async () => {
    const { reference } = await paypal.createPayment(paymentInput({ amountCents: 4990 }));
    expect(await statusOf(reference)).toEqual({ status: 'waiting' });
    const sent = requestsTo(`/v2/checkout/orders/${reference}`).at(-1)!;
    expect(sent.method).toBe('GET');
    expect(sent.headers.authorization).toMatch(/^Bearer A21AA-stub-/);

    stub.approve(reference);
    expect(await statusOf(reference)).toEqual({ status: 'approved' });

    // Captured by a request whose answer never arrived (the process that sent it died).
    const input = { reference, amountCents: 4990, currency: 'EUR', requestId: `capture-${reference}` };
    const capture = await paypal.capturePayment(input);
    expect(await statusOf(reference)).toEqual(capture);
    expect(capture).toMatchObject({ status: 'captured', amountCents: 4990, currency: 'EUR' });
  });

  it('answers not-taken for a voided order, a declined capture and an order PayPal does not know', async () => {
    const voided = await paypal.createPayment(paymentInput());
    stub.voidOrder(voided.reference);
    expect(await statusOf(voided.reference)).toEqual({ status: 'not-taken', reason: 'VOIDED' });

    const declined = await paypal.createPayment(paymentInput());
    stub.approve(declined.reference);
    stub.setCaptureOutcome(declined.reference, { captureStatus: 'DECLINED' });
    await paypal.capturePayment({
      reference: declined.reference,
      amountCents: 129999,
      currency: 'EUR',
      requestId: 'sd',
    });
    expect(await statusOf(declined.reference)).toEqual({ status: 'not-taken', reason: 'DECLINED' });

    expect(await statusOf('0NOSUCHORDER0000')).toEqual({ status: 'not-taken', reason: 'RESOURCE_NOT_FOUND' });
  });

  it('keeps the outcome open for a capture under review, a server error, a time-out and no connection', async () => {
    const pending = await paypal.createPayment(paymentInput());
    stub.approve(pending.reference);
    stub.setCaptureOutcome(pending.reference, { captureStatus: 'PENDING' });
    await expect(
      paypal.capturePayment({
        reference: pending.reference,
        amountCents: 129999,
        currency: 'EUR',
        requestId: 'sp',
      }),
    ).rejects.toBeInstanceOf(CapturePendingError);
    await expect(statusOf(pending.reference)).rejects.toBeInstanceOf(CapturePendingError);

    const { reference } = await paypal.createPayment(paymentInput());
    stub.failNext({ status: 503, body: { name: 'SERVICE_UNAVAILABLE' } });
    await expect(statusOf(reference)).rejects.toBeInstanceOf(ProviderUnavailableError);
    stub.failNext({ status: 200, body: {}, delayMs: 3_000 });
    await expect(statusOf(reference)).rejects.toThrow(/timed out/);
    const unreachable = createPayPalProvider({
      apiUrl: 'http://127.0.0.1:1',
      ...paypalStubCredentials,
      timeoutMs: 300,
    });
    await expect(unreachable.paymentStatus(reference)).rejects.toBeInstanceOf(ProviderUnavailableError);
    // An answer it cannot read is an error, never a "not taken".
    stub.failNext({ status: 200, body: { id: reference, status: 'SOMETHING_NEW' } });
    await expect(statusOf(reference)).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe('PayPal refund', () => {
  it('refunds a capture with the request id and the amount as a decimal string', async () => {
    const created = await paypal.createPayment(paymentInput({ amountCents: 129999 }));
    stub.approve(created.reference);
    const capture = await paypal.capturePayment({
      reference: created.reference,
      amountCents: 129999,
      currency: 'EUR',
      requestId: `c-${created.reference}`,
    });
    if (capture.status !== 'captured') throw new Error('not captured');
    const refund = await paypal.refund({
      captureId: capture.captureId,
      amountCents: 50000,
      currency: 'EUR',
      requestId: 'refund-1',
    });
    expect(refund.refundId).toMatch(/^RF-/);
    const sent = requestsTo(`/v2/payments/captures/${capture.captureId}/refund`).at(-1)!;
    expect(sent.headers['paypal-request-id']).toBe('refund-1');
    expect(jsonOf(sent)).toEqual({ amount: { currency_code: 'EUR', value: '500.00' } });
  });
});

describe('PayPal verifyEvent', () => {
  const captureEvent = {
    id: 'WH-58D329510W468432D-8HN650336L201105X',
    event_version: '1.0',
    create_time: '2025-03-01T10:00:00.000Z',
    resource_type: 'capture',
    event_type: 'PAYMENT.CAPTURE.COMPLETED',
    summary: 'Payment completed for EUR 1299.99',
    resource: {
      id: '42311647XV020574X',
      status: 'COMPLETED',
      amount: { currency_code: 'EUR', value: '1299.99' },
      supplementary_data: { related_ids: { order_id: '5O190127TN364715T' } },
    },
  };
  const transmission = (signature: string) => ({
    'paypal-transmission-id': '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
    'paypal-transmission-time': '2025-03-01T10:00:01Z',
    'paypal-transmission-sig': signature,
    'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
    'paypal-auth-algo': 'SHA256withRSA',
  });

  it('asks PayPal to verify the event as received and maps a completed capture', async () => {
    // Spacing and a trailing zero that a re-serialisation would change.
    const rawBody = JSON.stringify(captureEvent, null, 1).replace('"1.0"', '"1.0" ');
    const event = await paypal.verifyEvent(transmission(paypalGenuineSignature), rawBody);
    expect(event).toEqual({
      eventId: captureEvent.id,
      kind: 'capture-completed',
      reference: '5O190127TN364715T',
      captureId: '42311647XV020574X',
      amountCents: 129999,
      currency: 'EUR',
      payload: captureEvent,
    });
    const sent = requestsTo('/v1/notifications/verify-webhook-signature').at(-1)!;
    expect(sent.body).toContain(`"webhook_event":${rawBody}`);
    expect(jsonOf(sent)).toMatchObject({
      webhook_id: paypalStubCredentials.webhookId,
      transmission_id: '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
      auth_algo: 'SHA256withRSA',
    });
  });

  it('answers null for a forged signature, missing headers or a body that is not an event', async () => {
    expect(await paypal.verifyEvent(transmission('forged'), JSON.stringify(captureEvent))).toBeNull();
    expect(await paypal.verifyEvent({}, JSON.stringify(captureEvent))).toBeNull();
    expect(await paypal.verifyEvent(transmission(paypalGenuineSignature), 'not json')).toBeNull();
  });

  it('maps refunds, denials, voided and approved orders', async () => {
    const verify = (event: object) =>
      paypal.verifyEvent(transmission(paypalGenuineSignature), JSON.stringify(event));
    expect(
      await verify({
        id: 'WH-R1',
        event_type: 'PAYMENT.CAPTURE.REFUNDED',
        resource: {
          id: '1Y107995YT783435V',
          status: 'COMPLETED',
          amount: { currency_code: 'EUR', value: '5.00' },
          links: [
            {
              rel: 'up',
              href: 'https://api.paypal.com/v2/payments/captures/2GG279541U471931P',
              method: 'GET',
            },
          ],
        },
      }),
    ).toMatchObject({
      kind: 'refund-completed',
      captureId: '2GG279541U471931P',
      amountCents: 500,
      reference: null,
    });
    expect(
      await verify({ ...captureEvent, id: 'WH-D1', event_type: 'PAYMENT.CAPTURE.DENIED' }),
    ).toMatchObject({ kind: 'capture-denied', reference: '5O190127TN364715T' });
    expect(
      await verify({
        id: 'WH-V1',
        event_type: 'CHECKOUT.ORDER.VOIDED',
        resource: { id: '5O190127TN364715T' },
      }),
    ).toMatchObject({ kind: 'checkout-canceled', reference: '5O190127TN364715T', captureId: null });
    expect(
      await verify({
        id: 'WH-A1',
        event_type: 'CHECKOUT.ORDER.APPROVED',
        resource: { id: '5O190127TN364715T' },
      }),
    ).toMatchObject({ kind: 'checkout-approved', reference: '5O190127TN364715T', captureId: null });
  });

  it('throws ProviderUnavailableError when PayPal cannot verify right now', async () => {
    stub.failNext({ status: 500, body: { name: 'INTERNAL_SERVER_ERROR' } });
    await expect(
      paypal.verifyEvent(transmission(paypalGenuineSignature), JSON.stringify(captureEvent)),
    ).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});
