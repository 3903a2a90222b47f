/**
 * What staff do to an order (issue 25). Each action runs in one transaction that holds the order's row
 * lock, checks the order's state under it, makes the change through the same code the shop uses
 * (fulfilment, hold release, the mail outbox), and writes its audit entry: two members acting at once
 * act once, and a change never exists without its entry.
 */

import { randomUUID } from 'node:crypto';
import type { Locale } from '@shop/contracts/locale';
import { formatPrice } from '@shop/contracts/price-format';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import { type MailKind, queueOrderMail } from '#src/modules/mail/mail-outbox.ts';
import { releaseHold } from '#src/modules/orders/order-holds.ts';
import { type FulfilmentDeps, markOrderPaid } from '#src/modules/orders/order-paid.ts';
import { findOrder, type OrderRow } from '#src/modules/orders/orders.repository.ts';
import { queueReminderDispatch } from '#src/modules/reminders/reminder-dispatch.ts';
import type { SignedInStaff } from '../admin-access.ts';
import { adminMessages } from '../admin-messages.ts';
import { type Actor, recordAudit } from '../audit/audit-trail.ts';
import { findOrderBrand } from './admin-orders.repository.ts';

export type ActionDeps = FulfilmentDeps & { db: Database };
export type ActionContext = Actor & { staff: SignedInStaff; locale: Locale };

const notFound = () => new HttpProblem(404, 'not-found', 'order');
const conflict = (detail: string) => new HttpProblem(409, 'order-conflict', detail);

/** Runs `change` on the order, locked, when it is within the member's brands (else 404). */
export async function withLockedOrder<T>(
  deps: ActionDeps,
  actor: ActionContext,
  orderId: number,
  change: (tx: Database, order: OrderRow) => Promise<T>,
): Promise<T> {
  if (!(await findOrderBrand(deps.db, orderId, actor.staff.brandIds))) throw notFound();
  return deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, true);
    if (!order) throw notFound();
    return change(tx, order);
  });
}

/** A bank transfer the bank file did not match (or that arrived elsewhere), booked by hand. */
export async function markTransferPaid(
  deps: ActionDeps,
  actor: ActionContext,
  orderId: number,
  input: { amountCents: number; note: string },
): Promise<void> {
  const t = adminMessages[actor.locale];
  await withLockedOrder(deps, actor, orderId, async (tx, order) => {
    if (order.status === 'paid') throw conflict(t.alreadyPaid);
    if (order.status !== 'awaiting-payment' || order.payment_type !== 'wiretransfer') {
      throw conflict(t.notAnOpenTransfer);
    }
    if (input.amountCents !== order.total_cents) {
      throw conflict(t.amountMismatch(formatPrice(order.total_cents, actor.locale)));
    }
    const limit = actor.staff.member.mark_paid_limit_cents;
    if (actor.staff.member.role === 'support' && limit !== null && order.total_cents > limit) {
      throw new HttpProblem(403, 'forbidden', t.overLimit(formatPrice(limit, actor.locale)));
    }
    await markOrderPaid(tx, deps, order);
    await recordAudit(tx, actor, {
      action: 'order.mark-paid',
      orderId,
      before: { status: order.status },
      after: { status: 'paid', amountCents: input.amountCents },
      note: input.note,
    });
  });
}

/** An unpaid order given up: its stock, code and gift cards go back, as when its hold runs out. */
export async function cancelOrder(
  deps: ActionDeps,
  actor: ActionContext,
  orderId: number,
  input: { note: string },
): Promise<void> {
  const t = adminMessages[actor.locale];
  await withLockedOrder(deps, actor, orderId, async (tx, order) => {
    if (order.status !== 'awaiting-payment' && order.status !== 'payment-pending') {
      throw conflict(t.notCancellable);
    }
    await releaseHold(tx, order, 'cancelled');
    // The stock given back may be what back-in-stock reminders wait for.
    await queueReminderDispatch(tx, deps.jobs, [order.id]);
    await recordAudit(tx, actor, {
      action: 'order.cancel',
      orderId,
      before: { status: order.status, holdUntil: order.hold_until },
      after: { status: 'cancelled' },
      note: input.note,
    });
  });
}

/** The mails a buyer may ask for again: they say what the order is now, with no one-time content. */
const resendable: readonly MailKind[] = ['order-received', 'payment-received', 'transfer-reminder'];

/** Queues the mail again (a new outbox row: the first stays as it was sent). */
export async function resendMail(
  deps: ActionDeps,
  actor: ActionContext,
  orderId: number,
  input: { mailId: number },
): Promise<void> {
  const t = adminMessages[actor.locale];
  await withLockedOrder(deps, actor, orderId, async (tx) => {
    const [mail] = await queryRows<{ kind: MailKind }>(
      tx,
      sql`SELECT kind FROM mails WHERE id = ${input.mailId} AND order_id = ${orderId}`,
    );
    if (!mail || !resendable.includes(mail.kind)) throw conflict(t.mailNotResendable);
    await queueOrderMail(tx, deps.jobs, orderId, mail.kind, {
      dedupeKey: `${mail.kind}:${orderId}:resend:${randomUUID()}`,
    });
    await recordAudit(tx, actor, {
      action: 'order.resend-mail',
      orderId,
      subject: `mail:${input.mailId}`,
      after: { kind: mail.kind },
    });
  });
}

/** More time for a buyer whose transfer is on its way: the hold (stock, code) moves by whole days. */
export async function extendHold(
  deps: ActionDeps,
  actor: ActionContext,
  orderId: number,
  input: { days: number; note: string },
): Promise<void> {
  const t = adminMessages[actor.locale];
  await withLockedOrder(deps, actor, orderId, async (tx, order) => {
    if (order.status !== 'awaiting-payment' || !order.hold_until) throw conflict(t.notExtendable);
    const [updated] = await queryRows<{ hold_until: Date }>(
      tx,
      sql`UPDATE orders SET hold_until = greatest(hold_until, now()) + make_interval(days => ${input.days}),
            updated_at = now()
          WHERE id = ${orderId} RETURNING hold_until`,
    );
    await recordAudit(tx, actor, {
      action: 'order.extend-hold',
      orderId,
      before: { holdUntil: order.hold_until },
      after: { holdUntil: updated?.hold_until },
      note: input.note,
    });
  });
}
