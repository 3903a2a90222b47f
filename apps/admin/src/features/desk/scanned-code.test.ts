import { describe, expect, it } from 'vitest';
import { voucherCodeIn } from './scanned-code.ts';

describe('a scanned QR code', () => {
  it('is a voucher code when it holds one with the right check symbol, in any case', () => {
    // 'ZZZZZZZZZZZ' has the check symbol 'V' (voucher-code.ts, Luhn mod 32).
    expect(voucherCodeIn('ZZZZ-ZZZZ-ZZZV')).toBe('ZZZZ-ZZZZ-ZZZV');
    expect(voucherCodeIn(' zzzzzzzzzzzv\n')).toBe('ZZZZ-ZZZZ-ZZZV');
  });

  it('is nothing when it holds anything else', () => {
    expect(voucherCodeIn('ZZZZ-ZZZZ-ZZZA')).toBeNull();
    expect(voucherCodeIn('https://example.org/ZZZZ-ZZZZ-ZZZV')).toBeNull();
    expect(voucherCodeIn('BCD\n001\n1\nSCT')).toBeNull();
  });
});
