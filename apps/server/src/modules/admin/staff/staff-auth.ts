/**
 * Staff sign-in with a second factor (issue 25): the password (argon2id, the same checks as the
 * customers': an unknown address costs the same time as a wrong password), then, once the member has set
 * one up, a TOTP code or one recovery code. A code signs in once; a recovery code is used up.
 */
import type { AdminLoginRequest, StaffSession } from '@shop/contracts/admin';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import { checkPassword } from '#src/modules/accounts/passwords.ts';
import { mustSetUpTotp } from '../admin-access.ts';
import { findStaffByEmail, type StaffRow } from './staff.repository.ts';
import { type StaffSessionCredential, startStaffSession } from './staff-sessions.ts';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpStep, totpUri } from './totp.ts';

export type LoginOutcome =
  | { outcome: 'signed-in'; member: StaffRow; session: StaffSessionCredential }
  | { outcome: 'invalid-credentials' }
  /** The password was right; the second factor is missing (`missing`) or wrong. */
  | { outcome: 'totp-required'; missing: boolean };

export async function signIn(db: Database, input: AdminLoginRequest): Promise<LoginOutcome> {
  const member = await findStaffByEmail(db, input.email);
  const passwordOk = await checkPassword(member?.password_hash ?? null, input.password);
  if (!member || !passwordOk || member.disabled_at) return { outcome: 'invalid-credentials' };
  if (member.totp_secret) {
    if (!input.totp) return { outcome: 'totp-required', missing: true };
    if (!(await acceptSecondFactor(db, member, input.totp)))
      return { outcome: 'totp-required', missing: false };
  }
  return { outcome: 'signed-in', member, session: await startStaffSession(db, member.id) };
}

/** Accepts the code once: a TOTP step newer than the last one used, or an unused recovery code. */
async function acceptSecondFactor(db: Database, member: StaffRow, code: string): Promise<boolean> {
  if (/^\d{6}$/.test(code)) {
    const step = totpStep(member.totp_secret as string, code);
    if (step === null) return false;
    const used = await queryRows<{ id: string }>(
      db,
      sql`UPDATE staff SET totp_last_step = ${step}
          WHERE id = ${member.id} AND (totp_last_step IS NULL OR totp_last_step < ${step}) RETURNING id`,
    );
    return used.length === 1;
  }
  const hash = hashRecoveryCode(code);
  const used = await queryRows<{ id: string }>(
    db,
    sql`UPDATE staff SET recovery_code_hashes = array_remove(recovery_code_hashes, ${hash})
        WHERE id = ${member.id} AND ${hash} = ANY(recovery_code_hashes) RETURNING id`,
  );
  return used.length === 1;
}

export function presentSession(
  member: StaffRow,
  csrfToken: string,
  operatorsNeedTotp: boolean,
): StaffSession {
  return {
    staff: {
      id: member.id,
      email: member.email,
      name: member.name,
      role: member.role,
      brands: member.brands,
      hotels: member.hotels,
      totpEnabled: member.totp_secret !== null,
      markPaidLimitCents: member.mark_paid_limit_cents,
    },
    csrfToken,
    mustSetUpTotp: mustSetUpTotp(member, operatorsNeedTotp),
  };
}

/** A new secret to scan; it counts only once a code made with it is confirmed. */
export async function beginTotpSetup(
  db: Database,
  member: StaffRow,
): Promise<{ secret: string; uri: string }> {
  const secret = newTotpSecret();
  await db.execute(sql`UPDATE staff SET totp_pending_secret = ${secret} WHERE id = ${member.id}`);
  return { secret, uri: totpUri(secret, member.email) };
}

/** The app's code proves the secret was scanned: it becomes the member's second factor, with new recovery codes. */
export async function confirmTotpSetup(
  db: Database,
  memberId: string,
  code: string,
): Promise<{ recoveryCodes: string[] } | null> {
  const [row] = await queryRows<{ totp_pending_secret: string | null }>(
    db,
    sql`SELECT totp_pending_secret FROM staff WHERE id = ${memberId}`,
  );
  const secret = row?.totp_pending_secret;
  if (!secret) return null;
  const step = totpStep(secret, code);
  if (step === null) return null;
  const { codes, hashes } = newRecoveryCodes();
  const confirmed = await queryRows<{ id: string }>(
    db,
    sql`UPDATE staff SET totp_secret = ${secret}, totp_pending_secret = NULL, totp_last_step = ${step},
          recovery_code_hashes = ${sql.param(hashes)}::text[]
        WHERE id = ${memberId} AND totp_pending_secret = ${secret} RETURNING id`,
  );
  return confirmed.length === 1 ? { recoveryCodes: codes } : null;
}
