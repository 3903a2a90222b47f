import { fieldNames } from './field-names.ts';
import type { Locale } from './locale.ts';
import type { MessageKey } from './message-keys.ts';

// The keys have a module of their own: every schema carries them, while the texts below are loaded
// only where an issue is worded (the back office's first view does without them).
export { type MessageKey, messageKeys } from './message-keys.ts';

/**
 * Validation messages of our own (beyond zod's built-in ones), by key, so that server and storefront
 * show the same text in the caller's language. Schemas carry the key as the issue's message; `wordIssue`
 * turns it into text. Placeholders: {field} (the field's name in that language, `fieldNames`), {max}.
 */
export const validationMessages: Record<MessageKey, Record<Locale, string>> = {
  // The check symbol caught a typo (voucher-code.ts): nothing was looked up.
  voucherCode: {
    de: 'Dieser Code ist falsch geschrieben: bitte jedes Zeichen mit dem Gutschein vergleichen (12 Zeichen, z. B. K7QM-XR4T-9P2W).',
    en: 'This code is mistyped: please compare each character with the voucher (12 characters, e.g. K7QM-XR4T-9P2W).',
    it: 'Questo codice contiene un errore di battitura: confronti ogni carattere con il buono (12 caratteri, ad es. K7QM-XR4T-9P2W).',
  },
  departureAfterArrival: {
    de: 'Die Abreise muss nach der Anreise liegen.',
    en: 'The departure must be after the arrival.',
    it: 'La partenza deve essere successiva all’arrivo.',
  },
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
  noAddressInNote: {
    de: 'darf keine E-Mail-Adresse enthalten: das Protokoll behält die Notiz, auch wenn die Daten gelöscht sind',
    en: 'must not contain an e-mail address: the audit trail keeps the note after the data is deleted',
    it: 'non deve contenere un indirizzo e-mail: il registro conserva la nota anche dopo la cancellazione dei dati',
  },
  reportRange: {
    de: 'muss ein Zeitraum von höchstens drei Jahren sein, der Beginn nicht nach dem Ende',
    en: 'must be a period of at most three years, its start not after its end',
    it: 'deve essere un periodo di al massimo tre anni, con l’inizio non dopo la fine',
  },
  searchWindow: {
    de: 'page × pageSize darf 10000 nicht überschreiten',
    en: 'page × pageSize must not exceed 10000',
    it: 'page × pageSize non può superare 10000',
  },
  // SPEC §5 field messages, each naming its field.
  required: {
    de: '{field} ist ein Pflichtfeld.',
    en: '{field} is required.',
    it: 'Il campo {field} è obbligatorio.',
  },
  email: {
    de: '{field} muss eine gültige E-Mail-Adresse sein.',
    en: '{field} must be a valid e-mail address.',
    it: 'Il campo {field} deve essere un indirizzo e-mail valido.',
  },
  maxLength: {
    de: '{field} darf höchstens {max} Zeichen lang sein.',
    en: '{field} may be at most {max} characters long.',
    it: 'Il campo {field} può contenere al massimo {max} caratteri.',
  },
  oneOf: {
    de: '{field} muss einer der angebotenen Werte sein.',
    en: '{field} must be one of the values offered.',
    it: 'Il campo {field} deve essere uno dei valori proposti.',
  },
  invalid: {
    de: '{field} ist ungültig.',
    en: '{field} is not valid.',
    it: 'Il campo {field} non è valido.',
  },
  phone: {
    de: '{field} darf nur Ziffern, Leerzeichen und + ( ) / - enthalten.',
    en: '{field} may only contain digits, spaces and + ( ) / -.',
    it: 'Il campo {field} può contenere solo cifre, spazi e + ( ) / -.',
  },
  postcode: {
    de: '{field} muss aus 3 bis 10 Buchstaben, Ziffern, Leerzeichen oder - bestehen.',
    en: '{field} must be 3 to 10 letters, digits, spaces or -.',
    it: 'Il campo {field} deve contenere da 3 a 10 lettere, cifre, spazi o -.',
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
  giftCardTanOrId: {
    de: 'Bitte geben Sie genau eines an: den Gutscheincode (tan) oder die Gutschein-ID (giftCardId).',
    en: 'Please send exactly one of the gift card code (tan) and the gift card id (giftCardId).',
    it: 'Si prega di indicare esattamente uno tra il codice del buono (tan) e l’ID del buono (giftCardId).',
  },
  providerReference: {
    de: 'ist keine gültige Zahlungsreferenz',
    en: 'is not a valid payment reference',
    it: 'non è un riferimento di pagamento valido',
  },
  // Control characters and lone surrogates (text.ts): every string of the contracts refuses them.
  unsafeText: {
    de: '{field} enthält unzulässige Zeichen.',
    en: '{field} contains characters that are not allowed.',
    it: 'Il campo {field} contiene caratteri non consentiti.',
  },
  minLength: {
    de: '{field} muss mindestens {min} Zeichen lang sein.',
    en: '{field} must be at least {min} characters long.',
    it: 'Il campo {field} deve contenere almeno {min} caratteri.',
  },
  // SPEC §5 "confirmed (password)": the repeated password differs.
  confirmed: {
    de: 'Die Passwörter stimmen nicht überein.',
    en: 'The passwords do not match.',
    it: 'Le password non coincidono.',
  },
  currentPassword: {
    de: 'Das aktuelle Passwort ist nicht korrekt.',
    en: 'The current password is not correct.',
    it: 'La password attuale non è corretta.',
  },
  // PUT /api/order/claim with a pasted link that is not an order page's address.
  orderLink: {
    de: 'Das ist kein Link zu einer Bestellung. Bitte kopieren Sie den ganzen Link zu Ihrer Bestellung aus unserer E-Mail; er sieht so aus: https://…/view/123/AbC…',
    en: 'This is not a link to an order. Please copy the whole link to your order from our email; it looks like this: https://…/view/123/AbC…',
    it: 'Questo non è un link a un ordine. Copi per intero il link al Suo ordine dalla nostra e-mail; ha questo aspetto: https://…/view/123/AbC…',
  },
  orderLinkHost: {
    de: 'Dieser Link führt nicht zu unserem Shop. Bitte verwenden Sie den Link aus der Bestellbestätigung, die Sie von uns bekommen haben.',
    en: 'This link does not lead to our shop. Please use the link from the order confirmation we sent you.',
    it: 'Questo link non porta al nostro shop. Usi il link della conferma d’ordine che Le abbiamo inviato.',
  },
};

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(validationMessages, value);
}

