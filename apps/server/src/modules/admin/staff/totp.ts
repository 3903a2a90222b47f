/**
 * The second factor (RFC 6238 TOTP: 30-second steps, six digits, SHA-1, as every authenticator app
 * reads it from an otpauth:// QR code), through the maintained `otpauth` package. A code is accepted
 * one step early or late (clock drift) and only once: the step it was made for is stored, and a code
 * of that step or an earlier one is refused afterwards (RFC 6238 §5.2).
 */
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

const issuer = 'Gutscheinshop Backoffice';

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secret: string, label: string) {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
}

export function totpUri(secret: string, email: string): string {
  return totpFor(secret, email).toString();
}

/** The time step the code was made for, or null when it is not one of the secret's current codes. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(secret, '').validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / 30) + delta;
}

/** Ten single-use recovery codes (`xxxx-xxxx`, lower case letters and digits) and their hashes. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  // 32 symbols (no l, o, 0, 1: they read alike), so that a random byte's low five bits pick one evenly.
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  const codes = Array.from({ length: 10 }, () => {
    const bytes = randomBytes(8);
    const chars = [...bytes].map((byte) => alphabet[byte & 31]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(code.toLowerCase()).digest('hex');
