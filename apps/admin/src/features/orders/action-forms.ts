import {
  cancelOrderRequestSchema,
  extendHoldRequestSchema,
  markPaidRequestSchema,
  refundRequestSchema,
} from '@shop/contracts/admin';
import { text } from '@shop/contracts/text';
import { eurosField } from '../../lib/euros.ts';

/**
 * The order actions' forms: the contract's request schemas, with what a person types in place of what
 * the API takes (euros with a comma for cents, days as text), converted and then checked by the
 * contract's own rule for that field.
 */
const euros = eurosField().pipe(markPaidRequestSchema.shape.amountCents);

export const markPaidForm = markPaidRequestSchema.omit({ amountCents: true }).extend({ amount: euros });

export const cancelForm = cancelOrderRequestSchema;

export const extendHoldForm = extendHoldRequestSchema.extend({
  days: text()
    .trim()
    .regex(/^\d{1,2}$/)
    .transform(Number)
    .pipe(extendHoldRequestSchema.shape.days),
});

/**
 * The refund: the vouchers ticked (checkbox values are text: the voucher ids), at least one, and the
 * note. Each id is checked by the contract's own rule for an id.
 */
export const refundForm = refundRequestSchema.extend({
  voucherIds: text()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(refundRequestSchema.shape.voucherIds.unwrap().element)
    .array()
    .min(1)
    .max(100),
});

/**
 * What the API is asked: all vouchers not refunded yet ticked means the whole order (no `voucherIds`,
 * so the API refunds whatever is still open); otherwise just the ones ticked.
 */
export function refundRequest(
  values: { voucherIds: number[]; note: string },
  refundableIds: readonly number[],
): { voucherIds?: number[]; note: string } {
  const picked = new Set(values.voucherIds);
  const isWholeOrder = refundableIds.length > 0 && refundableIds.every((id) => picked.has(id));
  return isWholeOrder ? { note: values.note } : { voucherIds: [...picked], note: values.note };
}
