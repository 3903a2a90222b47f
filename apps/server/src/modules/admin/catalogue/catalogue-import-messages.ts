import type { Locale } from '@shop/contracts/locale';

type Messages = {
  missingColumns: (columns: string) => string;
  unknownColumns: (columns: string) => string;
  tooManyLines: (max: number) => string;
  empty: string;
  required: string;
  badPrice: string;
  badNumber: (min: number, max: number) => string;
  badFlag: string;
  badDate: string;
  tooLong: (max: number) => string;
  badSlug: string;
  unknownOffer: string;
  unknownVariant: string;
  unknownHotel: string;
  unknownCountry: (iso: string) => string;
  wrongCountry: (iso: string) => string;
  unknownBrand: string;
  unknownBoard: string;
  unknownThemes: (slugs: string) => string;
  slugTaken: string;
  slugTwice: (line: number) => string;
  variantTwice: (line: number) => string;
  variantTaken: string;
  differsFrom: (line: number) => string;
  notYourBrand: string;
  everyBrand: string;
  priceAboveReference: string;
  changedSinceCheck: string;
};

/** What the catalogue import says about a file's lines, in the member's language. */
export const importMessages: Record<Locale, Messages> = {
  de: {
    missingColumns: (columns) => `Es fehlen Spalten: ${columns}.`,
    unknownColumns: (columns) => `Unbekannte Spalten: ${columns}.`,
    tooManyLines: (max) =>
      `Die Datei hat mehr als ${max.toLocaleString('de-DE')} Zeilen. Bitte teilen Sie sie auf.`,
    empty: 'Die Datei enthält keine Zeilen.',
    required: 'Pflichtangabe fehlt.',
    badPrice: 'Kein gültiger Betrag (z. B. 299,00).',
    badNumber: (min, max) => `Eine ganze Zahl von ${min} bis ${max}.`,
    badFlag: 'Bitte 1 (aktiv) oder 0 (aus).',
    badDate: 'Ein Datum als JJJJ-MM-TT.',
    tooLong: (max) => `Höchstens ${max} Zeichen.`,
    badSlug: 'Nur Kleinbuchstaben, Ziffern und Bindestriche (mindestens 3 Zeichen).',
    unknownOffer: 'Dieses Angebot gibt es nicht.',
    unknownVariant: 'Diese Variante gehört nicht zu diesem Angebot.',
    unknownHotel: 'Dieses Hotel gibt es nicht.',
    unknownCountry: (iso) => `Das Land „${iso}“ kennt der Katalog nicht.`,
    wrongCountry: (iso) => `Das Hotel liegt in ${iso}.`,
    unknownBrand: 'Diese Marke gibt es nicht.',
    unknownBoard: 'Diese Verpflegung kennt der Katalog nicht.',
    unknownThemes: (slugs) => `Unbekannte Themen: ${slugs}.`,
    slugTaken: 'Diese Adresse hat schon ein anderes Angebot.',
    slugTwice: (line) => `Dieselbe Adresse steht schon in Zeile ${line} für ein anderes Angebot.`,
    variantTwice: (line) => `Dieselben Nächte und Personen stehen schon in Zeile ${line}.`,
    variantTaken: 'Das Angebot hat schon eine Variante mit diesen Nächten und Personen.',
    differsFrom: (line) => `Weicht von Zeile ${line} desselben Angebots ab.`,
    notYourBrand: 'Angebote anderer Marken können Sie nicht ändern.',
    everyBrand: 'Angebote aller Marken ändert der Betreiber.',
    priceAboveReference: 'Der Preis liegt über dem „statt“-Preis.',
    changedSinceCheck:
      'Das Angebot wurde seit der Prüfung geändert (z. B. verkauft). Nichts wurde importiert: bitte die Datei erneut prüfen.',
  },
  en: {
    missingColumns: (columns) => `Columns missing: ${columns}.`,
    unknownColumns: (columns) => `Unknown columns: ${columns}.`,
    tooManyLines: (max) => `The file has more than ${max.toLocaleString('en-GB')} lines. Please split it.`,
    empty: 'The file holds no lines.',
    required: 'Required.',
    badPrice: 'Not a valid amount (e.g. 299.00).',
    badNumber: (min, max) => `A whole number from ${min} to ${max}.`,
    badFlag: 'Please 1 (active) or 0 (off).',
    badDate: 'A date as YYYY-MM-DD.',
    tooLong: (max) => `At most ${max} characters.`,
    badSlug: 'Lower-case letters, digits and dashes only (at least 3 characters).',
    unknownOffer: 'This offer does not exist.',
    unknownVariant: 'This variant does not belong to this offer.',
    unknownHotel: 'This hotel does not exist.',
    unknownCountry: (iso) => `The catalogue does not know the country "${iso}".`,
    wrongCountry: (iso) => `The hotel is in ${iso}.`,
    unknownBrand: 'This brand does not exist.',
    unknownBoard: 'The catalogue does not know this board.',
    unknownThemes: (slugs) => `Unknown themes: ${slugs}.`,
    slugTaken: 'Another offer already has this address.',
    slugTwice: (line) => `Line ${line} already has this address for another offer.`,
    variantTwice: (line) => `Line ${line} already has the same nights and persons.`,
    variantTaken: 'The offer already has a variant with these nights and persons.',
    differsFrom: (line) => `Differs from line ${line} of the same offer.`,
    notYourBrand: 'You cannot change other brands’ offers.',
    everyBrand: 'Offers of every brand are changed by the operator.',
    priceAboveReference: 'The price is above the "instead of" price.',
    changedSinceCheck:
      'The offer changed since the check (a sale, for instance). Nothing was imported: please check the file again.',
  },
  it: {
    missingColumns: (columns) => `Mancano colonne: ${columns}.`,
    unknownColumns: (columns) => `Colonne sconosciute: ${columns}.`,
    tooManyLines: (max) => `Il file ha più di ${max.toLocaleString('it-IT')} righe. Dividerlo, per favore.`,
    empty: 'Il file non contiene righe.',
    required: 'Obbligatorio.',
    badPrice: 'Importo non valido (ad es. 299,00).',
    badNumber: (min, max) => `Un numero intero da ${min} a ${max}.`,
    badFlag: '1 (attiva) o 0 (spenta).',
    badDate: 'Una data come AAAA-MM-GG.',
    tooLong: (max) => `Al massimo ${max} caratteri.`,
    badSlug: 'Solo lettere minuscole, cifre e trattini (almeno 3 caratteri).',
    unknownOffer: 'Questa offerta non esiste.',
    unknownVariant: 'Questa variante non appartiene a questa offerta.',
    unknownHotel: 'Questo hotel non esiste.',
    unknownCountry: (iso) => `Il catalogo non conosce il paese «${iso}».`,
    wrongCountry: (iso) => `L’hotel si trova in ${iso}.`,
    unknownBrand: 'Questo marchio non esiste.',
    unknownBoard: 'Il catalogo non conosce questo trattamento.',
    unknownThemes: (slugs) => `Temi sconosciuti: ${slugs}.`,
    slugTaken: 'Un’altra offerta ha già questo indirizzo.',
    slugTwice: (line) => `La riga ${line} ha già questo indirizzo per un’altra offerta.`,
    variantTwice: (line) => `La riga ${line} ha già le stesse notti e persone.`,
    variantTaken: 'L’offerta ha già una variante con queste notti e persone.',
    differsFrom: (line) => `Diversa dalla riga ${line} della stessa offerta.`,
    notYourBrand: 'Non può modificare offerte di altri marchi.',
    everyBrand: 'Le offerte di tutti i marchi le modifica il gestore.',
    priceAboveReference: 'Il prezzo è superiore al prezzo «invece di».',
    changedSinceCheck:
      'L’offerta è cambiata dopo il controllo (ad es. una vendita). Non è stato importato nulla: controllare di nuovo il file.',
  },
};
