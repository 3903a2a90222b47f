import type { BlackoutPeriod, ChildrenPolicy, Inclusion, PetsPolicy } from '#src/db/schema/offer-terms.ts';
import type { HotelPlan } from './hotels.ts';
import { type Random, randomFor } from './random.ts';
import type { ThemeSlug } from './reference-data.ts';

/** The offer columns this module plans: terms a buyer asks about, and whether the offer is still sold. */
export type OfferTermsColumns = {
  isActive: boolean;
  saleEndsAt: Date | null;
  arrivalDays: number[];
  minStayNights: number | null;
  childrenPolicy: ChildrenPolicy;
  petsPolicy: PetsPolicy;
  blackoutPeriods: BlackoutPeriod[];
  inclusions: Inclusion[];
};

type TermsInput = {
  offerId: number;
  hotel: HotelPlan;
  themes: readonly ThemeSlug[];
  nightsMin: number;
  nightsMax: number;
};

/**
 * Every 67th offer is no longer sold: alternately switched off and with its sale period over (so the
 * demo has expired offers for the 410 page at any catalogue size from 67 offers). A few others end their
 * sale later.
 */
const expiredEvery = 67;
const pastSaleEnd = new Date(Date.UTC(2025, 11, 31, 23, 0));
const futureSaleEnd = new Date(Date.UTC(2027, 5, 30, 22, 0));

/** Years the demo's vouchers can be redeemed in (bought from 2026, valid three years). */
const redemptionYears = [2026, 2027, 2028, 2029] as const;

/** Easter Sunday (Gregorian; Meeus/Jones/Butcher), as a UTC date. */
function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);
const dateOf = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));

function planArrivalDays(random: Random, hotel: HotelPlan, nightsMin: number): number[] {
  const options: [number[], number][] = [
    [[], 45],
    [[7, 1, 2, 3, 4], 25],
    [[1, 2, 3, 4, 5], hotel.region.traits.includes('city') ? 5 : 15],
    [[5, 6], nightsMin <= 2 ? 10 : 0],
    [[6], nightsMin >= 7 ? 30 : 0],
  ];
  return [...random.weighted(options)].sort((a, b) => a - b);
}

function planChildren(random: Random, hotel: HotelPlan, themes: readonly ThemeSlug[]): ChildrenPolicy {
  const isFamily = themes.includes('familie') || hotel.features.has('kids-club');
  const isAdultsOnly =
    !isFamily &&
    ((themes[0] === 'romantik' && random.chance(0.5)) ||
      (hotel.region.traits.includes('spa') && random.chance(0.25)));
  if (isAdultsOnly) return { isAllowed: false, minimumAge: null, bands: [] };
  const minimumAge =
    !isFamily && themes.includes('wellness') && random.chance(0.3) ? random.pick([6, 12]) : null;
  // Family offers' text says "children up to 5 stay free" (offer-copy.ts): the data agrees.
  const freeUpTo = isFamily ? 5 : random.pick([2, 3, 5, 5, 6]);
  const reducedUpTo = freeUpTo >= 11 ? random.pick([14, 15]) : random.pick([11, 12, 13]);
  const bands: ChildrenPolicy['bands'] = [
    { fromAge: 0, toAge: freeUpTo, pricePercent: 0 },
    { fromAge: freeUpTo + 1, toAge: reducedUpTo, pricePercent: random.pick([30, 50, 50, 60]) },
    { fromAge: reducedUpTo + 1, toAge: 17, pricePercent: random.pick([70, 80]) },
  ].filter((band) => minimumAge === null || band.toAge >= minimumAge);
  if (minimumAge !== null && bands[0])
    bands[0] = { ...bands[0], fromAge: Math.max(bands[0].fromAge, minimumAge) };
  return { isAllowed: true, minimumAge, bands };
}

/** As the offer texts' notes say: pets on request for a fee where the hotel takes them, else none. */
function planPets(random: Random, hotel: HotelPlan, themes: readonly ThemeSlug[]): PetsPolicy {
  if (themes.includes('urlaub-mit-hund')) {
    return {
      policy: 'allowed',
      feePerNightCents: random.chance(0.5) ? null : random.pick([800, 1000, 1200]),
    };
  }
  if (hotel.features.has('pets')) {
    return { policy: 'on-request', feePerNightCents: random.pick([1000, 1200, 1500, 2000]) };
  }
  return { policy: 'not-allowed', feePerNightCents: null };
}

