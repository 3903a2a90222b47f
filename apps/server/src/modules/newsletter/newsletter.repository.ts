import { type NewsletterSource, newsletterConfirmDays } from '@shop/contracts/newsletter';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';

/** The only module of the newsletter with SQL. Times are compared in SQL: one clock, the database's. */

export type SubscriptionState = {
  id: number;
  brand_id: number;
  email: string;
  locale: string;
  confirm_token_hash: string;
  is_confirmed: boolean;
  is_unsubscribed: boolean;
  /** The confirmation link is older than `newsletterConfirmDays`. */
  is_expired: boolean;
  /** A confirmation mail was queued within the last hour. */
  has_recent_mail: boolean;
};

const state = sql`id, brand_id, email, locale, confirm_token_hash,
  confirmed_at IS NOT NULL AS is_confirmed,
  unsubscribed_at IS NOT NULL AS is_unsubscribed,
  requested_at < now() - make_interval(days => ${newsletterConfirmDays}) AS is_expired,
  coalesce(mail_queued_at > now() - interval '1 hour', false) AS has_recent_mail`;

export type SubscriptionRequest = {
  brandId: number;
  email: string;
  source: NewsletterSource;
  locale: string;
  consentVersion: string;
  confirmTokenHash: string;
};

/** A new pending subscription; null when the address already has a row for this brand. */
export async function insertPending(
  tx: Database,
  request: SubscriptionRequest,
): Promise<{ id: number } | null> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO newsletter_subscriptions
          (brand_id, email, source, locale, consent_version, confirm_token_hash, mail_queued_at)
        VALUES (${request.brandId}, ${request.email}, ${request.source}, ${request.locale},
                ${request.consentVersion}, ${request.confirmTokenHash}, now())
        ON CONFLICT (brand_id, email) DO NOTHING RETURNING id`,
  );
  return row ?? null;
}

/** The address's row, locked for the rest of the transaction. */
export async function lockAddress(
  tx: Database,
  brandId: number,
  email: string,
): Promise<SubscriptionState | null> {
  const [row] = await queryRows<SubscriptionState>(
    tx,
    sql`SELECT ${state} FROM newsletter_subscriptions WHERE brand_id = ${brandId} AND email = ${email} FOR UPDATE`,
  );
  return row ?? null;
}

/**
 * A new request for an address that is pending or unsubscribed: the new evidence replaces the old, the
 * earlier link stops working, and the subscription is pending again until this one is confirmed.
 */
export async function renewRequest(tx: Database, id: number, request: SubscriptionRequest): Promise<void> {
  await tx.execute(
    sql`UPDATE newsletter_subscriptions
        SET source = ${request.source}, locale = ${request.locale}, consent_version = ${request.consentVersion},
            confirm_token_hash = ${request.confirmTokenHash}, requested_at = now(), mail_queued_at = now(),
            confirmed_at = NULL, unsubscribed_at = NULL
        WHERE id = ${id}`,
  );
}

export async function lockByConfirmToken(
  tx: Database,
  brandId: number,
  tokenHash: string,
): Promise<SubscriptionState | null> {
  const [row] = await queryRows<SubscriptionState>(
    tx,
    sql`SELECT ${state} FROM newsletter_subscriptions
        WHERE confirm_token_hash = ${tokenHash} AND brand_id = ${brandId} FOR UPDATE`,
  );
  return row ?? null;
}

export async function findSubscription(db: Database, id: number): Promise<SubscriptionState | null> {
  const [row] = await queryRows<SubscriptionState>(
    db,
    sql`SELECT ${state} FROM newsletter_subscriptions WHERE id = ${id}`,
  );
  return row ?? null;
}

export async function markConfirmed(tx: Database, id: number): Promise<void> {
  await tx.execute(sql`UPDATE newsletter_subscriptions SET confirmed_at = now() WHERE id = ${id}`);
}

/** Withdraws consent; false when there was none to withdraw (already unsubscribed, or another brand's row). */
export async function markUnsubscribed(db: Database, id: number, brandId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE newsletter_subscriptions SET unsubscribed_at = now()
        WHERE id = ${id} AND brand_id = ${brandId} AND unsubscribed_at IS NULL RETURNING id`,
  );
  return rows.length > 0;
}

/** Forgets an address's subscription (account deletion). */
export async function deleteAddress(tx: Database, brandId: number, email: string): Promise<void> {
  await tx.execute(
    sql`DELETE FROM newsletter_subscriptions WHERE brand_id = ${brandId} AND email = ${email}`,
  );
}
