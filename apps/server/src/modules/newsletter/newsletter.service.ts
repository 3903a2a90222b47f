import { type NewsletterSource, newsletterConsentVersions } from '@shop/contracts/newsletter';
import type { Database } from '#src/db/client.ts';
import type { JobQueue } from '#src/modules/jobs/job-queue.ts';
import { queueAddressMail } from '#src/modules/mail/mail-outbox.ts';
import * as repository from './newsletter.repository.ts';
import { hashToken, newConfirmToken, subscriptionOfUnsubscribeToken } from './newsletter-tokens.ts';

/**
 * Double opt-in (issue 12): a request makes a pending subscription and queues one confirmation mail;
 * only the link in that mail, used on the confirmation page, subscribes. Every answer to a request is
 * the same, whatever the address's state (no enumeration), and an address gets at most one
 * confirmation mail an hour (no mail flood).
 */

/** Addresses are compared as typed, without case or surrounding spaces. */
export const normaliseAddress = (email: string) => email.trim().toLowerCase();

export type OptInRequest = { brandId: number; email: string; locale: string; source: NewsletterSource };

/**
 * Starts the double opt-in in the caller's transaction: the pending row (or its renewal) and the mail
 * commit together. An address already subscribed, or mailed within the hour, gets nothing new.
 */
export async function startDoubleOptIn(
  tx: Database,
  jobs: Pick<JobQueue, 'enqueue'>,
  request: OptInRequest,
): Promise<void> {
  const token = newConfirmToken();
  const pending: repository.SubscriptionRequest = {
    brandId: request.brandId,
    email: normaliseAddress(request.email),
    source: request.source,
    locale: request.locale,
    consentVersion: newsletterConsentVersions[request.source],
    confirmTokenHash: hashToken(token),
  };
  let subscriptionId = (await repository.insertPending(tx, pending))?.id;
  if (subscriptionId === undefined) {
    const known = await repository.lockAddress(tx, pending.brandId, pending.email);
    // Gone between the insert and the lock (deleted with its account): nothing to renew.
    if (!known) return;
    const isSubscribed = known.is_confirmed && !known.is_unsubscribed;
    if (isSubscribed || known.has_recent_mail) return;
    await repository.renewRequest(tx, known.id, pending);
    subscriptionId = known.id;
  }
  await queueAddressMail(tx, jobs, {
    recipient: pending.email,
    brandId: pending.brandId,
    locale: pending.locale,
    kind: 'newsletter-confirm',
    // One mail per link: a renewed request is a new link, and so a new mail.
    dedupeKey: `newsletter-confirm:${pending.confirmTokenHash}`,
    // The token leaves the database with the payload once the mail is sent (markMailSent).
    payload: { subscriptionId, token },
  });
}

export type ConfirmOutcome = 'confirmed' | 'already-confirmed' | 'invalid';

/** Uses a confirmation link: once. An unknown, expired or withdrawn link is 'invalid'. */
export async function confirmSubscription(
  db: Database,
  brandId: number,
  token: string,
): Promise<ConfirmOutcome> {
  return db.transaction(async (tx) => {
    const subscription = await repository.lockByConfirmToken(tx, brandId, hashToken(token));
    if (!subscription || subscription.is_unsubscribed) return 'invalid';
    if (subscription.is_confirmed) return 'already-confirmed';
    if (subscription.is_expired) return 'invalid';
    await repository.markConfirmed(tx, subscription.id);
    return 'confirmed';
  });
}

export type UnsubscribeOutcome = 'unsubscribed' | 'already-unsubscribed' | 'invalid';

/** Withdraws consent with a mail's unsubscribe token (a pending request too: its link then stops working). */
export async function unsubscribe(db: Database, brandId: number, token: string): Promise<UnsubscribeOutcome> {
  const id = await subscriptionOfUnsubscribeToken(db, token);
  if (id === null) return 'invalid';
  if (await repository.markUnsubscribed(db, id, brandId)) return 'unsubscribed';
  const subscription = await repository.findSubscription(db, id);
  return subscription && subscription.brand_id === brandId ? 'already-unsubscribed' : 'invalid';
}

/** Forgets an address's subscription, e.g. when its account is deleted. */
export async function forgetSubscriber(tx: Database, brandId: number, email: string): Promise<void> {
  await repository.deleteAddress(tx, brandId, normaliseAddress(email));
}
