import { toPrice } from '@shop/contracts/money';
import type { Database } from '#src/db/client.ts';
import type { Access } from './checkout-context.ts';
import { loadOrder, type Shopper } from './order-access.ts';
import { snapshotOf } from './order-snapshot.ts';
import * as repository from './orders.repository.ts';

/**
 * SPEC §7 GET /api/order/meta: status, item count and what the affiliate and referral tracking report.
 * Whether the buyer bought before (`affiliate.customer`) is said only of a paid order: of a cart or an
 * unpaid order it would tell anyone who typed an address into their own cart whether that address has
 * bought from the brand (issue 23).
 */
export async function orderMeta(db: Database, shopper: Shopper, access: Access) {
  const order = await loadOrder(db, shopper, access.orderId, access.key);
  const snapshot = await snapshotOf(db, order, shopper.locale);
  const email = order.status === 'paid' ? order.customer_data?.email : undefined;
  const returning = email ? await repository.hasPaidBefore(db, order.brand_id, email, order.id) : false;
  const revenue = snapshot.totals.subtotalCents - snapshot.totals.discountCents;
  return {
    id: order.id,
    status: order.status,
    itemCount: snapshot.items.reduce((sum, item) => sum + item.quantity, 0),
    total: toPrice(snapshot.totals.totalCents, shopper.locale),
    affiliate: {
      id: order.id,
      total: revenue,
      currency: 'EUR' as const,
      customer: returning ? 1 : 0,
      usedReduction: snapshot.reduction?.code ?? null,
    },
    referral: order.referral
      ? {
          code: order.referral.code,
          path: order.referral.path,
          referer: order.referral.referer,
          used: order.referral.used,
        }
      : null,
  };
}
