/**
 * Gift cards in the back office (issue 26): find a card, see its balance and every movement (issue,
 * what orders took and gave back, blocks, extensions), issue one with a printable PDF card, block and
 * unblock it, extend its validity. Amounts are integer cents; dates are calendar days (a card is valid
 * through the end of its `validTo` day, UTC).
 */
import { z } from 'zod';
import { isoDate, note, pageNumber } from './admin.ts';
import { locales } from './locale.ts';
import { text } from './text.ts';

/** active: usable in the shop; blocked by staff; expired (its day passed); used-up (no balance left). */
export const giftCardStates = ['active', 'blocked', 'expired', 'used-up'] as const;
export type GiftCardState = (typeof giftCardStates)[number];

export const giftCardMovementKinds = [
  'issued',
  /** An order's hold took the amount (closing the order). */
  'debited',
  /** The order's hold ended (cancelled, expired, back to the cart): the amount came back. */
  'credited',
  'blocked',
  'unblocked',
  'extended',
] as const;
export type GiftCardMovementKind = (typeof giftCardMovementKinds)[number];

/** The largest card the back office issues: € 10.000,00. */
export const giftCardMaxCents = 1_000_000;

export const giftCardListQuery = z.object({
  /** The start of a code, case-insensitive. */
  query: text().trim().max(40).optional(),
  brand: text().max(40).optional(),
  state: z.enum(giftCardStates).optional(),
  page: pageNumber.optional(),
});
export type GiftCardSearch = z.input<typeof giftCardListQuery>;

export const giftCardParams = z.object({
  cardId: text()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .refine((id) => id <= 2_147_483_647),
});

export const giftCardPdfQuery = z.object({
  /** The card's language; without it the staff member's. */
  lang: z.enum(locales).optional(),
});

export const giftCardSchema = z.object({
  id: z.number().int(),
  code: text(),
  /** The brand's short name; null: account credit valid on every brand (made outside the back office). */
  brand: text().nullable(),
  initialCents: z.number().int(),
  balanceCents: z.number().int(),
  currency: text(),
  /** The last day it can be redeemed; null: no end. */
  validTo: isoDate.nullable(),
  state: z.enum(giftCardStates),
  recipientName: text().nullable(),
  createdAt: text(),
  blockedAt: text().nullable(),
  blockedReason: text().nullable(),
});
export type GiftCard = z.infer<typeof giftCardSchema>;

export const giftCardListSchema = z.object({
  cards: z.array(giftCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type GiftCardList = z.infer<typeof giftCardListSchema>;

export const giftCardMovementSchema = z.object({
  id: z.number().int(),
  kind: z.enum(giftCardMovementKinds),
  /** Signed: a debit is negative; 0 for blocks and extensions. */
  amountCents: z.number().int(),
  balanceAfterCents: z.number().int(),
  orderId: z.number().int().nullable(),
  /** Who did it in the back office; null for the shop's own movements. */
  staffEmail: text().nullable(),
  /** The validity after an issue or an extension. */
  validTo: isoDate.nullable(),
  note: text().nullable(),
  at: text(),
});
export type GiftCardMovement = z.infer<typeof giftCardMovementSchema>;

export const giftCardDetailSchema = giftCardSchema.extend({
  /** Oldest first. */
  movements: z.array(giftCardMovementSchema),
});
export type GiftCardDetail = z.infer<typeof giftCardDetailSchema>;

export const issueGiftCardSchema = z.object({
  brand: text().trim().min(1).max(40),
  amountCents: z.number().int().min(100).max(giftCardMaxCents),
  /** After today (checked by the server, which knows the day). */
  validTo: isoDate,
  /** Printed on the card; nothing else of the person is kept. */
  recipientName: text().trim().max(80).optional(),
});
export type IssueGiftCard = z.input<typeof issueGiftCardSchema>;

export const blockGiftCardSchema = z.object({ note });
export type BlockGiftCard = z.infer<typeof blockGiftCardSchema>;

/** The new last day: after today and after the current one. */
export const extendGiftCardSchema = z.object({ validTo: isoDate });
export type ExtendGiftCard = z.infer<typeof extendGiftCardSchema>;
