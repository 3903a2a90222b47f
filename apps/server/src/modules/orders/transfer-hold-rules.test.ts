import { describe, expect, it } from 'vitest';
import { describeTransferLimit, transferUnitsAllowed, type VariantHolds } from './transfer-hold-rules.ts';

/** A variant of `units` (on the shelf before this order, plus what other transfers hold) and an order for `quantity`. */
const variant = (units: number, quantity: number, held: Partial<VariantHolds> = {}): VariantHolds => {
  const heldByTransfers = held.heldByTransfers ?? 0;
  return {
    title: 'Wellness am See',
    quantity,
    onShelf: units - heldByTransfers - quantity,
    heldByTransfers,
    heldByBuyer: held.heldByBuyer ?? 0,
  };
};

describe('what one order may hold unpaid for a bank transfer', () => {
  it('46 units: one buyer 4 (the floor), not the whole variant', () => {
    expect(transferUnitsAllowed(variant(46, 46))).toBe(4);
  });

  it('a large variant: 10 % for one buyer', () => {
    expect(transferUnitsAllowed(variant(300, 1))).toBe(30);
    expect(transferUnitsAllowed(variant(300, 1, { heldByBuyer: 28 }))).toBe(2);
  });

  it("counts the units the buyer's client or address holds in other open transfers", () => {
    expect(transferUnitsAllowed(variant(46, 1, { heldByTransfers: 4, heldByBuyer: 4 }))).toBe(0);
    expect(transferUnitsAllowed(variant(46, 1, { heldByTransfers: 4, heldByBuyer: 0 }))).toBe(4);
  });

  it('all transfers together hold at most half: the rest is for buyers paying at once', () => {
    expect(transferUnitsAllowed(variant(46, 1, { heldByTransfers: 21 }))).toBe(2);
    expect(transferUnitsAllowed(variant(46, 1, { heldByTransfers: 23 }))).toBe(0);
    // Few units: the ceiling is below the floor of one buyer.
    expect(transferUnitsAllowed(variant(5, 1))).toBe(2);
    // The last unit goes to whoever pays at once.
    expect(transferUnitsAllowed(variant(1, 1))).toBe(0);
  });
});

describe("the refusal, in the customer's language", () => {
  it('says how many may be reserved and what to do instead', () => {
    const limit = { reason: 'quantity', title: 'Wellness am See', allowed: 4 } as const;
    expect(describeTransferLimit(limit, 'de')).toBe(
      'Per Überweisung können wir von „Wellness am See“ derzeit höchstens 4 Stück für Sie reservieren. ' +
        'Bitte verringern Sie die Anzahl oder bezahlen Sie sofort mit PayPal oder Amazon Pay.',
    );
    expect(describeTransferLimit({ ...limit, allowed: 0 }, 'en')).toBe(
      '“Wellness am See” cannot be reserved for payment by bank transfer at the moment. ' +
        'Please pay at once with PayPal or Amazon Pay.',
    );
    expect(describeTransferLimit({ reason: 'open-transfers', limit: 3 }, 'it')).toContain(
      'Al massimo 3 ordini possono attendere un bonifico',
    );
  });
});
