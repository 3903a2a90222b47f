import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import type { ProviderName } from './payment-provider.ts';

/** The SQL of table payments: one row per attempt to pay an order through a provider. */

/**
 * created: waiting for the buyer's approval and our capture. captured: booked on its order (at most one
 * per order). declined, cancelled: given up. refund-pending: captured but not bookable, a refund job is
 * queued. refunded: the provider confirmed the refund.
 */
export type PaymentStatus = 'created' | 'captured' | 'declined' | 'cancelled' | 'refund-pending' | 'refunded';

export type PaymentRow = {
  id: number;
  order_id: number;
  provider: ProviderName;
  provider_reference: string;
  status: PaymentStatus;
  amount_cents: number;
  currency: string;
  approval_url: string | null;
  capture_id: string | null;
};

/** A retried create (same provider reference) answers the row the first one made. */
export async function insertPayment(
  db: Database,
  payment: Pick<PaymentRow, 'order_id' | 'provider' | 'provider_reference' | 'amount_cents' | 'currency'> & {
    approval_url: string;
  },
): Promise<PaymentRow | null> {
  const [row] = await queryRows<PaymentRow>(
    db,
    sql`INSERT INTO payments (order_id, provider, provider_reference, status, amount_cents, currency, approval_url)
        VALUES (${payment.order_id}, ${payment.provider}, ${payment.provider_reference}, 'created',
          ${payment.amount_cents}, ${payment.currency}, ${payment.approval_url})
        ON CONFLICT (provider, provider_reference) DO UPDATE SET updated_at = now()
        RETURNING *`,
  );
  return row ?? null;
}

export async function findPayment(db: Database, paymentId: number): Promise<PaymentRow | null> {
  const [row] = await queryRows<PaymentRow>(db, sql`SELECT * FROM payments WHERE id = ${paymentId}`);
  return row ?? null;
}

/** The order's most recent attempt, of any provider or of `provider`. */
export async function findLatestPayment(
  db: Database,
  orderId: number,
  provider?: ProviderName,
): Promise<PaymentRow | null> {
  const [row] = await queryRows<PaymentRow>(
    db,
    sql`SELECT * FROM payments WHERE order_id = ${orderId}
          ${provider ? sql`AND provider = ${provider}` : sql``}
        ORDER BY id DESC LIMIT 1`,
  );
  return row ?? null;
}

/** The order's payment with this provider reference (PayPal order id, Amazon Pay checkout session id). */
export async function findOrderPayment(
  db: Database,
  orderId: number,
  provider: ProviderName,
  reference: string,
): Promise<PaymentRow | null> {
  const [row] = await queryRows<PaymentRow>(
    db,
    sql`SELECT * FROM payments WHERE order_id = ${orderId} AND provider = ${provider}
          AND provider_reference = ${reference}`,
  );
  return row ?? null;
}

/**
 * The payment a provider notification is about: by its reference, or (Amazon Pay's notifications name
 * the charge, not the checkout session) by its capture.
 */
export async function findNotifiedPayment(
  db: Database,
  provider: ProviderName,
  match: { reference: string } | { captureId: string },
): Promise<PaymentRow | null> {
  const condition =
    'reference' in match
      ? sql`provider_reference = ${match.reference}`
      : sql`capture_id = ${match.captureId}`;
  const [row] = await queryRows<PaymentRow>(
    db,
    sql`SELECT * FROM payments WHERE provider = ${provider} AND ${condition}`,
  );
  return row ?? null;
}

/** The provider confirmed the refund of a capture that was waiting for it. */
export async function markRefunded(db: Database, paymentId: number): Promise<void> {
  await db.execute(
    sql`UPDATE payments SET status = 'refunded', updated_at = now() WHERE id = ${paymentId} AND status = 'refund-pending'`,
  );
}

/**
 * A declined attempt, unless something else settled it meanwhile: a notification read before a
 * concurrent capture must not overwrite it.
 */
export async function markPaymentDeclined(db: Database, paymentId: number): Promise<void> {
  await db.execute(
    sql`UPDATE payments SET status = 'declined', check_after = NULL, updated_at = now()
        WHERE id = ${paymentId} AND status = 'created'`,
  );
}

