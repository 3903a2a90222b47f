import {
  acceptedResponseSchema,
  accountDataSchema,
  accountExportSchema,
  accountOverviewSchema,
  accountSchema,
  changePasswordRequestSchema,
  claimRequestSchema,
  claimResponseSchema,
  confirmAddressRequestSchema,
  deleteAccountRequestSchema,
  guestOrderOfferSchema,
  linkGuestOrdersRequestSchema,
  linkGuestOrdersResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  passwordForgottenRequestSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from '@shop/contracts/accounts';
import { pageParam } from '@shop/contracts/params';
import { problemSchema } from '@shop/contracts/problem';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpProblem } from '#src/http/problem.ts';
import { createAttemptLimiter, type Limit, type SubjectLimit } from '#src/http/rate-limit.ts';
import { assertSameSite, assertSameSiteWithHeader } from '#src/http/same-site.ts';
import type { BrandDirectory } from '#src/modules/brands/brand-directory.ts';
import { accountOverview, claimOrder, deleteAccount, exportAccount } from './account-data.ts';
import { endSessionsOf, findSession } from './accounts.repository.ts';
import * as accounts from './accounts.service.ts';
import { type Authentication, signInRequired } from './authentication.ts';
import { confirmAddress, guestOrderOffer, invalidConfirmationLink, linkGuestOrders } from './guest-orders.ts';
import type { SessionCookie } from './session-cookie.ts';
import { refreshSession } from './sessions.ts';

const minute = 60_000;

/**
 * Guesses a customer never makes this often (docs/decisions/011-rate-limits.md, 017-accounts.md), per
 * client and per account, shared across processes through Redis when REDIS_URL is set. Sign-ins count
 * only failures; registration and reset requests count every call, since their answers do not say
 * whether they found anything. An account whose wrong passwords are used up holds back only the clients
 * that failed on it, longer with each further failure; the owner signing in from elsewhere is checked
 * as always (docs/decisions/021-lock-outs.md).
 */
export const accountAttemptLimits = {
  login: {
    perClient: { max: 30, timeWindow: 15 * minute },
    per: {
      account: {
        max: 10,
        timeWindow: 15 * minute,
        holdBack: { first: minute, growth: 2, longest: 15 * minute },
      },
    },
  },
  register: { perClient: { max: 20, timeWindow: 60 * minute } },
  passwordForgotten: {
    perClient: { max: 10, timeWindow: 60 * minute },
    per: { account: { max: 5, timeWindow: 60 * minute } },
  },
  resetPassword: { perClient: { max: 20, timeWindow: 60 * minute } },
  /** Wrong address confirmation links: 32 random bytes are not guessed, but nobody needs to try often. */
  confirmAddress: { perClient: { max: 20, timeWindow: 60 * minute } },
  /** Wrong current passwords (change, deletion) of a signed-in customer. */
  passwordCheck: {
    perClient: { max: 20, timeWindow: 15 * minute },
    per: { account: { max: 10, timeWindow: 15 * minute } },
  },
} satisfies Record<string, { perClient: Limit; per?: Record<string, SubjectLimit> }>;

export type AccountRouteDeps = accounts.AccountDeps & {
  authentication: Authentication;
  /** Which hosts a pasted order link may name (any brand host of the installation). */
  brands: Pick<BrandDirectory, 'isBrandHost'>;
  sessionCookie: SessionCookie;
  limits?: typeof accountAttemptLimits;
};

const tags = ['accounts'];
const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 429: problemSchema };

/** Rate-limit subjects are addresses as the customer may type them: one counter per account, whatever the case. */
const accountKey = (email: string) => email.trim().toLowerCase();

