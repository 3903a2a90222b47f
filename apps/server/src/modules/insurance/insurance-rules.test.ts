import { describe, expect, it } from 'vitest';
import { brandInsurance, curtailmentCoveredDays, premiumFor } from './insurance-rules.ts';

const tariffs = [
  { upToCents: 50_000, cancellationCents: 2_900, curtailmentCents: 1_900 },
  { upToCents: 100_000, cancellationCents: 4_900, curtailmentCents: 2_900 },
  { upToCents: 250_000, cancellationCents: 8_900, curtailmentCents: 4_900 },
];

describe('premiumFor (the brand tariff table)', () => {
  it('takes the first band that holds the value, its upper bound included', () => {
    expect(premiumFor(tariffs, 0, 'cancellation')).toBe(2_900);
    expect(premiumFor(tariffs, 50_000, 'cancellation')).toBe(2_900);
    expect(premiumFor(tariffs, 50_001, 'cancellation')).toBe(4_900);
    expect(premiumFor(tariffs, 50_001, 'curtailment')).toBe(2_900);
    expect(premiumFor(tariffs, 250_000, 'curtailment')).toBe(4_900);
  });

  it('finds no premium above the highest band or for a value that is not whole cents', () => {
    expect(premiumFor(tariffs, 250_001, 'cancellation')).toBeNull();
    expect(premiumFor(tariffs, 100.5, 'cancellation')).toBeNull();
    expect(premiumFor(tariffs, -1, 'cancellation')).toBeNull();
    expect(premiumFor([], 1, 'cancellation')).toBeNull();
  });

  it('does not depend on the order of the bands', () => {
    expect(premiumFor([...tariffs].reverse(), 60_000, 'cancellation')).toBe(4_900);
  });
});

describe('brandInsurance', () => {
  it('is null for a brand without insurance, the settings otherwise', () => {
    expect(brandInsurance({ insurance: null })).toBeNull();
    expect(brandInsurance({ insurance: { tariffs } })).toEqual({ tariffs });
  });
});

describe('curtailmentCoveredDays (SPEC §9: the first half of the trip, at most 8 days)', () => {
  it.each([
    [1, 1],
    [2, 1],
    [3, 2],
    [7, 4],
    [10, 5],
    [14, 7],
    [15, 8],
    [16, 8],
    [30, 8],
  ])('%i nights → the first %i days', (nights, days) => {
    expect(curtailmentCoveredDays(nights)).toBe(days);
  });

  it('never covers past the middle of the trip nor more than 8 days', () => {
    for (let nights = 1; nights <= 60; nights++) {
      const days = curtailmentCoveredDays(nights);
      expect(days).toBeGreaterThanOrEqual(1);
      expect(days).toBeLessThanOrEqual(8);
      if (nights > 1) expect(days * 2).toBeLessThanOrEqual(nights + 1);
    }
  });

  it('refuses a stay without nights', () => {
    expect(() => curtailmentCoveredDays(0)).toThrow(RangeError);
  });
});
