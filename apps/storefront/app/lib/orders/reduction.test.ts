import { describe, expect, it } from 'vitest';
import { reducedPrice, reductionAmountText } from './reduction.ts';

describe('SPEC §4 displayed reduction', () => {
  it("'+' takes the value (cents) off", () => {
    expect(reducedPrice(12_900, { operation: '+', value: 5000 })).toBe(7900);
  });

  it("'%' multiplies by one minus the fraction, to whole cents", () => {
    expect(reducedPrice(50_000, { operation: '%', value: 0.1 })).toBe(45_000);
    expect(reducedPrice(999, { operation: '%', value: 0.15 })).toBe(849);
  });

  it('a result of zero or less keeps the original price', () => {
    expect(reducedPrice(4000, { operation: '+', value: 5000 })).toBe(4000);
    expect(reducedPrice(5000, { operation: '+', value: 5000 })).toBe(5000);
    expect(reducedPrice(5000, { operation: '%', value: 1 })).toBe(5000);
  });

  it('says what a code takes off in the shop’s price format', () => {
    expect(reductionAmountText({ operation: '+', value: 5000 }, 'de')).toBe('−€ 50,-');
    expect(reductionAmountText({ operation: '%', value: 0.1 }, 'de')).toBe('−10 %');
    expect(reductionAmountText({ operation: '%', value: 0.125 }, 'en')).toBe('−12.5 %');
    expect(reductionAmountText({ operation: '%', value: 0.125 }, 'it')).toBe('−12,5 %');
  });
});
