import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import type { JobDefinition, JobQueue } from '#src/modules/jobs/job-queue.ts';
import { queueOrderMail } from '#src/modules/mail/mail-outbox.ts';

/**
 * Reminds buyers whose bank transfer has not arrived `reminderDays` before their order's hold ends
 * (WIRE_TRANSFER_REMINDER_DAYS); each order once, as the outbox keeps one mail per order and kind.
 */
export async function queueTransferReminders(
  deps: { db: Database; jobs: Pick<JobQueue, 'enqueue'> },
  reminderDays: number,
): Promise<number> {
  if (reminderDays <= 0) return 0;
  return deps.db.transaction(async (tx) => {
    const due = await queryRows<{ id: number }>(
      tx,
      sql`SELECT o.id FROM orders o
          WHERE o.status = 'awaiting-payment' AND o.payment_type = 'wiretransfer'
            AND o.hold_until < now() + make_interval(days => ${reminderDays})
            AND NOT EXISTS (SELECT 1 FROM mails m WHERE m.dedupe_key = 'transfer-reminder:' || o.id)
          ORDER BY o.hold_until LIMIT 500 FOR UPDATE SKIP LOCKED`,
    );
    for (const { id } of due) await queueOrderMail(tx, deps.jobs, id, 'transfer-reminder');
    return due.length;
  });
}

export function transferRemindersJob(
  deps: { db: Database; jobs: Pick<JobQueue, 'enqueue'> },
  reminderDays: number,
): JobDefinition<object> {
  return {
    name: 'orders.transfer-reminders',
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 600,
    schedule: '17 * * * *',
    async run() {
      while ((await queueTransferReminders(deps, reminderDays)) === 500) {}
    },
  };
}
