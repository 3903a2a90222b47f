import { constants, createHash, generateKeyPairSync, type KeyObject, randomBytes, verify } from 'node:crypto';
import { type StubAnswer, type StubRequest, type StubServer, startStubServer } from './stub-server.ts';

/**
 * A stand-in for the Amazon Pay API v2 (checkout sessions, charges, refunds). Like Amazon it rejects
 * every request whose AMZN-PAY-RSASSA-PSS-V2 signature does not verify with the registered public
 * key; the check is written here from the documented scheme, independent of the adapter's signer.
 */
export type AmazonPayStubKeys = { publicKeyId: string; privateKeyPem: string; publicKey: KeyObject };

export function createAmazonPayTestKeys(): AmazonPayStubKeys {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicKeyId: 'SANDBOX-AHS7V2TESTKEY0000000000',
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey,
  };
}

export const amazonPayStubIds = {
  storeId: 'amzn1.application-oa2-client.stub',
  merchantId: 'A2STUBMERCHANT',
};

type Session = {
  checkoutSessionId: string;
  state: 'Open' | 'Completed' | 'Canceled';
  reasonCode: string | null;
  /** The buyer finished on Amazon's page and came back: the session may be completed. */
  buyerReturned: boolean;
  declineOnComplete: boolean;
  request: Record<string, unknown>;
  chargeAmount: { amount: string; currencyCode: string };
  chargeId: string | null;
  completeKey?: string;
};

export type AmazonPayStub = StubServer & {
  returnBuyer(sessionId: string): void;
  cancel(sessionId: string, reasonCode: string): void;
  declineOnComplete(sessionId: string): void;
  failNext(answer: StubAnswer): void;
  /** The charge a completed session made (null before), for status tests. */
  chargeOf(sessionId: string): string | null;
  /** Moves a charge to another state (Get Charge answers it), e.g. CaptureInitiated or Declined. */
  setChargeState(chargeId: string, state: string, reasonCode?: string): void;
  /** A charge or refund the stub knows, for IPN tests. */
  addCharge(charge: Record<string, unknown>): void;
  addRefund(refund: Record<string, unknown>): void;
  /** Requests whose signature did not verify. */
  rejectedSignatures(): number;
};

