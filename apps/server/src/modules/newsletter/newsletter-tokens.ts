import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '#src/db/client.ts';
import { installationKey } from '#src/db/installation-secrets.ts';

/**
 * The two secrets of a subscription's links.
 *
 * The confirmation link's token is random (256 bits) and stored only as its SHA-256 hash: whoever reads
 * the database cannot confirm anyone's subscription.
 *
 * The unsubscribe token must be in every newsletter mail, also in mails sent long after the
 * subscription began, so it cannot be a random value kept only as a hash. It is `<id>.<HMAC(id)>` with
 * a key random per installation (`installation_secrets`, like the payment simulator's): unguessable
 * without the key, nothing to store per row, and deleting the key row invalidates every link at once.
 */

export const newConfirmToken = () => randomBytes(32).toString('base64url');

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const unsubscribeKey = (db: Database) => installationKey(db, 'newsletter.unsubscribe-key');

const macOf = (key: string, subscriptionId: number) =>
  createHmac('sha256', key).update(`newsletter-unsubscribe:${subscriptionId}`).digest('base64url');

export async function unsubscribeToken(db: Database, subscriptionId: number): Promise<string> {
  return `${subscriptionId}.${macOf(await unsubscribeKey(db), subscriptionId)}`;
}

/** The subscription an unsubscribe token names, or null for a malformed or forged one. */
export async function subscriptionOfUnsubscribeToken(db: Database, token: string): Promise<number | null> {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  if (id > 2_147_483_647) return null;
  const expected = Buffer.from(macOf(await unsubscribeKey(db), id));
  const given = Buffer.from(match[2] ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
