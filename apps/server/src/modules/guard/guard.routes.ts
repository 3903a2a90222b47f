import { guardNumberRequestSchema, guardNumberResponseSchema } from '@shop/contracts/membership-number';
import { problemSchema } from '@shop/contracts/problem';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AttemptLimiter, createAttemptLimiter, type Limit } from '#src/http/rate-limit.ts';
import type { BrandConfigs } from '#src/modules/brands/brand-config.ts';
import { checkMembershipNumber } from './membership-guard.ts';

/**
 * A buyer types their number once or twice; a client trying hundreds is walking the number space
 * (the rule may one day be a look-up in the partner's member list, not only a check digit). The guard
 * call and the order's customer call count against the same budget: either one answers whether a
 * number passes.
 */
export const guardAttemptLimits = {
  perClient: { max: 60, timeWindow: 15 * 60_000 },
  per: { order: { max: 20, timeWindow: 60 * 60_000 } },
} satisfies { perClient: Limit; per: Record<'order', Limit> };

export type MembershipNumberChecks = AttemptLimiter<'order'>;

/** One limiter for both calls that check a number, so that they share their counts. */
export function createMembershipNumberChecks(
  server: FastifyInstance,
  limits = guardAttemptLimits,
): MembershipNumberChecks {
  return createAttemptLimiter(server, { name: 'guard-number', ...limits });
}

export function registerGuardRoutes(
  server: FastifyInstance,
  deps: { brandConfigs: BrandConfigs; checks: MembershipNumberChecks },
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { checks } = deps;

  app.post(
    '/api/guard/number',
    {
      schema: {
        tags: ['guard'],
        summary: "Checks a membership number against the brand's rule (pattern and check digit)",
        description:
          'Answers { valid }. A brand without membership numbers answers 404 not-found. Spaces and dashes ' +
          'in the number are ignored.',
        body: guardNumberRequestSchema,
        response: {
          200: guardNumberResponseSchema,
          400: problemSchema,
          404: problemSchema,
          429: problemSchema,
        },
      },
    },
    async (request) => {
      await checks.attempt(request, {}, { guess: request.body.number });
      const config = await deps.brandConfigs.get(request.brand.short);
      return { valid: checkMembershipNumber(config, request.body.number) };
    },
  );
}