export async function startAmazonPayStub(publicKey: KeyObject): Promise<AmazonPayStub> {
  const sessions = new Map<string, Session>();
  const sessionsByKey = new Map<string, Session>();
  const charges = new Map<string, Record<string, unknown>>();
  const refunds = new Map<string, Record<string, unknown>>();
  let rejected = 0;
  let nextFailure: StubAnswer | undefined;

  const error = (status: number, reasonCode: string): StubAnswer => ({
    status,
    body: { reasonCode, message: `stub: ${reasonCode}` },
  });

  const sessionBody = (session: Session) => ({
    checkoutSessionId: session.checkoutSessionId,
    webCheckoutDetails: {
      ...(session.request.webCheckoutDetails as object),
      amazonPayRedirectUrl: `https://payments.amazon.de/checkout/processing?amazonCheckoutSessionId=${session.checkoutSessionId}`,
    },
    chargePermissionType: 'OneTime',
    productType: session.request.productType,
    paymentDetails: session.request.paymentDetails,
    merchantMetadata: session.request.merchantMetadata,
    storeId: session.request.storeId,
    statusDetails: {
      state: session.state,
      reasonCode: session.reasonCode,
      reasonDescription: null,
      lastUpdatedTimestamp: '20250301T100000Z',
    },
    chargePermissionId: session.chargeId ? 'S02-STUB-PERMISSION' : null,
    chargeId: session.chargeId,
    releaseEnvironment: 'Sandbox',
  });

  function signatureIsValid(request: StubRequest): boolean {
    const match = /^AMZN-PAY-RSASSA-PSS-V2 PublicKeyId=([^,]+), SignedHeaders=([^,]+), Signature=(\S+)$/.exec(
      String(request.headers.authorization ?? ''),
    );
    if (!match) return false;
    const signed = (match[2] ?? '').split(';');
    const required = ['x-amz-pay-date', 'x-amz-pay-host', 'x-amz-pay-region'];
    if (request.method === 'POST') required.push('x-amz-pay-idempotency-key');
    if (!required.every((name) => signed.includes(name) && request.headers[name])) return false;
    if (request.headers['x-amz-pay-host'] !== request.headers.host) return false;
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    const canonical = `${request.method}\n${request.path.split('?')[0]}\n\n${signed
      .map((name) => `${name}:${String(request.headers[name] ?? '').trim()}\n`)
      .join('')}\n${signed.join(';')}\n${sha256(request.body)}`;
    return verify(
      'sha256',
      Buffer.from(`AMZN-PAY-RSASSA-PSS-V2\n${sha256(canonical)}`),
      { key: publicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 },
      Buffer.from(match[3] ?? '', 'base64'),
    );
  }

  function handle(request: StubRequest): StubAnswer {
    if (!signatureIsValid(request)) {
      rejected += 1;
      return error(401, 'InvalidRequestSignature');
    }
    if (nextFailure) {
      const answer = nextFailure;
      nextFailure = undefined;
      return answer;
    }
    const key = String(request.headers['x-amz-pay-idempotency-key'] ?? '');

    if (request.method === 'POST' && request.path === '/v2/checkoutSessions') {
      const repeated = sessionsByKey.get(key);
      if (repeated) return { status: 201, body: sessionBody(repeated) };
      const body = JSON.parse(request.body) as Record<string, unknown>;
      if (body.storeId !== amazonPayStubIds.storeId) return error(400, 'InvalidParameterValue');
      const paymentDetails = body.paymentDetails as { chargeAmount: Session['chargeAmount'] };
      const session: Session = {
        checkoutSessionId: `${randomBytes(4).toString('hex')}-stub-${randomBytes(6).toString('hex')}`,
        state: 'Open',
        reasonCode: null,
        buyerReturned: false,
        declineOnComplete: false,
        request: body,
        chargeAmount: paymentDetails.chargeAmount,
        chargeId: null,
      };
      sessions.set(session.checkoutSessionId, session);
      sessionsByKey.set(key, session);
      return { status: 201, body: sessionBody(session) };
    }

    const sessionPath = /^\/v2\/checkoutSessions\/([^/]+)(\/complete)?$/.exec(request.path);
    if (sessionPath) {
      const session = sessions.get(decodeURIComponent(sessionPath[1] ?? ''));
      if (!session) return error(404, 'ResourceNotFound');
      if (request.method === 'GET' && !sessionPath[2]) return { status: 200, body: sessionBody(session) };
      if (request.method === 'POST' && sessionPath[2]) {
        if (session.state === 'Completed') {
          return session.completeKey === key
            ? { status: 200, body: sessionBody(session) }
            : error(422, 'InvalidCheckoutSessionStatus');
        }
        if (session.state === 'Canceled') return error(422, 'CheckoutSessionCanceled');
        if (!session.buyerReturned) return error(422, 'InvalidCheckoutSessionStatus');
        const { chargeAmount } = JSON.parse(request.body) as { chargeAmount: Session['chargeAmount'] };
        if (
          chargeAmount.amount !== session.chargeAmount.amount ||
          chargeAmount.currencyCode !== session.chargeAmount.currencyCode
        ) {
          return error(400, 'AmountMismatch');
        }
        if (session.declineOnComplete) {
          session.state = 'Canceled';
          session.reasonCode = 'Declined';
          return error(422, 'CheckoutSessionCanceled');
        }
        session.state = 'Completed';
        session.chargeId = `S02-STUB-${randomBytes(4).toString('hex')}-C${randomBytes(3).toString('hex')}`;
        session.completeKey = key;
        charges.set(session.chargeId, {
          chargeId: session.chargeId,
          chargePermissionId: 'S02-STUB-PERMISSION',
          chargeAmount: session.chargeAmount,
          captureAmount: session.chargeAmount,
          refundedAmount: { amount: '0.00', currencyCode: session.chargeAmount.currencyCode },
          statusDetails: {
            state: 'Captured',
            reasonCode: null,
            reasonDescription: null,
            lastUpdatedTimestamp: '20250301T100001Z',
          },
          releaseEnvironment: 'Sandbox',
        });
        return { status: 200, body: sessionBody(session) };
      }
    }

    const chargePath = /^\/v2\/charges\/([^/]+)$/.exec(request.path);
    if (chargePath && request.method === 'GET') {
      const charge = charges.get(decodeURIComponent(chargePath[1] ?? ''));
      return charge ? { status: 200, body: charge } : error(404, 'ResourceNotFound');
    }

    if (request.path === '/v2/refunds' && request.method === 'POST') {
      const body = JSON.parse(request.body) as { chargeId: string; refundAmount: unknown };
      if (!charges.has(body.chargeId)) return error(404, 'ResourceNotFound');
      const refund = {
        refundId: `S02-STUB-R${randomBytes(4).toString('hex')}`,
        chargeId: body.chargeId,
        refundAmount: body.refundAmount,
        statusDetails: { state: 'RefundInitiated', reasonCode: null },
      };
      refunds.set(refund.refundId, refund);
      return { status: 201, body: refund };
    }

    const refundPath = /^\/v2\/refunds\/([^/]+)$/.exec(request.path);
    if (refundPath && request.method === 'GET') {
      const refund = refunds.get(decodeURIComponent(refundPath[1] ?? ''));
      return refund ? { status: 200, body: refund } : error(404, 'ResourceNotFound');
    }

    return error(404, 'ResourceNotFound');
  }

  const server = await startStubServer(handle);
  const session = (id: string) => {
    const found = sessions.get(id);
    if (!found) throw new Error(`no stub session ${id}`);
    return found;
  };
  return {
    ...server,
    returnBuyer(id) {
      session(id).buyerReturned = true;
    },
    cancel(id, reasonCode) {
      const found = session(id);
      found.state = 'Canceled';
      found.reasonCode = reasonCode;
    },
    declineOnComplete(id) {
      session(id).declineOnComplete = true;
    },
    failNext(answer) {
      nextFailure = answer;
    },
    chargeOf: (id) => session(id).chargeId,
    setChargeState(chargeId, state, reasonCode) {
      const charge = charges.get(chargeId);
      if (!charge) throw new Error(`no stub charge ${chargeId}`);
      charge.statusDetails = { state, reasonCode: reasonCode ?? null, reasonDescription: null };
    },
    addCharge(charge) {
      charges.set(String(charge.chargeId), charge);
    },
    addRefund(refund) {
      refunds.set(String(refund.refundId), refund);
    },
    rejectedSignatures: () => rejected,
  };
}
