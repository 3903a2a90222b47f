import { createPrivateKey } from 'node:crypto';
import { centsToDecimal, decimalToCents } from '../amount.ts';
import type {
  CaptureResult,
  CreatedPayment,
  PaymentAtProvider,
  PaymentEvent,
  PaymentProvider,
} from '../payment-provider.ts';
import {
  CapturePendingError,
  callProvider,
  type Fetch,
  field,
  PaymentProviderError,
  type ProviderResponse,
  stringField,
} from '../provider-http.ts';
import { amazonPayDate, signRequest } from './amazonpay-signing.ts';
import { createSnsVerifier, parseSnsNotification } from './sns-message.ts';

export type AmazonPayOptions = {
  /**
   * https://pay-api.amazon.eu (or .com, .jp). Environment-specific key ids (LIVE-…, SANDBOX-…) select
   * the environment themselves; with an older key id append /live or /sandbox to this URL.
   */
  apiUrl: string;
  publicKeyId: string;
  /** PEM of the private key whose public key is registered in Seller Central. */
  privateKey: string;
  storeId: string;
  merchantId: string;
  timeoutMs: number;
  fetch?: Fetch;
};

/** Amazon Pay Checkout v2, "Additional Payment Button" flow: session → Amazon's page → complete. */
export function createAmazonPayProvider(options: AmazonPayOptions): PaymentProvider {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const base = new URL(options.apiUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const region = regionOf(base.hostname);
  const verifySns = createSnsVerifier({ fetch: fetchImpl, timeoutMs: options.timeoutMs });
  // Parsed once: a broken key fails at start-up instead of at the first customer's payment.
  const credentials = { publicKeyId: options.publicKeyId, privateKey: createPrivateKey(options.privateKey) };

  function api(
    method: 'GET' | 'POST',
    path: string,
    label: string,
    payload?: unknown,
    idempotencyKey?: string,
  ): Promise<ProviderResponse> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const fullPath = `${basePath}${path}`;
    const headers = signRequest(
      {
        method,
        path: fullPath,
        body,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'x-amz-pay-date': amazonPayDate(new Date()),
          'x-amz-pay-host': base.host,
          'x-amz-pay-region': region,
          ...(method === 'POST' && idempotencyKey ? { 'x-amz-pay-idempotency-key': idempotencyKey } : {}),
        },
      },
      credentials,
    );
    return callProvider(
      fetchImpl,
      `${base.origin}${fullPath}`,
      { method, headers, ...(method === 'POST' ? { body } : {}) },
      options.timeoutMs,
      label,
    );
  }

  async function getSession(id: string): Promise<unknown> {
    const response = await api('GET', `/v2/checkoutSessions/${encodeURIComponent(id)}`, 'Amazon Pay session');
    if (response.status !== 200) throw failure('Amazon Pay session', response);
    return response.body;
  }

  return {
    name: 'amazonpay',

    async createPayment(input): Promise<CreatedPayment> {
      const chargeAmount = { amount: centsToDecimal(input.amountCents), currencyCode: input.currency };
      const response = await api(
        'POST',
        '/v2/checkoutSessions',
        'Amazon Pay create session',
        {
          webCheckoutDetails: {
            checkoutResultReturnUrl: input.returnUrl,
            checkoutCancelUrl: input.cancelUrl,
            checkoutMode: 'ProcessOrder',
          },
          storeId: options.storeId,
          scopes: ['name', 'email'],
          chargePermissionType: 'OneTime',
          // Vouchers are sent by e-mail: no shipping address to collect.
          productType: 'PayOnly',
          paymentDetails: {
            paymentIntent: 'AuthorizeWithCapture',
            // The customer waits on the return page for a definite answer.
            canHandlePendingAuthorization: false,
            chargeAmount,
            presentmentCurrency: input.currency,
          },
          merchantMetadata: {
            merchantReferenceId: String(input.orderId),
            noteToBuyer: input.description.slice(0, 255),
          },
        },
        input.requestId,
      );
      if (response.status !== 200 && response.status !== 201) {
        throw failure('Amazon Pay create session', response);
      }
      const reference = stringField(response.body, 'checkoutSessionId');
      const approvalUrl = stringField(response.body, 'webCheckoutDetails', 'amazonPayRedirectUrl');
      if (!reference || !approvalUrl) {
        throw failure('Amazon Pay create session (no id or redirect URL)', response);
      }
      return { reference, approvalUrl };
    },

    async capturePayment(input): Promise<CaptureResult> {
      const response = await api(
        'POST',
        `/v2/checkoutSessions/${encodeURIComponent(input.reference)}/complete`,
        'Amazon Pay complete',
        { chargeAmount: { amount: centsToDecimal(input.amountCents), currencyCode: input.currency } },
        input.requestId,
      );
      if (response.status === 202) {
        throw new CapturePendingError(`Amazon Pay session ${input.reference} is pending`);
      }
      if (response.status === 200 || response.status === 201) return sessionOutcome(response.body);
      if (response.status === 404) return { status: 'declined', reason: 'ResourceNotFound' };
      // Not completable (buyer not back yet, cancelled, declined, or completed before under another
      // key): the session's own state says which.
      if (response.status === 409 || response.status === 422)
        return sessionOutcome(await getSession(input.reference));
      throw failure('Amazon Pay complete', response);
    },

    async refund(input) {
      const response = await api(
        'POST',
        '/v2/refunds',
        'Amazon Pay refund',
        {
          chargeId: input.captureId,
          refundAmount: { amount: centsToDecimal(input.amountCents), currencyCode: input.currency },
        },
        input.requestId,
      );
      const refundId = stringField(response.body, 'refundId');
      if ((response.status !== 200 && response.status !== 201) || !refundId) {
        throw failure('Amazon Pay refund', response);
      }
      if (stringField(response.body, 'statusDetails', 'state') === 'Declined') {
        throw new PaymentProviderError(
          `Amazon Pay refund ${refundId} declined`,
          response.status,
          response.body,
        );
      }
      return { refundId };
    },

    async paymentStatus(reference): Promise<PaymentAtProvider> {
      const response = await api(
        'GET',
        `/v2/checkoutSessions/${encodeURIComponent(reference)}`,
        'Amazon Pay session',
      );
      // Amazon deletes sessions after 30 days; one it does not know took no money.
      if (response.status === 404) return { status: 'not-taken', reason: 'ResourceNotFound' };
      if (response.status !== 200) throw failure('Amazon Pay session', response);
      const session = response.body;
      const state = stringField(session, 'statusDetails', 'state');
      // Open: the buyer is on Amazon's page or back without our Complete call, which alone moves money;
      // Amazon cancels a session left open for 24 hours.
      if (state === 'Open') return { status: 'waiting' };
      if (state === 'Canceled') {
        return {
          status: 'not-taken',
          reason: stringField(session, 'statusDetails', 'reasonCode') ?? 'Canceled',
        };
      }
      const chargeId = stringField(session, 'chargeId');
      if (state !== 'Completed' || !chargeId) {
        throw new PaymentProviderError(`Amazon Pay session in state ${state ?? 'unknown'}`, 200, session);
      }
      // A completed session names its charge; the charge says whether the money was captured.
      const charge = await api('GET', `/v2/charges/${encodeURIComponent(chargeId)}`, 'Amazon Pay charge');
      if (charge.status !== 200) throw failure('Amazon Pay charge', charge);
      return chargeStanding(chargeId, charge.body);
    },

    async verifyEvent(_headers, rawBody): Promise<PaymentEvent | null> {
      const notification = parseSnsNotification(rawBody);
      if (!notification || !(await verifySns(notification))) return null;
      let message: unknown;
      try {
        message = JSON.parse(notification.Message);
      } catch {
        return null;
      }
      const eventId = stringField(message, 'NotificationId');
      const objectType = stringField(message, 'ObjectType');
      const objectId = stringField(message, 'ObjectId');
      // A genuine SNS message for another merchant is not ours to act on.
      if (!eventId || !objectType || !objectId || stringField(message, 'MerchantID') !== options.merchantId) {
        return null;
      }
      // The IPN only says that something changed; the object's current state is fetched (IPN guide).
      return ipnEvent(eventId, objectType, objectId, message, async (path, label) => {
        const response = await api('GET', path, label);
        if (response.status !== 200) throw failure(label, response);
        return response.body;
      });
    },
  };
}

