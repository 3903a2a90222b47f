import { randomBytes } from 'node:crypto';
import {
  voucherCheckSymbol,
  voucherCodeAlphabet,
  voucherCodeRandomLength,
} from '@shop/contracts/voucher-code';

/**
 * A voucher code: 11 random symbols (55 bits; with 32 symbols a byte modulo 32 is unbiased) and a check
 * symbol (Luhn mod 32) that catches any single mistyped symbol and most swapped neighbours, shown as
 * `XXXX-XXXX-XXXX`.
 */
export function newVoucherCode(): string {
  const symbols = Array.from(
    randomBytes(voucherCodeRandomLength),
    (byte) => voucherCodeAlphabet[byte % voucherCodeAlphabet.length],
  ).join('');
  const code = symbols + voucherCheckSymbol(symbols);
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}
