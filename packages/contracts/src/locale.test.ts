import { describe, expect, it } from 'vitest';
import { longDateFormat, negotiateLocale } from './locale.ts';

describe('negotiateLocale', () => {
  it('defaults to German when no language is named', () => {
    expect(negotiateLocale(undefined)).toBe('de');
    expect(negotiateLocale('')).toBe('de');
    expect(negotiateLocale('*')).toBe('de');
  });

  it('picks the best supported language by quality', () => {
    expect(negotiateLocale('it-IT,it;q=0.9,en;q=0.8')).toBe('it');
    expect(negotiateLocale('fr;q=1, en;q=0.5, de;q=0.7')).toBe('de');
    expect(negotiateLocale('EN-gb')).toBe('en');
  });

  it('falls back to English when only unsupported languages are named', () => {
    expect(negotiateLocale('fr-FR,fr;q=0.9')).toBe('en');
  });

  it('ignores garbage and zero qualities', () => {
    expect(negotiateLocale(';;,,q=x')).toBe('de');
    expect(negotiateLocale('it;q=0, en')).toBe('en');
  });
});

describe('longDateFormat', () => {
  it('writes dates as each language does: en_GB for English, never the US order (SPEC §9)', () => {
    const date = new Date(Date.UTC(2026, 10, 23, 12));
    expect(longDateFormat('en').format(date)).toBe('23 November 2026');
    expect(longDateFormat('de').format(date)).toBe('23. November 2026');
    expect(longDateFormat('it').format(date)).toBe('23 novembre 2026');
    expect(longDateFormat('en')).toBe(longDateFormat('en'));
  });
});
