import type { offers, offerTexts, offerThemes, variants } from '#src/db/schema/index.ts';
import type { Trait } from './geography.ts';
import type { HotelPlan } from './hotels.ts';
import { slugify } from './names.ts';
import { offerSections, offerSubtitle, offerTitle } from './offer-copy.ts';
import { planOfferTerms } from './offer-terms.ts';
import { type Random, randomFor } from './random.ts';
import { type BoardCode, brandId, type ThemeSlug, themeId } from './reference-data.ts';

export type OfferRow = typeof offers.$inferInsert & { id: number };
export type VariantRow = typeof variants.$inferInsert & { id: number };
export type OfferTextRow = typeof offerTexts.$inferInsert & { id: number };
export type OfferThemeRow = typeof offerThemes.$inferInsert;

/** What promotions pick offers by; kept in memory instead of re-reading the catalogue. */
export type OfferFacts = {
  id: number;
  brandId: number | null;
  countryIso: string;
  regionKey: string;
  city: string;
  themes: readonly ThemeSlug[];
  /** Highest discount of any variant, whole percent. */
  maxDiscount: number;
  isSoldOut: boolean;
};

export type OfferBundle = {
  offer: OfferRow;
  variants: VariantRow[];
  texts: OfferTextRow[];
  themes: OfferThemeRow[];
  facts: OfferFacts;
};

/** Next free ids of the child tables; offers own contiguous ranges of them. */
export type IdCounters = { variant: number; text: number };

const themeWeightsByTrait: Record<Trait, Partial<Record<ThemeSlug, number>>> = {
  alpine: {
    wellness: 3,
    'aktiv-wandern': 3,
    'ski-winter': 3,
    familie: 2,
    chalet: 1.5,
    romantik: 1,
    kurzurlaub: 1,
    kulinarik: 1,
  },
  lake: { romantik: 3, wellness: 2, 'aktiv-wandern': 2, familie: 2, kurzurlaub: 2, kulinarik: 1, golf: 0.5 },
  sea: { 'strand-meer': 5, familie: 2, romantik: 2, wellness: 1, kurzurlaub: 1, golf: 0.5 },
  city: { staedtereise: 5, kurzurlaub: 3, kulinarik: 2, romantik: 2 },
  countryside: {
    kulinarik: 3,
    wellness: 2,
    'aktiv-wandern': 2,
    romantik: 2,
    kurzurlaub: 2,
    golf: 1,
    familie: 1,
  },
  spa: { wellness: 5, kurzurlaub: 2, romantik: 1 },
};

const boardWeightsByTrait: Record<Trait, Partial<Record<BoardCode, number>>> = {
  alpine: { HP: 5, VWP: 3, 'HP+': 3, NF: 2, VP: 1, 'VP+': 1, AB: 1, HAI: 1, LTA: 0.5 },
  sea: { AI: 3, AIA: 2, HP: 3, NF: 3, VP: 1, Ü: 1, LTA: 0.5 },
  lake: { HP: 4, NF: 4, 'HP+': 1, AB: 1, Ü: 0.5, LTA: 0.5 },
  city: { NF: 6, Ü: 3, AB: 0.5, LTA: 0.5 },
  countryside: { HP: 4, NF: 3, AB: 2, VP: 1, 'VP+': 0.5, HAI: 1 },
  spa: { HP: 3, 'HP+': 2, NF: 2, VP: 1 },
};

/** Richer boards make the night dearer. */
const boardPriceFactor: Record<BoardCode, number> = {
  AB: 1.05,
  AI: 1.2,
  AIA: 1.15,
  HAI: 1.1,
  HP: 1.05,
  'HP+': 1.1,
  LTA: 1,
  NF: 1,
  Ü: 0.9,
  VP: 1.15,
  'VP+': 1.2,
  VWP: 1.15,
};

function summedWeights<K extends string>(
  traits: readonly Trait[],
  table: Record<Trait, Partial<Record<K, number>>>,
) {
  const sums = new Map<K, number>();
  for (const trait of traits) {
    for (const [key, weight] of Object.entries(table[trait]) as [K, number][]) {
      sums.set(key, (sums.get(key) ?? 0) + weight);
    }
  }
  return [...sums.entries()];
}