export function registerAccountRoutes(server: FastifyInstance, deps: AccountRouteDeps): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { authentication, sessionCookie } = deps;
  const limits = deps.limits ?? accountAttemptLimits;
  const logins = createAttemptLimiter(server, { name: 'login', ...limits.login });
  const registrations = createAttemptLimiter(server, { name: 'register', ...limits.register });
  const resetRequests = createAttemptLimiter(server, {
    name: 'password-forgotten',
    ...limits.passwordForgotten,
  });
  const resets = createAttemptLimiter(server, { name: 'reset-password', ...limits.resetPassword });
  const passwordChecks = createAttemptLimiter(server, { name: 'password-check', ...limits.passwordCheck });
  const confirmations = createAttemptLimiter(server, { name: 'confirm-address', ...limits.confirmAddress });

  // --- Auth ---------------------------------------------------------------------------------------------

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags,
        summary:
          'Sign in; adopts the guest cart named by orderId + token and answers the cart to continue with',
        description:
          'Sets the refresh credential as an HttpOnly cookie (Path=/api/auth). A wrong user name and a wrong ' +
          'password give the same 401 invalid-credentials.',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      assertSameSite(request);
      const subjects = { account: accountKey(request.body.userName) };
      await logins.check(request, subjects);
      const session = await accounts.login(deps, request, request.body);
      if (!session) {
        await logins.countMiss(request, subjects);
        throw new HttpProblem(401, 'invalid-credentials', 'wrong user name or password');
      }
      sessionCookie.set(reply, session.credential);
      return accounts.loginResponse(session);
    },
  );

  app.post(
    '/api/auth/connect/refresh',
    {
      schema: {
        tags,
        summary: 'A new access token for the session cookie; rotates the cookie',
        description:
          'Needs the x-requested-with: shop header (CSRF). A refresh credential used a second time ends the ' +
          'whole session (401, code 101).',
        body: refreshRequestSchema,
        response: { 200: refreshResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      assertSameSiteWithHeader(request);
      const refreshed = await refreshSession(deps.db, deps.tokens, {
        credential: sessionCookie.read(request),
        accessToken: request.body.accessToken,
        brandId: request.brand.id,
      });
      if (refreshed.outcome === 'refused') {
        if (refreshed.reuse) sessionCookie.clear(reply);
        throw signInRequired();
      }
      sessionCookie.set(reply, refreshed.session.credential);
      return { accessToken: refreshed.session.accessToken };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        tags,
        summary: "Sign out: ends the customer's sessions and clears the cookie",
        body: z.object({}).optional(),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      assertSameSiteWithHeader(request);
      // The cookie names the session; without one (cleared, expired) the bearer token does.
      const [sessionId] = sessionCookie.read(request)?.split('.') ?? [];
      const session =
        sessionId && /^[0-9a-f-]{36}$/.test(sessionId) ? await findSession(deps.db, sessionId) : undefined;
      const customerId =
        session?.customer_id ?? (await authentication.optional(request).catch(() => null))?.customer.id;
      if (customerId) await endSessionsOf(deps.db, customerId, 'logout');
      sessionCookie.clear(reply);
      return reply.code(204).send(null);
    },
  );

  // --- Account ------------------------------------------------------------------------------------------

  app.post(
    '/api/account/register',
    {
      schema: {
        tags,
        summary: 'Create an account (the same answer for a known address: its owner gets a mail)',
        body: registerRequestSchema,
        response: { 202: acceptedResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      assertSameSite(request);
      await registrations.attempt(request);
      await accounts.register(deps, request, request.body);
      return reply.code(202).send({ success: true });
    },
  );

  app.post(
    '/api/account/password-forgotten',
    {
      schema: {
        tags,
        summary: 'Mail a password reset link (the same answer for unknown addresses)',
        body: passwordForgottenRequestSchema,
        response: { 202: acceptedResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      assertSameSite(request);
      await resetRequests.attempt(request, { account: accountKey(request.body.email) });
      await accounts.requestPasswordReset(deps, request, request.body.email);
      return reply.code(202).send({ success: true });
    },
  );

  app.put(
    '/api/account/reset-password',
    {
      schema: {
        tags,
        summary: "Set a new password with the reset link's token (once, within an hour); ends every session",
        body: resetPasswordRequestSchema,
        response: { 200: acceptedResponseSchema, ...errors },
      },
    },
    async (request) => {
      assertSameSite(request);
      await resets.check(request);
      try {
        await accounts.resetPassword(deps, request, request.body);
      } catch (error) {
        if (error instanceof HttpProblem && error.type === 'invalid-reset-token')
          await resets.countMiss(request);
        throw error;
      }
      return { success: true as const };
    },
  );

  app.put(
    '/api/account/change-password',
    {
      schema: {
        tags,
        summary: "Change the password (the current one is checked); ends the customer's other sessions",
        body: changePasswordRequestSchema,
        response: { 200: acceptedResponseSchema, ...errors },
      },
    },
    async (request) => {
      const signedIn = await authentication.required(request);
      const subjects = { account: signedIn.customer.id };
      await passwordChecks.check(request, subjects);
      await countingWrongPasswords(passwordChecks, request, subjects, () =>
        accounts.changePassword(deps, signedIn, request.body, request.locale),
      );
      return { success: true as const };
    },
  );

  app.get(
    '/api/account/me',
    {
      schema: { tags, summary: "The signed-in customer's data", response: { 200: accountSchema, ...errors } },
    },
    async (request) => accounts.presentAccount((await authentication.required(request)).customer),
  );

  app.put(
    '/api/account/me',
    {
      schema: {
        tags,
        summary: "Change the signed-in customer's data (not the user name)",
        body: accountDataSchema,
        response: { 200: accountSchema, ...errors },
      },
    },
    async (request) => accounts.updateAccount(deps, await authentication.required(request), request.body),
  );

  app.get(
    '/api/account/me/export',
    {
      schema: {
        tags,
        summary: 'Everything stored about the signed-in customer, as a JSON download (GDPR Art. 15, 20)',
        response: { 200: accountExportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const signedIn = await authentication.required(request);
      reply.header('content-disposition', 'attachment; filename="my-data.json"');
      return exportAccount(deps.db, signedIn, request.locale);
    },
  );

  app.delete(
    '/api/account/me',
    {
      schema: {
        tags,
        summary: 'Delete the account (password required): personal data anonymised, orders and invoices kept',
        body: deleteAccountRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const signedIn = await authentication.required(request);
      const subjects = { account: signedIn.customer.id };
      await passwordChecks.check(request, subjects);
      await countingWrongPasswords(passwordChecks, request, subjects, () =>
        deleteAccount(deps.db, signedIn, request.body.password, request.locale),
      );
      sessionCookie.clear(reply);
      return reply.code(204).send(null);
    },
  );

  // --- The account's orders -----------------------------------------------------------------------------

  app.put(
    '/api/order/claim',
    {
      schema: {
        tags: [...tags, 'orders'],
        summary: 'Add an order bought as a guest (id + key) to the signed-in account',
        body: claimRequestSchema,
        response: { 200: claimResponseSchema, 404: problemSchema, 409: problemSchema, ...errors },
      },
    },
    async (request) => {
      const signedIn = await authentication.required(request);
      return {
        order: await claimOrder(
          deps.db,
          { brand: request.brand, locale: request.locale, hostname: request.host },
          signedIn,
          request.body,
          deps.brands,
        ),
      };
    },
  );

  // --- Guest orders of the account's address (offered once the address is confirmed) ----------------------

  app.get(
    '/api/account/guest-orders',
    {
      schema: {
        tags,
        summary: "Orders bought as a guest with the account's address, once the address is confirmed",
        description:
          'Until the customer has followed the link mailed to the address (sent at registration or sign-in ' +
          'when there are such orders) the answer is { addressConfirmed: false, orders: [] } either way.',
        response: { 200: guestOrderOfferSchema, ...errors },
      },
    },
    async (request) => {
      const signedIn = await authentication.required(request);
      return guestOrderOffer(deps.db, signedIn.customer, request.locale);
    },
  );

  app.post(
    '/api/account/guest-orders/confirm',
    {
      schema: {
        tags,
        summary:
          "Confirm the account's address with the mailed link's token (once); answers the guest orders",
        body: confirmAddressRequestSchema,
        response: { 200: guestOrderOfferSchema, ...errors },
      },
    },
    async (request) => {
      const signedIn = await authentication.required(request);
      await confirmations.check(request);
      try {
        return await confirmAddress(deps.db, signedIn, request.body.token, request.locale);
      } catch (error) {
        if (error instanceof HttpProblem && error.type === invalidConfirmationLink().type)
          await confirmations.countMiss(request);
        throw error;
      }
    },
  );

  app.put(
    '/api/account/guest-orders/link',
    {
      schema: {
        tags: [...tags, 'orders'],
        summary: 'Add guest orders of the confirmed address to the account; answers the ids added',
        body: linkGuestOrdersRequestSchema,
        response: { 200: linkGuestOrdersResponseSchema, ...errors },
      },
    },
    async (request) => {
      const signedIn = await authentication.required(request);
      return linkGuestOrders(deps.db, signedIn, request.body.orderIds);
    },
  );

  app.get(
    '/api/order/account-overview/:page',
    {
      schema: {
        tags: [...tags, 'orders'],
        summary: "The signed-in customer's orders, newest first, 10 a page",
        params: z.object({ page: pageParam }),
        response: { 200: accountOverviewSchema, ...errors },
      },
    },
    async (request) =>
      accountOverview(deps.db, await authentication.required(request), request.params.page, request.locale),
  );
}

/** Runs a step that checks the current password, counting a wrong one against the limits. */
async function countingWrongPasswords<T>(
  limiter: ReturnType<typeof createAttemptLimiter<'account'>>,
  request: Parameters<ReturnType<typeof createAttemptLimiter<'account'>>['countMiss']>[0],
  subjects: { account: string },
  step: () => Promise<T>,
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof HttpProblem && error.type === 'validation-error')
      await limiter.countMiss(request, subjects);
    throw error;
  }
}
