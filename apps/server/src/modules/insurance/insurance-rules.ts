import type { BrandConfig } from '@shop/contracts/brand-config';
import type { InsuranceType } from '@shop/contracts/insurance';

/**
 * The pure rules of travel insurance: which premium a voucher pays (the brand's tariff table) and what a
 * curtailment policy covers (SPEC §9). No I/O, so that they are tested on their own.
 */

export type InsuranceTariff = { upToCents: number; cancellationCents: number; curtailmentCents: number };
export type InsuranceSettings = { tariffs: InsuranceTariff[] };

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
