import type { TranslatedText } from '#src/db/schema/types.ts';

/** A text in all three shop languages (seed data always has every language unless it leaves one out). */
export type Text3 = Required<TranslatedText>;

// The demo brands have no domains of their own: they live on `<short>.<PUBLIC_URL's host>`
// (autoclub.localhost:3000), which is also where their canonical links and payment returns point.
export const brandRows = [
  {
    id: 1,
    short: 'demo',
    name: 'Ferienglück Gutscheine',
    hosts: [],
    isDefault: true,
    locales: ['de', 'en', 'it'],
  },
  {
    id: 2,
    short: 'autoclub',
    name: 'Autoclub Reisewelt',
    hosts: [],
    isDefault: false,
    locales: ['de', 'en', 'it'],
  },
  {
    id: 3,
    short: 'familyclub',
    name: 'Familienclub Urlaub',
    hosts: [],
    isDefault: false,
    locales: ['de', 'en'],
  },
  {
    id: 4,
    short: 'sparbuch',
    name: 'Sparbuch Reisen',
    hosts: [],
    isDefault: false,
    locales: ['de'],
  },
  {
    id: 5,
    short: 'viaggi',
    name: 'Viaggi Felici',
    hosts: [],
    isDefault: false,
    locales: ['it', 'en'],
  },
  {
    id: 6,
    short: 'dealjaeger',
    name: 'Dealjäger',
    hosts: [],
    isDefault: false,
    locales: ['de', 'en'],
  },
] as const satisfies readonly {
  id: number;
  short: string;
  name: string;
  hosts: string[];
  isDefault: boolean;
  locales: string[];
}[];

export type BrandShort = (typeof brandRows)[number]['short'];

export function brandId(short: BrandShort): number {
  const brand = brandRows.find((row) => row.short === short);
  if (!brand) throw new Error(`unknown brand ${short}`);
  return brand.id;
}

/** The 39 catalogue countries: 38 European ones and Turkey. */
export const countryNames: Record<string, Text3> = {
  AL: { de: 'Albanien', en: 'Albania', it: 'Albania' },
  AT: { de: 'Österreich', en: 'Austria', it: 'Austria' },
  BA: { de: 'Bosnien und Herzegowina', en: 'Bosnia and Herzegovina', it: 'Bosnia ed Erzegovina' },
  BE: { de: 'Belgien', en: 'Belgium', it: 'Belgio' },
  BG: { de: 'Bulgarien', en: 'Bulgaria', it: 'Bulgaria' },
  CH: { de: 'Schweiz', en: 'Switzerland', it: 'Svizzera' },
  CY: { de: 'Zypern', en: 'Cyprus', it: 'Cipro' },
  CZ: { de: 'Tschechien', en: 'Czechia', it: 'Cechia' },
  DE: { de: 'Deutschland', en: 'Germany', it: 'Germania' },
  DK: { de: 'Dänemark', en: 'Denmark', it: 'Danimarca' },
  EE: { de: 'Estland', en: 'Estonia', it: 'Estonia' },
  ES: { de: 'Spanien', en: 'Spain', it: 'Spagna' },
  FI: { de: 'Finnland', en: 'Finland', it: 'Finlandia' },
  FR: { de: 'Frankreich', en: 'France', it: 'Francia' },
  GB: { de: 'Vereinigtes Königreich', en: 'United Kingdom', it: 'Regno Unito' },
  GR: { de: 'Griechenland', en: 'Greece', it: 'Grecia' },
  HR: { de: 'Kroatien', en: 'Croatia', it: 'Croazia' },
  HU: { de: 'Ungarn', en: 'Hungary', it: 'Ungheria' },
  IE: { de: 'Irland', en: 'Ireland', it: 'Irlanda' },
  IS: { de: 'Island', en: 'Iceland', it: 'Islanda' },
  IT: { de: 'Italien', en: 'Italy', it: 'Italia' },
  LI: { de: 'Liechtenstein', en: 'Liechtenstein', it: 'Liechtenstein' },
  LT: { de: 'Litauen', en: 'Lithuania', it: 'Lituania' },
  LU: { de: 'Luxemburg', en: 'Luxembourg', it: 'Lussemburgo' },
  LV: { de: 'Lettland', en: 'Latvia', it: 'Lettonia' },
  MC: { de: 'Monaco', en: 'Monaco', it: 'Monaco' },
  ME: { de: 'Montenegro', en: 'Montenegro', it: 'Montenegro' },
  MK: { de: 'Nordmazedonien', en: 'North Macedonia', it: 'Macedonia del Nord' },
  MT: { de: 'Malta', en: 'Malta', it: 'Malta' },
  NL: { de: 'Niederlande', en: 'Netherlands', it: 'Paesi Bassi' },
  NO: { de: 'Norwegen', en: 'Norway', it: 'Norvegia' },
  PL: { de: 'Polen', en: 'Poland', it: 'Polonia' },
  PT: { de: 'Portugal', en: 'Portugal', it: 'Portogallo' },
  RO: { de: 'Rumänien', en: 'Romania', it: 'Romania' },
  RS: { de: 'Serbien', en: 'Serbia', it: 'Serbia' },
  SE: { de: 'Schweden', en: 'Sweden', it: 'Svezia' },
  SI: { de: 'Slowenien', en: 'Slovenia', it: 'Slovenia' },
  SK: { de: 'Slowakei', en: 'Slovakia', it: 'Slovacchia' },
  TR: { de: 'Türkei', en: 'Turkey', it: 'Turchia' },
};

