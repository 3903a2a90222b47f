/**
 * Promotions and promotion codes in the back office (issue 26): the promotions behind the shop's landing
 * pages (SPEC §3: name, promotionType, type, period, offers in order) and the codes a cart applies
 * ('+' an amount off, '%' a share off; limits, once per customer, minimum order, offers, validity),
 * with each code's orders and a batch of single-use codes as CSV.
 */
import { z } from 'zod';
import { isoDate, pageNumber } from './admin.ts';
import { messageKeys } from './message-keys.ts';
import { orderStatuses } from './orders.ts';
import { text } from './text.ts';

const id = z.number().int().min(1).max(2_147_483_647);
const cents = z.number().int().min(0).max(100_000_000);
const brandShort = text().trim().min(1).max(40);

/** A text in the shop's three languages; German is the one every text has (the fallback's end). */
const translatedInput = (max: number) =>
  z.object({
    de: text().trim().min(1).max(max),
    en: text().trim().max(max).default(''),
    it: text().trim().max(max).default(''),
  });
const translatedOutput = z.object({ de: text(), en: text(), it: text() });

/** Path parameters: ids as the URL carries them. */
const idText = text()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .refine((value) => value <= 2_147_483_647);
export const promotionParams = z.object({ promotionId: idText });
export const codeParams = z.object({ codeId: idText });

/** `from` and `to` are days (Europe/Berlin), `to` the last day it runs; either may be open. */
const period = {
  validFrom: isoDate.nullable().default(null),
  validTo: isoDate.nullable().default(null),
};
const periodInOrder = (value: { validFrom: string | null; validTo: string | null }) =>
  value.validFrom === null || value.validTo === null || value.validFrom <= value.validTo;
const periodIssue = { message: messageKeys.minAboveMax, path: ['validTo'] };

export const promotionStates = ['running', 'planned', 'ended', 'off'] as const;
export type PromotionState = (typeof promotionStates)[number];

export const promotionListQuery = z.object({
  brand: brandShort.optional(),
  /** A name or title, or its start; case-insensitive. */
  query: text().trim().max(100).optional(),
  state: z.enum(promotionStates).optional(),
  page: pageNumber.optional(),
});
export type PromotionSearch = z.input<typeof promotionListQuery>;

export const promotionInputSchema = z
  .object({
    /** The brand's short name; null: a promotion of every brand (the operator's). */
    brand: brandShort.nullable(),
    /** The landing page's address part: /willkommen/{name}, or /{name} on the brand. */
    name: text()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/, { message: messageKeys.slug }),
    promotionType: text().trim().min(1).max(40),
    type: text().trim().min(1).max(40).default('offers'),
    title: translatedInput(200),
    description: translatedInput(4000),
    active: z.boolean().default(true),
    ...period,
  })
  .refine(periodInOrder, periodIssue);
export type PromotionInput = z.input<typeof promotionInputSchema>;

const brandRef = z.object({ short: text(), name: text() }).nullable();

export const promotionRowSchema = z.object({
  id: z.number().int(),
  brand: brandRef,
  name: text(),
  promotionType: text(),
  type: text(),
  title: translatedOutput,
  active: z.boolean(),
  state: z.enum(promotionStates),
  validFrom: text().nullable(),
  validTo: text().nullable(),
  offers: z.number().int(),
});
export type PromotionRow = z.infer<typeof promotionRowSchema>;

