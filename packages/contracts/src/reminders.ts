import { z } from 'zod';
import { messageKeys } from './message-keys.ts';
import { emailField } from './orders.ts';

/**
 * The back-in-stock reminder (SPEC §1, issue 12): a visitor leaves an address on a sold-out offer (or
 * one of its variants) and gets one mail when it can be bought again.
 */

const id = () =>
  z
    .number({ error: messageKeys.positiveInteger })
    .int({ error: messageKeys.positiveInteger })
    .min(1, { error: messageKeys.positiveInteger })
    .max(2_147_483_647, { error: messageKeys.positiveInteger });

export const reminderRequestSchema = z.object({
  email: emailField(),
  offerId: id(),
  /** One variant (nights × persons) only; without it, any variant of the offer coming back counts. */
  variantId: id().nullish(),
});
export type ReminderRequest = z.infer<typeof reminderRequestSchema>;

/**
 * 202: the reminder is stored (asking again for the same offer changes nothing). `isAvailable`: it can be
 * bought right now (the stock came back since the page was read); the mail follows all the same.
 */
export const reminderResponseSchema = z.object({ success: z.literal(true), isAvailable: z.boolean() });
export type ReminderResponse = z.infer<typeof reminderResponseSchema>;