export const themeSlugs = [
  'wellness',
  'familie',
  'romantik',
  'staedtereise',
  'aktiv-wandern',
  'kurzurlaub',
  'ski-winter',
  'strand-meer',
  'kulinarik',
  'chalet',
  'golf',
  'urlaub-mit-hund',
] as const;

export type ThemeSlug = (typeof themeSlugs)[number];

type ThemeDefinition = {
  name: Text3;
  isInMenu: boolean;
  /** How offer titles name the kind of trip: "3 Nächte Wellness am Gardasee". */
  titlePhrase: Text3;
};

export const themeDefinitions: Record<ThemeSlug, ThemeDefinition> = {
  wellness: {
    name: { de: 'Wellness', en: 'Wellness', it: 'Benessere' },
    isInMenu: true,
    titlePhrase: { de: 'Wellness', en: 'wellness break', it: 'di benessere' },
  },
  familie: {
    name: { de: 'Familienurlaub', en: 'Family holidays', it: 'Vacanze in famiglia' },
    isInMenu: true,
    titlePhrase: { de: 'Familienurlaub', en: 'family holiday', it: 'in famiglia' },
  },
  romantik: {
    name: { de: 'Romantik', en: 'Romantic getaways', it: 'Romantico' },
    isInMenu: true,
    titlePhrase: { de: 'Romantik', en: 'romantic getaway', it: 'romantiche' },
  },
  staedtereise: {
    name: { de: 'Städtereisen', en: 'City breaks', it: 'Viaggi in città' },
    isInMenu: true,
    titlePhrase: { de: 'Städtetrip', en: 'city break', it: 'in città' },
  },
  'aktiv-wandern': {
    name: { de: 'Aktiv & Wandern', en: 'Active & hiking', it: 'Attivo & escursioni' },
    isInMenu: true,
    titlePhrase: { de: 'Wanderurlaub', en: 'hiking holiday', it: 'di escursioni' },
  },
  kurzurlaub: {
    name: { de: 'Kurzurlaub', en: 'Short breaks', it: 'Vacanze brevi' },
    isInMenu: true,
    titlePhrase: { de: 'Auszeit', en: 'short break', it: 'di relax' },
  },
  'ski-winter': {
    name: { de: 'Ski & Winter', en: 'Ski & winter', it: 'Sci & inverno' },
    isInMenu: true,
    titlePhrase: { de: 'Winterurlaub', en: 'winter holiday', it: 'sulla neve' },
  },
  'strand-meer': {
    name: { de: 'Strand & Meer', en: 'Beach & sea', it: 'Spiaggia & mare' },
    isInMenu: true,
    titlePhrase: { de: 'Strandurlaub', en: 'beach holiday', it: 'al mare' },
  },
  kulinarik: {
    name: { de: 'Kulinarik & Genuss', en: 'Food & wine', it: 'Gusto & enogastronomia' },
    isInMenu: true,
    titlePhrase: { de: 'Genussurlaub', en: 'culinary break', it: 'di gusto' },
  },
  chalet: {
    name: { de: 'Chalets & Hütten', en: 'Chalets & lodges', it: 'Chalet & baite' },
    isInMenu: true,
    titlePhrase: { de: 'Chalet-Urlaub', en: 'chalet holiday', it: 'in chalet' },
  },
  // Themes outside the menu still filter searches and landing pages.
  golf: {
    name: { de: 'Golf', en: 'Golf', it: 'Golf' },
    isInMenu: false,
    titlePhrase: { de: 'Golfurlaub', en: 'golf break', it: 'di golf' },
  },
  'urlaub-mit-hund': {
    name: { de: 'Urlaub mit Hund', en: 'Holidays with your dog', it: 'Vacanze con il cane' },
    isInMenu: false,
    titlePhrase: { de: 'Urlaub mit Hund', en: 'holiday with your dog', it: 'con il cane' },
  },
};

