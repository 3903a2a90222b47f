import type { Database } from '#src/db/client.ts';
import { issueInvoice } from '#src/modules/invoices/invoices.repository.ts';
import type { JobQueue } from '#src/modules/jobs/job-queue.ts';
import { queueOrderMail } from '#src/modules/mail/mail-outbox.ts';
import { createVouchers } from '#src/modules/vouchers/vouchers.repository.ts';
import type { OrderRow } from './orders.repository.ts';
import * as repository from './orders.repository.ts';

export type FulfilmentDeps = { jobs: Pick<JobQueue, 'enqueue'> };

/**
 * The order is paid (a capture, a bank transfer, credit or a total of zero): its vouchers, its invoice
 * and the mail that links them are made in the caller's transaction, which holds the order's row lock.
 * Nothing here reaches outside the database, so a rollback undoes all of it and nothing needs undoing.
 */
export async function markOrderPaid(tx: Database, deps: FulfilmentDeps, order: OrderRow): Promise<OrderRow> {
  const paid = await repository.updateOrder(tx, order.id, { status: 'paid', paidAt: 'now', holdUntil: null });
  await createVouchers(tx, order.id);
  await issueInvoice(tx, paid);
  await queueOrderMail(tx, deps.jobs, order.id, 'payment-received');
  return paid;
}
