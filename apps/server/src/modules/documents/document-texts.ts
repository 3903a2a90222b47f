/**
 * The words, dates and amounts printed on vouchers and invoices, per shop language. Kept apart from
 * the layouts so a translator reads one file, and so the tests look for the same strings.
 */
import { type Locale, localeIso } from '@shop/contracts/locale';

type Plural = (count: number) => string;

export type DocumentTexts = {
  voucher: {
    title: string;
    giftHeadline: string;
    forGuest: string;
    guestNameHint: string;
    nights: Plural;
    persons: Plural;
    board: string;
    hotel: string;
    stay: string;
    phone: string;
    email: string;
    message: string;
    code: string;
    validUntil: string;
    issuedAt: string;
    orderNumber: string;
    howToBook: string;
    questions: string;
    specimen: string;
    preview: string;
    /** A refunded voucher's stamp. */
    voided: string;
    included: string;
    per: Record<'stay' | 'night' | 'person', string>;
    arrival: string;
    arrivalAny: string;
    arrivalOnly: (days: string) => string;
    minStaySplit: (nights: number) => string;
    minStayWhole: string;
    blackouts: string;
    blackoutsNone: string;
    blackoutReasons: Record<'christmas-new-year' | 'easter' | 'peak-season' | 'local-event', string>;
    soldBy: string;
  };
  invoice: {
    title: string;
    invoiceNumber: string;
    invoiceDate: string;
    supplyDate: string;
    orderNumber: string;
    paymentMethod: string;
    billTo: string;
    continued: string;
    position: string;
    description: string;
    quantity: string;
    unitPrice: string;
    amount: string;
    subtotal: string;
    net: string;
    vat: (rate: string) => string;
    total: string;
    paidWith: (method: string) => string;
    vatId: string;
    taxNumber: string;
    register: string;
    managingDirectors: string;
    phone: string;
    email: string;
    page: (page: number, pages: number) => string;
    specimen: string;
  };
};

const plural =
  (one: string, other: string): Plural =>
  (count) =>
    `${count} ${count === 1 ? one : other}`;