export function themeId(slug: ThemeSlug): number {
  return themeSlugs.indexOf(slug) + 1;
}

export const vendorNames = [
  'Alpenland Touristik',
  'Sonnenreisen Vertrieb',
  'Mare Nostrum Hotels',
  'Bergwelt Hotelgruppe',
  'Adria Holiday Partner',
  'Nordlicht Hotels & Resorts',
  'Castello Hospitality',
  'Costa Azul Hoteles',
  'Danubia Hotel Collection',
  'Panorama Resorts Europa',
  'Urbanstay Hotels',
  'Landlust Gastgeber',
  'Lago Blu Collection',
  'Europa Kurzreisen',
  'Gipfelglück Hotels',
] as const;

/**
 * Where each operator has hotels (ISO countries; empty: all over Europe). A hotel belongs to an
 * operator of its own country, so that no Austrian hotel is sold by "Adria Holiday Partner".
 */
export const vendorCountries: Record<(typeof vendorNames)[number], readonly string[]> = {
  'Alpenland Touristik': ['DE', 'AT', 'CH', 'IT'],
  'Sonnenreisen Vertrieb': [],
  'Mare Nostrum Hotels': ['IT', 'ES', 'FR', 'GR', 'HR', 'TR', 'PT'],
  'Bergwelt Hotelgruppe': ['DE', 'AT', 'CH', 'IT', 'SI'],
  'Adria Holiday Partner': ['IT', 'HR', 'SI'],
  'Nordlicht Hotels & Resorts': ['DE', 'DK', 'NL', 'PL', 'BE'],
  'Castello Hospitality': ['IT'],
  'Costa Azul Hoteles': ['ES', 'PT'],
  'Danubia Hotel Collection': ['DE', 'AT', 'HU', 'CZ'],
  'Panorama Resorts Europa': [],
  'Urbanstay Hotels': [],
  'Landlust Gastgeber': ['DE', 'AT'],
  'Lago Blu Collection': ['IT', 'CH'],
  'Europa Kurzreisen': [],
  'Gipfelglück Hotels': ['DE', 'AT', 'CH'],
};

/** The ids (1-based, as seeded) of the operators with hotels in a country. */
export function vendorIdsIn(countryIso: string): number[] {
  return vendorNames.flatMap((name, index) => {
    const countries = vendorCountries[name];
    return countries.length === 0 || countries.includes(countryIso) ? [index + 1] : [];
  });
}

export type FeatureIcon =
  | 'restaurant'
  | 'pool-indoor'
  | 'pool-outdoor'
  | 'sauna'
  | 'wellness'
  | 'wifi'
  | 'parking'
  | 'garage'
  | 'pets'
  | 'barrier-free'
  | 'fitness'
  | 'spa'
  | 'bar'
  | 'kids-club'
  | 'e-charging'
  | 'bike-rental'
  | 'tennis'
  | 'golf'
  | 'beach'
  | 'ski-storage'
  | 'elevator'
  | 'air-conditioning'
  | 'terrace'
  | 'garden'
  | 'playground'
  | 'shuttle'
  | 'laundry'
  | 'room-service'
  | 'massage'
  | 'steam-bath'
  | 'whirlpool'
  | 'solarium'
  | 'conference';

