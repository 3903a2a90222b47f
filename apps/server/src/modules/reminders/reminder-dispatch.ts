import type { Database } from '#src/db/client.ts';
import type { JobDefinition, JobQueue } from '#src/modules/jobs/job-queue.ts';
import { queueAddressMail } from '#src/modules/mail/mail-outbox.ts';
import { claimDueReminders, hasRemindersForOrders } from './reminders.repository.ts';

type DispatchDeps = { db: Database; jobs: Pick<JobQueue, 'enqueue'> };

export const dispatchRemindersJob = 'reminders.dispatch';

/** Reminders claimed and queued per transaction: big enough to be quick, small enough to commit often. */
export const dispatchBatch = 500;

/**
 * Queues the mails of reminders whose offer can be bought again: each claimed reminder is marked notified
 * in the transaction that queues its mail (outbox dedupe key per reminder), so however many processes or
 * job runs meet it, it is mailed once, and never while the offer is still sold out.
 */
export async function dispatchReminders(deps: DispatchDeps, batch = dispatchBatch): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const due = await claimDueReminders(tx, batch);
    for (const reminder of due) {
      await queueAddressMail(tx, deps.jobs, {
        recipient: reminder.email,
        brandId: reminder.brand_id,
        locale: reminder.locale,
        kind: 'back-in-stock',
        dedupeKey: `back-in-stock:${reminder.id}`,
        payload: { offerId: reminder.offer_id },
      });
    }
    return due.length;
  });
}

/**
 * Runs when stock comes back through an order (cancelled, expired: queued in that transaction) and every
 * minute across all processes, which catches what changes stock outside the shop (an operator's update).
 */
export function reminderDispatchJob(deps: DispatchDeps): JobDefinition<object> {
  return {
    name: dispatchRemindersJob,
    retryLimit: 2,
    retryDelaySeconds: 10,
    expireInSeconds: 300,
    schedule: '* * * * *',
    async run() {
      // Batch after batch until none is full, so 10,000 subscribers of one offer go out in one run.
      while ((await dispatchReminders(deps)) === dispatchBatch) {}
    },
  };
}

/**
 * In the transaction that gives these orders' stock back: queues a dispatch when a pending reminder waits
 * for one of their offers (only then: a cancelled cart without reminders costs no job).
 */
export async function queueReminderDispatch(
  tx: Database,
  jobs: Pick<JobQueue, 'enqueue'>,
  orderIds: number[],
): Promise<void> {
  if (await hasRemindersForOrders(tx, orderIds)) await jobs.enqueue(tx, dispatchRemindersJob, {});
}
