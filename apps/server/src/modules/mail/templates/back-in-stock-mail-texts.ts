import type { Locale } from '@shop/contracts/locale';

/**
 * What a visitor reads in the back-in-stock reminder, addressed formally ("Sie", "Lei") like the account
 * mails. There is no name to greet: a reminder is asked for with an address alone.
 */
export type BackInStockMailTexts = {
  greeting: string;
  signOff: string;
  team: (brand: string) => string;
  footer: { questions: string; email: string; phone: string };
  subject: (offer: string) => string;
  preview: (offer: string) => string;
  heading: string;
  intro: (offer: string, brand: string) => string;
  button: string;
  hurry: string;
  why: (brand: string) => string;
};

const de: BackInStockMailTexts = {
  greeting: 'Guten Tag,',
  signOff: 'Herzliche Grüße',
  team: (brand) => `Ihr Team von ${brand}`,
  footer: { questions: 'Fragen? Wir helfen Ihnen gern.', email: 'E-Mail', phone: 'Telefon' },
  subject: (offer) => `Wieder verfügbar: ${offer}`,
  preview: (offer) => `„${offer}“ ist wieder erhältlich.`,
  heading: 'Wieder verfügbar!',
  intro: (offer, brand) =>
    `Sie wollten wissen, wann „${offer}“ bei ${brand} wieder erhältlich ist: Ab sofort können Sie den Gutschein wieder kaufen.`,
  button: 'Zum Angebot',
  hurry: 'Die Anzahl ist begrenzt – wer zuerst kommt, reist zuerst.',
  why: (brand) =>
    `Sie erhalten diese E-Mail einmalig, weil Sie bei ${brand} um eine Benachrichtigung zu diesem Angebot gebeten haben.`,
};

const en: BackInStockMailTexts = {
  greeting: 'Hello,',
  signOff: 'Kind regards',
  team: (brand) => `Your ${brand} team`,
  footer: { questions: 'Questions? We are happy to help.', email: 'Email', phone: 'Phone' },
  subject: (offer) => `Available again: ${offer}`,
  preview: (offer) => `“${offer}” is available again.`,
  heading: 'Available again!',
  intro: (offer, brand) =>
    `You asked to be told when “${offer}” is available again at ${brand}: you can buy the voucher again now.`,
  button: 'View the offer',
  hurry: 'Numbers are limited – first come, first served.',
  why: (brand) =>
    `You are receiving this email once because you asked ${brand} to notify you about this offer.`,
};

const it: BackInStockMailTexts = {
  greeting: 'Buongiorno,',
  signOff: 'Cordiali saluti',
  team: (brand) => `Il team di ${brand}`,
  footer: { questions: 'Domande? Siamo a Sua disposizione.', email: 'E-mail', phone: 'Telefono' },
  subject: (offer) => `Di nuovo disponibile: ${offer}`,
  preview: (offer) => `«${offer}» è di nuovo disponibile.`,
  heading: 'Di nuovo disponibile!',
  intro: (offer, brand) =>
    `Ha chiesto di essere avvisato quando «${offer}» sarebbe stato di nuovo disponibile su ${brand}: da adesso può acquistare di nuovo il voucher.`,
  button: 'Vai all’offerta',
  hurry: 'I posti sono limitati: chi prima arriva, prima parte.',
  why: (brand) =>
    `Riceve questa e-mail una sola volta perché ha chiesto a ${brand} di essere avvisato per questa offerta.`,
};

export const backInStockMailTexts: Record<Locale, BackInStockMailTexts> = { de, en, it };
