import type { Locale } from '@shop/contracts/locale';

/** The catalogue's refusals in the member's language (issue 26). */
export const catalogueMessages: Record<
  Locale,
  {
    notAPicture: string;
    pictureTooSmall: string;
    cropOutside: string;
    unknownCountry: string;
    unknownHotel: string;
    unknownBoard: string;
    unknownTheme: string;
    unknownFeature: string;
    unknownPicture: string;
    unknownBrand: string;
    slugTaken: (slug: string) => string;
    slugTakenMeanwhile: string;
    severalBrands: string;
    otherBrand: string;
    duplicateVariant: string;
    importNotReady: string;
    notACsvFile: string;
  }
> = {
  de: {
    notAPicture: 'Die Datei ist kein Bild (JPEG, PNG, WebP oder AVIF).',
    pictureTooSmall: 'Das Bild ist zu klein: mindestens 640 × 400 Pixel.',
    cropOutside: 'Der Ausschnitt liegt nicht ganz im Bild.',
    unknownCountry: 'Dieses Land kennt der Katalog nicht.',
    unknownHotel: 'Dieses Hotel gibt es nicht.',
    unknownBoard: 'Diese Verpflegung kennt der Katalog nicht.',
    unknownTheme: 'Eines der Themen gibt es nicht.',
    unknownFeature: 'Eines der Merkmale gibt es nicht.',
    unknownPicture: 'Eines der Bilder gibt es nicht (mehr). Bitte laden Sie es erneut hoch.',
    unknownBrand: 'Diese Marke gibt es nicht.',
    slugTaken: (slug) => `Die Adresse „${slug}“ ist schon vergeben.`,
    slugTakenMeanwhile: 'Diese Adresse wurde gerade anderweitig vergeben. Bitte speichern Sie erneut.',
    severalBrands: 'Dieses Angebot wird auf allen Marken verkauft: Änderungen daran nimmt der Betreiber vor.',
    otherBrand: 'Angebote können Sie nur für Ihre eigenen Marken anlegen.',
    duplicateVariant: 'Zwei Varianten haben dieselben Nächte und Personen.',
    importNotReady:
      'Importieren lässt sich nur eine fertig geprüfte Datei ohne Fehler. Bitte prüfen Sie die korrigierte Datei erneut.',
    notACsvFile:
      'Die Datei ist keine CSV-Textdatei (sie enthält Steuerzeichen). Bitte speichern Sie sie in der Tabellenkalkulation als „CSV UTF-8“.',
  },
  en: {
    notAPicture: 'The file is not a picture (JPEG, PNG, WebP or AVIF).',
    pictureTooSmall: 'The picture is too small: at least 640 × 400 pixels.',
    cropOutside: 'The crop does not lie wholly inside the picture.',
    unknownCountry: 'The catalogue does not know this country.',
    unknownHotel: 'This hotel does not exist.',
    unknownBoard: 'The catalogue does not know this board.',
    unknownTheme: 'One of the themes does not exist.',
    unknownFeature: 'One of the features does not exist.',
    unknownPicture: 'One of the pictures does not exist (any more). Please upload it again.',
    unknownBrand: 'This brand does not exist.',
    slugTaken: (slug) => `The address "${slug}" is already taken.`,
    slugTakenMeanwhile: 'This address was just taken by another save. Please save again.',
    severalBrands: 'This offer is sold on every brand: changes to it are made by the operator.',
    otherBrand: 'You can only create offers for your own brands.',
    duplicateVariant: 'Two variants have the same nights and persons.',
    importNotReady:
      'Only a file checked to the end without errors can be imported. Please check the corrected file again.',
    notACsvFile:
      'The file is not a CSV text file (it holds control characters). Please save it from the spreadsheet as "CSV UTF-8".',
  },
  it: {
    notAPicture: 'Il file non è un’immagine (JPEG, PNG, WebP o AVIF).',
    pictureTooSmall: 'L’immagine è troppo piccola: almeno 640 × 400 pixel.',
    cropOutside: 'Il ritaglio non è interamente dentro l’immagine.',
    unknownCountry: 'Il catalogo non conosce questo paese.',
    unknownHotel: 'Questo hotel non esiste.',
    unknownBoard: 'Il catalogo non conosce questo trattamento.',
    unknownTheme: 'Uno dei temi non esiste.',
    unknownFeature: 'Una delle caratteristiche non esiste.',
    unknownPicture: 'Una delle immagini non esiste (più). Caricarla di nuovo.',
    unknownBrand: 'Questo marchio non esiste.',
    slugTaken: (slug) => `L’indirizzo «${slug}» è già in uso.`,
    slugTakenMeanwhile: 'Questo indirizzo è appena stato assegnato altrove. Salvare di nuovo.',
    severalBrands: 'Questa offerta è venduta su tutti i marchi: le modifiche spettano al gestore.',
    otherBrand: 'Può creare offerte solo per i propri marchi.',
    duplicateVariant: 'Due varianti hanno le stesse notti e persone.',
    importNotReady:
      'Si può importare solo un file verificato fino in fondo senza errori. Verificare di nuovo il file corretto.',
    notACsvFile:
      'Il file non è un file di testo CSV (contiene caratteri di controllo). Salvarlo dal foglio di calcolo come «CSV UTF-8».',
  },
};