export async function markPaymentCaptured(db: Database, paymentId: number, captureId: string): Promise<void> {
  await db.execute(
    sql`UPDATE payments SET status = 'captured', capture_id = ${captureId}, check_after = NULL, updated_at = now()
        WHERE id = ${paymentId}`,
  );
}

/**
 * Marks a capture for refunding; false when there is nothing (more) to give back: the payment was
 * booked after all, or its refund is already queued or confirmed. So each payment has one refund job.
 */
export async function markRefundPending(
  db: Database,
  paymentId: number,
  captureId: string,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE payments SET status = 'refund-pending', capture_id = ${captureId}, check_after = NULL,
          updated_at = now()
        WHERE id = ${paymentId} AND status NOT IN ('captured', 'refund-pending', 'refunded')
        RETURNING id`,
  );
  return rows.length > 0;
}

/**
 * An order that stops waiting for its provider (back to the cart, cancelled, expired) ends its open
 * attempts. The reconciliation still asks about each once, no sooner than a capture already on its way can
 * land: a process that captured and died before booking leaves money only the provider knows of, which
 * is then refunded (docs/decisions/024).
 */
export async function cancelOpenPayments(db: Database, orderId: number): Promise<void> {
  await db.execute(
    sql`UPDATE payments SET status = 'cancelled', updated_at = now(),
          check_after = greatest(check_after, now() + ${captureLandingSql})
        WHERE order_id = ${orderId} AND status = 'created'`,
  );
}

/** Longer than any provider call may take (PAYMENT_TIMEOUT_MS is at most 120 s). */
const captureLandingSql = sql.raw(`interval '3 minutes'`);

/**
 * Claims payments whose check is due: those whose outcome the provider has not confirmed, once they have
 * waited `waitedSeconds` or their order's hold ran out. Claiming moves their next check `leaseSeconds`
 * ahead in the claiming transaction (SKIP LOCKED), so concurrent runs (two processes, the cron and a retry)
 * never ask about the same payment at once, and a run that dies leaves them due again after the lease.
 */
export async function claimPaymentChecks(
  db: Database,
  options: { waitedSeconds: number; limit: number; leaseSeconds: number },
): Promise<PaymentRow[]> {
  return queryRows<PaymentRow>(
    db,
    sql`UPDATE payments SET check_after = now() + make_interval(secs => ${options.leaseSeconds}),
          checked_at = now()
        WHERE id IN (
          SELECT p.id FROM payments p JOIN orders o ON o.id = p.order_id
          WHERE p.check_after <= now() AND p.status IN ('created', 'cancelled')
            AND (p.created_at <= now() - make_interval(secs => ${options.waitedSeconds}) OR o.hold_until <= now())
          ORDER BY p.check_after LIMIT ${options.limit}
          FOR UPDATE OF p SKIP LOCKED)
        RETURNING *`,
  );
}

/** The provider answered with an outcome that leaves nothing more to ask: no further checks. */
export async function settlePaymentCheck(db: Database, paymentId: number): Promise<void> {
  await db.execute(sql`UPDATE payments SET check_after = NULL WHERE id = ${paymentId}`);
}

/**
 * The outcome is still open (the buyer has not decided, the provider did not answer): the next check
 * after a pause of `firstPauseSeconds`, doubled with every open answer up to an hour, and never later
 * than the end of the order's hold, when the answer decides whether the hold goes back.
 */
export async function postponePaymentCheck(
  db: Database,
  paymentId: number,
  firstPauseSeconds: number,
): Promise<void> {
  const next = sql`now() + make_interval(secs => least(${firstPauseSeconds} * power(2, least(p.checks, 20)), 3600))`;
  await db.execute(
    sql`UPDATE payments p SET checks = p.checks + 1,
          check_after = CASE WHEN o.hold_until > now() THEN least(o.hold_until, ${next}) ELSE ${next} END
        FROM orders o
        WHERE p.id = ${paymentId} AND o.id = p.order_id AND p.status IN ('created', 'cancelled')`,
  );
}
