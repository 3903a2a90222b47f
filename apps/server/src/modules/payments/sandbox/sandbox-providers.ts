import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { text } from '@shop/contracts/text';
import { z } from 'zod';
import type { Database } from '#src/db/client.ts';
import { findOrCreateInstallationSecret } from '#src/db/installation-secrets.ts';
import {
  type CaptureResult,
  type PaymentAtProvider,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentProviders,
  type ProviderName,
  ProviderUnavailableError,
} from '../payment-provider.ts';
import { headerValue } from '../provider-http.ts';
import {
  captureSandboxPayment,
  findSandboxCapture,
  findSandboxPayment,
  findSandboxPaymentAge,
  insertSandboxPayment,
  insertSandboxRefund,
  type SandboxPayment,
} from './sandbox.repository.ts';

/**
 * The built-in provider simulator (PAYMENTS_MODE=sandbox): the same interface as PayPal and Amazon
 * Pay, answered from table sandbox_payments, whose state the customer picks on /sandbox/<provider>/<id>.
 */
export const sandboxIdPrefix: Record<ProviderName, string> = { paypal: 'SBX-PP-', amazonpay: 'SBX-AP-' };

export const sandboxProviderLabel: Record<ProviderName, string> = {
  paypal: 'PayPal',
  amazonpay: 'Amazon Pay',
};

/**
 * Hours after which a payment nobody captured lapses at the simulator, as an Amazon Pay checkout session
 * is cancelled after 24 hours open: also the end of a simulated time-out, which otherwise would keep its
 * order's hold for ever (the shop releases a hold only on a provider's answer).
 */
export const sandboxPaymentLifetimeHours = 24;

export function createSandboxProviders(db: Database): PaymentProviders {
  return { paypal: createSandboxProvider(db, 'paypal'), amazonpay: createSandboxProvider(db, 'amazonpay') };
}

function createSandboxProvider(db: Database, name: ProviderName): PaymentProvider {
  async function capture(reference: string, requestId: string, attempt = 0): Promise<CaptureResult> {
    const captured = await captureSandboxPayment(db, reference, `SBX-CAP-${randomId()}`, requestId);
    const payment = captured ?? (await findSandboxPayment(db, reference));
    if (!payment || payment.provider !== name) return { status: 'declined', reason: 'RESOURCE_NOT_FOUND' };
    switch (payment.state) {
      case 'captured':
        // The first capture, whoever asked for it: a payment is never captured twice.
        return capturedResult(payment);
      case 'declined':
        return { status: 'declined', reason: 'INSTRUMENT_DECLINED' };
      case 'timeout':
        throw new ProviderUnavailableError(`${sandboxProviderLabel[name]} (simulated) timed out`);
      case 'expired':
        return { status: 'expired' };
      case 'approved':
        // Approved between our UPDATE and SELECT: try once more.
        if (attempt === 0) return capture(reference, requestId, 1);
        return { status: 'not-approved' };
      default:
        return { status: 'not-approved' };
    }
  }

  return {
    name,

    async createPayment(input) {
      // The id opens the payment's approval page to whoever holds it, so it must not follow from the
      // order or the time; a retried create finds the payment it created before by its request id.
      const payment = await insertSandboxPayment(db, {
        id: `${sandboxIdPrefix[name]}${randomId()}`,
        provider: name,
        amount_cents: input.amountCents,
        currency: input.currency,
        return_url: input.returnUrl,
        cancel_url: input.cancelUrl,
        request_id: input.requestId,
      });
      return { reference: payment.id, approvalUrl: `/sandbox/${name}/${payment.id}` };
    },

    capturePayment: (input) => capture(input.reference, input.requestId),

    async refund(input) {
      const payment = await findSandboxCapture(db, input.captureId);
      if (!payment || payment.provider !== name)
        throw new Error(`unknown sandbox capture ${input.captureId}`);
      if (input.amountCents <= 0 || input.amountCents > payment.amount_cents) {
        throw new Error(`refund of ${input.amountCents} exceeds capture ${input.captureId}`);
      }
      const refundId = await insertSandboxRefund(db, {
        id: `SBX-RF-${randomId()}`,
        provider: name,
        request_id: input.requestId,
        capture_id: input.captureId,
        amount_cents: input.amountCents,
      });
      return { refundId };
    },

    async paymentStatus(reference): Promise<PaymentAtProvider> {
      const payment = await findSandboxPaymentAge(db, reference, sandboxPaymentLifetimeHours);
      if (!payment || payment.provider !== name) return { status: 'not-taken', reason: 'RESOURCE_NOT_FOUND' };
      switch (payment.state) {
        case 'captured':
          return capturedResult(payment);
        case 'approved':
          return { status: 'approved' };
        case 'cancelled':
        case 'declined':
        case 'expired':
          return { status: 'not-taken', reason: payment.state.toUpperCase() };
        case 'timeout':
          // "The provider does not answer", for the status call too, until the payment lapses.
          if (payment.has_lapsed) return { status: 'not-taken', reason: 'EXPIRED' };
          throw new ProviderUnavailableError(`${sandboxProviderLabel[name]} (simulated) timed out`);
        default:
          return payment.has_lapsed ? { status: 'not-taken', reason: 'EXPIRED' } : { status: 'waiting' };
      }
    },

    async verifyEvent(headers, rawBody): Promise<PaymentEvent | null> {
      const signature = headerValue(headers, 'x-sandbox-signature');
      if (!signature || !safeEqualHex(signature, await signSandboxEvent(db, rawBody))) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        return null;
      }
      const result = sandboxEventSchema.safeParse(parsed);
      if (!result.success) return null;
      const event = result.data;
      return {
        eventId: event.id,
        kind: event.kind,
        reference: event.reference ?? null,
        captureId: event.captureId ?? null,
        amountCents: event.amountCents ?? null,
        currency: event.currency ?? null,
        payload: parsed,
      };
    },
  };
}

