import type { Inclusion } from '#src/db/schema/offer-terms.ts';
import type { Region } from './geography.ts';
import { type HotelPlan, locatedIn } from './hotels.ts';
import { italianAt } from './names.ts';
import type { Random } from './random.ts';
import {
  type BoardCode,
  boardDefinitions,
  type Text3,
  type ThemeSlug,
  themeDefinitions,
} from './reference-data.ts';

/** The customer-facing wording of an offer: title, subtitle and the text sections of its page. */

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

function nightsLabel(min: number, max: number): Text3 {
  if (min !== max)
    return { de: `${min}–${max} Nächte`, en: `${min}–${max} nights`, it: `${min}–${max} notti` };
  return min === 1
    ? { de: '1 Nacht', en: '1 night', it: '1 notte' }
    : { de: `${min} Nächte`, en: `${min} nights`, it: `${min} notti` };
}

/** "3 Nächte Wellness am Gardasee" / "3 nights wellness break at Lake Garda" / "3 notti di benessere sul Lago di Garda". */
export function offerTitle(theme: ThemeSlug, nightsMin: number, nightsMax: number, region: Region): Text3 {
  const nights = nightsLabel(nightsMin, nightsMax);
  const phrase = themeDefinitions[theme].titlePhrase;
  return {
    de: `${nights.de} ${phrase.de} ${region.locative.de}`,
    en: `${nights.en} ${phrase.en} ${region.locative.en}`,
    it: `${nights.it} ${phrase.it} ${region.locative.it}`,
  };
}

/**
 * How a subtitle names what an offer includes ("inkl. Halbpension und einer Teilkörpermassage"). A
 * subtitle names only what the offer's inclusions list: it must not promise a massage the voucher does
 * not carry. Parking and a late check-out are not worth a subtitle.
 */
const inclusionPhrases: Partial<Record<Inclusion['code'], Text3>> = {
  'welcome-drink': { de: 'Begrüßungsgetränk', en: 'a welcome drink', it: 'un drink di benvenuto' },
  'candlelight-dinner': {
    de: 'Candle-Light-Dinner',
    en: 'a candlelit dinner',
    it: 'una cena a lume di candela',
  },
  'spa-access': { de: 'Spa-Nutzung', en: 'spa access', it: "l'accesso alla spa" },
  massage: { de: 'einer Teilkörpermassage', en: 'a partial body massage', it: 'un massaggio parziale' },
  'guest-card': { de: 'Gästekarte', en: 'a guest card', it: 'la carta ospite' },
  'bike-rental': { de: 'Leihfahrrad', en: 'a hire bike', it: 'una bicicletta a noleggio' },
  'wine-tasting': { de: 'Weinverkostung', en: 'a wine tasting', it: 'una degustazione di vini' },
  'city-tour': { de: 'Stadtführung', en: 'a guided city tour', it: 'una visita guidata della città' },
  'transport-pass': { de: 'Ticket für Bus und Bahn', en: 'a transport pass', it: 'il biglietto per i mezzi' },
  'sparkling-wine': {
    de: 'einer Flasche Sekt auf dem Zimmer',
    en: 'a bottle of sparkling wine in your room',
    it: 'una bottiglia di spumante in camera',
  },
  'cooking-class': { de: 'Kochkurs', en: 'a cooking class', it: 'un corso di cucina' },
  'green-fee': { de: 'Greenfee', en: 'the green fee', it: 'il green fee' },
  'ski-pass': { de: 'Skipass', en: 'a ski pass', it: 'lo skipass' },
};

/** Boards that say nothing worth advertising in a subtitle. */
const silentBoards: readonly BoardCode[] = ['Ü', 'LTA'];

/** "im Hotel Seeblick Aurora inkl. Halbpension" / "at … incl. half board" / "presso … con mezza pensione". */
export function offerSubtitle(
  random: Random,
  hotelName: string,
  board: BoardCode,
  inclusions: readonly Inclusion[],
): Text3 {
  const parts: Text3[] = [];
  if (!silentBoards.includes(board)) parts.push(boardDefinitions[board].short);
  const nameable = inclusions.flatMap((inclusion) => inclusionPhrases[inclusion.code] ?? []);
  if (random.chance(0.45)) {
    // One draw whether or not there is something to name, so that the rest of the offer stays as it was.
    const extra = random.pick<Text3 | null>(nameable.length ? nameable : [null]);
    if (extra) parts.push(extra);
  }
  const join = (locale: keyof Text3, and: string) =>
    parts.map((part) => (locale === 'de' ? part.de : lowerFirst(part[locale]))).join(and);
  return {
    de: parts.length ? `im ${hotelName} inkl. ${join('de', ' und ')}` : `im ${hotelName}`,
    en: parts.length ? `at ${hotelName} incl. ${join('en', ' and ')}` : `at ${hotelName}`,
    it: parts.length ? `${italianAt(hotelName)} con ${join('it', ' e ')}` : italianAt(hotelName),
  };
}

