import type { Database } from '#src/db/client.ts';
import type { BrandConfigs } from '#src/modules/brands/brand-config.ts';
import { issueInvoice } from '#src/modules/invoices/invoices.repository.ts';
import type { JobQueue } from '#src/modules/jobs/job-queue.ts';
import { queueOrderMail } from '#src/modules/mail/mail-outbox.ts';
import { createVouchers } from '#src/modules/vouchers/vouchers.repository.ts';
import type { OrderRow } from './orders.repository.ts';
import * as repository from './orders.repository.ts';
import type { Step } from './workflow.ts';

export type FulfilmentDeps = {
  jobs: Pick<JobQueue, 'enqueue'>;
  /** Where the invoice takes the seller's company data and the VAT treatment from, at issue time. */
  brandConfigs: Pick<BrandConfigs, 'get'>;
};

type Paid = { tx: Database; deps: FulfilmentDeps; order: OrderRow };

/**
 * Fulfilment, in order. Every step writes in the paying transaction, which holds the order's row lock,
 * and none reaches outside the database (the mail is an outbox row): a rollback undoes all of them, so
 * none needs a compensation.
 */
const fulfilment: Step<Paid, void>[] = [
  { name: 'create-vouchers', run: ({ tx, order }) => createVouchers(tx, order.id) },
  {
    name: 'issue-invoice',
    run: async ({ tx, deps, order }) => void (await issueInvoice(tx, order, deps.brandConfigs)),
  },
  {
    name: 'queue-payment-mail',
    run: ({ tx, deps, order }) => queueOrderMail(tx, deps.jobs, order.id, 'payment-received'),
  },
];

/**
 * The order is paid (a capture, a bank transfer, credit or a total of zero): its vouchers, its invoice
 * and the mail that links them are made in the caller's transaction.
 */
export async function markOrderPaid(tx: Database, deps: FulfilmentDeps, order: OrderRow): Promise<OrderRow> {
  const paid = await repository.updateOrder(tx, order.id, { status: 'paid', paidAt: 'now', holdUntil: null });
  for (const step of fulfilment) await step.run({ tx, deps, order: paid });
  return paid;
}
