import { text } from '@shop/contracts/text';

/**
 * Money as a person types it: euros with a comma or a point and at most two decimals ("250", "250,00",
 * "250.5"), read as integer cents. No thousands separators: "1.000" would be one euro to an English
 * reader and a thousand to a German one.
 */
export const eurosPattern = /^\d{1,8}(?:[.,]\d{1,2})?$/;

/** "1,15" → 115 (rounded: 1.15 * 100 is 114.99999999999999 in binary floating point). */
export function centsOfEuros(value: string): number {
  return Math.round(Number(value.trim().replace(',', '.')) * 100);
}

/** A text field's value as integer cents, refused when it is not an amount in euros. */
export const eurosField = () => text().trim().regex(eurosPattern).transform(centsOfEuros);

/** Cents as an amount field shows them to start with: "1299,00" (de, it) or "1299.00" (en). */
export function eurosForInput(cents: number, locale: string): string {
  const value = (cents / 100).toFixed(2);
  return locale === 'en' ? value : value.replace('.', ',');
}
