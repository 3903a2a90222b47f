import { describe, expect, it } from 'vitest';
import { de } from './de.ts';
import { en } from './en.ts';
import { it as italian } from './it.ts';

/** Keys whose text is the same in every language (names, codes, symbols). */
const sameEverywhere = new Set([
  'layout.copyright',
  'layout.suggestion.hotel',
  'cookies.title',
  'hotel.title',
  'content.description',
  'notFound.title',
  'order.wire.bank',
  'language.de',
  'language.en',
  'language.it',
  'cart.quantityTimes',
  'checkout.payment.paypal',
  'checkout.payment.amazonpay',
  'order.wire.iban',
  'order.wire.bic',
  'account.orders.status',
]);

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('UI dictionaries', () => {
  for (const [language, dictionary] of [
    ['en', en],
    ['it', italian],
  ] as const) {
    it(`${language}: every German key, translated, with the same placeholders`, () => {
      expect(Object.keys(dictionary).sort()).toEqual(Object.keys(de).sort());
      const untranslated = Object.entries(dictionary)
        .filter(([key, text]) => text === de[key as keyof typeof de] && !sameEverywhere.has(key))
        .map(([key]) => key);
      expect(untranslated).toEqual([]);
      const mismatched = Object.entries(dictionary)
        .filter(
          ([key, text]) => placeholders(text).join() !== placeholders(de[key as keyof typeof de]).join(),
        )
        .map(([key]) => key);
      expect(mismatched).toEqual([]);
    });
  }
});
