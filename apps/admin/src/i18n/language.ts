import { isLocale, type Locale, negotiateLocale } from '@shop/contracts/locale';

const storageKey = 'admin-locale';

/**
 * The language the back office starts in: the one chosen here before (kept in this browser), else the
 * browser's languages negotiated like the API does (German first, English for anything we lack).
 */
export function initialLocale(stored: string | null, browserLanguages: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  return negotiateLocale(browserLanguages.join(','));
}

export function storedLocale(): string | null {
  try {
    return localStorage.getItem(storageKey);
  } catch {
    // Storage switched off: the browser's language each time.
    return null;
  }
}

export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(storageKey, locale);
  } catch {
    // Storage switched off: the choice lasts until the tab is closed.
  }
}

/** The language API calls ask for (`accept-language`): set by the provider, read by the client. */
let current: Locale = 'de';
export const currentLocale = (): Locale => current;
export function setCurrentLocale(locale: Locale): void {
  current = locale;
}
