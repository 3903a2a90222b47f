/**
 * Amounts cross the provider boundary as decimal strings ("1299.99"); inside the shop they are
 * integer cents. The conversion is done on digits, never through a float, so 0.1 + 0.2 rounding
 * can never move a cent. Every shop currency has two decimals (EUR).
 */

/** 129999 → "1299.99", 5 → "0.05", -150 → "-1.50". */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`amount must be integer cents, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

const decimalPattern = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** "1299.99" → 129999, "0.05" → 5, "100" → 10000, "12.5" → 1250; anything else throws. */
export function decimalToCents(value: string): number {
  const match = decimalPattern.exec(value.trim());
  if (!match) throw new RangeError(`not a decimal amount: ${JSON.stringify(value)}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`amount out of range: ${value}`);
  return sign === '-' && cents !== 0 ? -cents : cents;
}
