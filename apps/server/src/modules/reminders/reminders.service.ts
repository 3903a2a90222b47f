import type { Locale } from '@shop/contracts/locale';
import type { ReminderRequest, ReminderResponse } from '@shop/contracts/reminders';
import type { Database } from '#src/db/client.ts';
import { notFound } from '#src/http/problem.ts';
import type { JobQueue } from '#src/modules/jobs/job-queue.ts';
import { dispatchRemindersJob } from './reminder-dispatch.ts';
import { findTarget, insertReminder } from './reminders.repository.ts';

export type ReminderDeps = { db: Database; jobs: Pick<JobQueue, 'enqueue'> };
type Audience = { brand: { id: number }; locale: Locale };

/** One address asks once per offer, however it was typed. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * Stores a reminder for a sold-out offer (or variant) of the caller's brand, in the caller's language.
 * An offer on sale again by now is accepted too (the page the visitor read said sold out; stock may
 * have come back since): the reminder is mailed by the dispatch queued here, and the answer says so.
 */
export async function subscribe(
  deps: ReminderDeps,
  audience: Audience,
  request: ReminderRequest,
): Promise<ReminderResponse> {
  const variantId = request.variantId ?? null;
  return deps.db.transaction(async (tx) => {
    const target = await findTarget(tx, { offerId: request.offerId, variantId }, audience.brand.id);
    if (!target) {
      throw notFound(
        variantId ? `variant ${variantId} of offer ${request.offerId}` : `offer ${request.offerId}`,
      );
    }
    await insertReminder(tx, {
      brandId: audience.brand.id,
      locale: audience.locale,
      email: normaliseEmail(request.email),
      offerId: request.offerId,
      variantId,
    });
    if (target.is_available) await deps.jobs.enqueue(tx, dispatchRemindersJob, {});
    return { success: true, isAvailable: target.is_available };
  });
}
