export const locales = ['de', 'en', 'it'] as const;
export type Locale = (typeof locales)[number];

/** Shown when the caller names no language. */
export const defaultLocale: Locale = 'de';
/** Used when the caller asks for a language the shop does not have. */
export const fallbackLocale: Locale = 'en';

/** de_DE, en_GB, it_IT: the formats each shop language uses (SPEC §9). */
export const localeIso: Record<Locale, string> = { de: 'de-DE', en: 'en-GB', it: 'it-IT' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/**
 * Picks the shop language from an Accept-Language header: the first supported language by quality,
 * the fallback language when the caller names only languages the shop lacks, the default when none.
 */
export function negotiateLocale(header: string | undefined | null): Locale {
  if (!header || header.trim() === '' || header.trim() === '*') return defaultLocale;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const quality = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = quality ? Number.parseFloat(quality.slice(2)) : 1;
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => /^[a-z]{1,8}$/.test(entry.language) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  if (ranked.length === 0) return defaultLocale;
  return (ranked.find((entry) => isLocale(entry.language))?.language as Locale | undefined) ?? fallbackLocale;
}

const longDateFormats = new Map<Locale, Intl.DateTimeFormat>();

/**
 * "23. November 2026", "23 November 2026" (en_GB, never the US order), "23 novembre 2026": one
 * formatter per language, built once (SPEC §9).
 */
export function longDateFormat(locale: Locale): Intl.DateTimeFormat {
  let format = longDateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(localeIso[locale], { dateStyle: 'long' });
    longDateFormats.set(locale, format);
  }
  return format;
}