export const documentTexts: Record<Locale, DocumentTexts> = {
  de: {
    voucher: {
      title: 'Hotelgutschein',
      giftHeadline: 'Ein Geschenk für Sie',
      forGuest: 'Für',
      guestNameHint: 'Name des Gastes',
      nights: plural('Nacht', 'Nächte'),
      persons: plural('Person', 'Personen'),
      board: 'Verpflegung',
      hotel: 'Hotel',
      stay: 'Ihr Aufenthalt',
      phone: 'Tel.',
      email: 'E-Mail',
      message: 'Persönliche Nachricht',
      code: 'Gutscheincode',
      validUntil: 'Gültig bis',
      issuedAt: 'Ausgestellt am',
      orderNumber: 'Bestellnummer',
      howToBook: 'So buchen Sie Ihren Aufenthalt',
      questions: 'Fragen zum Gutschein?',
      specimen: 'MUSTER – KEIN GÜLTIGER GUTSCHEIN',
      preview: 'VORSCHAU – NOCH KEIN GÜLTIGER GUTSCHEIN',
      voided: 'UNGÜLTIG – GUTSCHEIN ERSTATTET',
      included: 'Im Preis inbegriffen',
      per: { stay: 'einmal pro Aufenthalt', night: 'täglich', person: 'pro Person' },
      arrival: 'Anreise',
      arrivalAny: 'an jedem Wochentag',
      arrivalOnly: (days) => `nur ${days}`,
      minStaySplit: (nights) =>
        `Die Nächte lassen sich auf mehrere Aufenthalte von mindestens ${nights} Nächten aufteilen.`,
      minStayWhole: 'Alle Nächte des Gutscheins in einem Aufenthalt.',
      blackouts: 'Nicht einlösbar',
      blackoutsNone: 'Keine Sperrzeiten: einlösbar nach Verfügbarkeit des Hotels.',
      blackoutReasons: {
        'christmas-new-year': 'Weihnachten und Neujahr',
        easter: 'Ostern',
        'peak-season': 'Hauptsaison',
        'local-event': 'Veranstaltung vor Ort',
      },
      soldBy: 'Verkauft von',
    },
    invoice: {
      title: 'Rechnung',
      invoiceNumber: 'Rechnungsnummer',
      invoiceDate: 'Rechnungsdatum',
      supplyDate: 'Leistungsdatum',
      orderNumber: 'Bestellnummer',
      paymentMethod: 'Zahlungsart',
      billTo: 'Rechnungsempfänger',
      continued: 'Fortsetzung',
      position: 'Pos.',
      description: 'Beschreibung',
      quantity: 'Menge',
      unitPrice: 'Einzelpreis',
      amount: 'Betrag',
      subtotal: 'Zwischensumme',
      net: 'Nettobetrag',
      vat: (rate) => `Umsatzsteuer ${rate}`,
      total: 'Gesamtbetrag',
      paidWith: (method) => `Bezahlt mit ${method}`,
      vatId: 'USt-IdNr.',
      taxNumber: 'Steuernummer',
      register: 'Registereintrag',
      managingDirectors: 'Geschäftsführung',
      phone: 'Tel.',
      email: 'E-Mail',
      page: (page, pages) => `Seite ${page} von ${pages}`,
      specimen: 'MUSTER – KEINE GÜLTIGE RECHNUNG',
    },
  },
  en: {
    voucher: {
      title: 'Hotel voucher',
      giftHeadline: 'A gift for you',
      forGuest: 'For',
      guestNameHint: "Guest's name",
      nights: plural('night', 'nights'),
      persons: plural('person', 'persons'),
      board: 'Board',
      hotel: 'Hotel',
      stay: 'Your stay',
      phone: 'Phone',
      email: 'Email',
      message: 'Personal message',
      code: 'Voucher code',
      validUntil: 'Valid until',
      issuedAt: 'Issued on',
      orderNumber: 'Order number',
      howToBook: 'How to book your stay',
      questions: 'Questions about the voucher?',
      specimen: 'SPECIMEN – NOT A VALID VOUCHER',
      preview: 'PREVIEW – NOT YET A VALID VOUCHER',
      voided: 'VOID – VOUCHER REFUNDED',
      included: 'Included in the price',
      per: { stay: 'once per stay', night: 'daily', person: 'per person' },
      arrival: 'Arrival',
      arrivalAny: 'any day of the week',
      arrivalOnly: (days) => `only on ${days}`,
      minStaySplit: (nights) => `The nights can be split into several stays of at least ${nights} nights.`,
      minStayWhole: 'All the voucher’s nights in one stay.',
      blackouts: 'Not redeemable',
      blackoutsNone: 'No blackout dates: redeemable subject to the hotel’s availability.',
      blackoutReasons: {
        'christmas-new-year': 'Christmas and New Year',
        easter: 'Easter',
        'peak-season': 'Peak season',
        'local-event': 'Local event',
      },
      soldBy: 'Sold by',
    },
    invoice: {
      title: 'Invoice',
      invoiceNumber: 'Invoice number',
      invoiceDate: 'Invoice date',
      supplyDate: 'Date of supply',
      orderNumber: 'Order number',
      paymentMethod: 'Payment method',
      billTo: 'Bill to',
      continued: 'continued',
      position: 'No.',
      description: 'Description',
      quantity: 'Qty',
      unitPrice: 'Unit price',
      amount: 'Amount',
      subtotal: 'Subtotal',
      net: 'Net amount',
      vat: (rate) => `VAT ${rate}`,
      total: 'Total',
      paidWith: (method) => `Paid with ${method}`,
      vatId: 'VAT ID',
      taxNumber: 'Tax number',
      register: 'Register entry',
      managingDirectors: 'Managing directors',
      phone: 'Phone',
      email: 'Email',
      page: (page, pages) => `Page ${page} of ${pages}`,
      specimen: 'SPECIMEN – NOT A VALID INVOICE',
    },
  },
  it: {
    voucher: {
      title: 'Buono hotel',
      giftHeadline: 'Un regalo per te',
      forGuest: 'Per',
      guestNameHint: "Nome dell'ospite",
      nights: plural('notte', 'notti'),
      persons: plural('persona', 'persone'),
      board: 'Trattamento',
      hotel: 'Hotel',
      stay: 'Il soggiorno',
      phone: 'Tel.',
      email: 'E-mail',
      message: 'Messaggio personale',
      code: 'Codice del buono',
      validUntil: 'Valido fino al',
      issuedAt: 'Emesso il',
      orderNumber: "Numero d'ordine",
      howToBook: 'Come prenotare il soggiorno',
      questions: 'Domande sul buono?',
      specimen: 'FAC-SIMILE – BUONO NON VALIDO',
      preview: 'ANTEPRIMA – NON ANCORA UN BUONO VALIDO',
      voided: 'NON VALIDO – BUONO RIMBORSATO',
      included: 'Incluso nel prezzo',
      per: { stay: 'una volta per soggiorno', night: 'ogni giorno', person: 'a persona' },
      arrival: 'Arrivo',
      arrivalAny: 'tutti i giorni della settimana',
      arrivalOnly: (days) => `solo ${days}`,
      minStaySplit: (nights) => `Le notti si possono dividere in più soggiorni di almeno ${nights} notti.`,
      minStayWhole: 'Tutte le notti del voucher in un unico soggiorno.',
      blackouts: 'Non utilizzabile',
      blackoutsNone: 'Nessun periodo escluso: utilizzabile secondo disponibilità dell’hotel.',
      blackoutReasons: {
        'christmas-new-year': 'Natale e Capodanno',
        easter: 'Pasqua',
        'peak-season': 'Alta stagione',
        'local-event': 'Evento locale',
      },
      soldBy: 'Venduto da',
    },
    invoice: {
      title: 'Fattura',
      invoiceNumber: 'Numero fattura',
      invoiceDate: 'Data fattura',
      supplyDate: "Data dell'operazione",
      orderNumber: "Numero d'ordine",
      paymentMethod: 'Metodo di pagamento',
      billTo: 'Cliente',
      continued: 'segue',
      position: 'N.',
      description: 'Descrizione',
      quantity: 'Qtà',
      unitPrice: 'Prezzo unitario',
      amount: 'Importo',
      subtotal: 'Subtotale',
      net: 'Imponibile',
      vat: (rate) => `IVA ${rate}`,
      total: 'Totale',
      paidWith: (method) => `Pagato con ${method}`,
      vatId: 'Partita IVA',
      taxNumber: 'Codice fiscale',
      register: 'Registro delle imprese',
      managingDirectors: 'Amministratori',
      phone: 'Tel.',
      email: 'E-mail',
      page: (page, pages) => `Pagina ${page} di ${pages}`,
      specimen: 'FAC-SIMILE – FATTURA NON VALIDA',
    },
  },
};

