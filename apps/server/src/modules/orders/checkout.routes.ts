import {
  amazonPayRequestSchema,
  amazonPayResponseSchema,
  closeConflictSchema,
  closeRequestSchema,
  closeResponseSchema,
  orderAccessSchema,
  orderMetaSchema,
  orderPathParams,
  orderSchema,
  paymentInfoSchema,
  payPalTransactionRequestSchema,
} from '@shop/contracts/orders';
import { problemSchema } from '@shop/contracts/problem';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpProblem } from '#src/http/problem.ts';
import { createAttemptLimiter, type Limit } from '#src/http/rate-limit.ts';
import type { Authentication } from '#src/modules/accounts/authentication.ts';
import { amazonPaySession, amazonPayStatus } from './amazon-pay.ts';
import { closeOrder, switchToWireTransfer } from './checkout.service.ts';
import type { Caller, CheckoutDeps } from './checkout-context.ts';
import { type CheckoutRefusal, isRefusal } from './checkout-refusals.ts';
import { completePayment } from './complete-payment.ts';
import { orderClosed } from './order-access.ts';
import type { OrderKeyGuard } from './order-key-guard.ts';
import { orderMeta } from './order-meta.ts';
import { accessOf, callerOf, orderErrors as errors, tags } from './order-route-parts.ts';
import { paymentInfo } from './payment-info.ts';

/**
 * SPEC §7 "Orders": paying. The services answer refusals as values; this is the one place that turns
 * each into the SPEC's status and problem type (§8). A wrong id or key is not a refusal but a failed
 * access check: it stays a thrown 404, which the order-key guard counts.
 */
export function problemFor(refused: CheckoutRefusal): HttpProblem {
  const paymentFailed = (detail: string) => new HttpProblem(402, 'payment-failed', detail);
  switch (refused.refusal) {
    case 'order-gone':
      return new HttpProblem(410, 'invalid-order', `order ${refused.orderId} is ${refused.status}`);
    case 'order-closed':
      return orderClosed({ id: refused.orderId, status: refused.status });
    case 'cart-empty':
      return new HttpProblem(409, 'order-conflict', 'the cart is empty');
    case 'customer-data-missing':
      return new HttpProblem(409, 'order-conflict', 'customer data missing');
    case 'credit-short':
      return new HttpProblem(409, 'order-conflict', 'the credit does not cover the order');
    case 'gift-card-unusable':
      return new HttpProblem(
        422,
        'invalid-giftcard',
        refused.reason === 'balance-changed'
          ? 'gift card balance changed'
          : 'a gift card on the order can no longer be used',
      );
    case 'sold-out':
      return new HttpProblem(409, 'sold-out', `${refused.title}: ${refused.left} left`);
    case 'reduction-invalid':
      return new HttpProblem(417, 'invalid-reduction', refused.message);
    case 'transfer-limit':
      return new HttpProblem(409, 'transfer-limit', refused.message);
    case 'cart-changed':
      return new HttpProblem(
        409,
        'cart-changed',
        `the order's total is now ${refused.totalCents}`,
        undefined,
        undefined,
        {
          total: refused.totalCents,
          currency: refused.currency,
        },
      );
    case 'provider-unavailable':
      // Each way a payment ends has its own type, whose title says what happened and what to do.
      return new HttpProblem(
        402,
        'payment-timeout',
        refused.during === 'create'
          ? `${refused.provider} is not reachable`
          : `${refused.provider} did not answer`,
      );
    case 'unknown-payment':
      return paymentFailed('unknown payment');
    case 'payment-not-awaited':
      return new HttpProblem(
        402,
        'payment-stale',
        `order ${refused.orderId} is not waiting for this payment`,
      );
    case 'approval-lapsed':
      return new HttpProblem(402, 'payment-stale', 'the approval lapsed at the provider');
    case 'payment-not-approved':
      return paymentFailed('the payment was not approved');
    case 'payment-declined':
      return new HttpProblem(402, 'payment-declined', `declined: ${refused.reason}`);
    case 'payment-not-bookable':
      return paymentFailed('the order could not take this payment');
    case 'no-amazon-pay-session':
      return paymentFailed('no Amazon Pay checkout session');
  }
}

/**
 * "Already used by you" at a close tells whether an address has used a once-per-customer code: a
 * customer meets it once or twice, someone trying addresses many times (docs/decisions/020).
 */
export const codeOwnerLimit: Limit = { max: 5, timeWindow: 60 * 60_000 };

function unlessRefused<T extends object>(result: T | CheckoutRefusal): T {
  if (isRefusal(result)) throw problemFor(result);
  return result;
}

