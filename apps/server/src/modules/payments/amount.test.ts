import { describe, expect, it } from 'vitest';
import { centsToDecimal, decimalToCents } from './amount.ts';

describe('cents ↔ decimal strings', () => {
  it.each([
    [129999, '1299.99'],
    [5, '0.05'],
    [50, '0.50'],
    [0, '0.00'],
    [100, '1.00'],
    [1, '0.01'],
    [-150, '-1.50'],
    [900719925474099, '9007199254740.99'],
  ])('%i cents ↔ "%s"', (cents, decimal) => {
    expect(centsToDecimal(cents)).toBe(decimal);
    expect(decimalToCents(decimal)).toBe(cents);
  });

  it('reads the short forms providers send', () => {
    expect(decimalToCents('100')).toBe(10000);
    expect(decimalToCents('12.5')).toBe(1250);
    expect(decimalToCents('0.1')).toBe(10);
    expect(decimalToCents(' 7.07 ')).toBe(707);
  });

  it('is exact where floating point is not', () => {
    // 0.29 * 100 is 28.999999999999996 and 1.15 * 100 is 114.99999999999999 in floating point.
    expect(decimalToCents('0.29')).toBe(29);
    expect(decimalToCents('1.15')).toBe(115);
    expect(decimalToCents('4.35')).toBe(435);
  });

  it('refuses what is not an amount in cents', () => {
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
    expect(() => centsToDecimal(Number.NaN)).toThrow(RangeError);
    for (const value of ['1.234', '1,00', '', 'abc', '1e3', '.5', '99999999999999999999']) {
      expect(() => decimalToCents(value)).toThrow(RangeError);
    }
  });
});
