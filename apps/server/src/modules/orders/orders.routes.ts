import {
  addItemRequestSchema,
  cartChangeSchema,
  changeItemRequestSchema,
  createOrderRequestSchema,
  createOrderResponseSchema,
  customerRequestSchema,
  giftCardRemovalSchema,
  giftCardRequestSchema,
  notificationSchema,
  optinRequestSchema,
  orderAccessSchema,
  orderPathParams,
  orderSchema,
  reductionCodeParams,
  reductionInfoSchema,
  reductionRequestSchema,
  removeItemRequestSchema,
  summarySchema,
  validationResultSchema,
} from '@shop/contracts/orders';
import { problemSchema } from '@shop/contracts/problem';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import {
  createAttemptLimiter,
  type Limit,
  type SubjectLimit,
  TooManyAttempts,
} from '#src/http/rate-limit.ts';
import type { Authentication } from '#src/modules/accounts/authentication.ts';
import type { MembershipNumberChecks } from '#src/modules/guard/guard.routes.ts';
import { acceptedMembershipNumber } from '#src/modules/guard/membership-guard.ts';
import { checkBillingCountry } from './billing-country.ts';
import { registerCheckoutRoutes } from './checkout.routes.ts';
import type { CheckoutDeps } from './checkout-context.ts';
import type { OrderKeyGuard } from './order-key-guard.ts';
import { presentSummary } from './order-presenter.ts';
import { accessOf, orderErrors as errors, tags } from './order-route-parts.ts';
import * as orders from './orders.service.ts';

const minute = 60_000;

/**
 * Guesses a customer never makes this often (docs/decisions/011-rate-limits.md), per client (IP) and per
 * order. Codes and gift cards count every new code tried; order keys count only wrong keys, since an
 * order page may poll its order. An order whose wrong keys are used up holds back only the clients that
 * missed on it, so that strangers cannot lock its buyer out (docs/decisions/021-lock-outs.md).
 */
export const orderAttemptLimits = {
  promotionCode: {
    perClient: { max: 10, timeWindow: 10 * minute },
    per: { order: { max: 20, timeWindow: 60 * minute } },
  },
  giftCard: {
    perClient: { max: 10, timeWindow: 10 * minute },
    per: { order: { max: 20, timeWindow: 60 * minute } },
  },
  orderKey: {
    perClient: { max: 20, timeWindow: 10 * minute },
    per: {
      order: {
        max: 50,
        timeWindow: 60 * minute,
        holdBack: { first: 10 * minute, longest: 10 * minute },
      },
    },
  },
} satisfies Record<string, { perClient: Limit; per: Record<'order', SubjectLimit> }>;

/**
 * New carts per client (docs/decisions/021-lock-outs.md): a visitor makes one per purchase, an office
 * behind one address a few dozen an hour; a script made 14,800 in 25 seconds.
 */
export const cartCreationLimit = { max: 100, timeWindow: 10 * minute } satisfies Limit;

/** `cartDb` commits cart changes without waiting for the disk; closing and paying use `db` (see db/client.ts). */
export type OrderRouteDeps = CheckoutDeps & {
  cartDb: Database;
  withOrderKey: OrderKeyGuard;
  /** Who is signed in: a cart created or an order closed while signed in belongs to the account. */
  authentication: Authentication;
  /** Shared with POST /api/guard/number: both tell whether a membership number passes. */
  membershipNumbers: MembershipNumberChecks;
};

