import type { hotels } from '#src/db/schema/index.ts';
import { type Region, regions, type Trait } from './geography.ts';
import { hotelName, italianTo, slugify, streetAddress } from './names.ts';
import { type Random, randomFor } from './random.ts';
import {
  type FeatureIcon,
  featureCode,
  featureDefinitions,
  type Text3,
  vendorIdsIn,
} from './reference-data.ts';

export type HotelRow = typeof hotels.$inferInsert & { id: number };

/** A generated hotel plus what its offers need to know about it. */
export type HotelPlan = {
  row: HotelRow;
  region: Region;
  /** The town's name in every language (the row's `city`, typed as complete). */
  city: Text3;
  features: ReadonlySet<FeatureIcon>;
  /** Undiscounted price per person and night in euros, before board and length-of-stay factors. */
  basePriceEuros: number;
};

/** How many hotels each region gets: proportional to its weight, at least one when there are enough. */
export function allocateRegions(hotelCount: number): Region[] {
  const totalWeight = regions.reduce((sum, region) => sum + region.weight, 0);
  const guaranteed = hotelCount >= regions.length ? 1 : 0;
  const spare = hotelCount - guaranteed * regions.length;
  const shares = regions.map((region, index) => {
    const exact = (spare * region.weight) / totalWeight;
    return { index, count: guaranteed + Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let missing = hotelCount - shares.reduce((sum, share) => sum + share.count, 0);
  // Largest remainder first; ties by list order keep the result stable.
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (missing === 0) break;
    share.count++;
    missing--;
  }
  const slots = shares.flatMap((share) =>
    Array.from({ length: share.count }, () => regions[share.index] as Region),
  );
  // Shuffled so that consecutive hotel ids (and the offers after them) are spread over the regions.
  return randomFor('hotel-regions', hotelCount).shuffle(slots);
}

const featureBaseWeights: Record<FeatureIcon, number> = {
  restaurant: 10,
  'pool-indoor': 3,
  'pool-outdoor': 2,
  sauna: 4,
  wellness: 3,
  wifi: 10,
  parking: 7,
  garage: 2,
  pets: 3,
  'barrier-free': 3,
  fitness: 3,
  spa: 2,
  bar: 5,
  'kids-club': 1,
  'e-charging': 2,
  'bike-rental': 2,
  tennis: 1,
  golf: 1,
  beach: 0,
  'ski-storage': 0,
  elevator: 4,
  'air-conditioning': 2,
  terrace: 4,
  garden: 3,
  playground: 1,
  shuttle: 1,
  laundry: 2,
  'room-service': 1,
  massage: 2,
  'steam-bath': 2,
  whirlpool: 1,
  solarium: 1,
  conference: 1,
};

const featureTraitBonus: Record<Trait, Partial<Record<FeatureIcon, number>>> = {
  alpine: { 'ski-storage': 8, sauna: 4, 'pool-indoor': 3, wellness: 3, 'steam-bath': 2, terrace: 2 },
  sea: { beach: 9, 'pool-outdoor': 5, 'air-conditioning': 5, 'kids-club': 2, shuttle: 1 },
  lake: { 'pool-outdoor': 2, 'bike-rental': 3, terrace: 2, beach: 1, golf: 1 },
  city: { elevator: 8, 'air-conditioning': 4, bar: 3, conference: 3, 'room-service': 3, garage: 3 },
  countryside: { garden: 4, 'bike-rental': 3, pets: 2, playground: 2, golf: 1 },
  spa: { wellness: 6, sauna: 4, spa: 5, massage: 4, 'steam-bath': 3, whirlpool: 3 },
};

function pickFeatures(random: Random, region: Region, stars: number | null): Set<FeatureIcon> {
  const weights = featureDefinitions.map(({ icon }) => {
    const bonus = region.traits.reduce((sum, trait) => sum + (featureTraitBonus[trait][icon] ?? 0), 0);
    return [icon, featureBaseWeights[icon] + bonus] as const;
  });
  const [min, max] = stars === 5 ? [8, 12] : stars === 4 ? [6, 11] : stars === 3 ? [4, 8] : [4, 9];
  return new Set(random.weightedSample(weights, random.int(min, max)));
}

/** Features whose label reads as a noun in "Zur Ausstattung gehören …". */
const describableFeatures: readonly FeatureIcon[] = [
  'restaurant',
  'pool-indoor',
  'pool-outdoor',
  'sauna',
  'wellness',
  'fitness',
  'spa',
  'bar',
  'kids-club',
  'tennis',
  'terrace',
  'garden',
  'playground',
  'steam-bath',
  'whirlpool',
];

const traitSentences: Record<Trait, Text3> = {
  alpine: {
    de: 'Wanderwege, Bergbahnen und im Winter die Skipisten beginnen fast vor der Haustür.',
    en: 'Hiking trails, cable cars and, in winter, the ski slopes start almost at the door.',
    it: "Sentieri, impianti di risalita e d'inverno le piste da sci iniziano quasi davanti alla porta.",
  },
  sea: {
    de: 'Der Strand ist nur wenige Gehminuten entfernt.',
    en: 'The beach is just a few minutes’ walk away.',
    it: 'La spiaggia dista pochi minuti a piedi.',
  },
  lake: {
    de: 'Die Uferpromenade und der Bootsanleger sind bequem zu Fuß erreichbar.',
    en: 'The lakeside promenade and the boat pier are within easy walking distance.',
    it: "Il lungolago e l'imbarcadero si raggiungono comodamente a piedi.",
  },
  city: {
    de: 'Sehenswürdigkeiten, Museen und Restaurants erreichen Sie zu Fuß oder mit Bus und Bahn.',
    en: 'Sights, museums and restaurants are a short walk or ride away.',
    it: 'Monumenti, musei e ristoranti si raggiungono a piedi o con i mezzi pubblici.',
  },
  countryside: {
    de: 'Ruhig gelegen zwischen Wiesen, Wäldern und Weinbergen ist es ideal zum Abschalten.',
    en: 'Set quietly among meadows, woods and vineyards, it is the place to switch off.',
    it: 'In posizione tranquilla tra prati, boschi e vigneti, è ideale per staccare la spina.',
  },
  spa: {
    de: 'Thermen und Kuranwendungen in der Umgebung machen den Aufenthalt zur Erholung.',
    en: 'Thermal baths and spa treatments nearby make every stay restorative.',
    it: 'Terme e trattamenti benessere nei dintorni rendono il soggiorno rigenerante.',
  },
};

const roomSentences: readonly Text3[] = [
  {
    de: 'Die Zimmer sind gemütlich eingerichtet und verfügen über Bad, Flachbild-TV und WLAN.',
    en: 'The rooms are cosy and have a private bathroom, flat-screen TV and Wi-Fi.',
    it: 'Le camere sono accoglienti e dispongono di bagno privato, TV a schermo piatto e Wi-Fi.',
  },
  {
    de: 'Viele Zimmer bieten einen Balkon mit Aussicht; das Frühstück wird mit regionalen Produkten zubereitet.',
    en: 'Many rooms have a balcony with a view; breakfast is made with regional produce.',
    it: 'Molte camere hanno un balcone panoramico; la colazione è preparata con prodotti locali.',
  },
  {
    de: 'Das Haus wird seit Generationen von der Gastgeberfamilie geführt, die ihre Gäste persönlich betreut.',
    en: 'The host family has run the house for generations and looks after every guest personally.',
    it: 'La famiglia dei proprietari gestisce la struttura da generazioni e segue ogni ospite di persona.',
  },
  {
    de: 'Modernes Design trifft hier auf regionale Materialien wie Holz und Naturstein.',
    en: 'Modern design meets local materials such as wood and natural stone.',
    it: 'Il design moderno incontra materiali locali come legno e pietra naturale.',
  },
];

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

function listing(items: string[], and: string): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}`;
}

/** "in Toblach in Südtirol" / "in Dobbiaco, in South Tyrol" / "a Dobbiaco, in Alto Adige"; "in Rom" alone. */
export function locatedIn(city: Text3, region: Region): Text3 {
  // "in Wien in Wien" reads badly: city regions name the city already.
  if (region.locative.de === `in ${city.de}`) return region.locative;
  return {
    de: `in ${city.de} ${region.locative.de}`,
    en: `in ${city.en}, ${region.locative.en}`,
    it: `a ${city.it}, ${region.locative.it}`,
  };
}

function describeHotel(
  random: Random,
  name: string,
  city: Text3,
  region: Region,
  stars: number | null,
  features: ReadonlySet<FeatureIcon>,
): Text3 {
  const where = locatedIn(city, region);
  const kind = {
    de: stars ? `${stars}-Sterne-Haus` : 'familiengeführte Haus',
    en: stars ? `${stars}-star hotel` : 'family-run hotel',
    it: stars ? `hotel a ${stars} stelle` : 'hotel a gestione familiare',
  };
  const trait = traitSentences[random.pick(region.traits)];
  const shown = random.sample(
    describableFeatures.filter((icon) => features.has(icon)),
    3,
  );
  const labels = shown.map((icon) => featureDefinitions[featureCode(icon) - 1]!.label);
  const equipment: Text3 | null =
    labels.length === 0
      ? null
      : {
          de: `Zur Ausstattung gehören ${listing(
            labels.map((label) => label.de),
            'und',
          )}.`,
          en: `Facilities include ${listing(
            labels.map((label) => lowerFirst(label.en)),
            'and',
          )}.`,
          it: `Tra i servizi: ${listing(
            labels.map((label) => lowerFirst(label.it)),
            'e',
          )}.`,
        };
  const rooms = random.pick(roomSentences);
  const sentences = (locale: keyof Text3, intro: string) =>
    [intro, trait[locale], equipment?.[locale], rooms[locale]].filter(Boolean).join(' ');
  return {
    de: sentences('de', `Willkommen im ${name}! Das ${kind.de} liegt ${where.de}.`),
    en: sentences('en', `Welcome to ${name}! This ${kind.en} is located ${where.en}.`),
    it: sentences('it', `Benvenuti ${italianTo(name)}! Questo ${kind.it} si trova ${where.it}.`),
  };
}

/** Country calling codes of the demo's countries, for the hotels' phone numbers. */
const callingCodes: Record<string, string> = {
  AT: '43',
  BE: '32',
  CH: '41',
  CZ: '420',
  DE: '49',
  DK: '45',
  ES: '34',
  FR: '33',
  GR: '30',
  HR: '385',
  HU: '36',
  IT: '39',
  NL: '31',
  PL: '48',
  PT: '351',
  SI: '386',
  TR: '90',
};

/**
 * The reception's phone and mail, which the voucher tells guests to book with. From a random stream
 * of their own, so that everything else generated for the hotel stays as it was; the mail domain is
 * under .example, which never reaches anyone.
 */
export function hotelContact(id: number, slug: string, countryIso: string): { phone: string; email: string } {
  const random = randomFor('hotel-contact', id);
  const area = String(random.int(20, 989));
  const line = String(random.int(100_000, 9_999_999));
  return {
    phone: `+${callingCodes[countryIso] ?? '49'} ${area} ${line}`,
    email: `${random.pick(['info', 'booking', 'reception', 'hotel'])}@${slug}.example`,
  };
}

const jitter = (random: Random, spread: number) => (random.next() * 2 - 1) * spread;
const round5 = (value: number) => Math.round(value * 100_000) / 100_000;

/** Generates `count` hotels with ids 1…count; slugs are unique, so this runs in id order. */
export function planHotels(count: number): HotelPlan[] {
  const slots = allocateRegions(count);
  const usedSlugs = new Set<string>();
  return slots.map((region, index) => {
    const id = index + 1;
    const random = randomFor('hotel', id);
    const name = hotelName(random, random.pick(region.nameStyles), region.traits);
    const baseSlug = slugify(name);
    let slug = baseSlug;
    for (let suffix = 2; usedSlugs.has(slug); suffix++) slug = `${baseSlug}-${suffix}`;
    usedSlugs.add(slug);

    const town = random.pick(region.towns);
    const stars = random.weighted<number | null>([
      [3, 35],
      [4, 45],
      [5, 12],
      [null, 8],
    ]);
    const features = pickFeatures(random, region, stars);
    const [minPrice, maxPrice] =
      stars === 5 ? [120, 180] : stars === 4 ? [80, 130] : stars === 3 ? [60, 95] : [60, 110];
    const basePriceEuros = random.int(minPrice, maxPrice) + (region.traits.includes('city') ? 10 : 0);
    // Most hotels belong to their region's usual operator, the rest to another operator of the country
    // (one draw either way, as before, so that everything drawn after it stays the same).
    const operators = vendorIdsIn(region.countryIso);
    const homeVendor = operators[regions.indexOf(region) % operators.length] as number;
    const vendorId = random.chance(0.6)
      ? homeVendor
      : (operators[random.int(0, operators.length - 1)] as number);

    const row: HotelRow = {
      id,
      slug,
      name,
      vendorId,
      stars,
      ...streetAddress(random, region.streetStyle),
      postcode: town.postcode,
      city: { ...town.name },
      region: { ...region.name },
      countryIso: region.countryIso,
      latitude: round5(town.latitude + jitter(random, 0.02)),
      longitude: round5(town.longitude + jitter(random, 0.03)),
      ...hotelContact(id, slug, region.countryIso),
      description: describeHotel(random, name, town.name, region, stars, features),
      featureCodes: [...features].map(featureCode).sort((a, b) => a - b),
      imageSeeds: [1, 2, 3].map((n) => `hotel-${id}-${n}`),
    };
    return { row, region, city: town.name, features, basePriceEuros };
  });
}
