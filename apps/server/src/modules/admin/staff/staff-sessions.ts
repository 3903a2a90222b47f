/**
 * Staff sessions (issue 25), like the customers' (docs/decisions/017) but in one cookie: it holds
 * `<session id>.<secret>`, the database the secret's SHA-256 only. The secret is replaced after a few
 * minutes of use; the one just replaced still counts for a short grace (requests already under way),
 * and one older than that coming back is a stolen copy: the session ends (reuse detection). A session
 * ends after an idle spell and, however busy, after a working day.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import { hashSecret, sameHash } from '#src/modules/accounts/sessions.ts';

export const staffSessionIdleSeconds = 2 * 60 * 60;
export const staffSessionLongestSeconds = 12 * 60 * 60;
const rotateAfterMs = 5 * 60_000;
const rotationGraceMs = 30_000;

type SessionRow = {
  id: string;
  staff_id: string;
  secret_hash: string;
  previous_hash: string | null;
  rotated_at: Date;
  csrf_token: string;
  created_at: Date;
  expires_at: Date;
  ended_at: Date | null;
};

export type StaffSessionCredential = { sessionId: string; credential: string; csrfToken: string };

const newSecret = () => randomBytes(32).toString('base64url');

export async function startStaffSession(db: Database, staffId: string): Promise<StaffSessionCredential> {
  const sessionId = randomUUID();
  const secret = newSecret();
  const csrfToken = randomBytes(24).toString('base64url');
  await db.execute(
    sql`INSERT INTO staff_sessions (id, staff_id, secret_hash, csrf_token, expires_at)
        VALUES (${sessionId}, ${staffId}, ${hashSecret(secret)}, ${csrfToken},
          now() + make_interval(secs => ${staffSessionIdleSeconds}))`,
  );
  return { sessionId, credential: `${sessionId}.${secret}`, csrfToken };
}

export type SessionCheck =
  | { outcome: 'valid'; sessionId: string; staffId: string; csrfToken: string; renewed: string | null }
  | { outcome: 'refused' };

const sessionIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The session the cookie names, moved on (idle time, and a new secret when due: `renewed`). */
export async function checkStaffSession(db: Database, credential: string | undefined): Promise<SessionCheck> {
  const [sessionId, secret] = credential?.split('.') ?? [];
  if (!sessionId || !secret || !sessionIdPattern.test(sessionId)) return { outcome: 'refused' };
  const [session] = await queryRows<SessionRow>(
    db,
    sql`SELECT * FROM staff_sessions WHERE id = ${sessionId}
        AND ended_at IS NULL AND expires_at > now()
        AND created_at > now() - make_interval(secs => ${staffSessionLongestSeconds})`,
  );
  if (!session) return { outcome: 'refused' };
  const presented = hashSecret(secret);
  const rotatedAt = new Date(session.rotated_at).getTime();
  if (!sameHash(presented, session.secret_hash)) {
    const isJustReplaced =
      session.previous_hash !== null &&
      sameHash(presented, session.previous_hash) &&
      Date.now() - rotatedAt < rotationGraceMs;
    if (!isJustReplaced) {
      await endStaffSession(db, session.id, 'reuse');
      return { outcome: 'refused' };
    }
    return valid(session, null);
  }
  if (Date.now() - rotatedAt < rotateAfterMs) {
    await db.execute(
      sql`UPDATE staff_sessions SET last_used_at = now(),
            expires_at = now() + make_interval(secs => ${staffSessionIdleSeconds})
          WHERE id = ${session.id}`,
    );
    return valid(session, null);
  }
  const next = newSecret();
  const rotated = await queryRows<{ id: string }>(
    db,
    sql`UPDATE staff_sessions SET previous_hash = secret_hash, secret_hash = ${hashSecret(next)},
          rotated_at = now(), last_used_at = now(),
          expires_at = now() + make_interval(secs => ${staffSessionIdleSeconds})
        WHERE id = ${session.id} AND secret_hash = ${presented} RETURNING id`,
  );
  // A parallel request rotated it first: this one's secret is now the previous one, inside the grace.
  return valid(session, rotated.length ? `${session.id}.${next}` : null);
}

function valid(session: SessionRow, renewed: string | null): SessionCheck {
  return {
    outcome: 'valid',
    sessionId: session.id,
    staffId: session.staff_id,
    csrfToken: session.csrf_token,
    renewed,
  };
}

export async function endStaffSession(db: Database, sessionId: string, reason: string): Promise<void> {
  await db.execute(
    sql`UPDATE staff_sessions SET ended_at = now(), end_reason = ${reason}
        WHERE id = ${sessionId} AND ended_at IS NULL`,
  );
}
