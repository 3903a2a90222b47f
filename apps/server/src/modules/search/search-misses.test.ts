import { describe, expect, it } from 'vitest';
import { newVoucherCode } from '#src/modules/vouchers/voucher-code.ts';
import { missTerm } from './search-misses.ts';

describe('the search terms counted when they find nothing', () => {
  it('keeps what a customer looks for, in one spelling', () => {
    expect(missTerm('  Hotel   Adler ')).toBe('hotel adler');
    expect(missTerm('Wellness 80331 München')).toBe('wellness 80331 münchen');
  });

  it('never keeps a code, an address or a phone number', () => {
    for (let index = 0; index < 500; index++) {
      const code = newVoucherCode();
      expect(missTerm(code), code).toBeNull();
      expect(missTerm(code.replaceAll('-', '')), code).toBeNull();
    }
    for (const term of [
      'SOMMER25',
      'gc-7f3k9q2m',
      'anna@example.org',
      'anna (at) example.de',
      '+49 170 1234567',
      '0170/123456',
      'x',
    ]) {
      expect(missTerm(term), term).toBeNull();
    }
  });
});
