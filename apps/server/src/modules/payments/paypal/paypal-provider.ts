import { localeIso } from '@shop/contracts/locale';
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
  headerValue,
  PaymentProviderError,
  type ProviderResponse,
  stringField,
} from '../provider-http.ts';

export type PayPalOptions = {
  /** https://api-m.paypal.com (live) or https://api-m.sandbox.paypal.com. */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** The id PayPal gave the webhook subscription; verify-webhook-signature needs it. */
  webhookId: string;
  timeoutMs: number;
  fetch?: Fetch;
};

/** A token is renewed this long before PayPal says it expires, so no call goes out with a stale one. */
const tokenRenewalMarginMs = 60_000;

/** 422 issues that mean the buyer's money was refused: a final answer for this PayPal order. */
const declineIssues = new Set([
  'INSTRUMENT_DECLINED',
  'PAYER_CANNOT_PAY',
  'TRANSACTION_REFUSED',
  'PAYEE_BLOCKED_TRANSACTION',
  'COMPLIANCE_VIOLATION',
  'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED',
  'PAYER_ACCOUNT_LOCKED_OR_CLOSED',
  'PAYER_ACCOUNT_RESTRICTED',
  'DUPLICATE_INVOICE_ID',
]);

/** 422 issues that mean the buyer has not (yet) approved the order on PayPal's page. */
const notApprovedIssues = new Set(['ORDER_NOT_APPROVED', 'PAYER_ACTION_REQUIRED']);

