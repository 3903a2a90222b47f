/**
 * The hotel's side (issue 27): `/api/hotel-portal/*` checks and redeems vouchers for a hotel's desk (a
 * hotel staff member's session) or a hotel system (`Authorization: Bearer <key>`, a key per hotel made
 * in the back office). A voucher of another hotel is never shown in detail.
 */
import { z } from 'zod';
import { isCalendarDate } from './calendar-date.ts';
import { messageKeys } from './message-keys.ts';
import { idParam } from './params.ts';
import { text } from './text.ts';
import { isWellFormedVoucherCode, normalVoucherCode } from './voucher-code.ts';

/** A typed or scanned code: a typo (check symbol) is refused before anything is looked up. */
export const voucherCodeField = text()
  .trim()
  .max(40)
  .refine(isWellFormedVoucherCode, { message: messageKeys.voucherCode })
  .transform(normalVoucherCode);

const stayDate = text().refine(isCalendarDate, { message: messageKeys.invalid });
const isoTime = text();

export const voucherCheckRequestSchema = z
  .object({ code: voucherCodeField })
  .meta({ example: { code: 'K7QM-XR4T-9P2W' } });
export type VoucherCheckRequest = z.input<typeof voucherCheckRequestSchema>;

export const voucherRedeemRequestSchema = z
  .object({
    code: voucherCodeField,
    arrival: stayDate,
    departure: stayDate,
    /** The hotel's own booking number, from its system. */
    bookingReference: text().trim().min(1).max(60).optional(),
    /** Why the stay has other nights than the voucher (required then). */
    nightsNote: text().trim().min(1).max(300).optional(),
  })
  .refine((stay) => stay.departure > stay.arrival, {
    message: messageKeys.departureAfterArrival,
    path: ['departure'],
  })
  // OpenAPI 3.0 (the API document's version) knows `example`, not JSON Schema's `examples`.
  .meta({
    example: {
      code: 'K7QM-XR4T-9P2W',
      arrival: '2027-05-01',
      departure: '2027-05-04',
      bookingReference: 'PMS-4711',
    },
  });
export type VoucherRedeemRequest = z.input<typeof voucherRedeemRequestSchema>;

/** The header that makes a retried redeem answer the redemption it made the first time. */
export const idempotencyKeyHeader = 'idempotency-key';
export const idempotencyKeyPattern = /^[A-Za-z0-9_.:-]{8,100}$/;

/**
 * valid: redeemable. specimen: paid in the payments sandbox (redeemable for training in a sandbox
 * installation only). redeemed, refunded, cancelled (void without a refund), expired (SPEC §9: three
 * years). other-hotel: a voucher of a house the caller does not work for; nothing else is said.
 */
export const voucherStates = [
  'valid',
  'specimen',
  'redeemed',
  'refunded',
  'cancelled',
  'expired',
  'other-hotel',
] as const;
export type VoucherState = (typeof voucherStates)[number];

export const redemptionSchema = z.object({
  id: z.number().int(),
  redeemedAt: isoTime,
  /** The staff member's name or the hotel system's key label. */
  redeemedBy: text(),
  arrival: text(),
  departure: text(),
  bookingReference: text().nullable(),
  nightsNote: text().nullable(),
  /** Until when the hotel itself may undo it (a mistake at the desk); later only the operator. */
  undoableUntil: isoTime,
  undoneAt: isoTime.nullable(),
  undoneBy: text().nullable(),
});
export type Redemption = z.infer<typeof redemptionSchema>;

/** What is printed on the voucher, for the hotel whose voucher it is. */
export const checkedVoucherSchema = z.object({
  code: text(),
  hotel: z.object({ id: z.number().int(), name: text() }),
  offerTitle: text(),
  nights: z.number().int(),
  persons: z.number().int(),
  board: text().nullable(),
  /** As printed; null: the voucher was not named (a line the guest wrote their name on). */
  guestName: text().nullable(),
  validUntil: isoTime,
  /** Paid in the payments sandbox. */
  specimen: z.boolean(),
});

export const voucherCheckSchema = z.object({
  code: text(),
  state: z.enum(voucherStates),
  /** Whether this caller may redeem it now. */
  redeemable: z.boolean(),
  /** Null for another hotel's voucher. */
  voucher: checkedVoucherSchema.nullable(),
  /** The redemption in force (state redeemed). */
  redemption: redemptionSchema.nullable(),
  /** When it was refunded or cancelled. */
  voidedAt: isoTime.nullable(),
});
export type VoucherCheck = z.infer<typeof voucherCheckSchema>;

