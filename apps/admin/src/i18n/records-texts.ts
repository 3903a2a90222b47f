import type { Locale } from '@shop/contracts/locale';
import { useI18n } from './i18n-context.tsx';

/**
 * The brand services' records screen's texts, apart from the main dictionaries (like staff-texts.ts):
 * only that lazily loaded screen imports them. German is the reference (dictionaries.test.ts).
 */
const de = {
  title: 'Kundendaten der Markendienste',
  intro:
    'Newsletter-Anmeldungen mit ihrem Nachweis, Wünsche, Erinnerungen „wieder verfügbar“ und Cookie-Einwilligungen. Abmelden und Löschen auf Wunsch der Person (DSGVO Art. 17) stehen im Protokoll, ohne die gelöschten Daten.',
  kinds: {
    newsletter: 'Newsletter',
    wishes: 'Wünsche',
    reminders: 'Erinnerungen',
    consent: 'Cookie-Einwilligungen',
  },
  kindsLabel: 'Art der Daten',
  filters: 'Suche in den Kundendaten',
  brand: 'Marke',
  allBrands: 'Alle Marken',
  query: 'E-Mail-Adresse oder ihr Anfang',
  visitorQuery: 'Besucher-ID oder ihr Anfang',
  state: 'Stand',
  anyState: 'Jeder Stand',
  states: {
    subscribed: 'angemeldet',
    requested: 'angefragt, nicht bestätigt',
    unsubscribed: 'abgemeldet',
    pending: 'wartet',
    notified: 'benachrichtigt',
  },
  search: 'Suchen',
  csv: 'Als CSV herunterladen',
  found: (count: number) =>
    count === 1 ? '1 Eintrag gefunden' : `${count.toLocaleString('de-DE')} Einträge gefunden`,
  columns: {
    at: 'Zeitpunkt',
    brand: 'Marke',
    who: 'E-Mail / Besucher',
    state: 'Stand',
    details: 'Angaben',
    actions: 'Aktionen',
  },
  details: {
    source: 'Quelle',
    locale: 'Sprache',
    consentVersion: 'Text der Einwilligung',
    confirmedAt: 'Bestätigt',
    unsubscribedAt: 'Abgemeldet',
    kind: 'Art',
    text: 'Wunsch',
    offer: 'Angebot',
    variantId: 'Variante',
    notifiedAt: 'Benachrichtigt',
    choice: 'Antwort',
    bannerVersion: 'Banner-Version',
    textHash: 'Prüfsumme des Texts',
    services: 'Dienste',
  } as Record<string, string>,
  forRecord: (who: string) => `für ${who}`,
  unsubscribe: 'Abmelden',
  unsubscribeTitle: 'Vom Newsletter abmelden',
  unsubscribeIntro: (who: string) =>
    `${who} bekommt keinen Newsletter mehr, wie nach einem Klick auf „Abmelden“ in einer Newsletter-Mail.`,
  unsubscribed: (who: string) => `${who} ist abgemeldet.`,
  delete: 'Löschen',
  deleteTitle: 'Auf Wunsch löschen',
  deleteIntro: (who: string) =>
    `Der Eintrag von ${who} wird endgültig gelöscht. Das Protokoll hält fest, wer wann was für eine Art Eintrag gelöscht hat, nicht die Daten selbst.`,
  deleteConsentIntro: (who: string) =>
    `Alle Cookie-Antworten des Besuchers ${who} bei dieser Marke werden endgültig gelöscht.`,
  deleted: 'Der Eintrag ist gelöscht.',
  note: 'Notiz (Pflicht, ohne E-Mail-Adresse, z. B. „Anfrage per Mail vom 3.12.“)',
};

export type RecordsTexts = typeof de;

