import { z } from 'zod';
import type { Locale } from './locale.ts';
import { formatPrice } from './price-format.ts';
import { text } from './text.ts';

export const currencySchema = z.literal('EUR');
export type Currency = z.infer<typeof currencySchema>;

// In a module of its own, without zod: pages format prices without loading the schemas (first-view JS).
export { formatPrice };

export const priceSchema = z.object({
  /** Integer cents. */
  total: z.number().int(),
  currency: currencySchema,
  display: text(),
});
export type Price = z.infer<typeof priceSchema>;

export function toPrice(cents: number, locale: Locale): Price {
  return { total: cents, currency: 'EUR', display: formatPrice(cents, locale) };
}