export const voucherRedeemAnswerSchema = z.object({
  voucher: checkedVoucherSchema,
  redemption: redemptionSchema,
});
export type VoucherRedeemAnswer = z.infer<typeof voucherRedeemAnswerSchema>;

export const redemptionParams = z.object({ redemptionId: idParam });
export const undoRedemptionRequestSchema = z.object({ note: text().trim().min(1).max(300).optional() });

/** The hotels the caller acts for, and the redemptions of the last days at their desks. */
export const hotelPortalHomeSchema = z.object({
  hotels: z.array(z.object({ id: z.number().int(), name: text() })),
  recent: z.array(
    redemptionSchema.extend({ code: text(), hotelId: z.number().int(), guestName: text().nullable() }),
  ),
});
export type HotelPortalHome = z.infer<typeof hotelPortalHomeSchema>;

// --- The back office: a hotel's API keys -------------------------------------------------------------

export const hotelIdParams = z.object({ id: idParam });
export const hotelApiKeyParams = z.object({ id: idParam, keyId: idParam });
export const createHotelApiKeyRequestSchema = z.object({ label: text().trim().min(1).max(80).optional() });
/** Shown once: only its hash is kept. */
export const createdHotelApiKeySchema = z.object({ id: z.number().int(), key: text(), prefix: text() });
export const hotelApiKeyListSchema = z.object({
  keys: z.array(
    z.object({
      id: z.number().int(),
      label: text(),
      prefix: text(),
      createdAt: isoTime,
      lastUsedAt: isoTime.nullable(),
      revokedAt: isoTime.nullable(),
    }),
  ),
});

// --- The hotel's statement and the breakage list ----------------------------------------------------

/** `YYYY-MM`: a calendar month (Europe/Berlin). */
export const statementMonth = text().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: messageKeys.invalid });
export const statementParams = z.object({ hotelId: idParam, month: statementMonth });
export const statementFormats = ['json', 'csv', 'pdf'] as const;
export const statementQuery = z.object({ format: z.enum(statementFormats).optional() });

export const statementLineSchema = z.object({
  redemptionId: z.number().int(),
  code: text(),
  guestName: text().nullable(),
  offerTitle: text(),
  nights: z.number().int(),
  persons: z.number().int(),
  arrival: text(),
  departure: text(),
  bookingReference: text().nullable(),
  redeemedAt: isoTime,
  /** The variant's net rate when it was redeemed; null: none agreed then (not in the total). */
  netRateCents: z.number().int().nullable(),
  /** The buyer got their money back after the stay: the hotel is paid all the same. */
  refundedLater: z.boolean(),
});

/**
 * What the shop owes a hotel for one month: every redemption in force that month at the net rate it
 * had then. Undone redemptions are not in it; once the operator pays it, its total is kept as paid.
 */
export const hotelStatementSchema = z.object({
  hotel: z.object({ id: z.number().int(), name: text() }),
  month: text(),
  lines: z.array(statementLineSchema),
  totalCents: z.number().int(),
  /** Lines without a net rate: the operator agrees one before paying. */
  missingRates: z.number().int(),
  /** The month has ended: only then can it be paid. */
  isClosed: z.boolean(),
  paid: z.object({ at: isoTime, totalCents: z.number().int(), redemptions: z.number().int() }).nullable(),
});
export type HotelStatement = z.infer<typeof hotelStatementSchema>;

export const statementListQuery = z.object({ month: statementMonth });
export const statementListSchema = z.object({
  month: text(),
  statements: z.array(
    z.object({
      hotel: z.object({ id: z.number().int(), name: text() }),
      redemptions: z.number().int(),
      totalCents: z.number().int(),
      missingRates: z.number().int(),
      paidAt: isoTime.nullable(),
    }),
  ),
});
export const markStatementPaidRequestSchema = z.object({ note: text().trim().min(1).max(300).optional() });

/** Vouchers that expired without being redeemed (nor refunded): the shop keeps the money, no hotel is paid. */
export const breakageQuery = z.object({
  from: text().refine(isCalendarDate, { message: messageKeys.invalid }),
  to: text().refine(isCalendarDate, { message: messageKeys.invalid }),
  format: z.enum(['json', 'csv']).optional(),
});
export const breakageSchema = z.object({
  vouchers: z.array(
    z.object({
      code: text(),
      orderId: z.number().int(),
      hotel: z.object({ id: z.number().int(), name: text() }),
      offerTitle: text(),
      validUntil: isoTime,
      paidCents: z.number().int(),
    }),
  ),
  totalCents: z.number().int(),
});
