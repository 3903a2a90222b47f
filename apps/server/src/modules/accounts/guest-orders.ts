import { createHash, randomBytes } from 'node:crypto';
import type { GuestOrder, GuestOrderOffer } from '@shop/contracts/accounts';
import type { Locale } from '@shop/contracts/locale';
import { toPrice } from '@shop/contracts/money';
import type { Database } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import type { JobDefinition, JobQueue } from '#src/modules/jobs/job-queue.ts';
import { isMailQueued, queueAccountMail } from '#src/modules/mail/mail-outbox.ts';
import * as repository from './accounts.repository.ts';
import type { SignedIn } from './authentication.ts';

/**
 * Orders bought as a guest with the address an account signs in with (issue 24). Anybody can register
 * with any address, so the account sees them, and can take them in, only after proving that it reads
 * that address: a link mailed to it (single use, bound to customer and address). Until then nothing
 * the account is answered depends on whether guest orders exist (no enumeration): registration and
 * sign-in queue the same job either way (so they take the same time too), the job looks for guest
 * orders and mails the link, and the offer reads "not confirmed, no orders" either way.
 */

export const guestOrdersCheckJob = 'accounts.guest-orders-check';

/** Queued at every registration of a new account and every sign-in, whatever the address has. */
export async function queueGuestOrdersCheck(
  db: Database,
  jobs: Pick<JobQueue, 'enqueue'>,
  customerId: string,
): Promise<void> {
  await jobs.enqueue(db, guestOrdersCheckJob, { customerId });
}

/** Runs the check a registration or sign-in queued: mails a confirmation link when there is reason to. */
export async function runGuestOrdersCheck(
  deps: { db: Database; jobs: Pick<JobQueue, 'enqueue'> },
  customerId: string,
): Promise<void> {
  const customer = await repository.findCustomer(deps.db, customerId);
  if (customer) await mailGuestOrderConfirmation(deps.db, deps.jobs, customer);
}

export function guestOrdersCheckJobDefinition(deps: {
  db: Database;
  jobs: Pick<JobQueue, 'enqueue'>;
}): JobDefinition<{ customerId: string }> {
  return {
    name: guestOrdersCheckJob,
    retryLimit: 5,
    retryDelaySeconds: 10,
    expireInSeconds: 60,
    concurrency: 5,
    run: ({ customerId }) => runGuestOrdersCheck(deps, customerId),
  };
}

/** A confirmation link works this long, once. */
export const confirmationLinkDays = 7;

type Customer = Pick<repository.CustomerRow, 'id' | 'brand_id' | 'email' | 'confirmed_email'>;

/** Whether the account's current address is the one it confirmed. */
export const isAddressConfirmed = (customer: Pick<Customer, 'email' | 'confirmed_email'>) =>
  customer.confirmed_email !== null &&
  customer.confirmed_email.toLowerCase() === customer.email.toLowerCase();

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * At registration and sign-in: when the address has guest orders and is not confirmed yet, mails it a
 * link to confirm it. At most one such mail a day per newest guest order, so signing in again does not
 * flood the mailbox, and a new guest order is offered again. A confirmed address needs no mail: the
 * account's orders page offers the guest orders directly.
 */
export async function mailGuestOrderConfirmation(
  db: Database,
  jobs: Pick<JobQueue, 'enqueue'>,
  customer: Customer,
): Promise<void> {
  if (isAddressConfirmed(customer)) return;
  const newest = await repository.findNewestGuestOrderId(db, customer.brand_id, customer.email);
  if (newest === null) return;
  const day = Math.floor(Date.now() / 86_400_000);
  const dedupeKey = `guest-orders-confirm:${customer.id}:${newest}:${day}`;
  if (await isMailQueued(db, dedupeKey)) return;
  await db.transaction(async (tx) => {
    const token = randomBytes(32).toString('base64url');
    await repository.insertAddressConfirmation(tx, {
      customerId: customer.id,
      email: customer.email,
      tokenHash: hashToken(token),
      lifetimeSeconds: confirmationLinkDays * 86_400,
    });
    await queueAccountMail(tx, jobs, {
      customerId: customer.id,
      kind: 'guest-orders-confirm',
      dedupeKey,
      payload: { token },
    });
  });
}

function presentGuestOrder(row: repository.AccountOrderRow, locale: Locale): GuestOrder {
  return {
    id: row.id,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    total: toPrice(row.total_cents, locale),
    titles: row.titles,
  };
}

/** The guest orders offered to the account: none until its address is confirmed. */
export async function guestOrderOffer(
  db: Database,
  customer: Customer,
  locale: Locale,
): Promise<GuestOrderOffer> {
  if (!isAddressConfirmed(customer)) return { addressConfirmed: false, orders: [] };
  const rows = await repository.findGuestOrders(db, customer.brand_id, customer.email, locale);
  return { addressConfirmed: true, orders: rows.map((row) => presentGuestOrder(row, locale)) };
}

export function invalidConfirmationLink(): HttpProblem {
  return new HttpProblem(
    400,
    'invalid-confirmation-link',
    "the link is unknown, another account's, used, expired or for another address",
  );
}

/** Follows the mailed link while signed in: the address counts as confirmed, and its guest orders are offered. */
export async function confirmAddress(
  db: Database,
  signedIn: SignedIn,
  token: string,
  locale: Locale,
): Promise<GuestOrderOffer> {
  const { customer } = signedIn;
  if (!(await repository.consumeAddressConfirmation(db, customer, hashToken(token)))) {
    throw invalidConfirmationLink();
  }
  return guestOrderOffer(db, { ...customer, confirmed_email: customer.email }, locale);
}

/** Takes the named guest orders of the confirmed address into the account; others are left alone. */
export async function linkGuestOrders(
  db: Database,
  signedIn: SignedIn,
  orderIds: number[],
): Promise<{ linked: number[] }> {
  const { customer } = signedIn;
  if (!isAddressConfirmed(customer)) return { linked: [] };
  const linked = await repository.assignGuestOrders(
    db,
    { id: customer.id, brandId: customer.brand_id, email: customer.email },
    orderIds,
  );
  return { linked };
}
