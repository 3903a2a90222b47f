import { createHash } from 'node:crypto';
import {
  newsletterAcceptedSchema,
  newsletterConfirmRequestSchema,
  newsletterConfirmResponseSchema,
  newsletterSubscribeRequestSchema,
  newsletterUnsubscribeQuerySchema,
  newsletterUnsubscribeResponseSchema,
} from '@shop/contracts/newsletter';
import { problemSchema } from '@shop/contracts/problem';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '#src/db/client.ts';
import { HttpProblem, notFound } from '#src/http/problem.ts';
import { createAttemptLimiter, type Limit } from '#src/http/rate-limit.ts';
import { assertSameSite } from '#src/http/same-site.ts';
import type { BrandConfigs } from '#src/modules/brands/brand-config.ts';
import type { JobQueue } from '#src/modules/jobs/job-queue.ts';
import {
  confirmSubscription,
  normaliseAddress,
  startDoubleOptIn,
  unsubscribe,
} from './newsletter.service.ts';

const minute = 60_000;

/**
 * A visitor subscribes once and confirms once (docs/decisions/011-rate-limits.md). Requests count every
 * call (the answer says nothing about the address); link uses count only unknown tokens, since a mail
 * provider's one-click POSTs for many subscribers come from few addresses.
 */
export const newsletterAttemptLimits = {
  subscribe: {
    perClient: { max: 20, timeWindow: 60 * minute },
    per: { address: { max: 5, timeWindow: 60 * minute } },
  },
  link: { perClient: { max: 30, timeWindow: 15 * minute } },
} satisfies Record<string, { perClient: Limit; per?: Record<string, Limit> }>;

export type NewsletterRouteDeps = {
  db: Database;
  jobs: Pick<JobQueue, 'enqueue'>;
  brandConfigs: Pick<BrandConfigs, 'get'>;
  limits?: typeof newsletterAttemptLimits;
};

const tags = ['newsletter'];
const errors = { 400: problemSchema, 403: problemSchema, 404: problemSchema, 429: problemSchema };

/** An unknown, expired or withdrawn link: one answer for all of them. */
const invalidLink = () => notFound('newsletter link');

export function registerNewsletterRoutes(server: FastifyInstance, deps: NewsletterRouteDeps): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const limits = deps.limits ?? newsletterAttemptLimits;
  const requests = createAttemptLimiter(server, { name: 'newsletter', ...limits.subscribe });
  const links = createAttemptLimiter(server, { name: 'newsletter-link', ...limits.link });

  /** Brands without `hasNewsletterOptin` have no newsletter: 404 feature-disabled. */
  const assertNewsletter = async (request: FastifyRequest) => {
    const config = await deps.brandConfigs.get(request.brand.short);
    if (!config.hasNewsletterOptin) throw new HttpProblem(404, 'feature-disabled', 'newsletter');
  };

  app.post(
    '/api/newsletter',
    {
      schema: {
        tags,
        summary:
          'Ask for the newsletter: a confirmation mail (double opt-in); the same answer for every address',
        description:
          'Subscribed only once the link in the mail is used (POST /api/newsletter/confirm). An address ' +
          'already subscribed gets no mail; an address gets at most one confirmation mail an hour.',
        body: newsletterSubscribeRequestSchema,
        response: { 202: newsletterAcceptedSchema, ...errors },
      },
    },
    async (request, reply) => {
      assertSameSite(request);
      await assertNewsletter(request);
      // The counter's key names a hash, not the address: Redis holds no personal data.
      await requests.attempt(request, { address: addressKey(request.body.email) });
      await deps.db.transaction((tx) =>
        startDoubleOptIn(tx, deps.jobs, {
          brandId: request.brand.id,
          email: request.body.email,
          locale: request.locale,
          source: 'footer',
        }),
      );
      return reply.code(202).send({ success: true });
    },
  );

  app.post(
    '/api/newsletter/confirm',
    {
      schema: {
        tags,
        summary: "Confirm a subscription with the confirmation mail's token (once, within 7 days)",
        description:
          'The confirmation page sends this POST when the visitor confirms: a mail scanner that opens the ' +
          'link confirms nothing. A second use answers already-confirmed; an unknown, expired or withdrawn ' +
          'link is a 404.',
        body: newsletterConfirmRequestSchema,
        response: { 200: newsletterConfirmResponseSchema, ...errors },
      },
    },
    async (request) => {
      assertSameSite(request);
      await assertNewsletter(request);
      await links.check(request);
      const outcome = await confirmSubscription(deps.db, request.brand.id, request.body.token);
      if (outcome === 'invalid') {
        await links.countMiss(request);
        throw invalidLink();
      }
      return { status: outcome };
    },
  );

  // Mail programs post `List-Unsubscribe=One-Click` form-encoded (RFC 8058), or nothing at all: in this
  // scope any body is accepted and ignored; the token in the address is all that counts.
  server.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
      done(null, undefined),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/newsletter/unsubscribe',
      {
        schema: {
          tags,
          summary:
            'Unsubscribe in one click (RFC 8058): the List-Unsubscribe address of every newsletter mail',
          description:
            'No same-site check: mail providers send this POST from their servers; the token proves the ' +
            'right. Works for brands that have switched the newsletter off too. An unknown token is a 404.',
          querystring: newsletterUnsubscribeQuerySchema,
          response: {
            200: newsletterUnsubscribeResponseSchema,
            400: problemSchema,
            404: problemSchema,
            429: problemSchema,
          },
        },
      },
      async (request) => {
        await links.check(request);
        const outcome = await unsubscribe(deps.db, request.brand.id, request.query.token);
        if (outcome === 'invalid') {
          await links.countMiss(request);
          throw invalidLink();
        }
        return { status: outcome };
      },
    );
  });
}

const addressKey = (email: string) =>
  createHash('sha256').update(normaliseAddress(email)).digest('base64url').slice(0, 22);
