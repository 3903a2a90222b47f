import { isLocale, type Locale, negotiateLocale } from '@shop/contracts/locale';

/**
 * The language chosen here is kept in a cookie on /admin (not in local storage): the server renders a
 * page in it too (modules/admin-app), and the page must hydrate in the language it was rendered in.
 */
export const localeCookieName = 'admin-locale';
const oneYearSeconds = 365 * 24 * 60 * 60;

/**
 * The language the back office starts in: the one chosen here before (kept in this browser), else the
 * browser's languages negotiated like the API does (German first, English for anything we lack).
 */
export function initialLocale(stored: string | null, browserLanguages: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  return negotiateLocale(browserLanguages.join(','));
}

export function storedLocale(): string | null {
  const pair = document.cookie.split('; ').find((part) => part.startsWith(`${localeCookieName}=`));
  return pair ? pair.slice(localeCookieName.length + 1) : null;
}

/** Cookies switched off: the choice lasts until the tab is closed. */
export function rememberLocale(locale: Locale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers staff use (Firefox before 140)
  document.cookie = `${localeCookieName}=${locale}; Path=/admin; Max-Age=${oneYearSeconds}; SameSite=Strict`;
}

/** The language API calls ask for (`accept-language`): set by the provider, read by the client. */
let current: Locale = 'de';
export const currentLocale = (): Locale => current;
export function setCurrentLocale(locale: Locale): void {
  current = locale;
}
