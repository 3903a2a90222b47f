import { randomBytes, timingSafeEqual } from 'node:crypto';

/** The order key: 192 random bits, URL-safe. Guests prove access to an order with id + key. */
export function newOrderKey(): string {
  return randomBytes(24).toString('base64url');
}

/** Constant-time comparison, so response times do not reveal how much of a guessed key was right. */
export function isSameKey(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
