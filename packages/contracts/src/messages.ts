import type { Locale } from './locale.ts';

/**
 * Validation messages of our own (beyond zod's built-in ones), by key, so that server and storefront
 * show the same text in the caller's language. Placeholders: {field}, {max}.
 */
export const messageKeys = {
  positiveInteger: 'positiveInteger',
  pageRange: 'pageRange',
  pageSizeRange: 'pageSizeRange',
  slug: 'slug',
  decimal: 'decimal',
  countryCode: 'countryCode',
  minAboveMax: 'minAboveMax',
  searchWindow: 'searchWindow',
  phone: 'phone',
  postcode: 'postcode',
  acceptTerms: 'acceptTerms',
  giftCardCode: 'giftCardCode',
  providerReference: 'providerReference',
} as const;
export type MessageKey = keyof typeof messageKeys;

export const validationMessages: Record<MessageKey, Record<Locale, string>> = {
  positiveInteger: {
    de: 'muss eine positive ganze Zahl sein',
    en: 'must be a positive whole number',
    it: 'deve essere un numero intero positivo',
  },
  pageRange: {
    de: 'muss zwischen 1 und 10000 liegen',
    en: 'must be between 1 and 10000',
    it: 'deve essere compreso tra 1 e 10000',
  },
  pageSizeRange: {
    de: 'muss eine ganze Zahl von 1 bis 48 sein',
    en: 'must be a whole number from 1 to 48',
    it: 'deve essere un numero intero da 1 a 48',
  },
  slug: {
    de: 'darf nur Buchstaben, Ziffern, - und _ enthalten',
    en: 'may only contain letters, digits, - and _',
    it: 'può contenere solo lettere, cifre, - e _',
  },
  decimal: { de: 'muss eine Zahl sein', en: 'must be a number', it: 'deve essere un numero' },
  countryCode: {
    de: 'muss ein zweistelliger ISO-Ländercode sein',
    en: 'must be a two-letter ISO country code',
    it: 'deve essere un codice paese ISO di due lettere',
  },
  minAboveMax: {
    de: 'min darf nicht größer als max sein',
    en: 'min must not be greater than max',
    it: 'min non può essere maggiore di max',
  },
  searchWindow: {
    de: 'page × pageSize darf 10000 nicht überschreiten',
    en: 'page × pageSize must not exceed 10000',
    it: 'page × pageSize non può superare 10000',
  },
  phone: {
    de: 'darf nur Ziffern, Leerzeichen und + ( ) / - enthalten',
    en: 'may only contain digits, spaces and + ( ) / -',
    it: 'può contenere solo cifre, spazi e + ( ) / -',
  },
  postcode: {
    de: 'ist keine gültige Postleitzahl',
    en: 'is not a valid postcode',
    it: 'non è un codice postale valido',
  },
  acceptTerms: {
    de: 'Sie müssen die AGB akzeptieren!',
    en: 'You must accept the terms and conditions!',
    it: 'È necessario accettare i termini e condizioni!',
  },
  giftCardCode: {
    de: 'Bitte geben Sie einen gültigen Code ein!',
    en: 'Please enter a valid code!',
    it: 'Si prega di inserire un codice valido!',
  },
  providerReference: {
    de: 'ist keine gültige Zahlungsreferenz',
    en: 'is not a valid payment reference',
    it: 'non è un riferimento di pagamento valido',
  },
};

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(validationMessages, value);
}
