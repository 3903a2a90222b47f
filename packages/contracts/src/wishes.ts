import { z } from 'zod';
import { messageKeys } from './message-keys.ts';
import { emailField, requiredOr, textField } from './orders.ts';

/**
 * The wish form (SPEC §1): a visitor asks for a hotel, theme or region the shop does not have yet,
 * e.g. from an empty search result. Stored with the brand, language and time for the operators.
 */
export const wishKinds = ['hotel', 'theme', 'region'] as const;
export type WishKind = (typeof wishKinds)[number];

/** The longest wish text: a few sentences. */
export const wishTextMaxLength = 1000;

export const wishRequestSchema = z.object({
  email: emailField(),
  kind: z.enum(wishKinds, { error: requiredOr(messageKeys.oneOf) }),
  text: textField(wishTextMaxLength),
});
export type WishRequest = z.infer<typeof wishRequestSchema>;

/** 201: the wish is stored. */
export const wishResponseSchema = z.object({ success: z.literal(true) });
