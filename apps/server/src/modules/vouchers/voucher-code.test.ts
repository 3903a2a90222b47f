import { isWellFormedVoucherCode } from '@shop/contracts/voucher-code';
import { describe, expect, it } from 'vitest';
import { newVoucherCode } from './voucher-code.ts';

describe('voucher codes', () => {
  it('are 12 unambiguous symbols in three groups, and different every time', () => {
    const codes = new Set(Array.from({ length: 5000 }, newVoucherCode));
    expect(codes.size).toBe(5000);
    for (const code of [...codes].slice(0, 200)) {
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
      expect(isWellFormedVoucherCode(code)).toBe(true);
      expect(isWellFormedVoucherCode(code.toLowerCase().replaceAll('-', ' '))).toBe(true);
    }
  });

  it('catch every single mistyped symbol by their check symbol', () => {
    const code = newVoucherCode().replaceAll('-', '');
    for (let position = 0; position < code.length; position++) {
      for (const symbol of 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789') {
        if (symbol === code[position]) continue;
        const typo = code.slice(0, position) + symbol + code.slice(position + 1);
        expect(isWellFormedVoucherCode(typo), typo).toBe(false);
      }
    }
    expect(isWellFormedVoucherCode('ABCD-EFGH-JK0O')).toBe(false);
    expect(isWellFormedVoucherCode('ABCD-EFGH')).toBe(false);
  });
});
