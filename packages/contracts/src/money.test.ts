import { describe, expect, it } from 'vitest';
import { formatPrice } from './money.ts';

describe('formatPrice', () => {
  it('shows whole euros with ",-" in German and Italian (SPEC §9)', () => {
    expect(formatPrice(129_900, 'de')).toBe('€ 1.299,-');
    expect(formatPrice(129_900, 'it')).toBe('€ 1.299,-');
  });

  it('keeps cents when there are any', () => {
    expect(formatPrice(129_950, 'de')).toBe('€ 1.299,50');
    expect(formatPrice(5, 'de')).toBe('€ 0,05');
  });

  it('uses English grouping and decimals for en', () => {
    expect(formatPrice(129_900, 'en')).toBe('€ 1,299.00');
  });
});