/** SPEC §7 "Orders". Guests prove access with id + key on every call; prices come only from the server. */
export function registerOrderRoutes(server: FastifyInstance, deps: OrderRouteDeps): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { db, cartDb } = deps;

  const { withOrderKey } = deps;
  const codes = createAttemptLimiter(server, { name: 'promotion-code', ...orderAttemptLimits.promotionCode });
  const cards = createAttemptLimiter(server, { name: 'gift-card', ...orderAttemptLimits.giftCard });

  app.post(
    '/api/order',
    {
      schema: {
        tags,
        summary: 'Create an order (the cart); answers its id and key',
        body: createOrderRequestSchema.optional(),
        response: { 201: createOrderResponseSchema, 429: problemSchema },
      },
      config: { rateLimit: cartCreationLimit },
    },
    async (request, reply) => {
      const signedIn = await deps.authentication.optional(request);
      return reply.code(201).send(await orders.createOrder(cartDb, request, signedIn?.customer.id ?? null));
    },
  );

  app.get(
    '/api/order/:id/:key',
    {
      schema: {
        tags,
        summary: 'The order',
        params: orderPathParams,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) =>
      withOrderKey(request, request.params.id, () =>
        orders.getOrder(db, request, request.params.id, request.params.key),
      ),
  );

  app.post(
    '/api/order/items',
    {
      schema: {
        tags,
        summary: 'Add one unit of a variant',
        body: addItemRequestSchema,
        response: { 200: cartChangeSchema, ...errors },
      },
    },
    async (request) =>
      withOrderKey(request, request.body.orderId, () => orders.addItem(cartDb, request, request.body)),
  );
  app.put(
    '/api/order/items',
    {
      schema: {
        tags,
        summary: "Change an item's quantity (0 removes it)",
        body: changeItemRequestSchema,
        response: { 200: cartChangeSchema, ...errors },
      },
    },
    async (request) =>
      withOrderKey(request, request.body.orderId, () => orders.changeItem(cartDb, request, request.body)),
  );
  app.delete(
    '/api/order/items',
    {
      schema: {
        tags,
        summary: 'Remove an item',
        body: removeItemRequestSchema,
        response: { 200: cartChangeSchema, ...errors },
      },
    },
    async (request) =>
      withOrderKey(request, request.body.orderId, () => orders.removeItem(cartDb, request, request.body)),
  );

  app.post(
    '/api/order/reduction',
    {
      schema: {
        tags,
        summary: 'Apply a promotion code (417 invalid-reduction when it does not apply)',
        body: reductionRequestSchema,
        response: { 200: orderSchema, 417: problemSchema, ...errors },
      },
    },
    async (request) => {
      const { orderId, code } = request.body;
      return withOrderKey(
        request,
        orderId,
        () =>
          orders.applyReduction(cartDb, request, request.body, () =>
            codes.attempt(request, { order: orderId }, { guess: code }),
          ),
        codes,
      );
    },
  );
  app.delete(
    '/api/order/reduction',
    {
      schema: {
        tags,
        summary: 'Remove the promotion code',
        body: orderAccessSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) =>
      withOrderKey(request, request.body.orderId, () =>
        orders.removeReduction(cartDb, request, request.body),
      ),
  );
  app.get(
    '/api/order/reduction/:id',
    {
      schema: {
        tags,
        summary: 'What a promotion code gives (the id is the code)',
        params: reductionCodeParams,
        response: { 200: reductionInfoSchema, 400: problemSchema, 429: problemSchema },
      },
    },
    async (request) => {
      await codes.attempt(request, {}, { guess: request.params.id });
      return orders.reductionInfo(db, request, request.params.id);
    },
  );

  const requireGiftCards = async (request: FastifyRequest) => {
    // Brand configs are read by the storefront module, registered after the API (see app.ts).
    const config = await request.server.brandConfig(request.brand.short).catch(() => null);
    if (!config?.hasGiftCards) throw new HttpProblem(404, 'feature-disabled', 'gift cards');
  };
  app.post(
    '/api/order/giftcard',
    {
      schema: {
        tags,
        summary: 'Apply a gift card or account credit (brands with the gift-card feature)',
        body: giftCardRequestSchema,
        response: { 200: orderSchema, 422: problemSchema, ...errors },
      },
      preHandler: requireGiftCards,
    },
    async (request) => {
      const { orderId, tan } = request.body;
      return withOrderKey(
        request,
        orderId,
        () =>
          orders.addGiftCard(cartDb, request, request.body, () =>
            cards.attempt(request, { order: orderId }, { guess: tan }),
          ),
        cards,
      );
    },
  );
  app.delete(
    '/api/order/giftcard',
    {
      schema: {
        tags,
        summary: 'Take a gift card off the order, by its code (tan) or its id (giftCardId, from the summary)',
        body: giftCardRemovalSchema,
        response: { 200: orderSchema, ...errors },
      },
      preHandler: requireGiftCards,
    },
    async (request) =>
      withOrderKey(request, request.body.orderId, () => orders.removeGiftCard(cartDb, request, request.body)),
  );

  app.put(
    '/api/order/customer',
    {
      schema: {
        tags,
        summary: "The customer's data and acceptance of the terms",
        body: customerRequestSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => {
      const config = await request.server.brandConfig(request.brand.short);
      checkBillingCountry(config, request.body.country);
      const { orderId, membershipNumber } = request.body;
      // A number the brand checks is a guess like a code: counted once the key is proved (so that nobody
      // without it uses up the order's count), and a client that has used up its guesses is refused
      // before the key is looked at.
      const isChecked = Boolean(config.membershipNumber) && membershipNumber.trim() !== '';
      return withOrderKey(
        request,
        orderId,
        () =>
          orders.setCustomer(cartDb, request, request.body, async (typed) => {
            if (isChecked)
              await deps.membershipNumbers.attempt(request, { order: orderId }, { guess: typed });
            return acceptedMembershipNumber(config, typed);
          }),
        isChecked ? deps.membershipNumbers : undefined,
      );
    },
  );

  app.get(
    '/api/order/prepare/:id/:key',
    {
      schema: {
        tags,
        summary: 'Adjust the order to what can be sold now and say what changed',
        params: orderPathParams,
        response: { 200: validationResultSchema, ...errors },
      },
    },
    async (request) =>
      withOrderKey(request, request.params.id, () =>
        orders.prepareOrder(cartDb, request, accessOf(request.params)),
      ),
  );
  app.get(
    '/api/order/validate/:id/:key',
    {
      schema: {
        tags,
        summary: 'Check the order without changing it',
        params: orderPathParams,
        response: { 200: validationResultSchema, ...errors },
      },
    },
    async (request) =>
      withOrderKey(request, request.params.id, () =>
        orders.validateOrder(db, request, accessOf(request.params)),
      ),
  );
  app.get(
    '/api/order/notifications/:id/:key',
    {
      schema: {
        tags,
        summary: 'What the last prepare changed (read once; an empty list when there is nothing)',
        params: orderPathParams,
        response: { 200: z.array(notificationSchema), 429: problemSchema },
      },
    },
    // SPEC §7: an empty list on failure (a wrong key still counts); too many wrong keys are a 429.
    async (request) =>
      withOrderKey(request, request.params.id, () =>
        orders.takeNotifications(cartDb, request, accessOf(request.params)),
      ).catch((error: unknown) => {
        if (error instanceof TooManyAttempts) throw error;
        return [];
      }),
  );
  app.get(
    '/api/order/summary/:id/:key',
    {
      schema: {
        tags,
        summary: "The order's totals",
        params: orderPathParams,
        response: { 200: summarySchema, ...errors },
      },
    },
    async (request) => {
      const snapshot = await withOrderKey(request, request.params.id, () =>
        orders.getSnapshot(db, request, request.params.id, request.params.key),
      );
      return presentSummary(snapshot.totals, snapshot.cards, request.locale);
    },
  );
  registerCheckoutRoutes(server, deps);

  app.put(
    '/api/order/optin',
    { schema: { tags, summary: "The customer's opt-ins", body: optinRequestSchema } },
    async (request, reply) => {
      await withOrderKey(request, request.body.orderId, () =>
        orders.setOptins(db, request, request.body, deps),
      );
      return reply.code(204).send();
    },
  );
  app.put(
    '/api/order/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel an unpaid order; its stock, code and gift-card amounts go back',
        body: orderAccessSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) =>
      withOrderKey(request, request.body.orderId, () =>
        orders.cancelOrder({ db, jobs: deps.jobs }, request, request.body),
      ),
  );
}
