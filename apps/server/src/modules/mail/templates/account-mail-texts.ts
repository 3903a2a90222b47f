import type { Locale } from '@shop/contracts/locale';

/**
 * Everything a customer reads in an account mail (welcome, registration with a known address, password
 * reset), addressed formally in every language: "Sie" in German, "Lei" in Italian. The frame (greeting,
 * sign-off, footer) is here too, so one mail never mixes two forms of address. As in mail-texts.ts,
 * functions instead of placeholders let the compiler hold every language to the same parameters.
 */
export type AccountMailTexts = {
  /** Called with the trimmed name; an empty name gets a greeting that reads well without one. */
  greeting: (customerName: string) => string;
  signOff: string;
  team: (brand: string) => string;
  footer: { questions: string; email: string; phone: string };
  welcome: {
    subject: (brand: string) => string;
    preview: string;
    heading: string;
    intro: (brand: string) => string;
    benefitsIntro: string;
    benefits: [orders: string, vouchers: string, checkout: string];
    accountButton: string;
  };
  accountExists: {
    subject: (brand: string) => string;
    preview: string;
    heading: string;
    intro: (brand: string) => string;
    signIn: string;
    signInLink: string;
    forgotPassword: string;
    resetButton: string;
    notYou: string;
  };
  passwordReset: {
    subject: (brand: string) => string;
    preview: (validMinutes: number) => string;
    heading: string;
    intro: (brand: string) => string;
    resetButton: string;
    validity: (validMinutes: number) => string;
    notRequested: string;
  };
  /** The address has guest orders: confirming it (signed in) offers them to the account. */
  guestOrders: {
    subject: (brand: string) => string;
    preview: string;
    heading: string;
    intro: (brand: string) => string;
    confirmButton: string;
    validity: (validDays: number) => string;
    notYou: string;
  };
};

const de: AccountMailTexts = {
  greeting: (customerName) => (customerName ? `Guten Tag ${customerName},` : 'Guten Tag,'),
  signOff: 'Herzliche Grüße',
  team: (brand) => `Ihr Team von ${brand}`,
  footer: {
    questions: 'Fragen zu Ihrem Kundenkonto? Wir helfen Ihnen gern.',
    email: 'E-Mail',
    phone: 'Telefon',
  },
  welcome: {
    subject: (brand) => `Willkommen bei ${brand}`,
    preview: 'Ihr Kundenkonto ist eingerichtet – Sie können sich ab sofort anmelden.',
    heading: 'Willkommen!',
    intro: (brand) =>
      `vielen Dank für Ihre Registrierung. Ihr Kundenkonto bei ${brand} ist eingerichtet, Sie können sich ab sofort damit anmelden.`,
    benefitsIntro: 'In Ihrem Kundenkonto können Sie:',
    benefits: [
      'alle Ihre Bestellungen auf einen Blick sehen',
      'Ihre Gutscheine jederzeit ansehen und ausdrucken',
      'beim nächsten Einkauf schneller bestellen',
    ],
    accountButton: 'Zu Ihrem Kundenkonto',
  },
  accountExists: {
    subject: (brand) => `Ihre Registrierung bei ${brand}`,
    preview: 'Zu dieser E-Mail-Adresse gibt es bereits ein Kundenkonto.',
    heading: 'Sie haben bereits ein Kundenkonto',
    intro: (brand) =>
      `soeben wollte sich jemand – wahrscheinlich Sie selbst – mit dieser E-Mail-Adresse bei ${brand} registrieren. Zu dieser Adresse gibt es aber schon ein Kundenkonto, deshalb haben wir kein neues angelegt.`,
    signIn: 'Waren Sie das? Dann melden Sie sich einfach mit Ihrem bestehenden Kundenkonto an:',
    signInLink: 'Zur Anmeldung',
    forgotPassword: 'Sie haben Ihr Passwort vergessen? Dann legen Sie hier ein neues fest:',
    resetButton: 'Neues Passwort festlegen',
    notYou:
      'Waren Sie das nicht? Dann können Sie diese E-Mail einfach ignorieren – an Ihrem Kundenkonto wurde nichts geändert.',
  },
  passwordReset: {
    subject: (brand) => `Ihr neues Passwort für ${brand}`,
    preview: (validMinutes) =>
      `Legen Sie ein neues Passwort fest – der Link ist ${minutesDe(validMinutes)} lang gültig.`,
    heading: 'Neues Passwort festlegen',
    intro: (brand) =>
      `Sie haben ein neues Passwort für Ihr Kundenkonto bei ${brand} angefordert. Über diesen Button legen Sie es fest:`,
    resetButton: 'Neues Passwort festlegen',
    validity: (validMinutes) =>
      `Der Link ist ${minutesDe(validMinutes)} lang gültig und funktioniert nur ein einziges Mal.`,
    notRequested:
      'Sie haben kein neues Passwort angefordert? Dann ignorieren Sie diese E-Mail bitte einfach – Ihr Passwort bleibt unverändert.',
  },
  guestOrders: {
    subject: (brand) => `Bestellungen zu Ihrem Kundenkonto bei ${brand} hinzufügen`,
    preview:
      'Bestätigen Sie Ihre E-Mail-Adresse, dann können Sie frühere Bestellungen in Ihr Konto übernehmen.',
    heading: 'Frühere Bestellungen übernehmen',
    intro: (brand) =>
      `mit dieser E-Mail-Adresse wurde bei ${brand} ohne Kundenkonto bestellt. Bestätigen Sie bitte, dass die Adresse Ihnen gehört: Folgen Sie dem Link, während Sie in Ihrem Kundenkonto angemeldet sind. Danach bieten wir Ihnen an, diese Bestellungen zu Ihrem Konto hinzuzufügen.`,
    confirmButton: 'Adresse bestätigen und Bestellungen ansehen',
    validity: (validDays) =>
      `Der Link ist ${validDays === 1 ? '1 Tag' : `${validDays} Tage`} lang gültig und funktioniert nur ein einziges Mal.`,
    notYou:
      'Haben Sie sich nicht bei uns angemeldet? Dann ignorieren Sie diese E-Mail bitte einfach – ohne den Link sieht niemand Ihre Bestellungen.',
  },
};

