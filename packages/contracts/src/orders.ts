import { z } from 'zod';
import { imageSchema } from './catalogue.ts';
import { type MessageKey, messageKeys } from './message-keys.ts';
import { currencySchema, priceSchema } from './money.ts';
import { idParam } from './params.ts';
import { problemSchema } from './problem.ts';
import { text } from './text.ts';
import { voucherUseSchema } from './vouchers.ts';

/** SPEC §3: address countries a customer may live in. */
export const addressCountries = ['AT', 'DE', 'CH', 'IT', 'FR', 'LI', 'CZ'] as const;
export type AddressCountry = (typeof addressCountries)[number];

export const paymentTypes = ['paypal', 'amazonpay', 'wiretransfer', 'credit'] as const;
export type PaymentType = (typeof paymentTypes)[number];

/**
 * cart: editable. payment-pending: closed, stock held, waiting for PayPal or Amazon Pay.
 * awaiting-payment: closed with wire transfer, stock held until paid or the hold runs out.
 * paid: vouchers can be printed. cancelled / expired: stock and codes released.
 */
export const orderStatuses = [
  'cart',
  'payment-pending',
  'awaiting-payment',
  'paid',
  'cancelled',
  'expired',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

const orderId = z.number().int().min(1).max(2_147_483_647);
/** The order key: a long random secret (the SPEC's "token"). */
const orderKey = text().min(1).max(100);
const positiveId = z.number().int().min(1).max(2_147_483_647);

/** Every order call proves access with id + key. */
export const orderAccessSchema = z.object({ orderId, key: orderKey });
export const orderPathParams = z.object({ id: idParam, key: orderKey });

export const createOrderRequestSchema = z.object({ currency: currencySchema.default('EUR') });
export const createOrderResponseSchema = z.object({ id: z.number().int(), token: text() });

/** SPEC §7: one unit per add call; referral data travels with the add. */
export const addItemRequestSchema = orderAccessSchema.extend({
  variantId: positiveId,
  quantity: z.literal(1).default(1),
  ref: text().max(100).optional(),
  referer: text().max(2000).optional(),
  refPath: text().max(2000).optional(),
  refPayload: text().max(2000).optional(),
  refUsed: z.boolean().optional(),
});
export const changeItemRequestSchema = orderAccessSchema.extend({
  itemId: positiveId,
  /** 0 removes the item. */
  quantity: z.number().int().min(0).max(99),
});
export const removeItemRequestSchema = orderAccessSchema.extend({ itemId: positiveId });

export const orderItemSchema = z.object({
  id: z.number().int(),
  quantity: z.number().int(),
  variantId: z.number().int(),
  offerId: z.number().int(),
  offerSlug: text(),
  hotelSlug: text(),
  title: text(),
  subtitle: text(),
  image: imageSchema.nullable(),
  unitPrice: priceSchema,
  currency: currencySchema,
  total: priceSchema,
  parameter: z.object({ nights: z.number().int(), persons: z.number().int() }),
  /** Units the shop can still sell of this variant (the order's own units not counted). */
  available: z.number().int(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const summarySchema = z.object({
  subtotal: priceSchema,
  shippingTotal: priceSchema,
  discountTotal: priceSchema,
  /** What is left to pay after the discount and prepaid amounts. */
  total: priceSchema,
  fees: z.array(z.object({ name: text(), amount: priceSchema })),
  /**
   * Every gift card applied to the order: its id (to take it off again, DELETE /api/order/giftcard), its
   * masked code and what it pays (0 when the others cover everything already).
   */
  prepaid: z.array(z.object({ giftCardId: z.number().int(), name: text(), amount: priceSchema })),
});
export type OrderSummary = z.infer<typeof summarySchema>;

export const reductionSchema = z.object({
  code: text(),
  name: text(),
  operation: z.enum(['+', '%']),
  /** Cents for '+', a fraction 0..1 for '%'. */
  value: z.number(),
});

/** SPEC §5: a missing or empty value is "required"; any other value failing the check gets `key`. */
export const requiredOr =
  (key: MessageKey) =>
  (issue: { input?: unknown }): MessageKey =>
    issue.input === undefined || issue.input === null || issue.input === '' ? messageKeys.required : key;

/** A required text field of the customer form: trimmed, at most `max` characters. */
export function textField(max: number) {
  return text({ error: requiredOr(messageKeys.invalid) })
    .trim()
    .min(1, { error: messageKeys.required })
    .max(max, { error: messageKeys.maxLength });
}

export const genderSchema = z.literal([10, 20, 0], { error: requiredOr(messageKeys.oneOf) });

/**
 * Customer data of an order. Every check carries a key of `messages.ts`, worded per language with the
 * field's name (SPEC §5), so the checkout form and the server say the same.
 */
/** A required e-mail address. The format is a check after text()'s own, so that an address with a control character says so. */
export const emailField = () =>
  text({ error: requiredOr(messageKeys.email) })
    .trim()
    .check(z.email({ error: requiredOr(messageKeys.email) }))
    .max(200, { error: messageKeys.maxLength });

export const phoneField = () =>
  text({ error: messageKeys.invalid })
    .trim()
    .max(40, { error: messageKeys.maxLength })
    .regex(/^[+0-9 ()/-]*$/, { error: messageKeys.phone })
    .default('');

export const postcodePattern = /^[A-Za-z0-9 -]{3,10}$/;

export const customerDataSchema = z.object({
  gender: genderSchema,
  firstName: textField(100),
  lastName: textField(100),
  email: emailField(),
  phone: phoneField(),
  street: textField(200),
  houseNumber: textField(20),
  postcode: text({ error: requiredOr(messageKeys.invalid) })
    .trim()
    // An empty postcode is only "required", not also malformed.
    .min(1, { error: messageKeys.required, abort: true })
    .regex(postcodePattern, { error: messageKeys.postcode }),
  city: textField(100),
  country: z.enum(addressCountries, { error: requiredOr(messageKeys.oneOf) }),
  membershipNumber: text({ error: messageKeys.invalid })
    .trim()
    .max(40, { error: messageKeys.maxLength })
    .default(''),
  newsletter: z.boolean({ error: messageKeys.invalid }).default(false),
});
export type CustomerData = z.infer<typeof customerDataSchema>;

export const customerRequestSchema = orderAccessSchema.extend({
  ...customerDataSchema.shape,
  /** Terms and data protection must be accepted to buy (SPEC §5). */
  acceptTerms: z.literal(true, { error: messageKeys.acceptTerms }),
});

export const orderSchema = z.object({
  id: z.number().int(),
  token: text(),
  status: z.enum(orderStatuses),
  currency: currencySchema,
  paymentType: z.enum(paymentTypes).nullable(),
  items: z.array(orderItemSchema),
  itemCount: z.number().int(),
  summary: summarySchema,
  reduction: reductionSchema.nullable(),
  reductionId: z.number().int().nullable(),
  customer: customerDataSchema.nullable(),
  createdAt: text(),
  closedAt: text().nullable(),
  paidAt: text().nullable(),
  /** One per unit bought, once paid (SPEC §4); printed at /api/voucher/download/{id}/{key}/{voucherId}.pdf. */
  vouchers: z.array(z.object({ id: z.number().int(), code: text() }).extend(voucherUseSchema.shape)),
  /** Once paid: the invoice at /api/invoice/download/{id}/{key}/{invoiceNumber}.pdf. */
  invoiceNumber: text().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** The answer of every cart change: what changed, and the new summary. */
export const cartChangeSchema = z.object({
  added: z.array(orderItemSchema),
  modified: z.array(orderItemSchema),
  removed: z.array(orderItemSchema),
  summary: summarySchema,
  itemCount: z.number().int(),
});
export type CartChange = z.infer<typeof cartChangeSchema>;

export const notificationKinds = [
  'NotAvailable',
  'QuantityDecreased',
  'PromotionCodeExpired',
  'PromotionCodeInvalid',
  'PriceHasChanged',
  'GiftCardInvalidated',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationSchema = z.object({
  kind: z.enum(notificationKinds),
  /**
   * Placeholders of the text: title, quantity, code, price...; a voucher's also `offerPath` (its offer
   * page) and, when it was removed, `otherVariants` (how many of its offer's other variants are in stock).
   */
  params: z.record(text(), z.union([text(), z.number()])),
  /** The text in the caller's language with its placeholders filled. */
  text: text(),
});
export type OrderNotification = z.infer<typeof notificationSchema>;

/** SPEC §3: the order validation result (prepare and validate calls). */
export const validationResultSchema = z.object({
  validForSale: z.boolean(),
  itemQuantityChanged: z.boolean(),
  itemSoldOut: z.boolean(),
  reductionInvalidated: z.boolean(),
  giftCardInvalidated: z.boolean(),
  priceChanged: z.boolean(),
  notifications: z.array(notificationSchema),
  order: orderSchema,
});
export type ValidationResult = z.infer<typeof validationResultSchema>;

/** A promotion code as the customer types it. */
const reductionCode = text().trim().min(1).max(50);
export const reductionRequestSchema = orderAccessSchema.extend({ code: reductionCode });
/** GET /api/order/reduction/{id}: the id is the code. */
export const reductionCodeParams = z.object({ id: reductionCode });
export const reductionInfoSchema = z.object({
  valid: z.boolean(),
  operation: z.enum(['+', '%']).nullable(),
  value: z.number().nullable(),
  name: text().nullable(),
  /** Cents; the code applies from this subtotal on. */
  minimumOrder: z.number().int().nullable(),
});
const giftCardCode = text()
  .trim()
  .regex(/^[A-Za-z0-9-]{4,40}$/, messageKeys.giftCardCode);
export const giftCardRequestSchema = orderAccessSchema.extend({ tan: giftCardCode });
/**
 * Taking a card off: by its code, or by the id the order's summary shows (`prepaid[].giftCardId`), so a
 * card applied in another visit can be taken off without knowing its code. Exactly one of the two.
 */
export const giftCardRemovalSchema = orderAccessSchema
  .extend({ tan: giftCardCode.optional(), giftCardId: positiveId.optional() })
  .refine((body) => (body.tan === undefined) !== (body.giftCardId === undefined), {
    error: messageKeys.giftCardTanOrId,
  });

export const closeRequestSchema = orderAccessSchema.extend({
  paymentType: z.enum(paymentTypes),
  /**
   * Cents: the total the buyer saw on the order button when they confirmed. When the order's total is
   * another one at the close (the cart changed in a second tab meanwhile), the close is refused with 409
   * `cart-changed` carrying the new total, before anyone is sent to a provider. Optional for older clients.
   */
  confirmedTotal: z.number().int().min(0).optional(),
});
/**
 * A close's 409: `cart-changed` carries the order's total now (cents) and its currency, for the checkout
 * to show and have confirmed again; the other 409s (sold-out, transfer-limit, order-conflict) do not.
 */
export const closeConflictSchema = problemSchema.extend({
  total: z.number().int().optional(),
  currency: currencySchema.optional(),
});
export type CloseConflict = z.infer<typeof closeConflictSchema>;
export const closeResponseSchema = z.object({
  order: orderSchema,
  /** Where the customer approves the payment (PayPal, Amazon Pay); null when nothing is left to approve. */
  redirectUrl: text().nullable(),
});

export const wireTransferSchema = z.object({
  accountHolder: text(),
  iban: text(),
  bic: text(),
  bank: text(),
  /** The payment reference the customer must quote. */
  reference: text(),
  amount: priceSchema,
  /** ISO date: stock is held until then. */
  dueDate: text(),
  /**
   * The EPC QR code ("GiroCode") of this transfer as an SVG data URL, for banking apps to scan (the
   * order-received mail attaches the same code as a PNG); null when no code can be made (no amount).
   */
  giroCode: text().nullable(),
});
export const paymentInfoSchema = z.object({
  status: z.enum(orderStatuses),
  paymentType: z.enum(paymentTypes).nullable(),
  amount: priceSchema,
  wireTransfer: wireTransferSchema.nullable(),
  /** The last provider attempt: approved, captured, declined, cancelled, timeout... */
  lastAttempt: z.object({ provider: text(), status: text() }).nullable(),
});
export type PaymentInfo = z.infer<typeof paymentInfoSchema>;

export const affiliateSummarySchema = z.object({
  id: z.number().int(),
  total: z.number().int(),
  currency: currencySchema,
  /** 1 = the buyer has paid for an order of the brand before; 0 = new customer, or the order is not paid yet. */
  customer: z.number().int(),
  usedReduction: text().nullable(),
});
export const orderMetaSchema = z.object({
  id: z.number().int(),
  status: z.enum(orderStatuses),
  itemCount: z.number().int(),
  total: priceSchema,
  affiliate: affiliateSummarySchema,
  referral: z
    .object({
      code: text(),
      path: text().nullable(),
      referer: text().nullable(),
      used: z.boolean(),
    })
    .nullable(),
});

export const payPalTransactionRequestSchema = orderAccessSchema.extend({
  payPalOrderId: text().regex(/^[A-Za-z0-9_-]{1,64}$/, messageKeys.providerReference),
});
export const amazonPayRequestSchema = orderAccessSchema.extend({
  amazonCheckoutSessionId: text()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, messageKeys.providerReference)
    .optional(),
});
export const amazonPayResponseSchema = z.object({
  amazonCheckoutSessionId: text(),
  redirectUrl: text().nullable(),
  state: text(),
});

export const optinRequestSchema = orderAccessSchema.extend({
  optinEmail: z.boolean(),
  optinPhone: z.boolean(),
  optinNewsletter: z.boolean(),
});
