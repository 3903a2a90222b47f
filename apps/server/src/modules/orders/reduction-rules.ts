import type { Locale } from '@shop/contracts/locale';
import { formatPrice } from '@shop/contracts/money';
import { reducesOffer } from './order-pricing.ts';
import type { ReductionRow } from './orders.repository.ts';

export type ReductionFailure =
  | 'unknown'
  | 'inactive'
  | 'expired'
  | 'used-up'
  | 'not-applicable'
  | 'minimum'
  | 'used-by-customer';

/** What of a cart decides whether a code applies: its subtotal and the offers of its vouchers. */
export type CartForCode = { subtotalCents: number; offerIds: readonly number[] };

/** Why a code does not apply to `cart` now, or null when it does; without a cart, only the code's own state. */
export function reductionFailure(
  reduction: ReductionRow | undefined,
  cart: CartForCode | null,
  now = new Date(),
): ReductionFailure | null {
  if (!reduction) return 'unknown';
  if (!reduction.is_active || (reduction.valid_from && reduction.valid_from > now)) return 'inactive';
  if (reduction.valid_to && reduction.valid_to <= now) return 'expired';
  if (reduction.max_uses !== null && reduction.used_count >= reduction.max_uses) return 'used-up';
  if (!cart) return null;
  // An empty cart may take any code (it applies once vouchers are added); one with vouchers needs one
  // of the code's offers among them.
  const terms = { offerIds: reduction.offer_ids };
  if (cart.offerIds.length > 0 && !cart.offerIds.some((offerId) => reducesOffer(terms, offerId))) {
    return 'not-applicable';
  }
  if (cart.subtotalCents < reduction.minimum_order_cents) return 'minimum';
  return null;
}

const details: Record<ReductionFailure, Record<Locale, string>> = {
  unknown: {
    de: 'Diesen Aktionscode gibt es nicht.',
    en: 'This promotion code does not exist.',
    it: 'Questo codice promozionale non esiste.',
  },
  inactive: {
    de: 'Dieser Aktionscode ist derzeit nicht gültig.',
    en: 'This promotion code is not valid at the moment.',
    it: 'Questo codice promozionale al momento non è valido.',
  },
  expired: {
    de: 'Dieser Aktionscode ist abgelaufen.',
    en: 'This promotion code has expired.',
    it: 'Questo codice promozionale è scaduto.',
  },
  'used-up': {
    de: 'Dieser Aktionscode wurde bereits eingelöst.',
    en: 'This promotion code has already been redeemed.',
    it: 'Questo codice promozionale è già stato utilizzato.',
  },
  minimum: {
    de: 'Dieser Aktionscode gilt ab einem Bestellwert von {minimum}.',
    en: 'This promotion code applies to orders from {minimum}.',
    it: 'Questo codice promozionale vale per ordini a partire da {minimum}.',
  },
  'not-applicable': {
    de: 'Dieser Aktionscode gilt nicht für die Gutscheine in Ihrem Warenkorb.',
    en: 'This promotion code does not apply to the vouchers in your cart.',
    it: 'Questo codice promozionale non vale per i voucher nel carrello.',
  },
  'used-by-customer': {
    de: 'Sie haben diesen Aktionscode bereits eingelöst.',
    en: 'You have already redeemed this promotion code.',
    it: 'Ha già utilizzato questo codice promozionale.',
  },
};

export function describeReductionFailure(
  failure: ReductionFailure,
  reduction: ReductionRow | undefined,
  locale: Locale,
): string {
  return reductionFailureText(failure, reduction?.minimum_order_cents ?? 0, locale);
}

/** The reason in words; `minimumCents` fills the minimum order value's amount. */
export function reductionFailureText(
  failure: ReductionFailure,
  minimumCents: number,
  locale: Locale,
): string {
  return details[failure][locale].replace('{minimum}', formatPrice(minimumCents, locale));
}

export function isReductionFailure(value: unknown): value is ReductionFailure {
  return typeof value === 'string' && Object.hasOwn(details, value);
}
