import { randomBytes } from 'node:crypto';

/** No look-alikes (0/O, 1/I): codes are read off paper and typed in by hotels. 32 symbols = 5 bits each. */
const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const randomLength = 11;

/**
 * A voucher code: 11 random symbols (55 bits; with 32 symbols a byte modulo 32 is unbiased) and a check
 * symbol (Luhn mod 32) that catches any single mistyped symbol and most swapped neighbours, shown as
 * `XXXX-XXXX-XXXX`.
 */
export function newVoucherCode(): string {
  const symbols = Array.from(randomBytes(randomLength), (byte) => alphabet[byte % alphabet.length]).join('');
  const code = symbols + checkSymbol(symbols);
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

/** Whether a typed code (any case, with or without hyphens and spaces) is one this shop could have made. */
export function isWellFormedVoucherCode(input: string): boolean {
  const symbols = input.toUpperCase().replace(/[\s-]/g, '');
  if (symbols.length !== randomLength + 1 || [...symbols].some((symbol) => !alphabet.includes(symbol))) {
    return false;
  }
  return checkSymbol(symbols.slice(0, randomLength)) === symbols.at(-1);
}

function checkSymbol(symbols: string): string {
  const n = alphabet.length;
  let sum = 0;
  let factor = 2;
  for (let i = symbols.length - 1; i >= 0; i--) {
    const product = factor * alphabet.indexOf(symbols[i] as string);
    sum += Math.floor(product / n) + (product % n);
    factor = factor === 2 ? 1 : 2;
  }
  return alphabet[(n - (sum % n)) % n] as string;
}