const en: RecordsTexts = {
  title: 'Customer data of the brand services',
  intro:
    'Newsletter sign-ups with their evidence, wishes, back-in-stock reminders and cookie consents. Unsubscribing and deleting at the person’s request (GDPR Art. 17) are in the audit trail, without the deleted data.',
  kinds: { newsletter: 'Newsletter', wishes: 'Wishes', reminders: 'Reminders', consent: 'Cookie consents' },
  kindsLabel: 'Kind of data',
  filters: 'Search the customer data',
  brand: 'Brand',
  allBrands: 'All brands',
  query: 'E-mail address or its start',
  visitorQuery: 'Visitor id or its start',
  state: 'State',
  anyState: 'Any state',
  states: {
    subscribed: 'subscribed',
    requested: 'requested, not confirmed',
    unsubscribed: 'unsubscribed',
    pending: 'waiting',
    notified: 'notified',
  },
  search: 'Search',
  csv: 'Download as CSV',
  found: (count: number) =>
    count === 1 ? '1 entry found' : `${count.toLocaleString('en-GB')} entries found`,
  columns: {
    at: 'Time',
    brand: 'Brand',
    who: 'E-mail / visitor',
    state: 'State',
    details: 'Details',
    actions: 'Actions',
  },
  details: {
    source: 'Source',
    locale: 'Language',
    consentVersion: 'Consent wording',
    confirmedAt: 'Confirmed',
    unsubscribedAt: 'Unsubscribed',
    kind: 'Kind',
    text: 'Wish',
    offer: 'Offer',
    variantId: 'Variant',
    notifiedAt: 'Notified',
    choice: 'Answer',
    bannerVersion: 'Banner version',
    textHash: 'Checksum of the text',
    services: 'Services',
  },
  forRecord: (who: string) => `for ${who}`,
  unsubscribe: 'Unsubscribe',
  unsubscribeTitle: 'Unsubscribe from the newsletter',
  unsubscribeIntro: (who: string) =>
    `${who} gets no more newsletters, as after a click on “unsubscribe” in a newsletter mail.`,
  unsubscribed: (who: string) => `${who} is unsubscribed.`,
  delete: 'Delete',
  deleteTitle: 'Delete on request',
  deleteIntro: (who: string) =>
    `The entry of ${who} is deleted for good. The audit trail records who deleted what kind of entry when, not the data itself.`,
  deleteConsentIntro: (who: string) =>
    `Every cookie answer of visitor ${who} on this brand is deleted for good.`,
  deleted: 'The entry is deleted.',
  note: 'Note (required, no e-mail address, e.g. “request by mail of 3 Dec”)',
};

const it: RecordsTexts = {
  title: 'Dati dei clienti dei servizi del marchio',
  intro:
    'Iscrizioni alla newsletter con la loro prova, desideri, promemoria «di nuovo disponibile» e consensi ai cookie. Disiscrizioni e cancellazioni su richiesta della persona (GDPR art. 17) sono nel registro, senza i dati cancellati.',
  kinds: {
    newsletter: 'Newsletter',
    wishes: 'Desideri',
    reminders: 'Promemoria',
    consent: 'Consensi ai cookie',
  },
  kindsLabel: 'Tipo di dati',
  filters: 'Cerca nei dati dei clienti',
  brand: 'Marchio',
  allBrands: 'Tutti i marchi',
  query: 'Indirizzo e-mail o il suo inizio',
  visitorQuery: 'ID visitatore o il suo inizio',
  state: 'Stato',
  anyState: 'Qualsiasi stato',
  states: {
    subscribed: 'iscritto',
    requested: 'richiesto, non confermato',
    unsubscribed: 'disiscritto',
    pending: 'in attesa',
    notified: 'avvisato',
  },
  search: 'Cerca',
  csv: 'Scarica come CSV',
  found: (count: number) =>
    count === 1 ? '1 voce trovata' : `${count.toLocaleString('it-IT')} voci trovate`,
  columns: {
    at: 'Momento',
    brand: 'Marchio',
    who: 'E-mail / visitatore',
    state: 'Stato',
    details: 'Dettagli',
    actions: 'Azioni',
  },
  details: {
    source: 'Origine',
    locale: 'Lingua',
    consentVersion: 'Testo del consenso',
    confirmedAt: 'Confermato',
    unsubscribedAt: 'Disiscritto',
    kind: 'Tipo',
    text: 'Desiderio',
    offer: 'Offerta',
    variantId: 'Variante',
    notifiedAt: 'Avvisato',
    choice: 'Risposta',
    bannerVersion: 'Versione del banner',
    textHash: 'Checksum del testo',
    services: 'Servizi',
  },
  forRecord: (who: string) => `per ${who}`,
  unsubscribe: 'Disiscrivi',
  unsubscribeTitle: 'Disiscrivi dalla newsletter',
  unsubscribeIntro: (who: string) =>
    `${who} non riceve più la newsletter, come dopo un clic su «disiscriviti» in un’e-mail della newsletter.`,
  unsubscribed: (who: string) => `${who} è disiscritto.`,
  delete: 'Cancella',
  deleteTitle: 'Cancella su richiesta',
  deleteIntro: (who: string) =>
    `La voce di ${who} viene cancellata definitivamente. Il registro annota chi ha cancellato quale tipo di voce e quando, non i dati stessi.`,
  deleteConsentIntro: (who: string) =>
    `Tutte le risposte ai cookie del visitatore ${who} su questo marchio vengono cancellate definitivamente.`,
  deleted: 'La voce è cancellata.',
  note: 'Nota (obbligatoria, senza indirizzo e-mail, ad es. «richiesta via e-mail del 3/12»)',
};

export const recordsTexts: Record<Locale, RecordsTexts> = { de, en, it };

/** The records screen's texts in the UI's language. */
export const useRecordsTexts = (): RecordsTexts => recordsTexts[useI18n().locale];