/** Hotel features; the code is the position in this list (1–33). */
export const featureDefinitions: readonly { icon: FeatureIcon; label: Text3 }[] = [
  { icon: 'restaurant', label: { de: 'Restaurant', en: 'Restaurant', it: 'Ristorante' } },
  { icon: 'pool-indoor', label: { de: 'Hallenbad', en: 'Indoor pool', it: 'Piscina coperta' } },
  { icon: 'pool-outdoor', label: { de: 'Außenpool', en: 'Outdoor pool', it: 'Piscina esterna' } },
  { icon: 'sauna', label: { de: 'Sauna', en: 'Sauna', it: 'Sauna' } },
  { icon: 'wellness', label: { de: 'Wellnessbereich', en: 'Wellness area', it: 'Area benessere' } },
  { icon: 'wifi', label: { de: 'WLAN', en: 'Wi-Fi', it: 'Wi-Fi' } },
  { icon: 'parking', label: { de: 'Parkplatz', en: 'Car park', it: 'Parcheggio' } },
  { icon: 'garage', label: { de: 'Garage', en: 'Garage', it: 'Garage' } },
  { icon: 'pets', label: { de: 'Haustiere erlaubt', en: 'Pets allowed', it: 'Animali ammessi' } },
  { icon: 'barrier-free', label: { de: 'Barrierefrei', en: 'Step-free access', it: 'Senza barriere' } },
  { icon: 'fitness', label: { de: 'Fitnessraum', en: 'Gym', it: 'Palestra' } },
  { icon: 'spa', label: { de: 'Spa', en: 'Spa', it: 'Spa' } },
  { icon: 'bar', label: { de: 'Bar', en: 'Bar', it: 'Bar' } },
  { icon: 'kids-club', label: { de: 'Kinderclub', en: "Kids' club", it: 'Miniclub' } },
  { icon: 'e-charging', label: { de: 'E-Ladestation', en: 'EV charging', it: 'Ricarica auto elettriche' } },
  { icon: 'bike-rental', label: { de: 'Fahrradverleih', en: 'Bike hire', it: 'Noleggio bici' } },
  { icon: 'tennis', label: { de: 'Tennisplatz', en: 'Tennis court', it: 'Campo da tennis' } },
  {
    icon: 'golf',
    label: { de: 'Golfplatz in der Nähe', en: 'Golf course nearby', it: 'Campo da golf nelle vicinanze' },
  },
  { icon: 'beach', label: { de: 'Strandnähe', en: 'Close to the beach', it: 'Vicino alla spiaggia' } },
  { icon: 'ski-storage', label: { de: 'Skiraum', en: 'Ski room', it: 'Deposito sci' } },
  { icon: 'elevator', label: { de: 'Aufzug', en: 'Lift', it: 'Ascensore' } },
  { icon: 'air-conditioning', label: { de: 'Klimaanlage', en: 'Air conditioning', it: 'Aria condizionata' } },
  { icon: 'terrace', label: { de: 'Sonnenterrasse', en: 'Sun terrace', it: 'Terrazza solarium' } },
  { icon: 'garden', label: { de: 'Garten', en: 'Garden', it: 'Giardino' } },
  { icon: 'playground', label: { de: 'Spielplatz', en: 'Playground', it: 'Parco giochi' } },
  { icon: 'shuttle', label: { de: 'Shuttleservice', en: 'Shuttle service', it: 'Servizio navetta' } },
  { icon: 'laundry', label: { de: 'Wäscheservice', en: 'Laundry service', it: 'Servizio lavanderia' } },
  { icon: 'room-service', label: { de: 'Zimmerservice', en: 'Room service', it: 'Servizio in camera' } },
  { icon: 'massage', label: { de: 'Massagen', en: 'Massages', it: 'Massaggi' } },
  { icon: 'steam-bath', label: { de: 'Dampfbad', en: 'Steam room', it: 'Bagno turco' } },
  { icon: 'whirlpool', label: { de: 'Whirlpool', en: 'Hot tub', it: 'Idromassaggio' } },
  { icon: 'solarium', label: { de: 'Solarium', en: 'Solarium', it: 'Solarium' } },
  { icon: 'conference', label: { de: 'Tagungsräume', en: 'Meeting rooms', it: 'Sale riunioni' } },
];

export function featureCode(icon: FeatureIcon): number {
  return featureDefinitions.findIndex((feature) => feature.icon === icon) + 1;
}

