import { describe, expect, it } from 'vitest';
import { brandInsurance, curtailmentCoveredDays, premiumFor, travellerDefaults } from './insurance-rules.ts';

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
    const insurer = {
      name: 'Versicherer AG',
      address: 'Weg 1, 10115 Berlin, DE',
      invoiceWithinDays: 14,
      paymentTermDays: 14,
    };
    expect(brandInsurance({ insurance: { tariffs, insurer } })).toEqual({ tariffs, insurer });
  });
});

describe('travellerDefaults (issue 24: what the order knows fills the form)', () => {
  const customer = {
    gender: 20,
    firstName: 'Erika',
    lastName: 'Muster',
    street: 'Hauptstraße',
    houseNumber: '12a',
    postcode: '80331',
    city: 'München',
  };
  const address = { street: 'Hauptstraße', houseNumber: '12a', postcode: '80331', city: 'München' };

  it("puts this voucher's guest first, then the buyer with her title, every one at the buyer's address", () => {
    expect(
      travellerDefaults({
        persons: 3,
        locale: 'de',
        customer,
        voucherGuest: { firstName: 'Hans', lastName: 'Gast' },
        otherGuests: [{ firstName: 'erika', lastName: 'muster' }],
      }),
    ).toEqual([
      { title: '', firstName: 'Hans', lastName: 'Gast', ...address },
      { title: 'Frau', firstName: 'Erika', lastName: 'Muster', ...address },
      { title: '', firstName: '', lastName: '', ...address },
    ]);
  });

  it('names the title in the language of the form, and leaves all empty without a customer', () => {
    const [first] = travellerDefaults({
      persons: 1,
      locale: 'it',
      customer: { ...customer, gender: 10 },
      voucherGuest: null,
      otherGuests: [],
    });
    expect(first?.title).toBe('Sig.');
    expect(
      travellerDefaults({ persons: 1, locale: 'en', customer: null, voucherGuest: null, otherGuests: [] }),
    ).toEqual([
      { title: '', firstName: '', lastName: '', street: '', houseNumber: '', postcode: '', city: '' },
    ]);
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