// Berlin and Rome share a time zone: a voucher bought at 00:30 local time carries that day's date.
const timeZone = 'Europe/Berlin';

// Building an Intl formatter costs far more than formatting with one: keep one per language.
const numericDate = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone,
});
// English readers split between dd/mm and mm/dd: the month's name leaves no doubt about a date.
const englishDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone,
});
const integerFormats = new Map<Locale, Intl.NumberFormat>();

/** 24.11.2029 in German and Italian, 24 November 2029 in English. */
export function formatDocumentDate(date: Date, locale: Locale): string {
  return (locale === 'en' ? englishDate : numericDate).format(date);
}

export function formatCount(count: number, locale: Locale): string {
  let format = integerFormats.get(locale);
  if (!format) {
    // Italian CLDR data leaves 4-digit numbers ungrouped; the shop groups them in every language.
    format = new Intl.NumberFormat(localeIso[locale], { useGrouping: 'always' } as Intl.NumberFormatOptions);
    integerFormats.set(locale, format);
  }
  return format.format(count);
}

/**
 * Full cents as invoices show them: "€ 1.299,00" (de, it), "€ 1,299.00" (en), "−€ 10,00" for a
 * deduction. Unlike the shop's `formatPrice`, never "€ 1.299,-". Integer arithmetic throughout.
 */
export function formatCents(cents: number, locale: Locale): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`Amount must be whole cents, got ${cents}`);
  const absolute = Math.abs(cents);
  const euros = formatCount(Math.trunc(absolute / 100), locale);
  const amount = `€ ${euros}${locale === 'en' ? '.' : ','}${String(absolute % 100).padStart(2, '0')}`;
  return cents < 0 ? `−${amount}` : amount;
}

/** A VAT rate in basis points: 700 → "7 %" (de), "7%" (en, it); 550 → "5,5 %". */
export function formatVatRate(basisPoints: number, locale: Locale): string {
  const hundredths = basisPoints % 100;
  const fraction =
    hundredths === 0
      ? ''
      : `${locale === 'en' ? '.' : ','}${String(hundredths).padStart(2, '0').replace(/0$/, '')}`;
  const number = `${Math.trunc(basisPoints / 100)}${fraction}`;
  return locale === 'de' ? `${number} %` : `${number}%`;
}

/** ISO weekdays (1 = Monday … 7 = Sunday) as the language writes them: "Freitag und Samstag". */
export function formatWeekdays(days: readonly number[], locale: Locale): string {
  const weekday = new Intl.DateTimeFormat(localeIso[locale], { weekday: 'long', timeZone: 'UTC' });
  // 1 January 2024 was a Monday.
  const names = [...days]
    .sort((a, b) => a - b)
    .map((day) => weekday.format(new Date(Date.UTC(2024, 0, day))));
  return new Intl.ListFormat(localeIso[locale], { type: 'conjunction' }).format(names);
}
