import type { NameStyle, StreetStyle, Trait } from './geography.ts';
import type { Random } from './random.ts';

type WordLists = { prefixes?: readonly string[]; cores?: readonly string[] };
type NameParts = WordLists & {
  suffixes: readonly string[];
  /** Words that only fit some landscapes: no "Berghotel" on the beach, no "Dünenhof" in the Alps. */
  byTrait?: Partial<Record<Trait, WordLists>>;
};

/** Word lists for invented hotel names ("Alpenhof Lärchenwald", "Residenza Bellavista"), by local flavour. */
const hotelNameParts: Record<NameStyle, NameParts> = {
  german: {
    prefixes: [
      'Hotel',
      'Landhotel',
      'Gasthof',
      'Wellnesshotel',
      'Naturhotel',
      'Familienhotel',
      'Romantikhotel',
      'Ferienhotel',
      'Hotel Gasthof',
    ],
    cores: [
      'Lindenhof',
      'Hirschen',
      'Adler',
      'Krone',
      'Löwen',
      'Sonnenhof',
      'Rosengarten',
      'Birkenhof',
      'Brunnenhof',
      'Mühlbach',
      'Wiesenhof',
      'Schwarzer Bär',
      'Weißes Rössl',
      'Kaiserkrone',
      'Fichtenhain',
      'Waldesruh',
      'Heidegrund',
      'Talblick',
    ],
    suffixes: [
      'Aurora',
      'Panorama',
      'Superior',
      'Vital',
      'Resort & Spa',
      'Natur & Spa',
      'Boutique',
      'Residenz',
    ],
    byTrait: {
      alpine: {
        prefixes: ['Berghotel', 'Alpenhotel', 'Aktivhotel', 'Almhotel'],
        cores: [
          'Alpenhof',
          'Lärchenwald',
          'Sonnenhang',
          'Edelweiß',
          'Bergkristall',
          'Almrausch',
          'Tannenhof',
          'Enzian',
          'Bergblick',
          'Zirbenhof',
          'Sonnalp',
          'Gipfelglück',
          'Bergquell',
          'Haidachhof',
        ],
      },
      sea: {
        prefixes: ['Strandhotel', 'Dünenhotel', 'Kurhotel'],
        cores: [
          'Dünenhof',
          'Seestern',
          'Möwennest',
          'Strandkorb',
          'Bernstein',
          'Meeresbrise',
          'Leuchtfeuer',
          'Küstenperle',
        ],
      },
      lake: { prefixes: ['Seehotel'], cores: ['Seeblick', 'Seerose', 'Uferlicht', 'Seeperle', 'Schilfrohr'] },
      spa: { prefixes: ['Kurhotel', 'Thermenhotel'], cores: ['Quellenhof', 'Kurpark'] },
    },
  },
  italian: {
    prefixes: [
      'Hotel',
      'Residenza',
      'Albergo',
      'Villa',
      'Grand Hotel',
      'Relais',
      'Palazzo',
      'Locanda',
      'Park Hotel',
    ],
    cores: [
      'Bellavista',
      'Belvedere',
      'Sole',
      'Aurora',
      'Serena',
      'dei Fiori',
      'degli Ulivi',
      'San Marco',
      'Vittoria',
      'Panorama',
      'Il Glicine',
      'La Pergola',
      'Gardenia',
      'Castello',
      'Montebello',
      'La Meridiana',
    ],
    suffixes: ['Resort', '& Spa', 'Wellness', 'Suites', 'Boutique', 'Charme'],
    byTrait: {
      sea: { cores: ['Miramare', 'Le Palme', 'Lido', 'Azzurra', 'Rosa dei Venti', "Spiaggia d'Oro"] },
      lake: { cores: ['del Lago', 'Bella Riva', 'Lungolago', 'Olivo', 'Limonaia'] },
      alpine: { cores: ['Stella Alpina', 'Dolomiti', 'Monte Rosa', 'Genziana', 'Larice'] },
      countryside: {
        prefixes: ['Agriturismo', 'Podere', 'Borgo'],
        cores: ['Le Vigne', 'Il Poggio', 'Cipresso'],
      },
      spa: { cores: ['Terme', 'Fonte'] },
    },
  },
  french: {
    prefixes: ['Hôtel', 'Château', 'Domaine', 'Mas', 'Auberge', 'Bastide'],
    cores: [
      'Les Lavandes',
      'La Bastide',
      'Le Mistral',
      'Les Oliviers',
      'Belle Époque',
      'Les Cigales',
      'Saint-Clair',
      'Le Moulin',
      'La Source',
      'Les Tilleuls',
      'Bel Air',
      'Le Jardin',
      'La Vigne',
    ],
    suffixes: ['& Spa', 'Resort', 'Boutique'],
    byTrait: { sea: { cores: ['Beau Rivage', 'La Plage', 'Les Mouettes'] } },
  },
  iberian: {
    prefixes: ['Hotel', 'Hostal', 'Quinta', 'Casa', 'Vila', 'Aparthotel', 'Hacienda'],
    cores: [
      'Sol y Mar',
      'Las Palmeras',
      'Costa Dorada',
      'Mirador',
      'Brisa Marina',
      'El Faro',
      'Buganvilla',
      'Los Almendros',
      'Porto Azul',
      'Marisol',
      'La Cala',
      'Bahía Serena',
      'do Mar',
      'das Flores',
    ],
    suffixes: ['Resort', '& Spa', 'Beach', 'Suites', 'Boutique'],
  },
  international: {
    prefixes: ['Hotel', 'Resort', 'Spa Hotel', 'Wellness Hotel', 'Villa', 'Boutique Hotel'],
    cores: [
      'Astoria',
      'Diana',
      'Park',
      'Panorama',
      'Horizon',
      'Belvedere',
      'Lipa',
      'Aqua Vita',
      'Jadran',
      'Royal',
    ],
    suffixes: ['Resort', '& Spa', 'Superior', 'Premium', 'Garden'],
    byTrait: {
      sea: {
        prefixes: ['Beach Resort', 'Beach Hotel'],
        cores: [
          'Sunset Bay',
          'Blue Lagoon',
          'Coral',
          'Marina',
          'Sea Breeze',
          'Silver Sands',
          'Golden Coast',
          'Laguna',
          'Amber',
        ],
      },
      lake: { cores: ['Lakeside', 'Lake View', 'Water Lily'] },
      alpine: {
        prefixes: ['Mountain Resort'],
        cores: ['Alpine Lodge', 'Mountain View', 'Edelweiss', 'Pine Ridge'],
      },
      spa: { prefixes: ['Spa Resort'], cores: ['Termal', 'Thermal Park', 'Aquaworld'] },
    },
  },
  city: {
    prefixes: [
      'Hotel',
      'City Hotel',
      'Boutique Hotel',
      'Stadthotel',
      'Design Hotel',
      'Grand Hotel',
      'Apartments',
    ],
    cores: [
      'am Park',
      'Residenz',
      'Kaiserhof',
      'Central',
      'Opera',
      'Metropol',
      'Königshof',
      'Altstadt',
      'Europa',
      'Savoy',
      'Bristol',
      'Imperial',
      'Domblick',
      'Am Ring',
      'Palais',
      'Capitol',
      'Brückenblick',
    ],
    suffixes: ['Downtown', 'Superior', 'Boutique', 'Suites', 'Living'],
  },
};

