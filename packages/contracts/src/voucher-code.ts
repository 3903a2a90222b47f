/**
 * The voucher code's alphabet and check symbol, shared by the server that makes codes and the hotel's
 * desk that types them: a typo is caught before anything is looked up (and before a guess is counted).
 */

/** No look-alikes (0/O, 1/I): codes are read off paper and typed in by hotels. 32 symbols = 5 bits each. */
export const voucherCodeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const voucherCodeRandomLength = 11;

/** The code as stored and printed, `XXXX-XXXX-XXXX`, from any case, with or without hyphens and spaces. */
export function normalVoucherCode(input: string): string {
  const symbols = input.toUpperCase().replace(/[\s-]/g, '');
  return `${symbols.slice(0, 4)}-${symbols.slice(4, 8)}-${symbols.slice(8)}`;
}

/** Whether a typed code (any case, with or without hyphens and spaces) is one this shop could have made. */
export function isWellFormedVoucherCode(input: string): boolean {
  const symbols = input.toUpperCase().replace(/[\s-]/g, '');
  if (
    symbols.length !== voucherCodeRandomLength + 1 ||
    [...symbols].some((symbol) => !voucherCodeAlphabet.includes(symbol))
  ) {
    return false;
  }
  return voucherCheckSymbol(symbols.slice(0, voucherCodeRandomLength)) === symbols.at(-1);
}

/** Luhn mod 32: catches any single mistyped symbol and most swapped neighbours. */
export function voucherCheckSymbol(symbols: string): string {
  const n = voucherCodeAlphabet.length;
  let sum = 0;
  let factor = 2;
  for (let i = symbols.length - 1; i >= 0; i--) {
    const product = factor * voucherCodeAlphabet.indexOf(symbols[i] as string);
    sum += Math.floor(product / n) + (product % n);
    factor = factor === 2 ? 1 : 2;
  }
  return voucherCodeAlphabet[(n - (sum % n)) % n] as string;
}
