import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { CheckoutDeps } from '#src/modules/orders/checkout-context.ts';
import { releaseExpiredHolds } from '#src/modules/orders/expired-holds.ts';
import { reconcilePayments } from '#src/modules/orders/payment-reconciliation.ts';
import type { PaymentRow } from '#src/modules/payments/payments.repository.ts';
import { timePasses } from './database.ts';
import type { Cart } from './orders.ts';

/**
 * Time passing for the reconciliation's tests (docs/decisions/024), instead of waiting for it.
 */

/** An hour passes for the payment: longer than PAYMENT_CHECK_AFTER_SECONDS and any pause between checks. */
export async function anHourPasses(db: Database, payment: PaymentRow): Promise<void> {
  await timePasses(db, 'payments', payment.id, '1 hour');
}

/** The order's stock hold has run out. */
export async function holdRunsOut(db: Database, cart: Cart): Promise<void> {
  await db.execute(
    sql`UPDATE orders SET hold_until = now() - interval '1 minute' WHERE id = ${cart.orderId}`,
  );
}

/** One minute of background work: the hold sweep and the reconciliation, as their schedules run them. */
export async function backgroundMinute(deps: CheckoutDeps): Promise<void> {
  await releaseExpiredHolds(deps);
  await reconcilePayments(deps);
}