function planBlackouts(random: Random, hotel: HotelPlan): BlackoutPeriod[] {
  const traits = hotel.region.traits;
  const periods: BlackoutPeriod[] = [];
  const hasChristmas = random.chance(traits.includes('sea') ? 0.3 : 0.75);
  const hasEaster = random.chance(0.4);
  const peak = traits.includes('sea')
    ? random.chance(0.6) && { from: [7, 20], to: [8, 25] }
    : traits.includes('alpine')
      ? random.chance(0.5) && { from: [2, 7], to: [3, 1] }
      : null;
  const event =
    traits.includes('city') && random.chance(0.4)
      ? { month: random.int(3, 10), day: random.int(1, 20) }
      : null;
  for (const year of redemptionYears) {
    if (hasChristmas && year < 2029) {
      periods.push({
        from: isoDate(dateOf(year, 12, 23)),
        to: isoDate(dateOf(year + 1, 1, 6)),
        reason: 'christmas-new-year',
      });
    }
    if (hasEaster) {
      const easter = easterSunday(year);
      periods.push({ from: isoDate(addDays(easter, -3)), to: isoDate(addDays(easter, 1)), reason: 'easter' });
    }
    if (peak) {
      periods.push({
        from: isoDate(dateOf(year, peak.from[0]!, peak.from[1]!)),
        to: isoDate(dateOf(year, peak.to[0]!, peak.to[1]!)),
        reason: 'peak-season',
      });
    }
    if (event) {
      const start = dateOf(year, event.month, event.day);
      periods.push({ from: isoDate(start), to: isoDate(addDays(start, 4)), reason: 'local-event' });
    }
  }
  return periods.sort((a, b) => a.from.localeCompare(b.from));
}

const inclusionsByTheme: Partial<Record<ThemeSlug, Inclusion[]>> = {
  wellness: [
    { code: 'spa-access', quantity: 1, per: 'night' },
    { code: 'bathrobe', quantity: 1, per: 'stay' },
    { code: 'massage', quantity: 1, per: 'person' },
  ],
  romantik: [
    { code: 'sparkling-wine', quantity: 1, per: 'stay' },
    { code: 'candlelight-dinner', quantity: 1, per: 'stay' },
    { code: 'late-checkout', quantity: 1, per: 'stay' },
  ],
  kulinarik: [
    { code: 'wine-tasting', quantity: 1, per: 'person' },
    { code: 'cooking-class', quantity: 1, per: 'person' },
  ],
  staedtereise: [
    { code: 'city-tour', quantity: 1, per: 'person' },
    { code: 'transport-pass', quantity: 1, per: 'person' },
  ],
  'aktiv-wandern': [
    { code: 'guest-card', quantity: 1, per: 'person' },
    { code: 'bike-rental', quantity: 1, per: 'night' },
  ],
  'ski-winter': [{ code: 'ski-pass', quantity: 1, per: 'person' }],
  golf: [{ code: 'green-fee', quantity: 2, per: 'person' }],
  familie: [{ code: 'guest-card', quantity: 1, per: 'person' }],
  kurzurlaub: [{ code: 'late-checkout', quantity: 1, per: 'stay' }],
};

function planInclusions(random: Random, hotel: HotelPlan, themes: readonly ThemeSlug[]): Inclusion[] {
  const candidates = themes.flatMap((theme) => inclusionsByTheme[theme] ?? []);
  const chosen: Inclusion[] = random.chance(0.6)
    ? [{ code: 'welcome-drink', quantity: 1, per: 'person' }]
    : [];
  for (const inclusion of candidates) {
    if (chosen.length >= 5) break;
    if (chosen.some((item) => item.code === inclusion.code)) continue;
    if (random.chance(0.65)) chosen.push(inclusion);
  }
  if (hotel.features.has('parking') && random.chance(0.35))
    chosen.push({ code: 'parking', quantity: 1, per: 'night' });
  return chosen;
}

/**
 * The terms of one offer, from a random stream of their own so that the rest of the offer (titles,
 * prices, stock) comes out as before.
 */
export function planOfferTerms({
  offerId,
  hotel,
  themes,
  nightsMin,
  nightsMax,
}: TermsInput): OfferTermsColumns {
  const random = randomFor('offer-terms', offerId);
  const isExpired = offerId % expiredEvery === 0;
  const isSwitchedOff = isExpired && (offerId / expiredEvery) % 2 === 1;
  const saleEndsAt = isExpired
    ? isSwitchedOff
      ? null
      : pastSaleEnd
    : random.chance(0.08)
      ? futureSaleEnd
      : null;
  return {
    isActive: !isSwitchedOff,
    saleEndsAt,
    arrivalDays: planArrivalDays(random, hotel, nightsMin),
    minStayNights: nightsMax >= 4 && random.chance(0.35) ? 2 : null,
    childrenPolicy: planChildren(random, hotel, themes),
    petsPolicy: planPets(random, hotel, themes),
    blackoutPeriods: planBlackouts(random, hotel),
    inclusions: planInclusions(random, hotel, themes),
  };
}

/** Whether the offer is still sold: promotions and promotion codes pick only these. */
export function isOnSale(offer: { isActive?: boolean; saleEndsAt?: Date | null }, now = Date.now()): boolean {
  return offer.isActive !== false && (!offer.saleEndsAt || offer.saleEndsAt.getTime() > now);
}
