import type { inclusionCodes, OfferTerms } from '@shop/contracts/catalogue';
import { type Locale, localeIso } from '@shop/contracts/locale';
import { toPrice } from '@shop/contracts/money';
import type { BlackoutPeriod, ChildrenPolicy, Inclusion, PetsPolicy } from '#src/db/schema/offer-terms.ts';

/** The terms columns of one offer as the repository reads them. */
export type OfferTermsRow = {
  arrival_days: number[];
  min_stay_nights: number | null;
  children_policy: ChildrenPolicy | null;
  pets_policy: PetsPolicy | null;
  blackout_periods: BlackoutPeriod[];
  inclusions: Inclusion[];
  sale_ends_at: Date | string | null;
};

type Text3 = Record<Locale, string>;

/** What each inclusion code says; the storefront adds the quantity and "per person" / "daily". */
export const inclusionLabels: Record<(typeof inclusionCodes)[number], Text3> = {
  'welcome-drink': { de: 'Begrüßungsgetränk', en: 'Welcome drink', it: 'Drink di benvenuto' },
  'candlelight-dinner': {
    de: 'Candle-Light-Dinner (4 Gänge)',
    en: 'Candlelit dinner (4 courses)',
    it: 'Cena a lume di candela (4 portate)',
  },
  'spa-access': {
    de: 'Eintritt in den Wellnessbereich',
    en: 'Access to the spa area',
    it: "Ingresso all'area benessere",
  },
  massage: {
    de: 'Teilkörpermassage (25 Min.)',
    en: 'Partial body massage (25 min)',
    it: 'Massaggio parziale (25 min)',
  },
  bathrobe: {
    de: 'Bademantel und Saunatuch auf dem Zimmer',
    en: 'Bathrobe and sauna towel in the room',
    it: 'Accappatoio e telo sauna in camera',
  },
  'late-checkout': {
    de: 'Späte Abreise bis 14 Uhr',
    en: 'Late check-out until 2 pm',
    it: 'Check-out posticipato alle 14',
  },
  parking: { de: 'Parkplatz am Hotel', en: 'Parking at the hotel', it: "Parcheggio presso l'hotel" },
  'guest-card': {
    de: 'Gästekarte mit regionalen Ermäßigungen',
    en: 'Guest card with local discounts',
    it: 'Carta ospite con sconti locali',
  },
  'bike-rental': { de: 'Leihfahrrad', en: 'Hire bike', it: 'Bicicletta a noleggio' },
  'wine-tasting': { de: 'Weinverkostung', en: 'Wine tasting', it: 'Degustazione di vini' },
  'city-tour': { de: 'Stadtführung', en: 'Guided city tour', it: 'Visita guidata della città' },
  'transport-pass': {
    de: 'Ticket für Bus und Bahn am Ort',
    en: 'Local public transport pass',
    it: 'Biglietto per i mezzi pubblici locali',
  },
  'sparkling-wine': {
    de: 'Flasche Sekt auf dem Zimmer',
    en: 'Bottle of sparkling wine in the room',
    it: 'Bottiglia di spumante in camera',
  },
  'cooking-class': {
    de: 'Kochkurs mit dem Küchenchef',
    en: 'Cooking class with the head chef',
    it: 'Corso di cucina con lo chef',
  },
  'green-fee': { de: 'Greenfee', en: 'Green fee', it: 'Green fee' },
  'ski-pass': { de: 'Skipass für einen Tag', en: 'One-day ski pass', it: 'Skipass giornaliero' },
};

const dateFormats = new Map<Locale, Intl.DateTimeFormat>();
function dateFormat(locale: Locale): Intl.DateTimeFormat {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(localeIso[locale], { dateStyle: 'medium', timeZone: 'UTC' });
    dateFormats.set(locale, format);
  }
  return format;
}

/** "23.12.2026 – 06.01.2027", "23 Dec 2026 – 6 Jan 2027" (en_GB, SPEC §9), "23 dic 2026 – 6 gen 2027". */
export function dateRangeText(from: string, to: string, locale: Locale): string {
  const format = dateFormat(locale);
  return `${format.format(new Date(`${from}T00:00:00Z`))} – ${format.format(new Date(`${to}T00:00:00Z`))}`;
}

/** The stored terms as the API answers them: periods already over are left out. */
export function presentOfferTerms(row: OfferTermsRow, locale: Locale, now = new Date()): OfferTerms {
  const today = now.toISOString().slice(0, 10);
  const saleEndsAt = row.sale_ends_at === null ? null : new Date(row.sale_ends_at).toISOString();
  return {
    arrivalDays: row.arrival_days,
    minStayNights: row.min_stay_nights,
    children: row.children_policy,
    pets: row.pets_policy && {
      policy: row.pets_policy.policy,
      feePerNight:
        row.pets_policy.feePerNightCents === null ? null : toPrice(row.pets_policy.feePerNightCents, locale),
    },
    blackoutPeriods: row.blackout_periods
      .filter((period) => period.to >= today)
      .map((period) => ({ ...period, display: dateRangeText(period.from, period.to, locale) })),
    inclusions: row.inclusions.map((inclusion) => ({
      ...inclusion,
      label: inclusionLabels[inclusion.code][locale],
    })),
    saleEndsAt,
  };
}
