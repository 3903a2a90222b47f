import { problemSchema } from '@shop/contracts/problem';
import { reminderRequestSchema, reminderResponseSchema } from '@shop/contracts/reminders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createAttemptLimiter, type Limit } from '#src/http/rate-limit.ts';
import { assertSameSite } from '#src/http/same-site.ts';
import { normaliseEmail, type ReminderDeps, subscribe } from './reminders.service.ts';

const minute = 60_000;

/**
 * Every call counts: a reminder mails an address nobody confirmed, so a client may not sign up many
 * addresses, nor anyone one address to many offers (docs/decisions/011-rate-limits.md).
 */
export const reminderAttemptLimits = {
  perClient: { max: 20, timeWindow: 60 * minute },
  per: { address: { max: 10, timeWindow: 60 * minute } },
} satisfies { perClient: Limit; per: Record<string, Limit> };

export function registerReminderRoutes(
  server: FastifyInstance,
  deps: ReminderDeps & { limits?: typeof reminderAttemptLimits },
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const attempts = createAttemptLimiter(server, {
    name: 'reminder',
    ...(deps.limits ?? reminderAttemptLimits),
  });

  app.post(
    '/api/reminder',
    {
      schema: {
        tags: ['reminders'],
        summary: 'Mail me once when this sold-out offer (or variant) can be bought again',
        description:
          'Idempotent per address and offer (or variant) while the reminder is pending. An offer on sale ' +
          'again by now is accepted as well (isAvailable: true) and mailed at once.',
        body: reminderRequestSchema,
        response: {
          202: reminderResponseSchema,
          400: problemSchema,
          403: problemSchema,
          404: problemSchema,
          429: problemSchema,
        },
      },
    },
    async (request, reply) => {
      assertSameSite(request);
      await attempts.attempt(request, { address: normaliseEmail(request.body.email) });
      const answer = await subscribe(deps, request, request.body);
      return reply.code(202).send(answer);
    },
  );
}