const en: AccountMailTexts = {
  greeting: (customerName) => (customerName ? `Hello ${customerName},` : 'Hello,'),
  signOff: 'Kind regards',
  team: (brand) => `Your ${brand} team`,
  footer: {
    questions: 'Questions about your account? We are happy to help.',
    email: 'Email',
    phone: 'Phone',
  },
  welcome: {
    subject: (brand) => `Welcome to ${brand}`,
    preview: 'Your customer account is ready – you can sign in right away.',
    heading: 'Welcome!',
    intro: (brand) =>
      `Thank you for registering. Your customer account at ${brand} has been created, and you can sign in with it right away.`,
    benefitsIntro: 'In your account you can:',
    benefits: [
      'see all your orders at a glance',
      'view and print your vouchers at any time',
      'check out faster next time',
    ],
    accountButton: 'Go to your account',
  },
  accountExists: {
    subject: (brand) => `Your registration at ${brand}`,
    preview: 'There is already an account for this email address.',
    heading: 'You already have an account',
    intro: (brand) =>
      `Someone – probably you – has just tried to register at ${brand} with this email address. There is already an account for this address, so we have not created a new one.`,
    signIn: 'Was that you? Then simply sign in with your existing account:',
    signInLink: 'Sign in',
    forgotPassword: 'Forgotten your password? Then set a new one here:',
    resetButton: 'Set a new password',
    notYou: 'If it was not you, you can simply ignore this email – nothing has been changed in your account.',
  },
  passwordReset: {
    subject: (brand) => `Your new password for ${brand}`,
    preview: (validMinutes) => `Set a new password – the link is valid for ${minutesEn(validMinutes)}.`,
    heading: 'Set a new password',
    intro: (brand) =>
      `You have asked for a new password for your account at ${brand}. You can set it with this button:`,
    resetButton: 'Set a new password',
    validity: (validMinutes) => `The link is valid for ${minutesEn(validMinutes)} and works only once.`,
    notRequested:
      'If you did not ask for a new password, please simply ignore this email – your password stays unchanged.',
  },
  guestOrders: {
    subject: (brand) => `Add your orders to your ${brand} account`,
    preview: 'Confirm your email address, then you can add earlier orders to your account.',
    heading: 'Add your earlier orders',
    intro: (brand) =>
      `Orders were placed at ${brand} with this email address without an account. Please confirm that the address is yours: follow the link while you are signed in to your account. We will then offer to add these orders to it.`,
    confirmButton: 'Confirm the address and see the orders',
    validity: (validDays) =>
      `The link is valid for ${validDays === 1 ? '1 day' : `${validDays} days`} and works only once.`,
    notYou:
      'If you have not signed in with us, please simply ignore this email – without the link nobody sees your orders.',
  },
};

