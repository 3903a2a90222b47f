import { type Locale, localeIso } from './locale.ts';

const symbols: Record<string, string> = { EUR: '€', USD: '$' };

/**
 * Formats integer cents the way the shop shows prices (SPEC §9): symbol first, the language's
 * grouping, and ",-" in place of ",00" — "€ 1.299,-", "€ 1.299,50", "€ 1,299.00".
 */
export function formatPrice(cents: number, locale: Locale, currency = 'EUR'): string {
  const number = numberFormat(locale).format(cents / 100);
  return `${symbols[currency] ?? currency} ${number.replace(/,00$/, ',-')}`;
}

// Building an Intl.NumberFormat costs far more than formatting with one: keep one per language.
const numberFormats = new Map<Locale, Intl.NumberFormat>();
function numberFormat(locale: Locale): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(localeIso[locale], {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      // Italian CLDR data leaves 4-digit numbers ungrouped; the shop shows "1.299" in every language.
      useGrouping: 'always',
    } as Intl.NumberFormatOptions);
    numberFormats.set(locale, format);
  }
  return format;
}
