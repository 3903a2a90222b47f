import type { Locale } from '@shop/contracts/locale';
import type { Dictionary } from './de.ts';

export type { Dictionary };

/**
 * The main dictionaries, one chunk per language: a page loads the one it is shown in (a desk's phone
 * never downloads the other two; issue 27's first-view budget). `loadDictionary` before the first
 * render and before a switch of language; `dictionaryOf` then reads it synchronously.
 */
const loaders: Record<Locale, () => Promise<Dictionary>> = {
  de: () => import('./de.ts').then((m) => m.de),
  en: () => import('./en.ts').then((m) => m.en),
  it: () => import('./it.ts').then((m) => m.it),
};
const loaded = new Map<Locale, Dictionary>();
const loading = new Map<Locale, Promise<Dictionary>>();

export function loadDictionary(locale: Locale): Promise<Dictionary> {
  let pending = loading.get(locale);
  if (!pending) {
    pending = loaders[locale]().then((dictionary) => {
      loaded.set(locale, dictionary);
      return dictionary;
    });
    // A failed download (the network dropped) may be tried again.
    pending.catch(() => loading.delete(locale));
    loading.set(locale, pending);
  }
  return pending;
}

/** A dictionary `loadDictionary` has loaded. */
export function dictionaryOf(locale: Locale): Dictionary {
  const dictionary = loaded.get(locale);
  if (!dictionary) throw new Error(`the ${locale} dictionary is not loaded`);
  return dictionary;
}