/**
 * Messages that are whole sentences for a person (naming their field where they need one). The others
 * continue the field's path ("page: must be between 1 and 10000").
 */
const sentenceKeys: ReadonlySet<MessageKey> = new Set<MessageKey>([
  'required',
  'email',
  'maxLength',
  'oneOf',
  'invalid',
  'phone',
  'postcode',
  'acceptTerms',
  'giftCardCode',
  'giftCardTanOrId',
  'unsafeText',
  'minLength',
  'confirmed',
  'currentPassword',
  'orderLink',
  'orderLinkHost',
  'voucherCode',
  'departureAfterArrival',
]);

export function isSentence(key: MessageKey): boolean {
  return sentenceKeys.has(key);
}

// The field names live in their own module: forms label their fields with them on first view, and
// importing them from here would fetch every validation message with the page.
export { fieldNames };

type NamedField = keyof typeof fieldNames;

/** A field's name in `locale`; a field without one is called by its path. */
export function fieldName(field: string, locale: Locale): string {
  return Object.hasOwn(fieldNames, field) ? fieldNames[field as NamedField][locale] : field;
}

/** A message in `locale` with its placeholders filled. */
export function formatMessage(
  key: MessageKey,
  locale: Locale,
  values: { field?: string; max?: number | bigint; min?: number | bigint } = {},
): string {
  return validationMessages[key][locale].replace(
    /\{(field|max|min)\}/g,
    (placeholder, name: 'field' | 'max' | 'min') => {
      const value =
        name === 'field' && values.field !== undefined ? fieldName(values.field, locale) : values[name];
      return value === undefined ? placeholder : String(value);
    },
  );
}

/** What `wordIssue` reads of a zod issue (zod's own type is not needed: this module stays zod-free). */
export type IssueLike = {
  message: string;
  path: readonly PropertyKey[];
  maximum?: unknown;
  minimum?: unknown;
};

/**
 * Our wording of a validation issue whose message is one of our keys (null for zod's own messages):
 * {field} is the name of the field the issue is about (the last part of its path), {max} its limit.
 */
export function wordIssue(issue: IssueLike, locale: Locale): string | null {
  if (!isMessageKey(issue.message)) return null;
  const field = issue.path.findLast((part) => typeof part === 'string');
  const max =
    typeof issue.maximum === 'number' || typeof issue.maximum === 'bigint' ? issue.maximum : undefined;
  const min =
    typeof issue.minimum === 'number' || typeof issue.minimum === 'bigint' ? issue.minimum : undefined;
  return formatMessage(issue.message, locale, {
    ...(typeof field === 'string' ? { field } : {}),
    ...(max !== undefined ? { max } : {}),
    ...(min !== undefined ? { min } : {}),
  });
}

/**
 * One message per field, the first issue's, keyed by the field's top-level name: what a form shows next
 * to each input. A check without a message of ours is "invalid".
 */
export function fieldMessages(issues: readonly IssueLike[], locale: Locale): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    messages[field] ??= wordIssue(issue, locale) ?? formatMessage('invalid', locale, { field });
  }
  return messages;
}