function capturedResult(payment: SandboxPayment): Extract<CaptureResult, { status: 'captured' }> {
  return {
    status: 'captured',
    captureId: payment.capture_id ?? '',
    amountCents: payment.amount_cents,
    currency: payment.currency.trim(),
  };
}

/** The body of a simulated notification, as tests and tools send it to /api/payment/webhook/<provider>. */
export const sandboxEventSchema = z.object({
  id: text().min(1).max(200),
  kind: z.enum([
    'checkout-approved',
    'capture-completed',
    'capture-denied',
    'refund-completed',
    'checkout-canceled',
    'other',
  ]),
  reference: text().nullable().optional(),
  captureId: text().nullable().optional(),
  amountCents: z.number().int().nullable().optional(),
  currency: text().length(3).nullable().optional(),
});
export type SandboxEvent = z.infer<typeof sandboxEventSchema>;

/**
 * An event that the webhook accepts pays an order, so its key must be known to this installation
 * only: random, made at first use and kept in the database (every process of the installation, and
 * every restart, uses the same one). Read once per database handle; a failed read is tried again.
 */
const sandboxEventKeyName = 'payments.sandbox.event-key';
const sandboxEventKeys = new WeakMap<Database, Promise<Buffer>>();

function sandboxEventKey(db: Database): Promise<Buffer> {
  const cached = sandboxEventKeys.get(db);
  if (cached) return cached;
  const key = findOrCreateInstallationSecret(
    db,
    sandboxEventKeyName,
    randomBytes(32).toString('base64url'),
  ).then((value) => Buffer.from(value, 'base64url'));
  sandboxEventKeys.set(db, key);
  key.catch(() => {
    if (sandboxEventKeys.get(db) === key) sandboxEventKeys.delete(db);
  });
  return key;
}

/**
 * x-sandbox-signature for a notification body: HMAC-SHA256 of the raw body with the installation's
 * key, hex. For tests and tools that send events to /api/payment/webhook/<provider>.
 */
export async function signSandboxEvent(db: Database, body: string): Promise<string> {
  return createHmac('sha256', await sandboxEventKey(db))
    .update(body, 'utf8')
    .digest('hex');
}

function safeEqualHex(given: string, expected: string): boolean {
  const a = Buffer.from(given.trim().toLowerCase(), 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** 22 url-safe characters (128 bits): ids that cannot be guessed from anything public. */
function randomId(): string {
  return randomBytes(16).toString('base64url');
}