export function registerCheckoutRoutes(
  server: FastifyInstance,
  deps: CheckoutDeps & { withOrderKey: OrderKeyGuard; authentication: Authentication },
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { db, withOrderKey } = deps;
  const codeOwners = createAttemptLimiter(server, { name: 'code-owner', perClient: codeOwnerLimit });
  /** The caller of a call that closes the order: its client is limited in what it learns of codes. */
  const closingCaller = (request: FastifyRequest): Caller => ({
    ...callerOf(request),
    codeOwnerGuard: {
      check: () => codeOwners.check(request),
      countMiss: () => codeOwners.countMiss(request),
    },
  });

  app.get(
    '/api/order/payment/:id/:key',
    {
      schema: {
        tags,
        summary: 'Payment state and, for bank transfers, the bank details and reference',
        params: orderPathParams,
        response: { 200: paymentInfoSchema, ...errors },
      },
    },
    async (request) =>
      withOrderKey(request, request.params.id, () => paymentInfo(deps, request, accessOf(request.params))),
  );
  app.get(
    '/api/order/meta/:id/:key',
    {
      schema: {
        tags,
        summary: 'Status, count and the affiliate summary of the order',
        params: orderPathParams,
        response: { 200: orderMetaSchema, ...errors },
      },
    },
    async (request) =>
      withOrderKey(request, request.params.id, () => orderMeta(db, request, accessOf(request.params))),
  );

  const closeResponse = {
    200: closeResponseSchema,
    402: problemSchema,
    417: problemSchema,
    422: problemSchema,
  };
  app.put(
    '/api/order/close',
    {
      schema: {
        tags,
        summary: 'Close the order with a payment type; answers where to approve the payment, if anywhere',
        description:
          'Idempotent: a repeated close (double click, retry, second tab; an Idempotency-Key header may be ' +
          'sent) answers the state the first one produced. Stock, the code and gift-card amounts are taken here; ' +
          'a bank transfer may hold only so much (409 transfer-limit: too many open transfers, or more units ' +
          'than one buyer may hold unpaid; the detail says what to do instead). With `confirmedTotal` (the ' +
          'cents the buyer saw), an order whose total is another one now is not closed: 409 cart-changed ' +
          'carries the new `total` and `currency` to show and confirm again. A provider that does not answer ' +
          'is 402 payment-timeout.',
        body: closeRequestSchema,
        response: { ...closeResponse, ...errors, 409: closeConflictSchema },
      },
    },
    async (request) => {
      // Closed while signed in: the order joins the account (an invalid token is a 401/101 first).
      const signedIn = await deps.authentication.optional(request);
      const caller = { ...closingCaller(request), customerId: signedIn?.customer.id ?? null };
      const { order, redirectUrl } = await withOrderKey(request, request.body.orderId, async () =>
        unlessRefused(await closeOrder(deps, caller, request.body)),
      );
      return { order, redirectUrl };
    },
  );
  app.put(
    '/api/order/set-wiretransfer',
    {
      schema: {
        tags,
        summary: 'Pay an order waiting for PayPal or Amazon Pay by bank transfer instead',
        body: orderAccessSchema,
        response: { ...closeResponse, ...errors },
      },
    },
    async (request) => {
      const { order, redirectUrl } = await withOrderKey(request, request.body.orderId, async () =>
        unlessRefused(await switchToWireTransfer(deps, closingCaller(request), request.body)),
      );
      return { order, redirectUrl };
    },
  );
  app.post(
    '/api/order/paypal-transaction',
    {
      schema: {
        tags,
        summary:
          'Capture the approved PayPal order (402 payment-declined, payment-timeout, payment-stale for an ' +
          'approval that lapsed or that the order no longer waits for, payment-failed otherwise)',
        body: payPalTransactionRequestSchema,
        response: { 200: orderSchema, 402: problemSchema, ...errors },
      },
    },
    async (request) =>
      withOrderKey(request, request.body.orderId, async () =>
        unlessRefused(
          await completePayment(deps, callerOf(request), {
            ...request.body,
            provider: 'paypal',
            reference: request.body.payPalOrderId,
          }),
        ),
      ),
  );

  const amazon = (summary: string) => ({
    schema: {
      tags,
      summary,
      body: amazonPayRequestSchema,
      response: { 200: amazonPayResponseSchema, 402: problemSchema, ...errors },
    },
  });
  app.post(
    '/api/order/amazonpay-create',
    amazon('Close with Amazon Pay: creates the checkout session'),
    (request) =>
      withOrderKey(request, request.body.orderId, async () =>
        unlessRefused(await amazonPaySession(deps, closingCaller(request), request.body)),
      ),
  );
  app.post(
    '/api/order/amazonpay-createredirect',
    amazon('Where to send the buyer for the session'),
    (request) =>
      withOrderKey(request, request.body.orderId, async () =>
        unlessRefused(
          await amazonPaySession(
            deps,
            closingCaller(request),
            request.body,
            request.body.amazonCheckoutSessionId,
          ),
        ),
      ),
  );
  app.post(
    '/api/order/amazonpay-authorized',
    amazon('The state of the checkout session (a read: changes nothing)'),
    (request) =>
      withOrderKey(request, request.body.orderId, async () =>
        unlessRefused(await amazonPayStatus(db, request, request.body, request.body.amazonCheckoutSessionId)),
      ),
  );
  app.post(
    '/api/order/amazonpay-complete',
    {
      schema: {
        tags,
        summary:
          'Complete the Amazon Pay checkout session: captures and marks the order paid (402 as for PayPal)',
        body: amazonPayRequestSchema.required({ amazonCheckoutSessionId: true }),
        response: { 200: orderSchema, 402: problemSchema, ...errors },
      },
    },
    async (request) =>
      withOrderKey(request, request.body.orderId, async () =>
        unlessRefused(
          await completePayment(deps, callerOf(request), {
            ...request.body,
            provider: 'amazonpay',
            reference: request.body.amazonCheckoutSessionId,
          }),
        ),
      ),
  );
}
