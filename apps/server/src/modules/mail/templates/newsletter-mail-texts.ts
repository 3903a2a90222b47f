import type { Locale } from '@shop/contracts/locale';

/**
 * What a visitor reads in the newsletter confirmation mail, formally ("Sie", "Lei") like the account
 * mails. It names nobody: the address is all we know. Functions instead of placeholders, as in
 * mail-texts.ts, so that every language takes the same parameters.
 */
export type NewsletterMailTexts = {
  greeting: string;
  signOff: string;
  team: (brand: string) => string;
  footer: { questions: string; email: string; phone: string };
  confirm: {
    subject: (brand: string) => string;
    preview: string;
    heading: string;
    intro: (brand: string) => string;
    button: string;
    validity: (days: number) => string;
    notRequested: string;
    unsubscribe: string;
    unsubscribeLink: string;
  };
};

const de: NewsletterMailTexts = {
  greeting: 'Guten Tag,',
  signOff: 'Herzliche Grüße',
  team: (brand) => `Ihr Team von ${brand}`,
  footer: {
    questions: 'Fragen zum Newsletter? Wir helfen Ihnen gern.',
    email: 'E-Mail',
    phone: 'Telefon',
  },
  confirm: {
    subject: (brand) => `Bitte bestätigen Sie Ihre Newsletter-Anmeldung bei ${brand}`,
    preview: 'Nur noch ein Klick: Bestätigen Sie Ihre Anmeldung zum Newsletter.',
    heading: 'Newsletter-Anmeldung bestätigen',
    intro: (brand) =>
      `vielen Dank für Ihr Interesse am Newsletter von ${brand}. Bitte bestätigen Sie mit diesem Button, dass Sie ihn erhalten möchten – erst dann tragen wir Sie ein:`,
    button: 'Anmeldung bestätigen',
    validity: (days) => `Der Link ist ${days} Tage lang gültig und funktioniert nur ein einziges Mal.`,
    notRequested:
      'Sie haben sich nicht angemeldet? Dann ignorieren Sie diese E-Mail bitte einfach – ohne Ihre Bestätigung erhalten Sie keinen Newsletter.',
    unsubscribe: 'Sie möchten doch keinen Newsletter? Hier können Sie die Anmeldung zurücknehmen:',
    unsubscribeLink: 'Abmelden',
  },
};

const en: NewsletterMailTexts = {
  greeting: 'Hello,',
  signOff: 'Kind regards',
  team: (brand) => `Your ${brand} team`,
  footer: {
    questions: 'Questions about the newsletter? We are happy to help.',
    email: 'Email',
    phone: 'Phone',
  },
  confirm: {
    subject: (brand) => `Please confirm your newsletter subscription at ${brand}`,
    preview: 'Just one click: confirm your newsletter subscription.',
    heading: 'Confirm your newsletter subscription',
    intro: (brand) =>
      `Thank you for your interest in the ${brand} newsletter. Please confirm with this button that you would like to receive it – only then will we add you:`,
    button: 'Confirm subscription',
    validity: (days) => `The link is valid for ${days} days and works only once.`,
    notRequested:
      'If you did not subscribe, please simply ignore this email – without your confirmation you will not receive any newsletter.',
    unsubscribe: 'Changed your mind? You can withdraw your subscription here:',
    unsubscribeLink: 'Unsubscribe',
  },
};

const it: NewsletterMailTexts = {
  greeting: 'Buongiorno,',
  signOff: 'Cordiali saluti',
  team: (brand) => `Il team di ${brand}`,
  footer: {
    questions: 'Domande sulla newsletter? Siamo a Sua disposizione.',
    email: 'E-mail',
    phone: 'Telefono',
  },
  confirm: {
    subject: (brand) => `La preghiamo di confermare l’iscrizione alla newsletter di ${brand}`,
    preview: 'Manca solo un clic: confermi la Sua iscrizione alla newsletter.',
    heading: 'Confermi l’iscrizione alla newsletter',
    intro: (brand) =>
      `grazie per il Suo interesse per la newsletter di ${brand}. La preghiamo di confermare con questo pulsante che desidera riceverla: solo allora La iscriveremo.`,
    button: 'Conferma l’iscrizione',
    validity: (days) => `Il link è valido per ${days} giorni e funziona una sola volta.`,
    notRequested:
      'Se non ha richiesto l’iscrizione, ignori semplicemente questa e-mail: senza la Sua conferma non riceverà alcuna newsletter.',
    unsubscribe: 'Ha cambiato idea? Qui può annullare l’iscrizione:',
    unsubscribeLink: 'Annulla l’iscrizione',
  },
};

export const newsletterMailTexts: Record<Locale, NewsletterMailTexts> = { de, en, it };
