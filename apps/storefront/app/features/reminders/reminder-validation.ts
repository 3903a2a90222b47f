import type { Locale } from '@shop/contracts/locale';
import { fieldMessages } from '@shop/contracts/messages';
import { reminderRequestSchema } from '@shop/contracts/reminders';
import type { BodyOf } from '#app/lib/api-client.ts';

/**
 * The reminder form checked with the contract's schema, worded as the server words it. Loaded when the
 * form is first used: zod and the messages are not part of the offer page's first JavaScript.
 */
export function checkReminder(
  values: { email: string; offerId: number; variantId?: number | null },
  locale: Locale,
): { ok: true; data: BodyOf<'POST /api/reminder'> } | { ok: false; emailError: string } {
  const result = reminderRequestSchema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const messages = fieldMessages(result.error.issues, locale);
  return { ok: false, emailError: messages.email ?? Object.values(messages)[0] ?? '' };
}
