import type { Locale } from '@shop/contracts/locale';
import { formatPrice } from '@shop/contracts/money';

export type ReductionRule = { operation: '+' | '%'; value: number };

/**
 * SPEC §4 displayed reduction: '+' takes the value (cents) off, '%' multiplies by one minus the value
 * (a fraction). A result of zero or less keeps the original price.
 */
export function reducedPrice(cents: number, reduction: ReductionRule): number {
  const result =
    reduction.operation === '+' ? cents - reduction.value : Math.round(cents * (1 - reduction.value));
  return result > 0 ? result : cents;
}

/** What a code takes off, as shown next to it: "−10 %", "−€ 50,-". */
export function reductionAmountText(reduction: ReductionRule, locale: Locale): string {
  if (reduction.operation === '+') return `−${formatPrice(reduction.value, locale)}`;
  const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(reduction.value * 100);
  return `−${percent} %`;
}