function pickThemes(random: Random, hotel: HotelPlan): ThemeSlug[] {
  const weights = summedWeights(hotel.region.traits, themeWeightsByTrait);
  const count = random.weighted([
    [1, 35],
    [2, 45],
    [3, 20],
  ]);
  const themes = random.weightedSample(weights, count);
  if (hotel.features.has('pets') && themes.length < 3 && random.chance(0.3)) themes.push('urlaub-mit-hund');
  return themes;
}

type Stay = { nights: number; persons: number };

function pickStays(random: Random, hotel: HotelPlan): Stay[] {
  const isCity = hotel.region.traits.includes('city');
  const nightsWeights: [number, number][] = isCity
    ? [
        [1, 2],
        [2, 4],
        [3, 4],
        [4, 1],
        [5, 0.5],
        [7, 0.2],
      ]
    : [
        [1, 1],
        [2, 3],
        [3, 4],
        [4, 2],
        [5, 1.5],
        [7, 1.5],
      ];
  const primary = random.weighted(nightsWeights);
  const count = random.weighted([
    [2, 35],
    [3, 40],
    [4, 25],
  ]);
  // Some offers sell several lengths of stay, the others one length for different party sizes.
  const variesNights = random.chance(0.4);
  const stays: Stay[] = [{ nights: primary, persons: 2 }];
  for (let attempt = 0; stays.length < count && attempt < 40; attempt++) {
    const candidate: Stay =
      variesNights && random.chance(0.7)
        ? { nights: random.weighted(nightsWeights), persons: 2 }
        : {
            nights: random.pick(stays).nights,
            persons: random.weighted([
              [1, 2],
              [3, 1.5],
              [4, 1.5],
            ]),
          };
    if (!stays.some((stay) => stay.nights === candidate.nights && stay.persons === candidate.persons)) {
      stays.push(candidate);
    }
  }
  return stays.sort((a, b) => a.nights - b.nights || a.persons - b.persons);
}

function pickDiscount(random: Random): number {
  const band = random.weighted<[number, number]>([
    [[20, 34], 25],
    [[35, 49], 45],
    [[50, 62], 22],
    [[63, 69], 8],
  ]);
  return random.int(band[0], band[1]);
}

/** Undiscounted price of a stay in whole euros: per person and night, cheaper per head for groups. */
function originalEuros(pricePerNight: number, stay: Stay): number {
  const perHead = stay.persons === 1 ? 1.25 : stay.persons >= 3 ? 0.85 : 1;
  const longStay = stay.nights >= 7 ? 0.92 : 1;
  return Math.round(pricePerNight * stay.nights * stay.persons * perHead * longStay);
}

function stockFor(random: Random, offerSoldOut: boolean): number {
  if (offerSoldOut) return 0;
  const roll = random.next();
  if (roll < 0.1) return random.int(1, 5);
  if (roll < 0.12) return 0;
  return random.int(20, 300);
}

/** Jan 1st 2026 UTC; every generated timestamp lies before it. */
export const referenceDate = Date.UTC(2026, 0, 1);
const firstCreatedAt = Date.UTC(2025, 5, 1);

