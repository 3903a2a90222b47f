import { type Locale, locales } from '@shop/contracts/locale';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogueTexts } from './catalogue-texts.ts';
import { de } from './de.ts';
import { loadDictionary } from './dictionaries.ts';
import { giftCardTexts } from './gift-card-texts.ts';
import { promotionTexts } from './promotion-texts.ts';
import { recordsTexts } from './records-texts.ts';
import { reportTexts } from './report-texts.ts';
import { staffTexts } from './staff-texts.ts';

/** Every key of an object tree as a path ("orders.columns.total"), with the kind of value it holds. */
function entries(tree: object, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'object' && value !== null
      ? entries(value, `${prefix}${key}.`)
      : [[`${prefix}${key}`, typeof value]],
  );
}

describe('the back office dictionaries', () => {
  const reference = entries(de);
  const dictionaries = {} as Record<Locale, typeof de>;
  beforeAll(async () => {
    for (const locale of locales) dictionaries[locale] = await loadDictionary(locale);
  });

  it.each(locales.filter((locale) => locale !== 'de'))(
    '%s has every German key, of the same kind',
    (locale) => {
      // Typed as Dictionary already; this also catches the open maps (mail kinds, statuses) and casts.
      expect(entries(dictionaries[locale])).toEqual(reference);
    },
  );

  it.each(locales)('%s has no empty text', (locale) => {
    const texts = JSON.stringify(dictionaries[locale]);
    expect(texts).not.toMatch(/:"\s*"/);
  });

  it('words the functions in each language', () => {
    expect(dictionaries.de.orders.found(2, false)).toBe('2 Bestellungen gefunden');
    expect(dictionaries.de.orders.found(10_000, true)).toBe('Mehr als 10.000 Bestellungen gefunden');
    expect(dictionaries.en.orders.found(1, false)).toBe('1 order found');
    expect(dictionaries.it.orders.pageOf(2, 5)).toBe('Pagina 2 di 5');
  });

  it.each(locales.filter((locale) => locale !== 'de'))(
    'the staff, report and records screens’ texts in %s have every German key, none empty',
    (locale) => {
      for (const texts of [
        staffTexts,
        reportTexts,
        recordsTexts,
        giftCardTexts,
        promotionTexts,
        catalogueTexts,
      ]) {
        expect(entries(texts[locale])).toEqual(entries(texts.de));
        expect(JSON.stringify(texts[locale])).not.toMatch(/:"\s*"/);
      }
    },
  );
});