/** PayPal Orders v2 with intent CAPTURE: create → buyer approves on PayPal → capture. */
export function createPayPalProvider(options: PayPalOptions): PaymentProvider {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const baseUrl = options.apiUrl.replace(/\/+$/, '');
  let token: { value: string; expiresAt: number } | undefined;
  let pendingToken: Promise<string> | undefined;

  async function fetchToken(): Promise<string> {
    const credentials = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const response = await callProvider(
      fetchImpl,
      `${baseUrl}/v1/oauth2/token`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${credentials}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
      },
      options.timeoutMs,
      'PayPal token',
    );
    const accessToken = stringField(response.body, 'access_token');
    const expiresIn = field(response.body, 'expires_in');
    if (response.status !== 200 || !accessToken) throw failure('PayPal token', response);
    token = {
      value: accessToken,
      expiresAt: Date.now() + (typeof expiresIn === 'number' ? expiresIn * 1000 : 0) - tokenRenewalMarginMs,
    };
    return accessToken;
  }

  /** The cached client-credentials token; concurrent callers share one renewal. */
  function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return Promise.resolve(token.value);
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = undefined;
    });
    return pendingToken;
  }

  async function api(
    method: string,
    path: string,
    label: string,
    body?: string,
    requestId?: string,
  ): Promise<ProviderResponse> {
    const send = async () =>
      callProvider(
        fetchImpl,
        `${baseUrl}${path}`,
        {
          method,
          headers: {
            authorization: `Bearer ${await accessToken()}`,
            'content-type': 'application/json',
            accept: 'application/json',
            ...(requestId ? { 'paypal-request-id': requestId } : {}),
          },
          ...(body !== undefined ? { body } : {}),
        },
        options.timeoutMs,
        label,
      );
    const response = await send();
    if (response.status !== 401) return response;
    // A token PayPal revoked before its time: fetch a new one once. The request id makes the repeat safe.
    token = undefined;
    return send();
  }

  async function getOrderCapture(reference: string): Promise<CaptureResult> {
    const response = await api('GET', `/v2/checkout/orders/${encodeURIComponent(reference)}`, 'PayPal order');
    if (response.status !== 200) throw failure('PayPal order', response);
    return captureOutcome(response.body);
  }

  return {
    name: 'paypal',

    async createPayment(input): Promise<CreatedPayment> {
      const orderId = String(input.orderId);
      const body = {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: orderId,
            custom_id: orderId,
            invoice_id: orderId,
            description: input.description.slice(0, 127),
            amount: { currency_code: input.currency, value: centsToDecimal(input.amountCents) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: input.returnUrl,
              cancel_url: input.cancelUrl,
              locale: localeIso[input.locale],
              user_action: 'PAY_NOW',
              // Vouchers are sent by e-mail: nothing to ship, so PayPal asks for no address.
              shipping_preference: 'NO_SHIPPING',
            },
          },
        },
      };
      const response = await api(
        'POST',
        '/v2/checkout/orders',
        'PayPal create order',
        JSON.stringify(body),
        input.requestId,
      );
      if (response.status !== 200 && response.status !== 201) throw failure('PayPal create order', response);
      const reference = stringField(response.body, 'id');
      const links = field(response.body, 'links');
      const approval = Array.isArray(links)
        ? (links.find((link) => field(link, 'rel') === 'payer-action') ??
          links.find((link) => field(link, 'rel') === 'approve'))
        : undefined;
      const approvalUrl = stringField(approval, 'href');
      if (!reference || !approvalUrl) throw failure('PayPal create order (no id or approval link)', response);
      return { reference, approvalUrl };
    },

    async capturePayment(input): Promise<CaptureResult> {
      const response = await api(
        'POST',
        `/v2/checkout/orders/${encodeURIComponent(input.reference)}/capture`,
        'PayPal capture',
        undefined,
        input.requestId,
      );
      if (response.status === 200 || response.status === 201) return captureOutcome(response.body);
      // The buyer's approval lapsed before the capture (PayPal's ORDER_EXPIRED), or PayPal has dropped the
      // order it gave us (it keeps unfinished orders only for a while): a stale approval, not a refusal of
      // the buyer's money; the buyer is asked to approve a new payment (issue 24).
      if (response.status === 404) return { status: 'expired' };
      if (response.status === 422) {
        const issue = firstIssue(response.body);
        // Captured before under another request id (e.g. by a webhook handler): answer that capture.
        if (issue === 'ORDER_ALREADY_CAPTURED') return getOrderCapture(input.reference);
        if (issue === 'ORDER_EXPIRED') return { status: 'expired' };
        if (issue && notApprovedIssues.has(issue)) return { status: 'not-approved' };
        if (issue && declineIssues.has(issue)) return { status: 'declined', reason: issue };
      }
      throw failure('PayPal capture', response);
    },

    async refund(input) {
      const response = await api(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(input.captureId)}/refund`,
        'PayPal refund',
        JSON.stringify({
          amount: { currency_code: input.currency, value: centsToDecimal(input.amountCents) },
        }),
        input.requestId,
      );
      const refundId = stringField(response.body, 'id');
      const status = stringField(response.body, 'status');
      if ((response.status !== 200 && response.status !== 201) || !refundId) {
        throw failure('PayPal refund', response);
      }
      if (status === 'FAILED' || status === 'CANCELLED') {
        throw new PaymentProviderError(`PayPal refund ${refundId} ${status}`, response.status, response.body);
      }
      return { refundId };
    },

    async paymentStatus(reference): Promise<PaymentAtProvider> {
      const response = await api(
        'GET',
        `/v2/checkout/orders/${encodeURIComponent(reference)}`,
        'PayPal order',
      );
      // An order PayPal does not know (never made, or gone after it expired) took no money from anyone.
      if (response.status === 404) return { status: 'not-taken', reason: 'RESOURCE_NOT_FOUND' };
      if (response.status !== 200) throw failure('PayPal order', response);
      return orderStanding(response.body);
    },

    async verifyEvent(headers, rawBody): Promise<PaymentEvent | null> {
      const transmission = {
        auth_algo: headerValue(headers, 'paypal-auth-algo'),
        cert_url: headerValue(headers, 'paypal-cert-url'),
        transmission_id: headerValue(headers, 'paypal-transmission-id'),
        transmission_sig: headerValue(headers, 'paypal-transmission-sig'),
        transmission_time: headerValue(headers, 'paypal-transmission-time'),
      };
      if (Object.values(transmission).some((value) => !value)) return null;
      let event: unknown;
      try {
        event = JSON.parse(rawBody);
      } catch {
        return null;
      }
      if (!stringField(event, 'id') || !stringField(event, 'event_type')) return null;
      // PayPal checks the signature over the body exactly as it sent it; a re-serialised copy can differ
      // (number formats, escapes), so the raw body is spliced in as the webhook_event.
      const request = `${JSON.stringify({ ...transmission, webhook_id: options.webhookId }).slice(0, -1)},"webhook_event":${rawBody.trim()}}`;
      const response = await api(
        'POST',
        '/v1/notifications/verify-webhook-signature',
        'PayPal verify webhook',
        request,
      );
      if (response.status !== 200) {
        if (response.status >= 400 && response.status < 500 && response.status !== 401) return null;
        throw failure('PayPal verify webhook', response);
      }
      if (stringField(response.body, 'verification_status') !== 'SUCCESS') return null;
      return paypalEvent(event);
    },
  };
}

/** The outcome of an order's (first) capture, from a capture answer or a GET of the order. */
function captureOutcome(order: unknown): CaptureResult {
  const captures = field(order, 'purchase_units', 0, 'payments', 'captures');
  const list = Array.isArray(captures) ? captures : [];
  const capture = list.find((entry) => field(entry, 'status') === 'COMPLETED') ?? list[0];
  const status = stringField(capture, 'status');
  const captureId = stringField(capture, 'id');
  if (!capture || !captureId) {
    // An order GET before any capture: the buyer has either not approved yet or just approved.
    const orderStatus = stringField(order, 'status');
    if (orderStatus === 'VOIDED') return { status: 'declined', reason: 'VOIDED' };
    return { status: 'not-approved' };
  }
  if (status === 'COMPLETED') {
    return {
      status: 'captured',
      captureId,
      amountCents: decimalToCents(stringField(capture, 'amount', 'value') ?? ''),
      currency: stringField(capture, 'amount', 'currency_code') ?? '',
    };
  }
  if (status === 'DECLINED' || status === 'FAILED') {
    return { status: 'declined', reason: stringField(capture, 'status_details', 'reason') ?? status };
  }
  // PENDING (e.g. a review at PayPal): money may still come; PAYMENT.CAPTURE.COMPLETED/DENIED will tell.
  throw new CapturePendingError(`PayPal capture ${captureId} is ${status ?? 'in an unknown state'}`);
}

/**
 * Where a PayPal order (a GET of Orders v2) stands. Its captures decide when there are any: PayPal calls an
 * order COMPLETED also when its capture was declined (order_status: "check the payment status in
 * purchase_units[].payments.captures[].status").
 */
function orderStanding(order: unknown): PaymentAtProvider {
  const captures = field(order, 'purchase_units', 0, 'payments', 'captures');
  const list = Array.isArray(captures) ? captures : [];
  // PARTIALLY_REFUNDED: someone gave part of it back at PayPal, the rest is still taken.
  const taken = list.find((entry) =>
    ['COMPLETED', 'PARTIALLY_REFUNDED'].includes(field(entry, 'status') as string),
  );
  const captureId = stringField(taken, 'id');
  if (taken && captureId) {
    return {
      status: 'captured',
      captureId,
      amountCents: decimalToCents(stringField(taken, 'amount', 'value') ?? ''),
      currency: stringField(taken, 'amount', 'currency_code') ?? '',
    };
  }
  const pending = list.find((entry) => field(entry, 'status') === 'PENDING');
  if (pending) {
    throw new CapturePendingError(`PayPal capture ${stringField(pending, 'id') ?? '?'} is PENDING`);
  }
  // DECLINED, FAILED, or REFUNDED in full: nothing is taken.
  if (list.length) return { status: 'not-taken', reason: stringField(list[0], 'status') ?? 'DECLINED' };
  const status = stringField(order, 'status');
  switch (status) {
    case 'APPROVED':
      return { status: 'approved' };
    case 'CREATED':
    case 'SAVED':
    case 'PAYER_ACTION_REQUIRED':
      return { status: 'waiting' };
    case 'VOIDED':
      return { status: 'not-taken', reason: 'VOIDED' };
    default:
      // COMPLETED without a capture (an authorization, which this shop never asks for), or a status
      // PayPal added later: not something to release a hold on.
      throw new PaymentProviderError(`PayPal order in status ${status ?? 'unknown'}`, 200, order);
  }
}

function firstIssue(body: unknown): string | undefined {
  return stringField(body, 'details', 0, 'issue') ?? stringField(body, 'name');
}

function failure(label: string, response: ProviderResponse): PaymentProviderError {
  const issue = firstIssue(response.body);
  const debugId = stringField(response.body, 'debug_id');
  return new PaymentProviderError(
    `${label} failed: ${response.status}${issue ? ` ${issue}` : ''}${debugId ? ` (debug_id ${debugId})` : ''}`,
    response.status,
    response.body,
  );
}

/** Maps a verified webhook event (Orders v2 / Payments v2 resources) to our event. */
export function paypalEvent(event: unknown): PaymentEvent {
  const eventId = stringField(event, 'id') ?? '';
  const type = stringField(event, 'event_type') ?? '';
  const resource = field(event, 'resource');
  const amount = () => {
    const value = stringField(resource, 'amount', 'value');
    return {
      amountCents: value === undefined ? null : decimalToCents(value),
      currency: stringField(resource, 'amount', 'currency_code') ?? null,
    };
  };
  const relatedOrder = stringField(resource, 'supplementary_data', 'related_ids', 'order_id') ?? null;
  const base = { eventId, payload: event };

  switch (type) {
    case 'PAYMENT.CAPTURE.COMPLETED':
    case 'PAYMENT.CAPTURE.DENIED':
      return {
        ...base,
        kind: type === 'PAYMENT.CAPTURE.COMPLETED' ? 'capture-completed' : 'capture-denied',
        reference: relatedOrder,
        captureId: stringField(resource, 'id') ?? null,
        ...amount(),
      };
    case 'PAYMENT.CAPTURE.REFUNDED':
      // The resource is the refund; its "up" link (or related ids) names the refunded capture.
      return {
        ...base,
        kind: 'refund-completed',
        reference: relatedOrder,
        captureId:
          stringField(resource, 'supplementary_data', 'related_ids', 'capture_id') ?? upLinkCapture(resource),
        ...amount(),
      };
    default:
      if (type.startsWith('CHECKOUT.ORDER.')) {
        return {
          ...base,
          kind:
            type === 'CHECKOUT.ORDER.APPROVED'
              ? 'checkout-approved'
              : type === 'CHECKOUT.ORDER.VOIDED'
                ? 'checkout-canceled'
                : 'other',
          reference: stringField(resource, 'id') ?? null,
          captureId: null,
          amountCents: null,
          currency: null,
        };
      }
      return {
        ...base,
        kind: 'other',
        reference: relatedOrder,
        captureId: null,
        amountCents: null,
        currency: null,
      };
  }
}

function upLinkCapture(resource: unknown): string | null {
  const links = field(resource, 'links');
  if (!Array.isArray(links)) return null;
  const href = stringField(
    links.find((link) => field(link, 'rel') === 'up'),
    'href',
  );
  return href?.match(/\/captures\/([^/?#]+)/)?.[1] ?? null;
}
