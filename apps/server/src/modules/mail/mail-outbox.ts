import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import type { JobQueue } from '#src/modules/jobs/job-queue.ts';

export const mailKinds = [
  'order-received',
  'payment-received',
  'transfer-reminder',
  'transfer-expired',
  'account-welcome',
  'account-exists',
  'password-reset',
  'newsletter-confirm',
  'back-in-stock',
  'insurance-policy',
  'guest-orders-confirm',
  'staff-invite',
] as const;
export type MailKind = (typeof mailKinds)[number];

export const sendMailJob = 'mail.send';

/**
 * Queues a mail about an order in the caller's transaction (the transactional outbox): the row and its
 * sending job exist exactly when the state change that causes the mail commits. Each kind is sent once
 * per order, however often the change is reported (a webhook and the buyer's return, say). A kind sent
 * more than once per order (one per insurance policy) names its own `dedupeKey`, and what the mail is
 * about beyond the order in `payload`.
 */
export async function queueOrderMail(
  tx: Database,
  jobs: Pick<JobQueue, 'enqueue'>,
  orderId: number,
  kind: MailKind,
  options: { dedupeKey?: string; payload?: Record<string, unknown> } = {},
): Promise<void> {
  const dedupeKey = options.dedupeKey ?? `${kind}:${orderId}`;
  const payload = options.payload ? JSON.stringify(options.payload) : null;
  const [mail] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO mails (order_id, kind, dedupe_key, payload)
        VALUES (${orderId}, ${kind}, ${dedupeKey}, ${payload}::jsonb)
        ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
  );
  if (mail) await jobs.enqueue(tx, sendMailJob, { mailId: mail.id });
}

/**
 * Queues a mail to a customer about their account, in the caller's transaction like `queueOrderMail`.
 * `payload` holds what the mail needs beyond the customer row until it is sent; `dedupeKey` makes a
 * repeated call queue nothing more.
 */
export async function queueAccountMail(
  tx: Database,
  jobs: Pick<JobQueue, 'enqueue'>,
  mail: { customerId: string; kind: MailKind; dedupeKey: string; payload?: Record<string, unknown> },
): Promise<void> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO mails (customer_id, kind, dedupe_key, payload)
        VALUES (${mail.customerId}, ${mail.kind}, ${mail.dedupeKey}, ${mail.payload ? JSON.stringify(mail.payload) : null}::jsonb)
        ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
  );
  if (row) await jobs.enqueue(tx, sendMailJob, { mailId: row.id });
}

/**
 * Queues a mail to a bare address (no order, no account: a newsletter confirmation, a back-in-stock
 * reminder) in the caller's transaction, like `queueOrderMail`. The brand and language travel with
 * the row because there is nothing else to read them from; `payload` is dropped once the mail is sent.
 */
export async function queueAddressMail(
  tx: Database,
  jobs: Pick<JobQueue, 'enqueue'>,
  mail: {
    recipient: string;
    brandId: number;
    locale: string;
    kind: MailKind;
    dedupeKey: string;
    payload?: Record<string, unknown>;
  },
): Promise<void> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO mails (recipient, brand_id, locale, kind, dedupe_key, payload)
        VALUES (${mail.recipient}, ${mail.brandId}, ${mail.locale}, ${mail.kind}, ${mail.dedupeKey},
                ${mail.payload ? JSON.stringify(mail.payload) : null}::jsonb)
        ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
  );
  if (row) await jobs.enqueue(tx, sendMailJob, { mailId: row.id });
}

/** Whether a mail with this dedupe key was queued already (to skip preparing one that would not be sent). */
export async function isMailQueued(db: Database, dedupeKey: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`SELECT id FROM mails WHERE dedupe_key = ${dedupeKey}`);
  return rows.length > 0;
}

export type MailRow = {
  id: number;
  /** Order mails name their order, account mails their customer, address mails a recipient (one of the three). */
  order_id: number | null;
  customer_id: string | null;
  recipient: string | null;
  brand_id: number | null;
  locale: string | null;
  payload: Record<string, unknown> | null;
  kind: MailKind;
  status: 'queued' | 'sent';
  attempts: number;
  created_at: Date;
};

export async function findMail(db: Database, mailId: number): Promise<MailRow | null> {
  const [mail] = await queryRows<MailRow>(db, sql`SELECT * FROM mails WHERE id = ${mailId}`);
  return mail ?? null;
}

/** Marks the mail sent; its payload (a reset link's token) is dropped: the mail has it now. */
export async function markMailSent(db: Database, mailId: number, messageId: string): Promise<void> {
  await db.execute(
    sql`UPDATE mails SET status = 'sent', sent_at = now(), message_id = ${messageId}, attempts = attempts + 1,
          payload = NULL
        WHERE id = ${mailId}`,
  );
}

export async function countFailedAttempt(db: Database, mailId: number): Promise<void> {
  await db.execute(sql`UPDATE mails SET attempts = attempts + 1 WHERE id = ${mailId}`);
}