export function generateOffer(hotel: HotelPlan, offerId: number, ids: IdCounters): OfferBundle {
  const random = randomFor('offer', offerId);
  const themes = pickThemes(random, hotel);
  const primaryTheme = themes[0] ?? 'kurzurlaub';
  const board = random.weighted(summedWeights(hotel.region.traits, boardWeightsByTrait));
  const stays = pickStays(random, hotel);
  const nightsMin = Math.min(...stays.map((stay) => stay.nights));
  const nightsMax = Math.max(...stays.map((stay) => stay.nights));

  const exclusiveBrand = random.chance(0.05)
    ? random.weighted<number>([
        [brandId('autoclub'), 3],
        [brandId('familyclub'), 3],
        [brandId('sparbuch'), 2],
        [brandId('viaggi'), 2],
        [brandId('dealjaeger'), 2],
      ])
    : null;

  const title = offerTitle(primaryTheme, nightsMin, nightsMax, hotel.region);
  // The terms come from a random stream of their own; the subtitle names only what they include.
  const terms = planOfferTerms({ offerId, hotel, themes, nightsMin, nightsMax });
  const subtitle = offerSubtitle(random, hotel.row.name, board, terms.inclusions);
  const createdAt = new Date(
    firstCreatedAt + Math.floor(random.next() * ((referenceDate - firstCreatedAt) / 60_000)) * 60_000,
  );

  // A few offers advertise the full 70 %; their prices are multiples of 10 € so that 30 % is exact.
  const isMaxDiscount = random.chance(0.03);
  const offerDiscount = isMaxDiscount ? 70 : pickDiscount(random);
  const isSoldOut = random.chance(0.03);
  const pricePerNight = Math.min(
    180,
    Math.max(60, Math.round(hotel.basePriceEuros * boardPriceFactor[board])),
  );

  const variantRows: VariantRow[] = stays.map((stay) => {
    const discount = isMaxDiscount ? 70 : Math.min(69, Math.max(20, offerDiscount + random.int(-2, 2)));
    const euros = originalEuros(pricePerNight, stay);
    const original = (isMaxDiscount ? Math.max(10, Math.round(euros / 10) * 10) : euros) * 100;
    // Whole euros mostly, 50 cents sometimes; clamped so that rounding never leaves the 20–70 % band.
    const step = random.chance(0.8) ? 100 : 50;
    // One division of whole numbers each, so exact 30 % stays exact in floating point.
    const lowest = Math.ceil((original * 30) / (100 * step)) * step;
    const highest = Math.floor((original * 80) / (100 * step)) * step;
    const rounded = Math.round((original * (100 - discount)) / (100 * step)) * step;
    const price = Math.max(100, lowest, Math.min(highest, rounded));
    return {
      id: ids.variant++,
      offerId,
      nights: stay.nights,
      persons: stay.persons,
      priceCents: price,
      originalPriceCents: original,
      currency: 'EUR',
      stock: stockFor(random, isSoldOut),
    };
  });
  if (!isSoldOut && variantRows.every((variant) => variant.stock === 0)) {
    (variantRows[0] as VariantRow).stock = random.int(1, 5);
  }

  const sections = offerSections(random, {
    hotel,
    board,
    themes,
    nightsMin,
    nightsMax,
    personsMax: Math.max(...stays.map((stay) => stay.persons)),
    hasSingleVariant: stays.some((stay) => stay.persons === 1),
  });
  const unpositioned = random.chance(0.05) ? sections.length - 1 : -1;
  const textRows: OfferTextRow[] = sections.map((section, index) => ({
    id: ids.text++,
    offerId,
    position: index === unpositioned ? null : index + 1,
    title: section.title,
    body: section.body,
  }));

  const maxDiscount = Math.max(
    ...variantRows.map((variant) =>
      Math.round(100 - (100 * variant.priceCents) / variant.originalPriceCents),
    ),
  );
  return {
    offer: {
      id: offerId,
      slug: `${slugify(title.de)}-${offerId}`,
      hotelId: hotel.row.id,
      brandId: exclusiveBrand,
      title,
      subtitle,
      boardCode: board,
      imageSeeds: [1, 2, 3].map((n) => `offer-${offerId}-${n}`),
      createdAt,
      ...terms,
    },
    variants: variantRows,
    texts: textRows,
    themes: themes.map((theme) => ({ offerId, themeId: themeId(theme) })),
    facts: {
      id: offerId,
      brandId: exclusiveBrand,
      countryIso: hotel.row.countryIso,
      regionKey: hotel.region.key,
      city: hotel.city.de,
      themes,
      maxDiscount,
      isSoldOut,
    },
  };
}

/**
 * Offers per hotel: about three each (two to four), adding up to exactly `offerCount`.
 * Hotels are paired up and one of each pair hands an offer to the other.
 */
export function offersPerHotel(offerCount: number, hotelCount: number): number[] {
  const counts = Array.from({ length: hotelCount }, () => 3);
  const random = randomFor('offers-per-hotel', offerCount);
  const order = random.shuffle(counts.map((_, index) => index));
  for (let i = 0; i + 1 < order.length; i += 2) {
    if (random.chance(0.5)) {
      counts[order[i] as number]! -= 1;
      counts[order[i + 1] as number]! += 1;
    }
  }
  // hotelCount = ceil(offerCount / 3), so at most two offers are too many; the fullest hotels give them up.
  let excess = 3 * hotelCount - offerCount;
  for (const index of order) {
    if (excess === 0) break;
    if ((counts[index] as number) >= 3) {
      counts[index]! -= 1;
      excess--;
    }
  }
  // Only a lone hotel with fewer than three offers in all gets here.
  for (; excess > 0; excess--) counts[0]! -= 1;
  return counts;
}
