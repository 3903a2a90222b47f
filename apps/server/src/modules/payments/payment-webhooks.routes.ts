import type { FastifyInstance } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import {
  claimPaymentEvent,
  forgetPaymentEvent,
  markPaymentEventProcessed,
} from './payment-events.repository.ts';
import {
  type PaymentEvent,
  type PaymentProviders,
  type ProviderName,
  ProviderUnavailableError,
} from './payment-provider.ts';

export type PaymentWebhookDependencies = {
  providers: PaymentProviders;
  db: Database;
  /** Applies a verified, first-seen event (the order service). Throwing makes the provider deliver it again. */
  onEvent: (provider: ProviderName, event: PaymentEvent) => Promise<void>;
};

const providerNames: ProviderName[] = ['paypal', 'amazonpay'];

/**
 * POST /api/payment/webhook/paypal and /api/payment/webhook/amazonpay: provider notifications.
 * Signatures cover the body byte for byte, so these routes read it raw (in their own plugin scope;
 * the rest of the API keeps its JSON parsing). Each event id is processed once: the row in
 * payment_events is the claim, and it is released again when processing fails.
 */
export async function registerPaymentWebhookRoutes(
  app: FastifyInstance,
  { providers, db, onEvent }: PaymentWebhookDependencies,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // PayPal posts application/json, Amazon's SNS text/plain: both are kept as the exact string received.
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    for (const name of providerNames) {
      scope.post(`/api/payment/webhook/${name}`, { schema: { hide: true } }, async (request, reply) => {
        const rawBody = typeof request.body === 'string' ? request.body : '';
        let event: PaymentEvent | null;
        try {
          event = await providers[name].verifyEvent(request.headers, rawBody);
        } catch (error) {
          // The provider could not be asked whether the event is genuine: let it deliver again.
          if (error instanceof ProviderUnavailableError) {
            request.log.warn({ err: error, provider: name }, 'payment notification not verifiable now');
            throw new HttpProblem(
              503,
              'service-unavailable',
              'The notification cannot be verified right now.',
            );
          }
          throw error;
        }
        if (!event) {
          request.log.warn({ provider: name }, 'payment notification rejected: not genuine');
          throw new HttpProblem(400, 'validation-error', 'The notification could not be verified.');
        }
        if (await claimPaymentEvent(db, name, event)) {
          try {
            await onEvent(name, event);
            await markPaymentEventProcessed(db, name, event.eventId);
          } catch (error) {
            request.log.error(
              { err: error, provider: name, eventId: event.eventId },
              'payment notification failed',
            );
            await forgetPaymentEvent(db, name, event.eventId).catch((forgetError: unknown) =>
              request.log.error(
                { err: forgetError, eventId: event.eventId },
                'payment notification stays claimed',
              ),
            );
            throw new HttpProblem(503, 'service-unavailable', 'The notification could not be processed yet.');
          }
        }
        return reply.code(200).send({ received: true });
      });
    }
  });
}
