import type { Locale } from './locale.ts';

/**
 * The names of the forms' fields in each language: the forms' labels, and what the validation messages
 * (messages.ts) call them.
 */
export const fieldNames = {
  gender: { de: 'Anrede', en: 'Title', it: 'Appellativo' },
  firstName: { de: 'Vorname', en: 'First name', it: 'Nome' },
  code: { de: 'Code', en: 'Code', it: 'Codice' },
  arrival: { de: 'Anreise', en: 'Arrival', it: 'Arrivo' },
  departure: { de: 'Abreise', en: 'Departure', it: 'Partenza' },
  bookingReference: { de: 'Buchungsnummer', en: 'Booking reference', it: 'Numero di prenotazione' },
  nightsNote: { de: 'Grund für andere Nächte', en: 'Reason for other nights', it: 'Motivo per altre notti' },
  lastName: { de: 'Nachname', en: 'Last name', it: 'Cognome' },
  email: { de: 'E-Mail-Adresse', en: 'E-mail address', it: 'Indirizzo e-mail' },
  phone: { de: 'Telefon', en: 'Phone', it: 'Telefono' },
  street: { de: 'Straße', en: 'Street', it: 'Via' },
  houseNumber: { de: 'Hausnummer', en: 'House number', it: 'Numero civico' },
  postcode: { de: 'Postleitzahl', en: 'Postcode', it: 'CAP' },
  city: { de: 'Ort', en: 'Town/city', it: 'Città' },
  country: { de: 'Land', en: 'Country', it: 'Paese' },
  membershipNumber: { de: 'Mitgliedsnummer', en: 'Membership number', it: 'Numero di socio' },
  /** The membership number of POST /api/guard/number. */
  number: { de: 'Nummer', en: 'Number', it: 'Numero' },
  newsletter: { de: 'Newsletter', en: 'Newsletter', it: 'Newsletter' },
  acceptTerms: { de: 'AGB und Datenschutz', en: 'Terms and privacy', it: 'Termini e privacy' },
  salutation: { de: 'Anrede', en: 'Title', it: 'Appellativo' },
  userName: { de: 'E-Mail-Adresse', en: 'E-mail address', it: 'Indirizzo e-mail' },
  password: { de: 'Passwort', en: 'Password', it: 'Password' },
  newPassword: { de: 'Neues Passwort', en: 'New password', it: 'Nuova password' },
  oldPassword: { de: 'Aktuelles Passwort', en: 'Current password', it: 'Password attuale' },
  /** The order page's address pasted to claim an order (PUT /api/order/claim). */
  orderLink: { de: 'Link zur Bestellung', en: 'Order link', it: 'Link dell’ordine' },
  passwordConfirmation: {
    de: 'Passwort wiederholen',
    en: 'Repeat password',
    it: 'Ripeti la password',
  },
  // The wish form (wishes.ts).
  kind: { de: 'Art des Wunsches', en: 'Type of wish', it: 'Tipo di desiderio' },
  text: { de: 'Ihr Wunsch', en: 'Your wish', it: 'Il Suo desiderio' },
  // The insurance traveller form (insurance.ts): a salutation or title as the traveller is addressed.
  title: { de: 'Anrede/Titel', en: 'Title', it: 'Titolo' },
} as const satisfies Record<string, Record<Locale, string>>;
