import { describe, expect, it } from 'vitest';
import { reductionAmountText } from './reduction.ts';

describe('SPEC §4 displayed reduction', () => {
  it('says what a code takes off in the shop’s price format', () => {
    expect(reductionAmountText({ operation: '+', value: 5000 }, 'de')).toBe('−€ 50,-');
    expect(reductionAmountText({ operation: '%', value: 0.1 }, 'de')).toBe('−10 %');
    expect(reductionAmountText({ operation: '%', value: 0.125 }, 'en')).toBe('−12.5 %');
    expect(reductionAmountText({ operation: '%', value: 0.125 }, 'it')).toBe('−12,5 %');
  });
});
