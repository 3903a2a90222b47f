import { type KeyObject, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CreatePaymentInput,
  type PaymentProvider,
  ProviderUnavailableError,
} from '../payment-provider.ts';
import { CapturePendingError, PaymentProviderError } from '../provider-http.ts';
import {
  type AmazonPayStub,
  amazonPayStubIds,
  createAmazonPayTestKeys,
  startAmazonPayStub,
} from '../testing/amazonpay-stub.ts';
import { createSelfSignedCertificate } from '../testing/self-signed-certificate.ts';
import { jsonOf } from '../testing/stub-server.ts';
import { createAmazonPayProvider } from './amazonpay-provider.ts';
import { snsStringToSign } from './sns-message.ts';

const keys = createAmazonPayTestKeys();
const certificate = createSelfSignedCertificate();
const certificateUrl = 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-stub.pem';
const certificateFetches: string[] = [];

/** The network as the adapter sees it: the SNS certificate host is served from memory, the rest is real. */
const testFetch: typeof fetch = async (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  if (url.startsWith('https://')) {
    certificateFetches.push(url);
    return url === certificateUrl
      ? new Response(certificate.certificatePem)
      : new Response('no', { status: 404 });
  }
  return fetch(input, init);
};

let stub: AmazonPayStub;
let amazonPay: PaymentProvider;
const createProvider = (privateKey = keys.privateKeyPem, apiUrl = stub.url) =>
  createAmazonPayProvider({
    apiUrl,
    publicKeyId: keys.publicKeyId,
    privateKey,
    ...amazonPayStubIds,
    // A second for a local stub's answer, as in paypal-provider.test.ts.
    timeoutMs: 1_000,
    fetch: testFetch,
  });

beforeAll(async () => {
  stub = await startAmazonPayStub(keys.publicKey);
  amazonPay = createProvider();
});
afterAll(() => stub?.close());

let sequence = 0;
function paymentInput(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  sequence += 1;
  return {
    orderId: 7700 + sequence,
    amountCents: 129999,
    currency: 'EUR',
    returnUrl: 'https://shop.example/checkout/authorize?order=77',
    cancelUrl: 'https://shop.example/checkout/cancel?order=77',
    requestId: `amzn-create-${sequence}-${Date.now()}`,
    locale: 'en',
    description: 'Spa voucher Lake Garda',
    ...overrides,
  };
}

const captureOf = (reference: string, requestId: string, amountCents = 129999) =>
  amazonPay.capturePayment({ reference, amountCents, currency: 'EUR', requestId });

