import { z } from 'zod';
import { messageKeys } from './message-keys.ts';
import { idParam } from './params.ts';
import { text } from './text.ts';

export const voucherLayouts = ['plain', 'gift'] as const;
export type VoucherLayout = (typeof voucherLayouts)[number];

const orderKey = text().min(1).max(100);

export const voucherPathParams = z.object({ id: idParam, key: orderKey, idVoucher: idParam });
/** `…/{idVoucher}.pdf`: the id with its extension, as links and browsers ask for it. */
export const voucherDownloadParams = z.object({
  id: idParam,
  key: orderKey,
  // `{idVoucher}.pdf`: the A4 sheet to print; `{idVoucher}-phone.pdf`: the same voucher laid out to show
  // on a phone screen.
  file: text()
    .regex(/^[1-9][0-9]{0,9}(-phone)?\.pdf$/)
    // Within PostgreSQL's integer range, like every other id.
    .refine((file) => Number.parseInt(file, 10) <= 2_147_483_647),
});
export const invoiceDownloadParams = z.object({
  id: idParam,
  key: orderKey,
  file: text().regex(/^[A-Z0-9-]{1,60}\.pdf$/),
});

const guestName = text({ error: messageKeys.required })
  .trim()
  .min(1, { error: messageKeys.required })
  .max(100, { error: messageKeys.maxLength });

/** SPEC §7 PUT /api/voucher: the guest's data (`customer`), and for gifts a message and the layout. */
export const voucherUpdateSchema = z.object({
  customer: z.object({ firstName: guestName, lastName: guestName }),
  message: text()
    .trim()
    .max(500, { error: messageKeys.maxLength })
    .nullable()
    .default(null)
    .transform((message) => message || null),
  layout: z.enum(voucherLayouts).default('plain'),
});
export type VoucherUpdate = z.input<typeof voucherUpdateSchema>;

/**
 * A voucher's state as its buyer sees it (issue 27): valid, used at a hotel (with the time), refunded,
 * cancelled (void without a refund) or expired (SPEC §9: three years).
 */
export const voucherUseStates = ['valid', 'used', 'refunded', 'cancelled', 'expired'] as const;
export type VoucherUseState = (typeof voucherUseStates)[number];
export const voucherUseSchema = z.object({
  state: z.enum(voucherUseStates),
  /** When a hotel redeemed it (state used). */
  usedAt: text().nullable(),
});

export const voucherSchema = z.object({
  id: z.number().int(),
  code: text(),
  offerTitle: text(),
  hotelName: text(),
  nights: z.number().int(),
  persons: z.number().int(),
  validUntil: text(),
  customer: z.object({ firstName: text(), lastName: text() }).nullable(),
  message: text().nullable(),
  layout: z.enum(voucherLayouts),
  /** Printed (downloaded) once: the guest data can no longer be changed (SPEC §4). */
  isLocked: z.boolean(),
  printedAt: text().nullable(),
  /** Refunded (by the shop's staff): the voucher is void from then on, its PDF says so. */
  refundedAt: text().nullable(),
});
export type Voucher = z.infer<typeof voucherSchema>;
