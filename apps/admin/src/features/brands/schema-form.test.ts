import { changedPaths } from '@shop/contracts/admin-brands';
import { brandConfigSchema } from '@shop/contracts/brand-config';
import { locales } from '@shop/contracts/locale';
import { describe, expect, it } from 'vitest';
import { brandTexts, fieldLabel } from '../../i18n/brand-texts.ts';
import { emptyValue, setAt } from './schema-form.tsx';

/** Every key of an object tree as a path, with the kind of value it holds. */
function entries(tree: object, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'object' && value !== null
      ? entries(value, `${prefix}${key}.`)
      : [[`${prefix}${key}`, typeof value]],
  );
}

describe('the generated brand form', () => {
  it('starts a new value from the schema: every field of an object, nothing for what may be absent', () => {
    const empty = emptyValue(brandConfigSchema) as Record<string, unknown>;
    expect(empty.logo).toEqual({ url: '', alt: '', width: 0, height: 0 });
    expect(empty.hero).toEqual({});
    expect(empty.landingPages).toEqual([]);
    expect(empty.analyticsType).toBe('gtag');
    expect(empty.membershipNumber).toBeNull();
    expect(empty.billingCountries).toEqual(expect.arrayContaining(['DE', 'AT']));
  });

  it('changes one value along its path, copying only that path; undefined removes the key', () => {
    const config = {
      hero: { de: { title: 'a', subtitle: 'b' } },
      landingPages: [{ path: '/x' }],
      legal: { name: 'n' },
    };
    const changed = setAt(config, ['hero', 'de', 'title'], 'neu') as typeof config;
    expect(changed.hero.de.title).toBe('neu');
    expect(config.hero.de.title).toBe('a');
    expect(changed.landingPages).toBe(config.landingPages);
    expect((setAt(config, ['landingPages', 0, 'path'], '/y') as typeof config).landingPages).toEqual([
      { path: '/y' },
    ]);
    expect(setAt(config, ['legal'], undefined)).not.toHaveProperty('legal');
  });

  it('names what changed between two versions by path', () => {
    const before = { a: 1, hero: { de: { title: 'x' } }, list: [1, 2, 3] };
    const after = { a: 1, hero: { de: { title: 'y' }, en: { title: 'z' } }, list: [1, 5] };
    expect(changedPaths(before, after)).toEqual(['hero.de.title', 'hero.en', 'list.1', 'list.2']);
    expect(changedPaths(before, structuredClone(before))).toEqual([]);
  });

  it('labels fields in each language, with the same keys as German', () => {
    for (const locale of locales) {
      expect(entries(brandTexts[locale])).toEqual(entries(brandTexts.de));
    }
    expect(fieldLabel(brandTexts.de, ['hero', 'de', 'title'])).toBe('Titel');
    expect(fieldLabel(brandTexts.en, ['hero', 'de'])).toBe('German');
    expect(fieldLabel(brandTexts.it, ['landingPages', 2])).toBe('Voce 3');
    // Every top-level field of the schema has a name in each language.
    for (const key of Object.keys(brandConfigSchema.shape)) {
      for (const locale of locales) expect(brandTexts[locale].fields[key], `${locale} ${key}`).toBeDefined();
    }
  });
});
