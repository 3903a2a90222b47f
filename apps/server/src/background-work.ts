import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import { type Config, repoRoot } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { composeAccountMail } from './modules/accounts/account-mail.ts';
import { guestOrdersCheckJobDefinition } from './modules/accounts/guest-orders.ts';
import { catalogueImportJobDefinition } from './modules/admin/catalogue/catalogue-import.ts';
import {
  orderExportCleanupJobDefinition,
  orderExportJobDefinition,
} from './modules/admin/exports/order-exports.ts';
import { refundOrderJobDefinition } from './modules/admin/orders/refunds.ts';
import { createBankInbox, retiredBankInboxJob } from './modules/bank/bank-inbox.ts';
import { bankInboxDir } from './modules/bank/inbox-files.ts';
import { statementImportJobDefinition } from './modules/bank/statement-records.ts';
import { createBrandConfigs } from './modules/brands/brand-config.ts';
import { type BrandDirectory, createBrandDirectory } from './modules/brands/brand-directory.ts';
import { listBrands } from './modules/brands/brands.repository.ts';
import { createJobQueue, type JobDefinition } from './modules/jobs/job-queue.ts';
import { composeAddressMail } from './modules/mail/address-mail.ts';
import { createMailTransport } from './modules/mail/mail-transport.ts';
import { composeOrderMail } from './modules/mail/order-mail.ts';
import { sendMailJobDefinition } from './modules/mail/send-mail.job.ts';
import type { CheckoutDeps } from './modules/orders/checkout-context.ts';
import { releaseExpiredHoldsJob } from './modules/orders/expired-holds.ts';
import { reconcilePaymentsJobDefinition } from './modules/orders/payment-reconciliation.ts';
import { transferRemindersJob } from './modules/orders/transfer-reminders.ts';
import { createPaymentProviders } from './modules/payments/create-payment-providers.ts';
import { refundJobDefinition } from './modules/payments/refund-payment.job.ts';
import { reminderDispatchJob } from './modules/reminders/reminder-dispatch.ts';

/**
 * What happens after a request (docs/decisions/014): the job queue with every job's definition, and
 * what the jobs and the paying code need (payment providers, brand configs, the mail transport). The
 * server builds it inside the app; `npm run worker` and `npm run bank-import` build only this, without
 * the catalogue, the search index or any route.
 */
export function createBackgroundWork(options: {
  config: Config;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  /** Where the queue's counters go (`/metrics` of the server). */
  registry: Registry;
  /** The app's brand directory, shared with its routes; a worker makes its own. */
  brands?: BrandDirectory;
}) {
  const { config, database, log } = options;
  const brands =
    options.brands ??
    createBrandDirectory(database.db, {
      defaultShort: config.defaultBrand,
      ttlMs: config.catalogueCacheTtlMs,
      publicUrl: config.publicUrl,
    });
  const brandConfigs = createBrandConfigs({
    assetsDir: path.join(repoRoot, 'assets'),
    assetUrl: config.assetUrl,
    db: database.db,
  });
  const mailTransport = createMailTransport({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    outboxDir: path.join(config.dataDir, 'outbox'),
  });
  // Filled below, run only once the queue has started: the definitions close over `checkout`.
  const definitions: JobDefinition<never>[] = [];
  const jobs = createJobQueue(database, {
    definitions,
    runWorkers: config.jobsInServer,
    log,
    registry: options.registry,
    schema: database.schemaName ? `${database.schemaName}_jobs` : 'pgboss',
    retiredSchedules: [retiredBankInboxJob],
  });
  const checkout: CheckoutDeps = {
    db: database.db,
    log,
    providers: createPaymentProviders(config, database.db),
    payments: config.payments,
    jobs,
    brandConfigs,
  };
  // Statements dropped into DATA_DIR/bank-inbox are imported by a process of that machine that runs jobs.
  const bankInbox = createBankInbox(
    { db: database.db, jobs, brandConfigs, log },
    { dir: bankInboxDir(config.dataDir) },
  );
  definitions.push(
    sendMailJobDefinition({
      db: database.db,
      transport: mailTransport,
      compose: (mail) => {
        if (mail.order_id !== null) {
          return composeOrderMail({ db: database.db, brands, brandConfigs, payments: config.payments }, mail);
        }
        if (mail.customer_id !== null)
          return composeAccountMail({ db: database.db, brands, brandConfigs }, mail);
        return composeAddressMail({ db: database.db, brands, brandConfigs }, mail);
      },
    }),
    releaseExpiredHoldsJob(checkout),
    reconcilePaymentsJobDefinition(checkout),
    refundJobDefinition(checkout),
    refundOrderJobDefinition(checkout),
    transferRemindersJob(checkout, config.payments.wireTransfer.reminderDays),
    reminderDispatchJob({ db: database.db, jobs }),
    guestOrdersCheckJobDefinition({ db: database.db, jobs }),
    statementImportJobDefinition(checkout),
    orderExportJobDefinition({ db: database.db }),
    catalogueImportJobDefinition({ db: database.db, jobs }),
    orderExportCleanupJobDefinition({ db: database.db }),
  );

  return {
    brands,
    brandConfigs,
    jobs,
    /** What the order routes, the payment webhooks and the bank import pay orders with. */
    checkout,
    async start(): Promise<void> {
      // Every brand's config read now, not first inside a paying transaction: its invoice needs the
      // seller's data, and a slow or failing asset host there would fail the payment. A brand whose
      // read fails now is read again when needed.
      const known = await listBrands(database.db);
      await Promise.allSettled(known.map((brand) => brandConfigs.get(brand.short)));
      await jobs.start();
      if (config.jobsInServer) bankInbox.watch();
    },
    async stop(): Promise<void> {
      await bankInbox.close();
      await jobs.stop();
      mailTransport.close();
    },
  };
}

export type BackgroundWork = ReturnType<typeof createBackgroundWork>;
