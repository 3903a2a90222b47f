import { randomBytes } from 'node:crypto';
import { type StubAnswer, type StubRequest, type StubServer, startStubServer } from './stub-server.ts';

/**
 * A stand-in for PayPal's REST API (OAuth2 token, Orders v2, Payments v2 refunds, webhook signature
 * verification) that answers the documented shapes and error bodies. Tests steer it per order.
 */
export const paypalStubCredentials = {
  clientId: 'stub-client',
  clientSecret: 'stub-secret',
  webhookId: 'WH-STUB-1',
};
/** The only transmission signature the stub's verify-webhook-signature calls genuine. */
export const paypalGenuineSignature = 'stub-genuine-signature';

type StubOrder = {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  amount: { currency_code: string; value: string };
  purchaseUnit: Record<string, unknown>;
  /** What the next capture does: complete, fail with a 422 issue, or leave a capture in this status. */
  captureOutcome: { issue: string } | { captureStatus: 'COMPLETED' | 'DECLINED' | 'PENDING' };
  captureId?: string;
  captureStatus?: string;
  captureRequestId?: string;
};

export type PayPalStub = StubServer & {
  /** The buyer approved the order on PayPal's page. */
  approve(orderId: string): void;
  /** PayPal voided the order (the buyer cancelled, or it expired uncaptured): GET answers VOIDED. */
  voidOrder(orderId: string): void;
  setCaptureOutcome(orderId: string, outcome: StubOrder['captureOutcome']): void;
  /** The next API call (not the token) answers this way instead. */
  failNext(answer: StubAnswer): void;
  /** Makes PayPal forget every token it issued (the next call gets 401). */
  revokeTokens(): void;
  tokensIssued(): number;
};