export type OfferCopyContext = {
  hotel: HotelPlan;
  board: BoardCode;
  themes: readonly ThemeSlug[];
  nightsMin: number;
  nightsMax: number;
  personsMax: number;
  hasSingleVariant: boolean;
};

export type OfferSection = { title: Text3; body: Text3 };

function servicesSection({
  hotel,
  board,
  nightsMin,
  nightsMax,
  personsMax,
  hasSingleVariant,
}: OfferCopyContext) {
  const nights =
    nightsMin === nightsMax
      ? {
          de: nightsMin === 1 ? '1 Übernachtung' : `${nightsMin} Übernachtungen`,
          en: nightsMin === 1 ? '1 night' : `${nightsMin} nights`,
          it: nightsMin === 1 ? '1 notte' : `${nightsMin} notti`,
        }
      : {
          de: `${nightsMin}–${nightsMax} Übernachtungen je nach Variante`,
          en: `${nightsMin}–${nightsMax} nights depending on the option chosen`,
          it: `${nightsMin}–${nightsMax} notti a seconda dell'opzione scelta`,
        };
  const room =
    personsMax >= 3
      ? { de: 'im Familienzimmer', en: 'in a family room', it: 'in camera familiare' }
      : { de: 'im Doppelzimmer', en: 'in a double room', it: 'in camera doppia' };
  const lines: Text3[] = [
    { de: `${nights.de} ${room.de}`, en: `${nights.en} ${room.en}`, it: `${nights.it} ${room.it}` },
    boardDefinitions[board].name,
  ];
  if (hasSingleVariant) {
    lines.push({
      de: 'Einzelzimmer buchbar',
      en: 'Single occupancy available',
      it: 'Disponibile uso singola',
    });
  }
  if (hotel.features.has('wellness') || hotel.features.has('spa')) {
    lines.push({
      de: 'Freie Nutzung des Wellnessbereichs',
      en: 'Free use of the wellness area',
      it: "Uso libero dell'area benessere",
    });
  }
  if (hotel.features.has('wifi'))
    lines.push({ de: 'WLAN im ganzen Haus', en: 'Wi-Fi throughout', it: 'Wi-Fi in tutta la struttura' });
  if (hotel.features.has('parking'))
    lines.push({ de: 'Parkplatz am Hotel', en: 'Parking at the hotel', it: "Parcheggio presso l'hotel" });
  const bullets = (locale: keyof Text3) => lines.map((line) => `- ${line[locale]}`).join('\n');
  return {
    title: { de: 'Leistungen', en: 'Included services', it: 'Servizi inclusi' },
    body: { de: bullets('de'), en: bullets('en'), it: bullets('it') },
  };
}

/** Titled "Surroundings": the offer page has a "Location" section of its own (address and map). */
function surroundingsSection({ hotel }: OfferCopyContext): OfferSection {
  const { name } = hotel.row;
  const where = locatedIn(hotel.city, hotel.region);
  return {
    title: { de: 'Umgebung', en: 'Surroundings', it: 'Dintorni' },
    body: {
      de: `${name} liegt ${where.de}. Geschäfte, Cafés und Ausflugsziele sind schnell erreicht.`,
      en: `${name} is ${where.en}. Shops, cafés and day-trip destinations are close at hand.`,
      it: `${name} si trova ${where.it}. Negozi, caffè e mete per escursioni sono a due passi.`,
    },
  };
}

const validitySection: OfferSection = {
  title: { de: 'Gültigkeit', en: 'Validity', it: 'Validità' },
  body: {
    de: 'Der Gutschein ist drei Jahre ab Kaufdatum gültig. Den Reisetermin wählen Sie nach Verfügbarkeit des Hotels, an den Anreisetagen und außerhalb der Sperrzeiten dieses Angebots. Buchen Sie direkt beim Hotel unter Angabe der Gutscheinnummer.',
    en: "The voucher is valid for three years from the date of purchase. Choose your travel dates subject to the hotel's availability, on this offer's arrival days and outside its blackout periods. Book directly with the hotel quoting your voucher number.",
    it: "Il voucher è valido tre anni dalla data di acquisto. Le date di viaggio sono a scelta secondo disponibilità dell'hotel, nei giorni di arrivo e fuori dai periodi di esclusione di questa offerta. Prenota direttamente presso l'hotel indicando il numero del voucher.",
  },
};

