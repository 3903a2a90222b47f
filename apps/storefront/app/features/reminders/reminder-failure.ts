import type { ApiFailure } from '#app/lib/orders/error-catalogue.ts';

/** What the reminder form shows when the call failed: a message at the field, or one for the form. */
export type ReminderFailure =
  | { field: 'email'; message: string }
  | { field: null; message: string }
  | { field: null; key: 'reminder.error.tryLater' | 'reminder.error.gone' };

/**
 * SPEC §1/§8: no answer or a server error is the "try later" message; a refused address is said at its
 * field in the server's words (its language); too many attempts says when to try again.
 */
export function describeReminderFailure(failure: ApiFailure): ReminderFailure {
  if (failure.kind === 'network') return { field: null, key: 'reminder.error.tryLater' };
  const { problem } = failure;
  if (problem.status >= 500) return { field: null, key: 'reminder.error.tryLater' };
  if (problem.status === 404) return { field: null, key: 'reminder.error.gone' };
  const emailError = problem.errors?.find((error) => error.field === 'email');
  if (emailError) return { field: 'email', message: emailError.message };
  return { field: null, message: problem.detail ?? problem.title };
}
