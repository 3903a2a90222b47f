import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import type { ProviderName } from '../payment-provider.ts';

/**
 * created → approved | cancelled | declined | timeout | expired (chosen on the simulator page) → captured.
 * expired: approved, but the approval lapsed before the shop captured it (a stale approval).
 */
export type SandboxState =
  | 'created'
  | 'approved'
  | 'cancelled'
  | 'declined'
  | 'timeout'
  | 'expired'
  | 'captured';

export type SandboxPayment = {
  id: string;
  provider: ProviderName;
  state: SandboxState;
  amount_cents: number;
  currency: string;
  return_url: string;
  cancel_url: string;
  capture_id: string | null;
  capture_request_id: string | null;
};

const columns = sql.raw(
  'id, provider, state, amount_cents, currency, return_url, cancel_url, capture_id, capture_request_id',
);

/**
 * Inserts the payment unless one exists for its request id (a retried create), and answers the stored
 * row either way. The read back is a statement of its own: a concurrent insert of the same request id
 * that commits while this one waits is visible only to a later statement.
 */
export async function insertSandboxPayment(
  db: Database,
  payment: Pick<
    SandboxPayment,
    'id' | 'provider' | 'amount_cents' | 'currency' | 'return_url' | 'cancel_url'
  > & { request_id: string },
): Promise<SandboxPayment> {
  const [inserted] = await queryRows<SandboxPayment>(
    db,
    sql`INSERT INTO sandbox_payments (id, provider, amount_cents, currency, return_url, cancel_url, request_id)
      VALUES (${payment.id}, ${payment.provider}, ${payment.amount_cents}, ${payment.currency},
        ${payment.return_url}, ${payment.cancel_url}, ${payment.request_id})
      ON CONFLICT (provider, request_id) DO NOTHING
      RETURNING ${columns}`,
  );
  if (inserted) return inserted;
  const [existing] = await queryRows<SandboxPayment>(
    db,
    sql`SELECT ${columns} FROM sandbox_payments
      WHERE provider = ${payment.provider} AND request_id = ${payment.request_id}`,
  );
  if (!existing) throw new Error(`sandbox payment for request ${payment.request_id} vanished after insert`);
  return existing;
}

export async function findSandboxPayment(db: Database, id: string): Promise<SandboxPayment | undefined> {
  const [row] = await queryRows<SandboxPayment>(
    db,
    sql`SELECT ${columns} FROM sandbox_payments WHERE id = ${id}`,
  );
  return row;
}

/**
 * The payment with whether it is older than `lifetimeHours`: the simulator lets uncaptured payments lapse
 * after a while, as PayPal and Amazon Pay do (docs/decisions/024).
 */
export async function findSandboxPaymentAge(
  db: Database,
  id: string,
  lifetimeHours: number,
): Promise<(SandboxPayment & { has_lapsed: boolean }) | undefined> {
  const [row] = await queryRows<SandboxPayment & { has_lapsed: boolean }>(
    db,
    sql`SELECT ${columns}, created_at < now() - make_interval(hours => ${lifetimeHours}) AS has_lapsed
        FROM sandbox_payments WHERE id = ${id}`,
  );
  return row;
}

/** The customer's choice on the simulator page; a captured payment keeps its state. */
export async function setSandboxState(
  db: Database,
  id: string,
  state: Exclude<SandboxState, 'created' | 'captured'>,
): Promise<SandboxPayment | undefined> {
  await queryRows(
    db,
    sql`UPDATE sandbox_payments SET state = ${state} WHERE id = ${id} AND state <> 'captured'`,
  );
  return findSandboxPayment(db, id);
}

/**
 * Captures an approved payment. One conditional UPDATE, so of two concurrent captures (in any process)
 * exactly one wins; the other finds the row captured and answers the same capture.
 */
export async function captureSandboxPayment(
  db: Database,
  id: string,
  captureId: string,
  requestId: string,
): Promise<SandboxPayment | undefined> {
  const [row] = await queryRows<SandboxPayment>(
    db,
    sql`UPDATE sandbox_payments SET state = 'captured', capture_id = ${captureId}, capture_request_id = ${requestId}
      WHERE id = ${id} AND state = 'approved'
      RETURNING ${columns}`,
  );
  return row;
}

export async function findSandboxCapture(
  db: Database,
  captureId: string,
): Promise<SandboxPayment | undefined> {
  const [row] = await queryRows<SandboxPayment>(
    db,
    sql`SELECT ${columns} FROM sandbox_payments WHERE capture_id = ${captureId}`,
  );
  return row;
}

/** Records a refund unless one exists for its request id, and answers the stored refund's id either way. */
export async function insertSandboxRefund(
  db: Database,
  refund: {
    id: string;
    provider: ProviderName;
    request_id: string;
    capture_id: string;
    amount_cents: number;
  },
): Promise<string> {
  const [inserted] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO sandbox_refunds (id, provider, request_id, capture_id, amount_cents)
      VALUES (${refund.id}, ${refund.provider}, ${refund.request_id}, ${refund.capture_id}, ${refund.amount_cents})
      ON CONFLICT (provider, request_id) DO NOTHING
      RETURNING id`,
  );
  if (inserted) return inserted.id;
  const [existing] = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM sandbox_refunds WHERE provider = ${refund.provider} AND request_id = ${refund.request_id}`,
  );
  if (!existing) throw new Error(`sandbox refund for request ${refund.request_id} vanished after insert`);
  return existing.id;
}