function sessionOutcome(session: unknown): CaptureResult {
  const state = stringField(session, 'statusDetails', 'state');
  if (state === 'Completed') {
    const captureId = stringField(session, 'chargeId');
    const amount = field(session, 'paymentDetails', 'chargeAmount') ?? field(session, 'chargeAmount');
    const value = stringField(amount, 'amount');
    const currency = stringField(amount, 'currencyCode');
    if (!captureId || value === undefined || !currency) {
      throw new PaymentProviderError('Amazon Pay session completed without charge or amount', 200, session);
    }
    return { status: 'captured', captureId, amountCents: decimalToCents(value), currency };
  }
  if (state === 'Canceled') {
    const reason = stringField(session, 'statusDetails', 'reasonCode') ?? 'Canceled';
    // The buyer came back after the session's 24 hours: not a refusal of the buyer's means of payment.
    return reason === 'Expired' ? { status: 'expired' } : { status: 'declined', reason };
  }
  return { status: 'not-approved' };
}

/** Where a charge stands (Get Charge): Captured, on its way there, or declined / canceled. */
function chargeStanding(chargeId: string, charge: unknown): PaymentAtProvider {
  const state = stringField(charge, 'statusDetails', 'state');
  switch (state) {
    case 'Captured': {
      const amount = field(charge, 'captureAmount') ?? field(charge, 'chargeAmount');
      const value = stringField(amount, 'amount');
      const currency = stringField(amount, 'currencyCode');
      if (value === undefined || !currency) {
        throw new PaymentProviderError(
          `Amazon Pay charge ${chargeId} captured without an amount`,
          200,
          charge,
        );
      }
      return { status: 'captured', captureId: chargeId, amountCents: decimalToCents(value), currency };
    }
    case 'Declined':
    case 'Canceled':
      return { status: 'not-taken', reason: stringField(charge, 'statusDetails', 'reasonCode') ?? state };
    case 'AuthorizationInitiated':
    case 'Authorized':
    case 'CaptureInitiated':
      // Money reserved or being moved: the outcome is Amazon's to settle, and its IPN will tell.
      throw new CapturePendingError(`Amazon Pay charge ${chargeId} is ${state}`);
    default:
      throw new PaymentProviderError(
        `Amazon Pay charge ${chargeId} in state ${state ?? 'unknown'}`,
        200,
        charge,
      );
  }
}

