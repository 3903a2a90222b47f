import { type Locale, localeIso } from '@shop/contracts/locale';
import { formatPrice } from '@shop/contracts/money';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type Dictionary, dictionaryOf, loadDictionary } from './dictionaries.ts';
import { initialLocale, rememberLocale, setCurrentLocale, storedLocale } from './language.ts';

export type I18n = {
  locale: Locale;
  t: Dictionary;
  /**
   * Switches once the language's texts are loaded (a chunk of their own): true then, false when they
   * could not be loaded (the page stays in its language). A later switch wins over an earlier one.
   */
  setLocale(locale: Locale): Promise<boolean>;
  /** Date and time of an ISO timestamp, e.g. "27.11.2026, 14:05". */
  dateTime(iso: string | null): string;
  /** The date alone, e.g. "27.11.2029" (a voucher's last day). */
  date(iso: string | null): string;
  /** Integer cents as the shop writes prices ("€ 1.299,-"). */
  money(cents: number): string;
};

const I18nContext = createContext<I18n | null>(null);

/**
 * Times as the operators' office reads them, wherever the browser is: the audit filter's days and the
 * CSV export count in the same zone, and a page rendered on the server reads the same in the browser.
 */
const officeTimeZone = 'Europe/Berlin';

/**
 * `locale`: the language a server-rendered page was rendered in (hydration must start from the same
 * one); without it, the one chosen in this browser before, else the browser's languages
 * (`startLocale`). Its dictionary must be loaded before the first render (main.tsx).
 */
export function I18nProvider({ children, locale: given }: { children: ReactNode; locale?: Locale }) {
  const queryClient = useQueryClient();
  const [locale, setLocaleState] = useState<Locale>(() => {
    const chosen = given ?? startLocale();
    setCurrentLocale(chosen);
    return chosen;
  });
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  // The language asked for last: a slower download of one asked for before must not overwrite it.
  const requested = useRef<Locale | null>(null);
  const setLocale = useCallback(
    async (next: Locale) => {
      requested.current = next;
      try {
        await loadDictionary(next);
      } catch {
        if (requested.current === next) requested.current = null;
        return false;
      }
      if (requested.current !== next) return true;
      setCurrentLocale(next);
      rememberLocale(next);
      setLocaleState(next);
      // Answers carry texts in the language asked for (problem titles, offer titles): ask again.
      void queryClient.invalidateQueries();
      return true;
    },
    [queryClient],
  );
  const value = useMemo<I18n>(() => {
    const dateTimeFormat = new Intl.DateTimeFormat(localeIso[locale], {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: officeTimeZone,
    });
    const dateFormat = new Intl.DateTimeFormat(localeIso[locale], {
      dateStyle: 'medium',
      timeZone: officeTimeZone,
    });
    return {
      locale,
      t: dictionaryOf(locale),
      setLocale,
      dateTime: (iso) => (iso ? dateTimeFormat.format(new Date(iso)) : '–'),
      date: (iso) => (iso ? dateFormat.format(new Date(iso)) : '–'),
      money: (cents) => formatPrice(cents, locale),
    };
  }, [locale, setLocale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The language a page starts in without a server-rendered one: chosen here before, else the browser's. */
export const startLocale = (): Locale =>
  initialLocale(storedLocale(), navigator.languages ?? [navigator.language]);

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n outside I18nProvider');
  return i18n;
}
