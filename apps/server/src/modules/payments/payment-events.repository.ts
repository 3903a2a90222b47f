import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import type { PaymentEvent, ProviderName } from './payment-provider.ts';

/**
 * A claim on an event that has not been marked processed after this long belongs to a process that
 * died (or lost its database) while handling it: the provider's redelivery takes it over. Handling is
 * idempotent, so a slow first handler finishing late does no harm.
 */
const abandonedClaimMinutes = 10;

/**
 * Claims a provider notification for processing; false when (provider, event id) was processed
 * already or is being processed now, i.e. the event is a redelivery to acknowledge and ignore.
 */
export async function claimPaymentEvent(
  db: Database,
  provider: ProviderName,
  event: PaymentEvent,
): Promise<boolean> {
  const rows = await queryRows<{ event_id: string }>(
    db,
    sql`INSERT INTO payment_events (provider, event_id, kind, payload)
      VALUES (${provider}, ${event.eventId}, ${event.kind}, ${JSON.stringify(event.payload ?? null)}::jsonb)
      ON CONFLICT (provider, event_id) DO UPDATE SET received_at = now()
        WHERE payment_events.processed_at IS NULL
          AND payment_events.received_at < now() - make_interval(mins => ${abandonedClaimMinutes})
      RETURNING event_id`,
  );
  return rows.length > 0;
}

/** The event was handled: redeliveries of it are acknowledged and ignored from now on. */
export async function markPaymentEventProcessed(
  db: Database,
  provider: ProviderName,
  eventId: string,
): Promise<void> {
  await db.execute(
    sql`UPDATE payment_events SET processed_at = now() WHERE provider = ${provider} AND event_id = ${eventId}`,
  );
}

/** Forgets a notification whose processing failed, so that the provider's retry is processed again. */
export async function forgetPaymentEvent(
  db: Database,
  provider: ProviderName,
  eventId: string,
): Promise<void> {
  await queryRows(db, sql`DELETE FROM payment_events WHERE provider = ${provider} AND event_id = ${eventId}`);
}
