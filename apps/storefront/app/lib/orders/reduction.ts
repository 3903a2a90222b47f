import { type Locale, localeIso } from '@shop/contracts/locale';
import { formatPrice } from '@shop/contracts/price-format';

export type ReductionRule = { operation: '+' | '%'; value: number };

/** What a code takes off, as shown next to it: "−10 %", "−€ 50,-". */
export function reductionAmountText(reduction: ReductionRule, locale: Locale): string {
  if (reduction.operation === '+') return `−${formatPrice(reduction.value, locale)}`;
  const percent = new Intl.NumberFormat(localeIso[locale], { maximumFractionDigits: 1 }).format(
    reduction.value * 100,
  );
  return `−${percent} %`;
}
