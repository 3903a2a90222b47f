import type { OrderStatus } from '@shop/contracts/orders';
import type { Database } from '#src/db/client.ts';
import { cancelOpenPayments } from '#src/modules/payments/payments.repository.ts';
import { refreshStockColumns } from '#src/modules/search/search-index.repository.ts';
import { RefusedInTransaction } from './checkout-refusals.ts';
import { emailIdentity } from './email-identity.ts';
import type { OrderSnapshot } from './order-presenter.ts';
import type { OrderRow } from './orders.repository.ts';
import * as repository from './orders.repository.ts';
import { describeReductionFailure } from './reduction-rules.ts';

/**
 * What a closed order holds until it is paid or given up: its units of stock, one use of its promotion
 * code and its gift-card amounts. Taken in the transaction that closes the order, given back in the one
 * that cancels, expires or reopens it (DESIGN.md: conditional updates, so nothing is oversold or overspent).
 */

const heldStatuses: readonly OrderStatus[] = ['payment-pending', 'awaiting-payment'];

export function isHolding(order: Pick<OrderRow, 'status'>): boolean {
  return heldStatuses.includes(order.status);
}

/**
 * Limits how often a client learns whether an address has used a once-per-customer code: `check` throws
 * (a 429) before an address's uses are counted once the client's misses are used up, `countMiss` counts
 * one "already used by you". The checkout route's attempt limiter (docs/decisions/020).
 */
export type CodeOwnerGuard = { check(): Promise<void>; countMiss(): Promise<void> };

/**
 * Takes the hold for a cart about to close. When anything ran out it throws the refusal as a
 * RefusedInTransaction, which rolls back what was taken so far along with the caller's transaction.
 * A once-per-customer code is checked here only, against the normalised address (email-identity.ts):
 * the cart's calls before the close never tell whether an address has used a code.
 */
export async function takeHold(
  tx: Database,
  snapshot: OrderSnapshot,
  locale: 'de' | 'en' | 'it',
  codeOwnerGuard?: CodeOwnerGuard,
): Promise<void> {
  const { order, items, reduction, totals } = snapshot;
  // Variants in id order, so two orders sharing variants lock them in the same order and never deadlock.
  const soldOut: number[] = [];
  for (const item of [...items].sort((a, b) => a.variant_id - b.variant_id)) {
    const taken = item.is_sellable
      ? await repository.takeStock(tx, item.variant_id, item.quantity)
      : undefined;
    if (!taken) {
      const left = item.is_sellable ? item.stock : 0;
      throw new RefusedInTransaction({ refusal: 'sold-out', title: item.title, left });
    }
    if (taken.left === 0) soldOut.push(taken.offerId);
  }
  // Offer lists show the last unit gone (sold out, or a dearer variant's price) with this order.
  await refreshStockColumns(tx, soldOut);
  if (reduction && totals.discountCents > 0) {
    const redeemed = await repository.redeemReduction(tx, reduction.id);
    const customer = emailIdentity(order.customer_data?.email ?? '');
    if (!redeemed) {
      const message = describeReductionFailure('used-up', reduction, locale);
      throw new RefusedInTransaction({ refusal: 'reduction-invalid', message });
    }
    // The redeem above holds the code's row lock: a customer's parallel orders queue behind it.
    if (redeemed.max_uses_per_customer !== null) {
      await codeOwnerGuard?.check();
      if ((await repository.countRedemptions(tx, reduction.id, customer)) >= redeemed.max_uses_per_customer) {
        await codeOwnerGuard?.countMiss();
        const message = describeReductionFailure('used-by-customer', reduction, locale);
        throw new RefusedInTransaction({ refusal: 'reduction-invalid', message });
      }
    }
    await repository.recordRedemption(tx, order.id, reduction.id, customer);
  }
  for (const card of [...totals.prepaid].sort((a, b) => a.id - b.id)) {
    if (card.amountCents === 0) {
      await repository.removeOrderCard(tx, order.id, card.id);
      continue;
    }
    if (!(await repository.debitCard(tx, card.id, card.amountCents, order.id))) {
      throw new RefusedInTransaction({ refusal: 'gift-card-unusable', reason: 'balance-changed' });
    }
    await repository.setOrderCardAmount(tx, order.id, card.id, card.amountCents);
  }
}

/**
 * Gives the hold back and moves the order to `next`: 'cart' (the customer came back from the provider,
 * or the provider hold ran out), 'cancelled' or 'expired'.
 */
export async function releaseHold(tx: Database, order: OrderRow, next: 'cart' | 'cancelled' | 'expired') {
  if (isHolding(order)) {
    const items = await repository.findItems(tx, order, order.locale);
    const backInStock: number[] = [];
    for (const item of [...items].sort((a, b) => a.variant_id - b.variant_id)) {
      const returned = await repository.returnStock(tx, item.variant_id, item.quantity);
      if (returned.left === item.quantity) backInStock.push(returned.offerId);
    }
    await refreshStockColumns(tx, backInStock);
    await repository.releaseRedemption(tx, order.id);
    for (const card of await repository.findOrderCards(tx, order.id)) {
      if (card.amount_cents > 0)
        await repository.creditCard(tx, card.gift_card_id, card.amount_cents, order.id);
      await repository.setOrderCardAmount(tx, order.id, card.gift_card_id, 0);
    }
    await cancelOpenPayments(tx, order.id);
  }
  await repository.updateOrder(tx, order.id, {
    status: next,
    holdUntil: null,
    ...(next === 'cart' ? { closedAt: null, paymentType: null } : {}),
  });
}
