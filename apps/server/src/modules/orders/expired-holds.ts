import type { Database } from '#src/db/client.ts';
import type { JobDefinition, JobQueue } from '#src/modules/jobs/job-queue.ts';
import { queueOrderMail } from '#src/modules/mail/mail-outbox.ts';
import { queueReminderDispatch } from '#src/modules/reminders/reminder-dispatch.ts';
import { isHolding, releaseHold } from './order-holds.ts';
import type { OrderRow } from './orders.repository.ts';
import * as repository from './orders.repository.ts';

type SweepDeps = { db: Database; jobs: Pick<JobQueue, 'enqueue'> };

/** Once a minute across all processes (pg-boss runs a schedule once): expired holds go back. */
export function releaseExpiredHoldsJob(deps: SweepDeps): JobDefinition<object> {
  return {
    name: 'orders.release-expired-holds',
    retryLimit: 2,
    retryDelaySeconds: 10,
    expireInSeconds: 300,
    schedule: '* * * * *',
    async run() {
      // Batches of 100 until none is left, so a backlog after downtime clears in one run.
      while ((await releaseExpiredHolds(deps)) === 100) {}
    },
  };
}

/**
 * Gives back what expired orders hold: wire transfers not paid in time expire; orders left at PayPal or
 * Amazon Pay go back to being carts when their attempt has ended (declined), while one still open is left
 * to the reconciliation, which asks the provider first (payment-reconciliation.ts). Rows another process
 * is working on are skipped.
 */
export async function releaseExpiredHolds(deps: SweepDeps, batch = 100): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const expired = await repository.findExpiredHolds(tx, batch);
    for (const { id } of expired) {
      const order = (await repository.findOrder(tx, id)) as OrderRow;
      if (!isHolding(order)) continue;
      const isUnpaidTransfer = order.status === 'awaiting-payment';
      await releaseHold(tx, order, isUnpaidTransfer ? 'expired' : 'cart');
      if (isUnpaidTransfer) await queueOrderMail(tx, deps.jobs, order.id, 'transfer-expired');
    }
    // The stock given back may be what reminders wait for (modules/reminders): one dispatch per batch.
    await queueReminderDispatch(
      tx,
      deps.jobs,
      expired.map(({ id }) => id),
    );
    return expired.length;
  });
}