/** Arrival days, pets and blackout periods are the offer's terms (data, shown beside these texts). */
function notesSection(_context: OfferCopyContext): OfferSection {
  return {
    title: { de: 'Hinweise', en: 'Notes', it: 'Note' },
    body: {
      de: 'Zuzüglich Ortstaxe, vor Ort zu zahlen. Check-in ab 15 Uhr, Check-out bis 11 Uhr.',
      en: 'Local tourist tax is payable at the hotel. Check-in from 3 pm, check-out by 11 am.',
      it: 'Tassa di soggiorno esclusa, da pagare in loco. Check-in dalle 15, check-out entro le 11.',
    },
  };
}

/** Regions most guests reach by plane. */
const flyInRegions = new Set([
  'mallorca',
  'kreta',
  'sizilien',
  'tuerkische-riviera',
  'algarve',
  'andalusien',
]);

function arrivalSection({ hotel }: OfferCopyContext): OfferSection {
  const { city } = hotel;
  const parking = hotel.features.has('parking') || hotel.features.has('garage');
  const shuttle = hotel.features.has('shuttle');
  if (flyInRegions.has(hotel.region.key)) {
    return {
      title: { de: 'Anreise', en: 'Getting there', it: 'Come arrivare' },
      body: {
        de: `Die Anreise erfolgt individuell, am bequemsten mit dem Flugzeug. ${shuttle ? 'Das Hotel bietet einen Transfer vom Flughafen an.' : 'Vom Flughafen erreichen Sie das Hotel per Taxi oder Mietwagen.'}`,
        en: `Travel is arranged by you, most easily by plane. ${shuttle ? 'The hotel offers an airport transfer.' : 'From the airport, take a taxi or hire car to the hotel.'}`,
        it: `Il viaggio è individuale, comodamente in aereo. ${shuttle ? "L'hotel offre il transfer dall'aeroporto." : "Dall'aeroporto si raggiunge l'hotel in taxi o auto a noleggio."}`,
      },
    };
  }
  return {
    title: { de: 'Anreise', en: 'Getting there', it: 'Come arrivare' },
    body: {
      de: `Die Anreise erfolgt individuell. Mit dem Auto: ${parking ? 'Parkplätze stehen am Hotel zur Verfügung.' : 'Öffentliche Parkplätze finden Sie in der Nähe.'} Mit der Bahn: bis ${city.de}, ${shuttle ? 'von dort holt Sie der Hotelshuttle ab.' : 'weiter mit Bus oder Taxi.'}`,
      en: `Travel is arranged by you. By car: ${parking ? 'parking is available at the hotel.' : 'public car parks are nearby.'} By train: to ${city.en}, ${shuttle ? 'where the hotel shuttle picks you up.' : 'then by bus or taxi.'}`,
      it: `Il viaggio è individuale. In auto: ${parking ? "parcheggio disponibile presso l'hotel." : 'parcheggi pubblici nelle vicinanze.'} In treno: fino a ${city.it}, ${shuttle ? "dove vi attende la navetta dell'hotel." : 'poi in autobus o taxi.'}`,
    },
  };
}

const childrenSection: OfferSection = {
  title: { de: 'Kinder', en: 'Children', it: 'Bambini' },
  body: {
    de: 'Kinder bis 5 Jahre übernachten im Zimmer der Eltern kostenlos; für ältere Kinder gilt eine Ermäßigung vor Ort.',
    en: "Children up to 5 stay free in their parents' room; older children get a discount at the hotel.",
    it: 'I bambini fino a 5 anni soggiornano gratis in camera con i genitori; per i più grandi sconto in loco.',
  },
};

/** 3–5 sections: services and validity always, then a random choice of the others. */
export function offerSections(random: Random, context: OfferCopyContext): OfferSection[] {
  const optional: OfferSection[] = [
    surroundingsSection(context),
    notesSection(context),
    arrivalSection(context),
  ];
  if (context.themes.includes('familie')) optional.push(childrenSection);
  const chosen = random.sample(optional, random.int(1, Math.min(3, optional.length)));
  const middle = random.shuffle([...chosen, validitySection]);
  return [servicesSection(context), ...middle];
}
