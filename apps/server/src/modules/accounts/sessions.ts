import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '#src/db/client.ts';
import type { AccessTokens } from './access-tokens.ts';
import {
  type CustomerRow,
  endSession,
  findCustomer,
  findSession,
  insertSession,
  rotateSession,
} from './accounts.repository.ts';

/**
 * Sessions (DESIGN.md "auth"): a short access token plus a refresh credential `<session id>.<secret>` in an
 * HttpOnly cookie. The database keeps the secret's SHA-256 only. Each refresh rotates the secret; a
 * secret that was already rotated away and comes back is a stolen copy (or the thief's, after the owner
 * refreshed), so the whole session ends: both then have to sign in again (reuse detection, as in
 * OAuth 2.0 Security BCP §4.14).
 */

/** A session not refreshed for this long ends (each refresh moves it on). */
export const sessionLifetimeSeconds = 30 * 24 * 60 * 60;
/** The credential just replaced, presented again this soon, is a second tab refreshing at once, not theft. */
const rotationGraceMs = 30_000;

export type IssuedSession = { accessToken: { token: string; expiresIn: number }; credential: string };

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

const newSecret = () => randomBytes(32).toString('base64url');

export async function startSession(
  db: Database,
  tokens: AccessTokens,
  customer: Pick<CustomerRow, 'id' | 'email' | 'brand_id'>,
): Promise<IssuedSession> {
  const secret = newSecret();
  const sessionId = await insertSession(db, {
    customerId: customer.id,
    refreshHash: hashSecret(secret),
    lifetimeSeconds: sessionLifetimeSeconds,
  });
  const accessToken = await tokens.issue({
    customerId: customer.id,
    userName: customer.email,
    sessionId,
    brandId: customer.brand_id,
  });
  return { accessToken, credential: `${sessionId}.${secret}` };
}

export type RefreshOutcome =
  | { outcome: 'refreshed'; session: IssuedSession }
  /** No session to refresh (unknown, ended, expired, another brand's); with `reuse` it was just ended. */
  | { outcome: 'refused'; reuse?: boolean };

const sessionIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function refreshSession(
  db: Database,
  tokens: AccessTokens,
  input: { credential: string | undefined; accessToken: string | undefined; brandId: number },
): Promise<RefreshOutcome> {
  const [sessionId, secret] = input.credential?.split('.') ?? [];
  if (!sessionId || !secret || !sessionIdPattern.test(sessionId)) return { outcome: 'refused' };
  if (input.accessToken) {
    // The token must be ours (an expired one is fine) and name this session.
    const claims = await tokens.verifyIgnoringExpiry(input.accessToken);
    if (!claims || claims.sessionId !== sessionId) return { outcome: 'refused' };
  }
  const session = await findSession(db, sessionId);
  if (!session || session.ended_at || new Date(session.expires_at) <= new Date())
    return { outcome: 'refused' };
  const presented = hashSecret(secret);
  if (!sameHash(presented, session.refresh_hash)) {
    const rotatedAt = session.rotated_at ? new Date(session.rotated_at).getTime() : 0;
    const isJustReplaced =
      session.previous_hash !== null &&
      sameHash(presented, session.previous_hash) &&
      Date.now() - rotatedAt < rotationGraceMs;
    if (isJustReplaced) return { outcome: 'refused' };
    await endSession(db, session.id, 'refresh-reuse');
    return { outcome: 'refused', reuse: true };
  }
  const customer = await findCustomer(db, session.customer_id);
  if (!customer || customer.brand_id !== input.brandId) return { outcome: 'refused' };
  const nextSecret = newSecret();
  const rotated = await rotateSession(db, {
    id: session.id,
    currentHash: presented,
    nextHash: hashSecret(nextSecret),
    lifetimeSeconds: sessionLifetimeSeconds,
  });
  // Another refresh with the same credential won the race: its answer carries the new credential.
  if (!rotated) return { outcome: 'refused' };
  const accessToken = await tokens.issue({
    customerId: customer.id,
    userName: customer.email,
    sessionId: session.id,
    brandId: customer.brand_id,
  });
  return { outcome: 'refreshed', session: { accessToken, credential: `${session.id}.${nextSecret}` } };
}

/** Compares two hashes in time that does not depend on where they differ. */
export function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
