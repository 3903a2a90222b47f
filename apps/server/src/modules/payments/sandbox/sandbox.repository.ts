import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import type { ProviderName } from '../payment-provider.ts';

/** created → approved | cancelled | declined | timeout (chosen on the simulator page) → captured. */
export type SandboxState = 'created' | 'approved' | 'cancelled' | 'declined' | 'timeout' | 'captured';

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

/** Inserts the payment unless its id exists (a retried create), and answers the stored row either way. */
export async function insertSandboxPayment(
  db: Database,
  payment: Pick<
    SandboxPayment,
    'id' | 'provider' | 'amount_cents' | 'currency' | 'return_url' | 'cancel_url'
  >,
): Promise<SandboxPayment> {
  await queryRows(
    db,
    sql`INSERT INTO sandbox_payments (id, provider, amount_cents, currency, return_url, cancel_url)
      VALUES (${payment.id}, ${payment.provider}, ${payment.amount_cents}, ${payment.currency},
        ${payment.return_url}, ${payment.cancel_url})
      ON CONFLICT (id) DO NOTHING`,
  );
  const row = await findSandboxPayment(db, payment.id);
  if (!row) throw new Error(`sandbox payment ${payment.id} vanished after insert`);
  return row;
}

export async function findSandboxPayment(db: Database, id: string): Promise<SandboxPayment | undefined> {
  const [row] = await queryRows<SandboxPayment>(
    db,
    sql`SELECT ${columns} FROM sandbox_payments WHERE id = ${id}`,
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
