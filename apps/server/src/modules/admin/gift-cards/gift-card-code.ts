import { randomInt } from 'node:crypto';

/**
 * A new gift card code: `GC-XXXX-XXXX-XXXX`, 12 symbols of 32 (60 random bits from the system's CSPRNG),
 * within the shop's `tan` format (letters, digits and '-', 4 to 40). No 0/O or 1/I: the code is typed
 * from a printed card.
 */
const symbols = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newGiftCardCode(): string {
  const group = () => Array.from({ length: 4 }, () => symbols[randomInt(symbols.length)]).join('');
  return `GC-${group()}-${group()}-${group()}`;
}

export const giftCardCodePattern = /^GC-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;
