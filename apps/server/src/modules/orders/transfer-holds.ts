import { createHash, createHmac } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { Locale } from '@shop/contracts/locale';
import type { Database } from '#src/db/client.ts';
import { installationKey } from '#src/db/installation-secrets.ts';
import { RefusedInTransaction } from './checkout-refusals.ts';
import { emailIdentity } from './email-identity.ts';
import type { OrderSnapshot } from './order-presenter.ts';
import {
  describeTransferLimit,
  type TransferLimitReason,
  transferUnitsAllowed,
} from './transfer-hold-rules.ts';
import * as repository from './transfer-holds.repository.ts';

/**
 * The limits on stock that unpaid bank transfers hold (docs/decisions/020-stock-held-by-bank-transfers.md),
 * checked in the transaction that closes an order for a transfer, after its hold was taken.
 */

/** Who closes the order: the client's keyed hash (null: the limits per client and address are off). */
export type TransferParty = { clientHash: string | null };

const clientKey = (db: Database) => installationKey(db, 'orders.client-key');

/**
 * The client's IP address (IPv6 by its /64, which one subscriber holds whole) as an HMAC under a key
 * random per installation: clients can be told apart and counted, and nobody can read an address back.
 */
export async function clientHashOf(db: Database, ip: string): Promise<string> {
  return createHmac('sha256', await clientKey(db))
    .update(`transfer-client:${normalizeIP(ip)}`)
    .digest('base64url')
    .slice(0, 22);
}

/**
 * Refuses (throws the refusal as a RefusedInTransaction) when the order may not hold its units for a
 * transfer: its client or address has `openLimit` open transfers, or a variant would be held beyond the
 * buyer's share or the ceiling of all transfers. Otherwise notes the order's client, address and variants,
 * so that later closes count this one.
 */
export async function holdForTransfer(
  tx: Database,
  snapshot: OrderSnapshot,
  party: TransferParty & { openLimit: number },
  locale: Locale,
): Promise<void> {
  const orderId = snapshot.order.id;
  const emailKey = emailIdentity(snapshot.order.customer_data?.email ?? '');
  const clientHash = party.openLimit > 0 ? party.clientHash : null;
  const refuse = (limit: TransferLimitReason): never => {
    throw new RefusedInTransaction({
      refusal: 'transfer-limit',
      reason: limit.reason,
      message: describeTransferLimit(limit, locale),
    });
  };
  if (clientHash) {
    // Two closes of one client (or address) at once: the second waits here and then counts the first.
    const lockKeys = [...new Set([lockKeyOf(`client:${clientHash}`), lockKeyOf(`email:${emailKey}`)])];
    for (const key of lockKeys.sort((a, b) => a - b)) await repository.lockTransferParty(tx, key);
    const open = await repository.countOpenTransfers(tx, { orderId, clientHash, emailKey });
    if (Math.max(open.byClient, open.byAddress) >= party.openLimit) {
      refuse({ reason: 'open-transfers', limit: party.openLimit });
    }
  }
  const buyer = clientHash ? { clientHash, emailKey } : { clientHash: null, emailKey: null };
  const titles = new Map(snapshot.items.map((item) => [item.variant_id, item.title]));
  for (const row of await repository.findTransferHeld(tx, { orderId, ...buyer })) {
    const variant = {
      title: titles.get(row.variant_id) ?? '',
      quantity: row.quantity,
      onShelf: row.stock,
      heldByTransfers: row.held_by_transfers,
      heldByBuyer: row.held_by_buyer,
    };
    const allowed = transferUnitsAllowed(variant);
    if (variant.quantity > allowed) refuse({ reason: 'quantity', title: variant.title, allowed });
  }
  await repository.setTransferHold(tx, orderId, { clientHash, emailKey });
}

/** A 32-bit advisory-lock key for a client or address (a collision only makes two closes wait in turn). */
const lockKeyOf = (name: string) => createHash('sha256').update(name).digest().readInt32BE(0);
