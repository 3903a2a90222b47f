import { problemSchema } from '@shop/contracts/problem';
import { wishRequestSchema, wishResponseSchema } from '@shop/contracts/wishes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '#src/db/client.ts';
import { createAttemptLimiter, type Limit } from '#src/http/rate-limit.ts';
import { assertSameSite } from '#src/http/same-site.ts';
import { insertWish } from './wishes.repository.ts';

/**
 * A visitor sends a wish or two, not dozens: the limit keeps a script from filling the table
 * (docs/decisions/011-rate-limits.md).
 */
export const wishAttemptLimit = {
  perClient: { max: 10, timeWindow: 60 * 60_000 },
} satisfies { perClient: Limit };

export type WishRouteDeps = { db: Database; limit?: typeof wishAttemptLimit };

export function registerWishRoutes(server: FastifyInstance, deps: WishRouteDeps): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const wishes = createAttemptLimiter(server, { name: 'wish', ...(deps.limit ?? wishAttemptLimit) });

  app.post(
    '/api/wish',
    {
      schema: {
        tags: ['wishes'],
        summary: 'Ask for a missing hotel, theme or region (SPEC §1 wish form)',
        description: 'Stored with the brand (from the host), the language and the time, for the operators.',
        body: wishRequestSchema,
        response: { 201: wishResponseSchema, 400: problemSchema, 403: problemSchema, 429: problemSchema },
      },
    },
    async (request, reply) => {
      assertSameSite(request);
      await wishes.attempt(request);
      await insertWish(deps.db, {
        brandId: request.brand.id,
        locale: request.locale,
        ...request.body,
      });
      return reply.code(201).send({ success: true });
    },
  );
}