const it: AccountMailTexts = {
  greeting: (customerName) => (customerName ? `Gentile ${customerName},` : 'Buongiorno,'),
  signOff: 'Cordiali saluti',
  team: (brand) => `Il team di ${brand}`,
  footer: {
    questions: 'Domande sul Suo account? Siamo a Sua disposizione.',
    email: 'E-mail',
    phone: 'Telefono',
  },
  welcome: {
    subject: (brand) => `Le diamo il benvenuto su ${brand}`,
    preview: 'Il Suo account cliente è attivo: può accedere da subito.',
    heading: 'Il Suo account è pronto',
    intro: (brand) =>
      `grazie per la registrazione. Il Suo account cliente su ${brand} è stato creato e può accedere da subito.`,
    benefitsIntro: 'Nel Suo account può:',
    benefits: [
      'vedere tutti i Suoi ordini a colpo d’occhio',
      'visualizzare e stampare i Suoi voucher in qualsiasi momento',
      'completare più rapidamente il prossimo acquisto',
    ],
    accountButton: 'Vai al Suo account',
  },
  accountExists: {
    subject: (brand) => `La Sua registrazione su ${brand}`,
    preview: 'Esiste già un account per questo indirizzo e-mail.',
    heading: 'Ha già un account',
    intro: (brand) =>
      `qualcuno – con ogni probabilità Lei – ha appena provato a registrarsi su ${brand} con questo indirizzo e-mail. Per questo indirizzo esiste però già un account, quindi non ne abbiamo creato uno nuovo.`,
    signIn: 'Ha provato Lei a registrarsi? Allora acceda semplicemente con il Suo account esistente:',
    signInLink: 'Accedi',
    forgotPassword: 'Ha dimenticato la password? Allora ne imposti una nuova qui:',
    resetButton: 'Imposta una nuova password',
    notYou:
      'Se non ha provato Lei a registrarsi, può semplicemente ignorare questa e-mail: il Suo account non è stato modificato.',
  },
  passwordReset: {
    subject: (brand) => `La Sua nuova password per ${brand}`,
    preview: (validMinutes) => `Imposti una nuova password: il link è valido per ${minutesIt(validMinutes)}.`,
    heading: 'Imposti una nuova password',
    intro: (brand) =>
      `ha richiesto una nuova password per il Suo account su ${brand}. Può impostarla con questo pulsante:`,
    resetButton: 'Imposta una nuova password',
    validity: (validMinutes) => `Il link è valido per ${minutesIt(validMinutes)} e funziona una sola volta.`,
    notRequested:
      'Non ha richiesto una nuova password? Allora ignori semplicemente questa e-mail: la Sua password resta invariata.',
  },
  guestOrders: {
    subject: (brand) => `Aggiunga i Suoi ordini al Suo account ${brand}`,
    preview: 'Confermi il Suo indirizzo e-mail: potrà poi aggiungere gli ordini precedenti al Suo account.',
    heading: 'Aggiunga i Suoi ordini precedenti',
    intro: (brand) =>
      `con questo indirizzo e-mail sono stati effettuati ordini su ${brand} senza account. La preghiamo di confermare che l’indirizzo è Suo: apra il link mentre ha effettuato l’accesso al Suo account. Le proporremo poi di aggiungere questi ordini al Suo account.`,
    confirmButton: 'Conferma l’indirizzo e vedi gli ordini',
    validity: (validDays) =>
      `Il link è valido per ${validDays === 1 ? '1 giorno' : `${validDays} giorni`} e funziona una sola volta.`,
    notYou:
      'Se non ha effettuato l’accesso da noi, ignori semplicemente questa e-mail: senza il link nessuno vede i Suoi ordini.',
  },
};

function minutesDe(count: number): string {
  return count === 1 ? '1 Minute' : `${count} Minuten`;
}

function minutesEn(count: number): string {
  return count === 1 ? '1 minute' : `${count} minutes`;
}

function minutesIt(count: number): string {
  return count === 1 ? '1 minuto' : `${count} minuti`;
}

export const accountMailTexts: Record<Locale, AccountMailTexts> = { de, en, it };
