import { describe, expect, it } from 'vitest';
import { allocatePrepaid, discountFor, totalsOf } from './order-pricing.ts';

describe('order pricing', () => {
  it("takes a '+' code's cents and a '%' code's fraction off the subtotal", () => {
    expect(discountFor(20_000, { operation: '+', value: 5_000, minimumOrderCents: 0 })).toBe(5_000);
    expect(discountFor(19_999, { operation: '%', value: 1_000, minimumOrderCents: 0 })).toBe(2_000);
  });

  it('keeps the original price when the code would leave nothing to pay (SPEC §4)', () => {
    expect(discountFor(4_000, { operation: '+', value: 5_000, minimumOrderCents: 0 })).toBe(0);
    expect(discountFor(5_000, { operation: '+', value: 5_000, minimumOrderCents: 0 })).toBe(0);
    expect(discountFor(5_000, { operation: '%', value: 10_000, minimumOrderCents: 0 })).toBe(0);
  });

  it('gives nothing below the minimum order value', () => {
    const terms = { operation: '+' as const, value: 5_000, minimumOrderCents: 10_000 };
    expect(discountFor(9_999, terms)).toBe(0);
    expect(discountFor(10_000, terms)).toBe(5_000);
  });

  it('reduces only the lines of the offers a code is for; the minimum counts the whole order', () => {
    const lines = [
      { quantity: 1, unitPriceCents: 10_000, offerId: 1 },
      { quantity: 2, unitPriceCents: 5_000, offerId: 2 },
    ];
    const forOfferTwo = { operation: '%' as const, value: 1_000, minimumOrderCents: 15_000, offerIds: [2] };
    expect(totalsOf(lines, forOfferTwo, []).discountCents).toBe(1_000);
    expect(totalsOf(lines, { ...forOfferTwo, offerIds: [3] }, []).discountCents).toBe(0);
    expect(totalsOf(lines, { ...forOfferTwo, minimumOrderCents: 20_001 }, []).discountCents).toBe(0);
    // A fixed amount larger than the lines it reduces gives nothing, as for a whole order.
    expect(
      totalsOf(lines, { operation: '+', value: 10_000, minimumOrderCents: 0, offerIds: [2] }, [])
        .discountCents,
    ).toBe(0);
  });

  it('lets gift cards pay what is left, in order, each up to its balance', () => {
    expect(
      allocatePrepaid(7_000, [
        { id: 1, balanceCents: 5_000 },
        { id: 2, balanceCents: 5_000 },
        { id: 3, balanceCents: 5_000 },
      ]),
    ).toEqual([
      { id: 1, amountCents: 5_000 },
      { id: 2, amountCents: 2_000 },
      { id: 3, amountCents: 0 },
    ]);
  });

  it('adds it up in whole cents', () => {
    const totals = totalsOf(
      [
        { quantity: 2, unitPriceCents: 12_999 },
        { quantity: 1, unitPriceCents: 5_050 },
      ],
      { operation: '%', value: 1_000, minimumOrderCents: 0 },
      [{ id: 9, balanceCents: 1_000 }],
    );
    expect(totals).toEqual({
      subtotalCents: 31_048,
      discountCents: 3_105,
      prepaid: [{ id: 9, amountCents: 1_000 }],
      prepaidCents: 1_000,
      totalCents: 26_943,
    });
  });
});