export const promotionListSchema = z.object({
  promotions: z.array(promotionRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PromotionList = z.infer<typeof promotionListSchema>;

export const promotionOfferSchema = z.object({
  id: z.number().int(),
  title: text(),
  hotel: text().nullable(),
  active: z.boolean(),
});
export type PromotionOffer = z.infer<typeof promotionOfferSchema>;

export const promotionDetailSchema = promotionRowSchema.extend({
  description: translatedOutput,
  /** In the order the landing page lists them (before sold-out ones, which go last). */
  offerList: z.array(promotionOfferSchema),
});
export type PromotionDetail = z.infer<typeof promotionDetailSchema>;

/** The promotion's offers in their order: adds, removes and reorders in one. */
export const promotionOffersInputSchema = z.object({
  offerIds: z
    .array(id)
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, { message: messageKeys.invalid }),
});

export const codeOperations = ['+', '%'] as const;
export type CodeOperation = (typeof codeOperations)[number];
export const codeStates = ['running', 'planned', 'ended', 'used-up', 'off'] as const;
export type CodeState = (typeof codeStates)[number];

export const codeListQuery = z.object({
  brand: brandShort.optional(),
  /** A code or its start, case-insensitive. */
  query: text().trim().max(50).optional(),
  state: z.enum(codeStates).optional(),
  page: pageNumber.optional(),
});
export type CodeSearch = z.input<typeof codeListQuery>;

/** Letters, digits, '-' and '_': what a customer can type from a flyer. */
export const codePattern = /^[A-Za-z0-9][A-Za-z0-9_-]{2,49}$/;

const codeTerms = {
  brand: brandShort.nullable(),
  name: translatedInput(200),
  operation: z.enum(codeOperations),
  /** '+': cents off; '%': basis points (1000 = 10 %). */
  value: z.number().int().min(1).max(100_000_000),
  /** Redemptions in all; null: no limit. */
  maxUses: z.number().int().min(1).max(10_000_000).nullable().default(null),
  oncePerCustomer: z.boolean().default(false),
  minimumOrderCents: cents.default(0),
  /** The offers whose vouchers it reduces; null: every offer. */
  offerIds: z.array(id).min(1).max(500).nullable().default(null),
  active: z.boolean().default(true),
  ...period,
};
const percentInRange = (value: { operation: CodeOperation; value: number }) =>
  value.operation === '+' || value.value <= 10_000;
const percentIssue = { message: messageKeys.invalid, path: ['value'] };

export const codeInputSchema = z
  .object({ code: text().trim().regex(codePattern, { message: messageKeys.invalid }), ...codeTerms })
  .refine(periodInOrder, periodIssue)
  .refine(percentInRange, percentIssue);
export type CodeInput = z.input<typeof codeInputSchema>;

/**
 * N single-use codes with the same terms (`maxUses` is 1): random characters from an alphabet without
 * look-alikes (no 0/O, 1/I/L), after an optional prefix.
 */
export const codeBatchInputSchema = z
  .object({
    ...codeTerms,
    count: z.number().int().min(1).max(10_000),
    prefix: text()
      .trim()
      .toUpperCase()
      .regex(/^(?:[A-Z0-9][A-Z0-9-]{0,19})?$/, { message: messageKeys.invalid })
      .default(''),
  })
  .omit({ maxUses: true })
  .refine(periodInOrder, periodIssue)
  .refine(percentInRange, percentIssue);
export type CodeBatchInput = z.input<typeof codeBatchInputSchema>;

export const codeRowSchema = z.object({
  id: z.number().int(),
  brand: brandRef,
  code: text(),
  name: translatedOutput,
  operation: z.enum(codeOperations),
  value: z.number().int(),
  maxUses: z.number().int().nullable(),
  oncePerCustomer: z.boolean(),
  minimumOrderCents: z.number().int(),
  offerIds: z.array(z.number().int()).nullable(),
  active: z.boolean(),
  state: z.enum(codeStates),
  validFrom: text().nullable(),
  validTo: text().nullable(),
  /** Redemptions held or kept by closed orders (what the limit counts). */
  usedCount: z.number().int(),
  /** Paid orders with the code. */
  paidOrders: z.number().int(),
});
export type CodeRow = z.infer<typeof codeRowSchema>;

export const codeListSchema = z.object({
  codes: z.array(codeRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CodeList = z.infer<typeof codeListSchema>;

export const codeOrderSchema = z.object({
  id: z.number().int(),
  status: z.enum(orderStatuses),
  brand: text(),
  totalCents: z.number().int(),
  discountCents: z.number().int(),
  closedAt: text().nullable(),
  paidAt: text().nullable(),
  /** The order's page in the back office. */
  href: text(),
});
export type CodeOrder = z.infer<typeof codeOrderSchema>;

/** A code with the orders that used it (closed ones: awaiting payment, paid, cancelled, expired), newest first. */
export const codeDetailSchema = codeRowSchema.extend({
  orders: z.array(codeOrderSchema),
  /** Orders found, of which `orders` holds the latest 200. */
  ordersTotal: z.number().int(),
});
export type CodeDetail = z.infer<typeof codeDetailSchema>;