async function ipnEvent(
  eventId: string,
  objectType: string,
  objectId: string,
  message: unknown,
  get: (path: string, label: string) => Promise<unknown>,
): Promise<PaymentEvent> {
  const id = encodeURIComponent(objectId);
  const none = { reference: null, captureId: null, amountCents: null, currency: null };
  const amountOf = (value: unknown) => {
    const amount = stringField(value, 'amount');
    return {
      amountCents: amount === undefined ? null : decimalToCents(amount),
      currency: stringField(value, 'currencyCode') ?? null,
    };
  };

  switch (objectType) {
    case 'CHARGE': {
      const charge = await get(`/v2/charges/${id}`, 'Amazon Pay charge');
      const state = stringField(charge, 'statusDetails', 'state');
      const kind =
        state === 'Captured' ? 'capture-completed' : state === 'Declined' ? 'capture-denied' : 'other';
      return {
        eventId,
        kind,
        // A charge does not name its checkout session: the order is found by the charge id.
        reference: null,
        captureId: objectId,
        ...amountOf(field(charge, 'captureAmount') ?? field(charge, 'chargeAmount')),
        payload: { message, charge },
      };
    }
    case 'REFUND': {
      const refund = await get(`/v2/refunds/${id}`, 'Amazon Pay refund');
      const state = stringField(refund, 'statusDetails', 'state');
      return {
        eventId,
        kind: state === 'Refunded' ? 'refund-completed' : 'other',
        reference: null,
        captureId: stringField(refund, 'chargeId') ?? null,
        ...amountOf(field(refund, 'refundAmount')),
        payload: { message, refund },
      };
    }
    case 'CHECKOUT_SESSION': {
      const session = await get(`/v2/checkoutSessions/${id}`, 'Amazon Pay session');
      const state = stringField(session, 'statusDetails', 'state');
      return {
        eventId,
        kind: state === 'Canceled' ? 'checkout-canceled' : 'other',
        ...none,
        reference: objectId,
        payload: { message, session },
      };
    }
    default:
      return { eventId, kind: 'other', ...none, payload: { message } };
  }
}

/** x-amz-pay-region from the API host: pay-api.amazon.com → na, .eu → eu, .jp → jp. */
function regionOf(hostname: string): string {
  if (hostname.endsWith('.amazon.com')) return 'na';
  if (hostname.endsWith('.amazon.jp')) return 'jp';
  return 'eu';
}

function failure(label: string, response: ProviderResponse): PaymentProviderError {
  const reason = stringField(response.body, 'reasonCode');
  return new PaymentProviderError(
    `${label} failed: ${response.status}${reason ? ` ${reason}` : ''}`,
    response.status,
    response.body,
  );
}
