import {
  cancelOrderRequestSchema,
  extendHoldRequestSchema,
  markPaidRequestSchema,
} from '@shop/contracts/admin';
import { text } from '@shop/contracts/text';

/**
 * The order actions' forms: the contract's request schemas, with what a person types in place of what
 * the API takes (euros with a comma for cents, days as text), converted and then checked by the
 * contract's own rule for that field.
 */
const euros = text()
  .trim()
  .regex(/^\d{1,8}(?:[.,]\d{1,2})?$/)
  .transform((value) => Math.round(Number(value.replace(',', '.')) * 100))
  .pipe(markPaidRequestSchema.shape.amountCents);

export const markPaidForm = markPaidRequestSchema.omit({ amountCents: true }).extend({ amount: euros });

export const cancelForm = cancelOrderRequestSchema;

export const extendHoldForm = extendHoldRequestSchema.extend({
  days: text()
    .trim()
    .regex(/^\d{1,2}$/)
    .transform(Number)
    .pipe(extendHoldRequestSchema.shape.days),
});

/** Cents as the amount field shows them to start with: "1299,00" (de, it) or "1299.00" (en). */
export function eurosForInput(cents: number, locale: string): string {
  const value = (cents / 100).toFixed(2);
  return locale === 'en' ? value : value.replace('.', ',');
}
