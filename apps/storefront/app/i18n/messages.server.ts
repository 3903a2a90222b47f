import type { Locale } from '@shop/contracts/locale';
import type { Messages } from './de.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { it } from './it.ts';
import { createTranslate } from './translate.ts';

const dictionaries: Record<Locale, Messages> = { de, en, it };

/** The UI strings of one language; only the page's language travels to the browser. */
export function messagesFor(locale: Locale): Messages {
  return dictionaries[locale];
}

export function translatorFor(locale: Locale) {
  return createTranslate(dictionaries[locale]);
}