export function hotelName(random: Random, style: NameStyle, traits: readonly Trait[]): string {
  const parts = hotelNameParts[style];
  const extra = traits.map((trait) => parts.byTrait?.[trait] ?? {});
  const prefixes = [...(parts.prefixes ?? []), ...extra.flatMap((lists) => lists.prefixes ?? [])];
  const cores = [...(parts.cores ?? []), ...extra.flatMap((lists) => lists.cores ?? [])];
  const core = random.pick(cores);
  // Most names carry a prefix ("Hotel Seeblick"), the others pair two words ("Alpenhof Lärchenwald").
  const prefix = random.chance(0.8) ? `${random.pick(prefixes)} ` : '';
  const second = prefix === '' ? ` ${random.pick(cores.filter((candidate) => candidate !== core))}` : '';
  const suffix = random.chance(0.3) ? ` ${random.pick(parts.suffixes)}` : '';
  return `${prefix}${core}${second}${suffix}`;
}

const streetNames: Record<StreetStyle, readonly string[]> = {
  de: [
    'Hauptstraße',
    'Dorfstraße',
    'Seestraße',
    'Bahnhofstraße',
    'Kirchweg',
    'Am Kurpark',
    'Waldweg',
    'Bergstraße',
    'Lindenallee',
    'Strandpromenade',
    'Sonnenweg',
    'Mühlgasse',
    'Schlossstraße',
    'Promenadeweg',
    'Almweg',
    'Marktplatz',
  ],
  it: [
    'Via Roma',
    'Via Garibaldi',
    'Via Dante Alighieri',
    'Via del Lago',
    'Via dei Giardini',
    'Lungolago',
    'Via Nazionale',
    'Via Mazzini',
    'Piazza della Vittoria',
    'Via Cavour',
    'Lungomare',
    'Via San Francesco',
  ],
  fr: [
    'Rue de la Paix',
    'Avenue des Pins',
    'Chemin des Oliviers',
    'Place du Marché',
    'Rue Victor Hugo',
    'Boulevard de la Mer',
    'Rue des Vignes',
  ],
  es: [
    'Carrer Major',
    'Calle del Mar',
    'Avinguda de la Platja',
    'Paseo Marítimo',
    'Calle Real',
    'Plaza Mayor',
  ],
  pt: ['Rua do Mar', 'Avenida da Liberdade', 'Rua das Flores', 'Largo da Igreja', 'Rua da Praia'],
  hr: ['Obala', 'Ulica Slobode', 'Trg Maršala Tita', 'Šetalište', 'Put Pinija'],
  cz: ['Náměstí Míru', 'Karlova', 'Lázeňská', 'Zahradní', 'Nádražní'],
  hu: ['Fő utca', 'Kossuth Lajos utca', 'Petőfi Sándor utca', 'Rákóczi út', 'Tópart'],
  si: ['Cesta svobode', 'Prešernova cesta', 'Obala', 'Ljubljanska cesta'],
  pl: ['ulica Morska', 'ulica Zdrojowa', 'ulica Grunwaldzka', 'ulica Słoneczna', 'ulica Parkowa'],
  nl: ['Strandweg', 'Dorpsstraat', 'Zeedijk', 'Kerkstraat', 'Duinweg', 'Boulevard'],
  dk: ['Strandvejen', 'Havnegade', 'Klitvej', 'Søndergade', 'Nørregade'],
  gr: ['Odos Eleftherias', 'Paralia', 'Odos Venizelou', 'Odos Kountouriotou'],
  tr: ['Atatürk Caddesi', 'Sahil Yolu', 'Cumhuriyet Caddesi', 'Deniz Sokak'],
};

