/**
 * Inviting staff (issue 25): the operator names the member, role and brands; the member gets a mail
 * with a single-use link (72 hours) to set their own password. The link's token travels in the URL's
 * fragment (`/admin/invite#…`), so it is in no server's access log; the database keeps its SHA-256.
 */
import { randomBytes } from 'node:crypto';
import type { StaffRole } from '@shop/contracts/admin';
import { defaultLocale, isLocale } from '@shop/contracts/locale';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import { hashPassword } from '#src/modules/accounts/passwords.ts';
import { hashSecret } from '#src/modules/accounts/sessions.ts';
import type { JobQueue } from '#src/modules/jobs/job-queue.ts';
import type { AddressMailComposer } from '#src/modules/mail/address-mail.ts';
import { queueAddressMail } from '#src/modules/mail/mail-outbox.ts';
import { mailBrandOf, mailSenderOf } from '#src/modules/mail/order-mail.ts';
import { renderStaffInviteMail } from '#src/modules/mail/templates/staff-invite-mail.tsx';
import { recordAudit } from '../audit/audit-trail.ts';
import { findStaffById } from './staff.repository.ts';
import { endStaffSession } from './staff-sessions.ts';

export const inviteValidDays = 3;

/** Queues the invitation mail for a member without a password yet (a new one, or one asking again). */
export async function queueInvite(
  tx: Database,
  jobs: Pick<JobQueue, 'enqueue'>,
  invite: { staffId: string; email: string; inviter: string; locale: string },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO staff_invites (staff_id, token_hash, expires_at)
        VALUES (${invite.staffId}, ${hashSecret(token)}, now() + make_interval(days => ${inviteValidDays}))
        RETURNING id`,
  );
  // The installation's default brand sends it: staff work for the operator, not for one shop.
  const [brand] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM brands ORDER BY is_default DESC, id LIMIT 1`,
  );
  if (!brand) throw new Error('no brand to send the staff invitation from');
  await queueAddressMail(tx, jobs, {
    recipient: invite.email,
    brandId: brand.id,
    locale: invite.locale,
    kind: 'staff-invite',
    dedupeKey: `staff-invite:${row?.id}`,
    payload: { token, inviteId: row?.id, inviter: invite.inviter },
  });
}

/** Builds the invitation; null when it was used or replaced meanwhile. */
export const composeStaffInviteMail: AddressMailComposer = async (deps, mail, { brand, config }) => {
  const token = typeof mail.payload?.token === 'string' ? mail.payload.token : null;
  const inviter = typeof mail.payload?.inviter === 'string' ? mail.payload.inviter : null;
  if (!token || !inviter) return null;
  const [invite] = await queryRows<{ role: StaffRole }>(
    deps.db,
    sql`SELECT s.role FROM staff_invites i JOIN staff s ON s.id = i.staff_id
        WHERE i.token_hash = ${hashSecret(token)} AND i.used_at IS NULL AND i.expires_at > now()`,
  );
  if (!invite) return null;
  const rendered = await renderStaffInviteMail(
    {
      inviteUrl: `${brand.origin}/admin/invite#${token}`,
      inviter,
      role: invite.role,
      validDays: inviteValidDays,
    },
    mailBrandOf(brand, config),
    isLocale(mail.locale) ? mail.locale : defaultLocale,
  );
  return {
    to: mail.recipient,
    sender: mailSenderOf(config),
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    messageId: `<mail-${mail.id}.staff-invite@${new URL(brand.origin).hostname}>`,
  };
};

/**
 * Sets the invited member's password with the link's token, once; answers the member's id, or null for
 * a token that is unknown, used or expired. Every earlier session of the member ends.
 */
export async function acceptInvite(
  db: Database,
  token: string,
  password: string,
  address: string,
): Promise<string | null> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [invite] = await queryRows<{ staff_id: string }>(
      tx,
      sql`UPDATE staff_invites SET used_at = now()
          WHERE token_hash = ${hashSecret(token)} AND used_at IS NULL AND expires_at > now()
          RETURNING staff_id`,
    );
    if (!invite) return null;
    await tx.execute(sql`UPDATE staff SET password_hash = ${passwordHash} WHERE id = ${invite.staff_id}`);
    const sessions = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id FROM staff_sessions WHERE staff_id = ${invite.staff_id} AND ended_at IS NULL`,
    );
    for (const session of sessions) await endStaffSession(tx, session.id, 'password-set');
    const member = await findStaffById(tx, invite.staff_id);
    if (member) {
      await recordAudit(
        tx,
        { staff: { member }, address },
        { action: 'staff.password-set', subject: `staff:${member.id}` },
      );
    }
    return invite.staff_id;
  });
}
