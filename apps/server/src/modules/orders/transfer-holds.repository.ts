import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';

/**
 * The SQL of the limits on stock held by unpaid bank transfers (docs/decisions/020). An open transfer
 * is an order `awaiting-payment`: only a bank transfer waits in that state (credit pays at once).
 */

/** Advisory transaction locks of the limits have this first key; the second is a 32-bit hash. */
const lockSpace = 741_020;

/**
 * Serialises the closes of one client or address until the transaction ends, so that two closes at once
 * count each other. Callers lock in ascending key order (no deadlock between two of them).
 */
export async function lockTransferParty(db: Database, key: number): Promise<void> {
  await queryRows(db, sql`SELECT pg_advisory_xact_lock(${lockSpace}, ${key}::int)`);
}

/** Open transfers of the client and of the address, other than `orderId`. */
export async function countOpenTransfers(
  db: Database,
  party: { orderId: number; clientHash: string; emailKey: string },
): Promise<{ byClient: number; byAddress: number }> {
  const [row] = await queryRows<{ byClient: number; byAddress: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE client_hash = ${party.clientHash})::int AS "byClient",
               count(*) FILTER (WHERE email_key = ${party.emailKey})::int AS "byAddress"
        FROM orders
        WHERE status = 'awaiting-payment' AND id <> ${party.orderId}
          AND (client_hash = ${party.clientHash} OR email_key = ${party.emailKey})`,
  );
  return row ?? { byClient: 0, byAddress: 0 };
}

export type TransferHeldRow = {
  variant_id: number;
  quantity: number;
  stock: number;
  held_by_transfers: number;
  held_by_buyer: number;
};

/**
 * For each line of the order: its quantity, the variant's stock now, and the units the other open
 * transfers hold, all of them and those of this client or address (none without a client: the limits
 * per client are off). Read after the order's hold took the variants' rows, so closes of the same
 * variants have committed or wait. The open transfers holding a variant come from the partial index on
 * `transfer_variant_ids`: the cost follows them, not the orders of all time.
 */
export function findTransferHeld(
  db: Database,
  party: { orderId: number; clientHash: string | null; emailKey: string | null },
): Promise<TransferHeldRow[]> {
  const { orderId, clientHash, emailKey } = party;
  return queryRows<TransferHeldRow>(
    db,
    sql`
    SELECT i.variant_id, i.quantity, v.stock,
      coalesce(sum(held.quantity), 0)::int AS held_by_transfers,
      coalesce(sum(held.quantity) FILTER (WHERE o.client_hash = ${clientHash} OR o.email_key = ${emailKey}), 0)::int
        AS held_by_buyer
    FROM order_items i
    JOIN variants v ON v.id = i.variant_id
    LEFT JOIN orders o ON o.status = 'awaiting-payment' AND o.transfer_variant_ids @> ARRAY[i.variant_id]
      AND o.id <> ${orderId}
    LEFT JOIN order_items held ON held.order_id = o.id AND held.variant_id = i.variant_id
    WHERE i.order_id = ${orderId}
    GROUP BY i.variant_id, i.quantity, v.stock
    ORDER BY i.variant_id`,
  );
}

/**
 * Notes what the order holds for a transfer, for the closes after it: its client (keyed hash), its
 * normalised address and its variants (its lines cannot change while it waits for the money).
 */
export async function setTransferHold(
  db: Database,
  orderId: number,
  party: { clientHash: string | null; emailKey: string },
): Promise<void> {
  await db.execute(
    sql`UPDATE orders SET client_hash = ${party.clientHash}, email_key = ${party.emailKey},
          transfer_variant_ids = (SELECT array_agg(variant_id ORDER BY variant_id) FROM order_items WHERE order_id = ${orderId})
        WHERE id = ${orderId}`,
  );
}

/** What the operator sees on /metrics: open transfers, the units they hold, the largest share of a variant. */
export async function summariseTransferHolds(db: Database) {
  const [row] = await queryRows<{ orders: number; units: number; maxShare: number }>(
    db,
    sql`
    WITH held AS (
      SELECT i.variant_id, sum(i.quantity)::int AS units
      FROM orders o JOIN order_items i ON i.order_id = o.id
      WHERE o.status = 'awaiting-payment' GROUP BY i.variant_id)
    SELECT (SELECT count(*)::int FROM orders WHERE status = 'awaiting-payment') AS orders,
      coalesce((SELECT sum(units)::int FROM held), 0) AS units,
      coalesce((SELECT max(held.units::float8 / (held.units + v.stock)) FROM held
        JOIN variants v ON v.id = held.variant_id), 0) AS "maxShare"`,
  );
  return row ?? { orders: 0, units: 0, maxShare: 0 };
}