export async function startPayPalStub(): Promise<PayPalStub> {
  const orders = new Map<string, StubOrder>();
  const ordersByRequestId = new Map<string, StubOrder>();
  const refundsByRequestId = new Map<string, unknown>();
  const validTokens = new Set<string>();
  let tokens = 0;
  let nextFailure: StubAnswer | undefined;
  let baseUrl = '';

  const unprocessable = (issue: string): StubAnswer => ({
    status: 422,
    body: {
      name: 'UNPROCESSABLE_ENTITY',
      message:
        'The requested action could not be performed, semantically incorrect, or failed business validation.',
      debug_id: 'f0e1d2c3b4a59',
      details: [{ issue, description: `stub: ${issue}` }],
    },
  });

  const orderBody = (order: StubOrder) => ({
    id: order.id,
    status: order.status,
    purchase_units: [
      {
        ...order.purchaseUnit,
        ...(order.captureId
          ? {
              payments: {
                captures: [
                  {
                    id: order.captureId,
                    status: order.captureStatus,
                    amount: order.amount,
                    final_capture: true,
                    ...(order.captureStatus === 'DECLINED'
                      ? { status_details: { reason: 'DECLINED_BY_RISK_FRAUD_FILTERS' } }
                      : {}),
                  },
                ],
              },
            }
          : {}),
      },
    ],
    links: [
      { href: `${baseUrl}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      ...(order.status === 'CREATED'
        ? [
            {
              href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`,
              rel: 'payer-action',
              method: 'GET',
            },
          ]
        : []),
    ],
  });

  function handle(request: StubRequest): StubAnswer {
    if (request.method === 'POST' && request.path === '/v1/oauth2/token') {
      const expected = Buffer.from(
        `${paypalStubCredentials.clientId}:${paypalStubCredentials.clientSecret}`,
      ).toString('base64');
      if (
        request.headers.authorization !== `Basic ${expected}` ||
        request.body !== 'grant_type=client_credentials'
      ) {
        return {
          status: 401,
          body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
        };
      }
      tokens += 1;
      const token = `A21AA-stub-${tokens}`;
      validTokens.add(token);
      return {
        status: 200,
        body: {
          scope: 'https://uri.paypal.com/services/payments',
          access_token: token,
          token_type: 'Bearer',
          expires_in: 32400,
        },
      };
    }
    const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!validTokens.has(bearer)) {
      return {
        status: 401,
        body: { error: 'invalid_token', error_description: 'Token signature verification failed' },
      };
    }
    if (nextFailure) {
      const answer = nextFailure;
      nextFailure = undefined;
      return answer;
    }
    const requestId = request.headers['paypal-request-id'];
    const requestIdValue = typeof requestId === 'string' ? requestId : undefined;

    if (request.method === 'POST' && request.path === '/v2/checkout/orders') {
      if (!requestIdValue)
        return { status: 400, body: { name: 'INVALID_REQUEST', message: 'stub wants PayPal-Request-Id' } };
      const repeated = ordersByRequestId.get(requestIdValue);
      if (repeated) return { status: 200, body: orderBody(repeated) };
      const body = JSON.parse(request.body) as { purchase_units: Record<string, unknown>[] };
      const unit = body.purchase_units[0] ?? {};
      const order: StubOrder = {
        id: randomBytes(8).toString('hex').toUpperCase(),
        status: 'CREATED',
        amount: unit.amount as StubOrder['amount'],
        purchaseUnit: unit,
        captureOutcome: { captureStatus: 'COMPLETED' },
      };
      orders.set(order.id, order);
      ordersByRequestId.set(requestIdValue, order);
      return { status: 201, body: orderBody(order) };
    }

    const orderPath = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(request.path);
    if (orderPath) {
      const order = orders.get(decodeURIComponent(orderPath[1] ?? ''));
      if (!order) {
        return {
          status: 404,
          body: { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }], debug_id: 'a1' },
        };
      }
      if (request.method === 'GET' && !orderPath[2]) return { status: 200, body: orderBody(order) };
      if (request.method === 'POST' && orderPath[2]) {
        if (!requestIdValue) return { status: 400, body: { name: 'INVALID_REQUEST' } };
        if (order.captureId) {
          // PayPal replays the answer of a repeated PayPal-Request-Id.
          if (order.captureRequestId === requestIdValue) return { status: 201, body: orderBody(order) };
          return unprocessable('ORDER_ALREADY_CAPTURED');
        }
        if (order.status === 'CREATED') return unprocessable('ORDER_NOT_APPROVED');
        if (order.status === 'VOIDED') return unprocessable('ORDER_EXPIRED');
        if ('issue' in order.captureOutcome) return unprocessable(order.captureOutcome.issue);
        order.status = 'COMPLETED';
        order.captureId = `CAP-${randomBytes(6).toString('hex').toUpperCase()}`;
        order.captureStatus = order.captureOutcome.captureStatus;
        order.captureRequestId = requestIdValue;
        return { status: 201, body: orderBody(order) };
      }
    }

    const refundPath = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(request.path);
    if (refundPath && request.method === 'POST') {
      if (!requestIdValue) return { status: 400, body: { name: 'INVALID_REQUEST' } };
      const repeated = refundsByRequestId.get(requestIdValue);
      if (repeated) return { status: 200, body: repeated };
      const captured = [...orders.values()].find((order) => order.captureId === refundPath[1]);
      if (!captured) return { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
      const refund = { id: `RF-${randomBytes(6).toString('hex').toUpperCase()}`, status: 'COMPLETED' };
      refundsByRequestId.set(requestIdValue, refund);
      return { status: 201, body: refund };
    }

    if (request.method === 'POST' && request.path === '/v1/notifications/verify-webhook-signature') {
      const body = JSON.parse(request.body) as Record<string, unknown>;
      const genuine =
        body.transmission_sig === paypalGenuineSignature &&
        body.webhook_id === paypalStubCredentials.webhookId &&
        typeof body.webhook_event === 'object' &&
        ['auth_algo', 'cert_url', 'transmission_id', 'transmission_time'].every(
          (name) => typeof body[name] === 'string',
        );
      return { status: 200, body: { verification_status: genuine ? 'SUCCESS' : 'FAILURE' } };
    }

    return {
      status: 404,
      body: { name: 'RESOURCE_NOT_FOUND', message: `stub has no ${request.method} ${request.path}` },
    };
  }

  const server = await startStubServer(handle);
  baseUrl = server.url;
  return {
    ...server,
    approve(orderId) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no stub order ${orderId}`);
      order.status = 'APPROVED';
    },
    voidOrder(orderId) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no stub order ${orderId}`);
      order.status = 'VOIDED';
    },
    setCaptureOutcome(orderId, outcome) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no stub order ${orderId}`);
      order.captureOutcome = outcome;
    },
    failNext(answer) {
      nextFailure = answer;
    },
    revokeTokens() {
      validTokens.clear();
    },
    tokensIssued: () => tokens,
  };
}
