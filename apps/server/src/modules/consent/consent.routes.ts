import { consentRequestSchema } from '@shop/contracts/consent';
import { problemSchema } from '@shop/contracts/problem';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client.ts';
import { createAttemptLimiter, type Limit } from '#src/http/rate-limit.ts';
import { assertSameSite } from '#src/http/same-site.ts';
import { insertConsentRecord } from './consent.repository.ts';

/**
 * A visitor answers the banner once, and again only when they change their mind from the footer: far
 * fewer than this. The limit keeps a script from filling the table (docs/decisions/011-rate-limits.md).
 */
export const consentAttemptLimit = {
  perClient: { max: 30, timeWindow: 10 * 60_000 },
} satisfies { perClient: Limit };

export type ConsentRouteDeps = { db: Database; limit?: typeof consentAttemptLimit };

export function registerConsentRoutes(server: FastifyInstance, deps: ConsentRouteDeps): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const answers = createAttemptLimiter(server, { name: 'consent', ...(deps.limit ?? consentAttemptLimit) });

  app.post(
    '/api/consent',
    {
      schema: {
        tags: ['consent'],
        summary: "Store a visitor's answer to the cookie banner as evidence (GDPR Art. 7(1))",
        description:
          'Kept: the brand (from the host), the random visitor id the browser keeps, the choice, what the ' +
          'banner showed (wording version, SHA-256 of its text, the services it named), its language and ' +
          'the time. No IP address or other personal data is stored.',
        body: consentRequestSchema,
        response: { 204: z.null(), 400: problemSchema, 403: problemSchema, 429: problemSchema },
      },
    },
    async (request, reply) => {
      // Another site must not be able to record answers in a visitor's name.
      assertSameSite(request);
      await answers.attempt(request);
      const { visitorId, choice, banner, language } = request.body;
      await insertConsentRecord(deps.db, {
        brandId: request.brand.id,
        visitorId,
        choice,
        bannerVersion: banner.version,
        textHash: banner.textHash,
        services: banner.services,
        locale: language,
      });
      return reply.code(204).send(null);
    },
  );
}