describe('Amazon Pay createPayment', () => {
  it('creates a signed checkout session for the additional payment button flow', async () => {
    const input = paymentInput();
    const created = await amazonPay.createPayment(input);
    expect(created.approvalUrl).toBe(
      `https://payments.amazon.de/checkout/processing?amazonCheckoutSessionId=${created.reference}`,
    );
    const sent = stub.requests.at(-1)!;
    expect(sent.path).toBe('/v2/checkoutSessions');
    expect(sent.headers['x-amz-pay-idempotency-key']).toBe(input.requestId);
    expect(sent.headers['x-amz-pay-region']).toBe('eu');
    expect(sent.headers['x-amz-pay-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(sent.headers.authorization).toMatch(/^AMZN-PAY-RSASSA-PSS-V2 PublicKeyId=SANDBOX-AHS7V2TESTKEY/);
    expect(jsonOf(sent)).toMatchObject({
      webCheckoutDetails: {
        checkoutResultReturnUrl: input.returnUrl,
        checkoutCancelUrl: input.cancelUrl,
        checkoutMode: 'ProcessOrder',
      },
      storeId: amazonPayStubIds.storeId,
      paymentDetails: {
        paymentIntent: 'AuthorizeWithCapture',
        chargeAmount: { amount: '1299.99', currencyCode: 'EUR' },
        presentmentCurrency: 'EUR',
      },
      merchantMetadata: { merchantReferenceId: String(input.orderId) },
    });
    expect(stub.rejectedSignatures()).toBe(0);

    const retried = await amazonPay.createPayment(input);
    expect(retried.reference).toBe(created.reference);
  });

  it('is refused by Amazon when signed with another key', async () => {
    const impostor = createProvider(createAmazonPayTestKeys().privateKeyPem);
    await expect(impostor.createPayment(paymentInput())).rejects.toBeInstanceOf(PaymentProviderError);
    expect(stub.rejectedSignatures()).toBe(1);
  });

  it('signs the full path when the API URL carries an environment prefix', async () => {
    const prefixed = createProvider(keys.privateKeyPem, `${stub.url}/sandbox`);
    // The stub has no /sandbox routes, but the signature over the prefixed path must still verify.
    await expect(prefixed.createPayment(paymentInput())).rejects.toThrow(/404 ResourceNotFound/);
    expect(stub.requests.at(-1)!.path).toBe('/sandbox/v2/checkoutSessions');
    expect(stub.rejectedSignatures()).toBe(1);
  });
});

describe('Amazon Pay capturePayment (complete checkout session)', () => {
  it('answers not-approved until the buyer is back, then captures with the amount Amazon charged', async () => {
    const { reference } = await amazonPay.createPayment(paymentInput({ amountCents: 5 }));
    expect(await captureOf(reference, `c-${reference}`, 5)).toEqual({ status: 'not-approved' });

    stub.returnBuyer(reference);
    const result = await captureOf(reference, `c-${reference}`, 5);
    expect(result).toEqual({
      status: 'captured',
      captureId: expect.stringMatching(/^S02-STUB-/),
      amountCents: 5,
      currency: 'EUR',
    });
    const sent = stub.requests.filter((request) => request.path.endsWith('/complete')).at(-1)!;
    expect(sent.headers['x-amz-pay-idempotency-key']).toBe(`c-${reference}`);
    expect(jsonOf(sent)).toEqual({ chargeAmount: { amount: '0.05', currencyCode: 'EUR' } });

    // Repeated, with the same key and with another one: still the one charge.
    expect(await captureOf(reference, `c-${reference}`, 5)).toEqual(result);
    expect(await captureOf(reference, 'another-key', 5)).toEqual(result);
  });

  it('answers declined for a session Amazon cancelled, with its reason', async () => {
    const declined = await amazonPay.createPayment(paymentInput());
    stub.returnBuyer(declined.reference);
    stub.declineOnComplete(declined.reference);
    expect(await captureOf(declined.reference, 'd1')).toEqual({ status: 'declined', reason: 'Declined' });

    const cancelled = await amazonPay.createPayment(paymentInput());
    stub.cancel(cancelled.reference, 'BuyerCanceled');
    expect(await captureOf(cancelled.reference, 'd2')).toEqual({
      status: 'declined',
      reason: 'BuyerCanceled',
    });

    // The buyer came back after the session's 24 hours: a lapsed approval, not a declined payment.
    const lapsed = await amazonPay.createPayment(paymentInput());
    stub.cancel(lapsed.reference, 'Expired');
    expect(await captureOf(lapsed.reference, 'd3')).toEqual({ status: 'expired' });
  });

  it('throws ProviderUnavailableError on 5xx and on a time-out', async () => {
    const { reference } = await amazonPay.createPayment(paymentInput());
    stub.returnBuyer(reference);
    stub.failNext({ status: 503, body: { reasonCode: 'ServiceUnavailable' } });
    await expect(captureOf(reference, 'u1')).rejects.toBeInstanceOf(ProviderUnavailableError);
    stub.failNext({ status: 200, body: {}, delayMs: 3_000 });
    await expect(captureOf(reference, 'u1')).rejects.toThrow(/timed out/);
    expect(await captureOf(reference, 'u1')).toMatchObject({ status: 'captured' });
  });
});

describe('Amazon Pay paymentStatus (get checkout session, get charge)', () => {
  const statusOf = (reference: string) => amazonPay.paymentStatus(reference);

  it('answers waiting for an open session, and the charge for a completed one, with signed GETs', async () => {
    const rejectedBefore = stub.rejectedSignatures();
    const { reference } = await amazonPay.createPayment(paymentInput({ amountCents: 2590 }));
    expect(await statusOf(reference)).toEqual({ status: 'waiting' });
    // The buyer is back but nobody completed the session: Amazon has moved no money yet.
    stub.returnBuyer(reference);
    expect(await statusOf(reference)).toEqual({ status: 'waiting' });

    // Completed by a request whose answer never arrived (the process that sent it died).
    const captured = await captureOf(reference, `capture-${reference}`, 2590);
    expect(await statusOf(reference)).toEqual(captured);
    expect(captured).toMatchObject({
      status: 'captured',
      captureId: stub.chargeOf(reference),
      amountCents: 2590,
    });
    const gets = stub.requests.filter((request) => request.method === 'GET').slice(-2);
    expect(gets.map((request) => request.path)).toEqual([
      `/v2/checkoutSessions/${reference}`,
      `/v2/charges/${stub.chargeOf(reference)}`,
    ]);
    expect(stub.rejectedSignatures()).toBe(rejectedBefore);
  });

  it('answers not-taken for a cancelled session, a declined or canceled charge and an unknown session', async () => {
    const expired = await amazonPay.createPayment(paymentInput());
    stub.cancel(expired.reference, 'Expired');
    expect(await statusOf(expired.reference)).toEqual({ status: 'not-taken', reason: 'Expired' });

    const declined = await amazonPay.createPayment(paymentInput());
    stub.returnBuyer(declined.reference);
    await captureOf(declined.reference, 'sd');
    stub.setChargeState(stub.chargeOf(declined.reference) as string, 'Declined', 'HardDeclined');
    expect(await statusOf(declined.reference)).toEqual({ status: 'not-taken', reason: 'HardDeclined' });

    expect(await statusOf('no-such-session')).toEqual({ status: 'not-taken', reason: 'ResourceNotFound' });
  });

  it('keeps the outcome open for a capture in progress, a server error and a time-out', async () => {
    const { reference } = await amazonPay.createPayment(paymentInput());
    stub.returnBuyer(reference);
    await captureOf(reference, 'sp');
    stub.setChargeState(stub.chargeOf(reference) as string, 'CaptureInitiated');
    await expect(statusOf(reference)).rejects.toBeInstanceOf(CapturePendingError);

    stub.failNext({ status: 503, body: { reasonCode: 'ServiceUnavailable' } });
    await expect(statusOf(reference)).rejects.toBeInstanceOf(ProviderUnavailableError);
    stub.failNext({ status: 200, body: {}, delayMs: 3_000 });
    await expect(statusOf(reference)).rejects.toThrow(/timed out/);
    // A session in a state it cannot read is an error, never a "not taken".
    stub.failNext({
      status: 200,
      body: { checkoutSessionId: reference, statusDetails: { state: 'Strange' } },
    });
    await expect(statusOf(reference)).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe('Amazon Pay refund', () => {
  it('refunds a charge with an idempotency key', async () => {
    const { reference } = await amazonPay.createPayment(paymentInput());
    stub.returnBuyer(reference);
    const capture = await captureOf(reference, `c-${reference}`);
    if (capture.status !== 'captured') throw new Error('not captured');
    const refund = await amazonPay.refund({
      captureId: capture.captureId,
      amountCents: 1000,
      currency: 'EUR',
      requestId: 'refund-7',
    });
    expect(refund.refundId).toMatch(/^S02-STUB-R/);
    const sent = stub.requests.at(-1)!;
    expect(sent.headers['x-amz-pay-idempotency-key']).toBe('refund-7');
    expect(jsonOf(sent)).toEqual({
      chargeId: capture.captureId,
      refundAmount: { amount: '10.00', currencyCode: 'EUR' },
    });
  });
});

describe('Amazon Pay verifyEvent (IPN over SNS)', () => {
  function snsNotification(
    message: object,
    options: { version?: '1' | '2'; key?: KeyObject; certUrl?: string; messageId?: string } = {},
  ) {
    const fields = {
      Type: 'Notification' as const,
      MessageId: options.messageId ?? 'a1b2c3d4-0000-5555-8888-000000000001',
      TopicArn: 'arn:aws:sns:eu-west-1:291180941288:A2STUBMERCHANT',
      Message: JSON.stringify(message),
      Timestamp: '2025-03-01T10:00:00.000Z',
    };
    const version = options.version ?? '2';
    const signature = sign(
      version === '1' ? 'sha1' : 'sha256',
      Buffer.from(snsStringToSign(fields)),
      options.key ?? certificate.privateKey,
    ).toString('base64');
    return JSON.stringify({
      ...fields,
      SignatureVersion: version,
      Signature: signature,
      SigningCertURL: options.certUrl ?? certificateUrl,
      UnsubscribeURL: 'https://sns.eu-west-1.amazonaws.com/?Action=Unsubscribe',
    });
  }
  const ipn = (objectType: string, objectId: string, overrides: object = {}) => ({
    MerchantID: amazonPayStubIds.merchantId,
    ObjectType: objectType,
    ObjectId: objectId,
    ChargePermissionId: 'S02-STUB-PERMISSION',
    NotificationType: 'STATE_CHANGE',
    NotificationId: `N-${objectId}`,
    NotificationVersion: 'V2',
    ...overrides,
  });

  it('verifies the SNS signature (versions 1 and 2), then reads the charge the IPN names', async () => {
    stub.addCharge({
      chargeId: 'S02-IPN-CHARGE-1',
      chargeAmount: { amount: '1299.99', currencyCode: 'EUR' },
      captureAmount: { amount: '1299.99', currencyCode: 'EUR' },
      statusDetails: { state: 'Captured' },
    });
    const event = await amazonPay.verifyEvent({}, snsNotification(ipn('CHARGE', 'S02-IPN-CHARGE-1')));
    expect(event).toMatchObject({
      eventId: 'N-S02-IPN-CHARGE-1',
      kind: 'capture-completed',
      reference: null,
      captureId: 'S02-IPN-CHARGE-1',
      amountCents: 129999,
      currency: 'EUR',
    });
    expect(stub.requests.at(-1)!.path).toBe('/v2/charges/S02-IPN-CHARGE-1');

    stub.addCharge({ chargeId: 'S02-IPN-CHARGE-2', statusDetails: { state: 'Declined' } });
    const declined = await amazonPay.verifyEvent(
      {},
      snsNotification(ipn('CHARGE', 'S02-IPN-CHARGE-2'), { version: '1' }),
    );
    expect(declined).toMatchObject({
      kind: 'capture-denied',
      captureId: 'S02-IPN-CHARGE-2',
      amountCents: null,
    });
    // The certificate was fetched once for both.
    expect(certificateFetches.filter((url) => url === certificateUrl)).toHaveLength(1);
  });

  it('maps a completed refund to the refunded charge', async () => {
    stub.addRefund({
      refundId: 'S02-IPN-REFUND-1',
      chargeId: 'S02-IPN-CHARGE-1',
      refundAmount: { amount: '10.00', currencyCode: 'EUR' },
      statusDetails: { state: 'Refunded' },
    });
    expect(await amazonPay.verifyEvent({}, snsNotification(ipn('REFUND', 'S02-IPN-REFUND-1')))).toMatchObject(
      {
        kind: 'refund-completed',
        captureId: 'S02-IPN-CHARGE-1',
        amountCents: 1000,
      },
    );
  });

  it('answers null for forged signatures, foreign certificates, other merchants and other bodies', async () => {
    const message = ipn('CHARGE', 'S02-IPN-CHARGE-1');
    const forged = createSelfSignedCertificate();
    expect(await amazonPay.verifyEvent({}, snsNotification(message, { key: forged.privateKey }))).toBeNull();
    const tampered = JSON.parse(snsNotification(message)) as Record<string, string>;
    tampered.Message = JSON.stringify({ ...message, ObjectId: 'S02-SOMETHING-ELSE' });
    expect(await amazonPay.verifyEvent({}, JSON.stringify(tampered))).toBeNull();

    const fetchesBefore = certificateFetches.length;
    for (const certUrl of [
      'https://evil.example/SimpleNotificationService-stub.pem',
      'http://sns.eu-west-1.amazonaws.com/SimpleNotificationService-stub.pem',
      'https://sns.eu-west-1.amazonaws.com.evil.example/cert.pem',
    ]) {
      expect(await amazonPay.verifyEvent({}, snsNotification(message, { certUrl }))).toBeNull();
    }
    expect(certificateFetches.length).toBe(fetchesBefore);

    const otherMerchant = ipn('CHARGE', 'S02-IPN-CHARGE-1', { MerchantID: 'A9OTHER' });
    expect(await amazonPay.verifyEvent({}, snsNotification(otherMerchant))).toBeNull();
    expect(await amazonPay.verifyEvent({}, '{"Type":"SubscriptionConfirmation"}')).toBeNull();
    expect(await amazonPay.verifyEvent({}, 'not json')).toBeNull();
  });
});
