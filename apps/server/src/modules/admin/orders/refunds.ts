/**
 * Refunds by staff (issue 25): the whole order or some of its vouchers. The refunded vouchers are void
 * at once (their PDF says so; no hotel may redeem them), the money follows: a provider payment through
 * the provider by the `orders.refund` job, queued in the same transaction (retried until the provider
 * confirms, one request id per refund so a retry is the same refund); a bank transfer by the operator's
 * bank (`manual`).
 */
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import type { JobDefinition } from '#src/modules/jobs/job-queue.ts';
import type { PaymentProviders } from '#src/modules/payments/payment-provider.ts';
import { adminMessages } from '../admin-messages.ts';
import { recordAudit } from '../audit/audit-trail.ts';
import { type ActionContext, type ActionDeps, withLockedOrder } from './admin-order-actions.ts';

export const refundOrderJob = 'orders.refund';

type VoucherShare = { id: number; voided_at: Date | null; unit_price_cents: number };

/**
 * What the chosen vouchers paid: their prices' share of what the buyer paid (the total after discounts
 * and gift cards). The last vouchers refunded get what is left, so the refunds add up to the total.
 */
export function refundAmount(
  order: { total_cents: number; subtotal_cents: number },
  chosen: readonly VoucherShare[],
  open: readonly VoucherShare[],
  refundedBefore: number,
): number {
  if (chosen.length === open.length) return order.total_cents - refundedBefore;
  if (order.subtotal_cents <= 0) return 0;
  const prices = chosen.reduce((sum, voucher) => sum + voucher.unit_price_cents, 0);
  return Math.min(
    Math.round((prices * order.total_cents) / order.subtotal_cents),
    order.total_cents - refundedBefore,
  );
}

export async function refundOrder(
  deps: ActionDeps,
  actor: ActionContext,
  orderId: number,
  input: { voucherIds?: number[]; note: string },
): Promise<void> {
  const t = adminMessages[actor.locale];
  await withLockedOrder(deps, actor, orderId, async (tx, order) => {
    if (order.status !== 'paid') throw new HttpProblem(409, 'order-conflict', t.notRefundable);
    const vouchers = await queryRows<VoucherShare>(
      tx,
      sql`SELECT v.id, v.voided_at, i.unit_price_cents FROM vouchers v JOIN order_items i ON i.id = v.order_item_id
          WHERE v.order_id = ${orderId} ORDER BY v.id FOR UPDATE OF v`,
    );
    const open = vouchers.filter((voucher) => voucher.voided_at === null);
    const wanted = input.voucherIds?.length ? new Set(input.voucherIds) : null;
    const chosen = wanted ? open.filter((voucher) => wanted.has(voucher.id)) : open;
    if (chosen.length === 0 || (wanted && chosen.length !== wanted.size)) {
      throw new HttpProblem(409, 'order-conflict', t.nothingToRefund);
    }
    const [before] = await queryRows<{ refunded: number }>(
      tx,
      sql`SELECT coalesce(sum(amount_cents), 0)::int AS refunded FROM order_refunds WHERE order_id = ${orderId}`,
    );
    const amount = refundAmount(order, chosen, open, before?.refunded ?? 0);
    const [payment] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM payments WHERE order_id = ${orderId} AND status = 'captured' AND capture_id IS NOT NULL
          ORDER BY id DESC LIMIT 1`,
    );
    const status = amount === 0 ? 'refunded' : payment ? 'pending' : 'manual';
    const [refund] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO order_refunds (order_id, payment_id, amount_cents, voucher_ids, status, note, requested_by, refunded_at)
          VALUES (${orderId}, ${payment?.id ?? null}, ${amount}, ${sql.param(chosen.map((voucher) => voucher.id))}::int[],
            ${status}, ${input.note}, ${actor.staff.member.email}, ${status === 'refunded' ? new Date() : null})
          RETURNING id`,
    );
    await tx.execute(
      sql`UPDATE vouchers SET voided_at = now() WHERE id = ANY(${sql.param(chosen.map((voucher) => voucher.id))}::int[])`,
    );
    if (status === 'pending') await deps.jobs.enqueue(tx, refundOrderJob, { refundId: refund?.id });
    await recordAudit(tx, actor, {
      action: 'order.refund',
      orderId,
      before: { openVouchers: open.map((voucher) => voucher.id) },
      after: { voidedVouchers: chosen.map((voucher) => voucher.id), amountCents: amount, refund: status },
      note: input.note,
    });
  });
}

/** Gives the money back at the provider; `order-refund-<id>` makes a retry the same refund there. */
export function refundOrderJobDefinition(deps: {
  db: Database;
  providers: PaymentProviders;
}): JobDefinition<{ refundId: number }> {
  return {
    name: refundOrderJob,
    retryLimit: 10,
    retryDelaySeconds: 30,
    expireInSeconds: 120,
    async run({ refundId }) {
      const [refund] = await queryRows<{
        id: number;
        status: string;
        amount_cents: number;
        provider: keyof PaymentProviders;
        capture_id: string;
        currency: string;
      }>(
        deps.db,
        sql`SELECT r.id, r.status, r.amount_cents, p.provider, p.capture_id, p.currency
            FROM order_refunds r JOIN payments p ON p.id = r.payment_id WHERE r.id = ${refundId}`,
      );
      if (refund?.status !== 'pending') return;
      const { refundId: providerRefundId } = await deps.providers[refund.provider].refund({
        captureId: refund.capture_id,
        amountCents: refund.amount_cents,
        currency: refund.currency,
        requestId: `order-refund-${refund.id}`,
      });
      await deps.db.execute(
        sql`UPDATE order_refunds SET status = 'refunded', refunded_at = now(), provider_refund_id = ${providerRefundId}
            WHERE id = ${refund.id} AND status = 'pending'`,
      );
    },
  };
}
