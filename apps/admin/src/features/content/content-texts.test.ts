import { locales } from '@shop/contracts/locale';
import { describe, expect, it } from 'vitest';
import { contentTexts } from '../../i18n/content-texts.ts';

/** Every key of an object tree as a path, with the kind of value it holds. */
function entries(tree: object, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'object' && value !== null
      ? entries(value, `${prefix}${key}.`)
      : [[`${prefix}${key}`, typeof value]],
  );
}

describe('the content screen’s texts', () => {
  it.each(locales)('%s has every German key, none empty', (locale) => {
    expect(entries(contentTexts[locale])).toEqual(entries(contentTexts.de));
    expect(JSON.stringify(contentTexts[locale])).not.toMatch(/:"\s*"/);
    expect(contentTexts[locale].moved('Kontakt', 2)).toContain('2');
  });
});