export const boardCodes = [
  'AB',
  'AI',
  'AIA',
  'HAI',
  'HP',
  'HP+',
  'LTA',
  'NF',
  'Ü',
  'VP',
  'VP+',
  'VWP',
] as const;
export type BoardCode = (typeof boardCodes)[number];

/** `short` is what offer lists show; `name` the full wording on the offer page. */
export const boardDefinitions: Record<BoardCode, { short: Text3; name: Text3 }> = {
  AB: {
    short: { de: 'Abendessen', en: 'Dinner', it: 'Cena' },
    name: {
      de: 'Übernachtung mit Abendessen',
      en: 'Accommodation with dinner',
      it: 'Pernottamento con cena',
    },
  },
  AI: {
    short: { de: 'All inclusive', en: 'All inclusive', it: 'All inclusive' },
    name: {
      de: 'All inclusive: alle Mahlzeiten, Snacks und Getränke',
      en: 'All inclusive: all meals, snacks and drinks',
      it: 'All inclusive: tutti i pasti, snack e bevande',
    },
  },
  AIA: {
    short: {
      de: 'All inclusive alkoholfrei',
      en: 'All inclusive (soft drinks)',
      it: 'All inclusive analcolico',
    },
    name: {
      de: 'All inclusive mit alkoholfreien Getränken',
      en: 'All inclusive with non-alcoholic drinks',
      it: 'All inclusive con bevande analcoliche',
    },
  },
  HAI: {
    short: {
      de: 'Halbpension inkl. Getränke',
      en: 'Half board incl. drinks',
      it: 'Mezza pensione con bevande',
    },
    name: {
      de: 'Halbpension mit Getränken zum Abendessen',
      en: 'Half board with drinks at dinner',
      it: 'Mezza pensione con bevande a cena',
    },
  },
  HP: {
    short: { de: 'Halbpension', en: 'Half board', it: 'Mezza pensione' },
    name: {
      de: 'Halbpension: Frühstück und Abendessen',
      en: 'Half board: breakfast and dinner',
      it: 'Mezza pensione: colazione e cena',
    },
  },
  'HP+': {
    short: { de: 'Halbpension plus', en: 'Half board plus', it: 'Mezza pensione plus' },
    name: {
      de: 'Halbpension plus Nachmittagsjause',
      en: 'Half board plus afternoon snack',
      it: 'Mezza pensione più merenda pomeridiana',
    },
  },
  LTA: {
    short: { de: 'Laut Ausschreibung', en: 'As described', it: 'Come da descrizione' },
    name: {
      de: 'Verpflegung laut Ausschreibung',
      en: 'Meals as described in the offer',
      it: "Trattamento come da descrizione dell'offerta",
    },
  },
  NF: {
    short: { de: 'Frühstück', en: 'Breakfast', it: 'Colazione' },
    name: { de: 'Übernachtung mit Frühstück', en: 'Bed and breakfast', it: 'Pernottamento e colazione' },
  },
  Ü: {
    short: { de: 'Nur Übernachtung', en: 'Room only', it: 'Solo pernottamento' },
    name: {
      de: 'Übernachtung ohne Verpflegung',
      en: 'Room only, no meals',
      it: 'Solo pernottamento, senza pasti',
    },
  },
  VP: {
    short: { de: 'Vollpension', en: 'Full board', it: 'Pensione completa' },
    name: {
      de: 'Vollpension: Frühstück, Mittag- und Abendessen',
      en: 'Full board: breakfast, lunch and dinner',
      it: 'Pensione completa: colazione, pranzo e cena',
    },
  },
  'VP+': {
    short: { de: 'Vollpension plus', en: 'Full board plus', it: 'Pensione completa plus' },
    name: {
      de: 'Vollpension plus Getränke und Nachmittagskuchen',
      en: 'Full board plus drinks and afternoon cake',
      it: 'Pensione completa più bevande e torta pomeridiana',
    },
  },
  VWP: {
    short: { de: 'Verwöhnpension', en: 'Gourmet board', it: 'Pensione gourmet' },
    name: {
      de: 'Verwöhnpension: Langschläferfrühstück, Nachmittagsjause und Fünf-Gänge-Abendmenü',
      en: 'Gourmet board: late breakfast, afternoon snack and five-course dinner',
      it: 'Pensione gourmet: colazione fino a tardi, merenda e cena di cinque portate',
    },
  },
};