export function streetAddress(random: Random, style: StreetStyle): { street: string; houseNumber: string } {
  const number = random.int(1, 120);
  const letter = random.chance(0.08) ? random.pick(['a', 'b', 'c']) : '';
  return { street: random.pick(streetNames[style]), houseNumber: `${number}${letter}` };
}

const transliterations: Record<string, string> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  ß: 'ss',
  æ: 'ae',
  ø: 'oe',
  å: 'aa',
  ł: 'l',
};

/** Lower-case ASCII words joined by '-' ("Hotel Weißes Rössl" → "hotel-weisses-roessl"). */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[äöüßæøåł]/g, (char) => transliterations[char] ?? char)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Italian first words that take a feminine article ("la Villa Aurora"). */
const feminineItalian = new Set([
  'residenza',
  'villa',
  'locanda',
  'casa',
  'vila',
  'quinta',
  'hacienda',
  'bastide',
  'marina',
  'laguna',
  'azzurra',
  'fonte',
  'genziana',
  'stella',
  'bella',
  'limonaia',
  'rosa',
  'spiaggia',
  'pensione',
]);
const italianArticles = new Set(['il', 'lo', 'la', 'le', 'i', 'gli', 'les', 'los', 'las', 'el']);

/**
 * The article an Italian reader expects before a hotel's name: "l'Hotel Aurora", "lo Stadthotel",
 * "la Villa Flora", "il Gasthof Post"; none for names that bring their own ("Le Palme").
 */
function italianArticle(name: string): "l'" | 'lo ' | 'la ' | 'il ' | '' {
  const first = (name.split(' ')[0] ?? '').toLowerCase();
  if (italianArticles.has(first)) return '';
  if (feminineItalian.has(first)) return 'la ';
  if (/^[aeiouàèéìòùh]/.test(first)) return "l'";
  if (/^(s[^aeiouàèéìòù]|z|gn|ps|x|y)/.test(first)) return 'lo ';
  return 'il ';
}

const withA = { "l'": "all'", 'lo ': 'allo ', 'la ': 'alla ', 'il ': 'al ', '': 'a ' } as const;

/** "all'Hotel Aurora", "allo Stadthotel", "alla Villa Flora", "al Gasthof Post", "a Le Palme". */
export function italianTo(name: string): string {
  return `${withA[italianArticle(name)]}${name}`;
}

/** "presso l'Hotel Aurora", "presso la Villa Flora", "presso il Gasthof Post". */
export function italianAt(name: string): string {
  return `presso ${italianArticle(name)}${name}`;
}
