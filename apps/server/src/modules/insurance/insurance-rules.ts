import type { BrandConfig } from '@shop/contracts/brand-config';
import type { InsuranceType, Traveller } from '@shop/contracts/insurance';
import type { Locale } from '@shop/contracts/locale';

/**
 * The pure rules of travel insurance: which premium a voucher pays (the brand's tariff table) and what a
 * curtailment policy covers (SPEC §9). No I/O, so that they are tested on their own.
 */

export type InsuranceTariff = { upToCents: number; cancellationCents: number; curtailmentCents: number };
export type InsuranceSettings = NonNullable<BrandConfig['insurance']>;

/**
 * The brand's insurance settings; null: the brand offers no insurance. The one place that reads the
 * config field, so that a change to its shape is a change here.
 */
export function brandInsurance(config: Pick<BrandConfig, 'insurance'>): InsuranceSettings | null {
  const insurance = config.insurance;
  return insurance && insurance.tariffs.length > 0 ? insurance : null;
}

/**
 * The premium in cents for a voucher worth `valueCents`: the first band (ascending `upToCents`, the bound
 * included) that holds the value. Null when the value is above the highest band: not insurable.
 */
export function premiumFor(
  tariffs: readonly InsuranceTariff[],
  valueCents: number,
  type: InsuranceType,
): number | null {
  if (!Number.isSafeInteger(valueCents) || valueCents < 0) return null;
  // Sorted here too: the contract refuses unsorted bands, but a rule should not depend on its caller.
  const band = [...tariffs].sort((a, b) => a.upToCents - b.upToCents).find((t) => valueCents <= t.upToCents);
  if (!band) return null;
  return type === 'cancellation' ? band.cancellationCents : band.curtailmentCents;
}

/** SPEC §9: travel curtailment is covered within the first half of the trip, at most its first 8 days. */
export const maxCurtailmentDays = 8;

/**
 * The days a curtailment policy covers for a stay of `nights` nights. The trip spans nights + 1 calendar
 * days (arrival to departure); its first half is the whole days up to the middle (rounded down, so the
 * cover never reaches past the middle), at least the arrival day, and never more than 8 days.
 * 1 night → 1 day, 3 nights → 2, 7 nights → 4, 14 nights → 7, 15 nights and more → 8.
 */
export function curtailmentCoveredDays(nights: number): number {
  if (!Number.isInteger(nights) || nights < 1) throw new RangeError(`nights must be ≥ 1, got ${nights}`);
  const tripDays = nights + 1;
  return Math.min(maxCurtailmentDays, Math.max(1, Math.floor(tripDays / 2)));
}

type KnownPerson = { firstName: string; lastName: string };
type Address = { street: string; houseNumber: string; postcode: string; city: string };

/** The salutation the checkout's gender answer stands for, as the traveller form's title (0: none). */
const salutations: Record<Locale, Record<number, string>> = {
  de: { 10: 'Herr', 20: 'Frau' },
  en: { 10: 'Mr', 20: 'Ms' },
  it: { 10: 'Sig.', 20: 'Sig.ra' },
};

/**
 * The traveller form's starting values (issue 24: the order already knows them): one per person of the
 * voucher. First this voucher's guest (the name entered on it), then the buyer, then the guests of the
 * order's other vouchers, each name once; every traveller at the buyer's address, which the buyer may
 * change. A traveller with no known name gets the address alone; the buyer's title from the checkout.
 */
export function travellerDefaults(input: {
  persons: number;
  locale: Locale;
  customer: (KnownPerson & Address & { gender: number }) | null;
  voucherGuest: KnownPerson | null;
  otherGuests: KnownPerson[];
}): Traveller[] {
  const { customer } = input;
  const address: Address = {
    street: customer?.street ?? '',
    houseNumber: customer?.houseNumber ?? '',
    postcode: customer?.postcode ?? '',
    city: customer?.city ?? '',
  };
  const buyerTitle = customer ? (salutations[input.locale][customer.gender] ?? '') : '';
  const sameName = (a: KnownPerson, b: KnownPerson) =>
    a.firstName.trim().toLowerCase() === b.firstName.trim().toLowerCase() &&
    a.lastName.trim().toLowerCase() === b.lastName.trim().toLowerCase();
  const people: (KnownPerson & { title: string })[] = [];
  const candidates = [
    ...(input.voucherGuest ? [input.voucherGuest] : []),
    ...(customer ? [customer] : []),
    ...input.otherGuests,
  ];
  for (const person of candidates) {
    if (people.some((known) => sameName(known, person))) continue;
    const isBuyer = customer !== null && sameName(person, customer);
    people.push({ firstName: person.firstName, lastName: person.lastName, title: isBuyer ? buyerTitle : '' });
  }
  return Array.from({ length: input.persons }, (_, index) => {
    const person = people[index];
    return {
      title: person?.title ?? '',
      firstName: person?.firstName ?? '',
      lastName: person?.lastName ?? '',
      ...address,
    };
  });
}
