import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import type { PaymentEvent, ProviderName } from './payment-provider.ts';

/**
 * Records a provider notification; false when (provider, event id) is already there, i.e. the event
 * is a redelivery that was (or is being) processed.
 */
export async function recordPaymentEvent(
  db: Database,
  provider: ProviderName,
  event: PaymentEvent,
): Promise<boolean> {
  const rows = await queryRows<{ event_id: string }>(
    db,
    sql`INSERT INTO payment_events (provider, event_id, kind, payload)
      VALUES (${provider}, ${event.eventId}, ${event.kind}, ${JSON.stringify(event.payload ?? null)}::jsonb)
      ON CONFLICT (provider, event_id) DO NOTHING
      RETURNING event_id`,
  );
  return rows.length > 0;
}

/** Forgets a notification whose processing failed, so that the provider's retry is processed again. */
export async function forgetPaymentEvent(
  db: Database,
  provider: ProviderName,
  eventId: string,
): Promise<void> {
  await queryRows(db, sql`DELETE FROM payment_events WHERE provider = ${provider} AND event_id = ${eventId}`);
}
