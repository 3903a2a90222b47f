import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Database } from '#src/db/client.ts';
import { findOrCreateInstallationSecret } from '#src/db/installation-secrets.ts';

/**
 * Access tokens (SPEC §3): a JWT whose `id` and `sub` are the customer's id and user name. `sid` names the
 * server-side session, so ending the session ends the token at once (checked with the customer's row,
 * accounts.repository `findSignedInCustomer`), and `brand` the brand it was issued for. HS256 with a key
 * random per installation (kept in `installation_secrets`); verification accepts HS256 only, so
 * `alg: none` and any other algorithm are refused.
 */
export const accessTokenSeconds = 30 * 60;

export type AccessClaims = { customerId: string; userName: string; sessionId: string; brandId: number };

const algorithm = 'HS256';
const issuer = 'shop';

export type AccessTokens = {
  issue(claims: AccessClaims): Promise<{ token: string; expiresIn: number }>;
  /** The claims of a valid token; null for anything else (expired, forged, malformed, another algorithm). */
  verify(token: string): Promise<AccessClaims | null>;
  /** The same, accepting an expired token (signature still checked): the refresh call names its session so. */
  verifyIgnoringExpiry(token: string): Promise<AccessClaims | null>;
};

export function createAccessTokens(db: Database, options: { seconds?: number } = {}): AccessTokens {
  const seconds = options.seconds ?? accessTokenSeconds;
  let key: Promise<Uint8Array> | undefined;
  const keyOf = () => {
    key ??= findOrCreateInstallationSecret(
      db,
      'access-token-key',
      randomBytes(32).toString('base64url'),
    ).then((value) => Buffer.from(value, 'base64url'));
    // A failed read (database starting) is tried again by the next call.
    key.catch(() => {
      key = undefined;
    });
    return key;
  };

  const read = async (token: string, ignoreExpiry: boolean): Promise<AccessClaims | null> => {
    try {
      const { payload } = await jwtVerify(token, await keyOf(), {
        algorithms: [algorithm],
        issuer,
        requiredClaims: ['exp', 'sub', 'id', 'sid', 'brand'],
        // An expired token still names its session for the refresh; its signature must hold.
        ...(ignoreExpiry ? { currentDate: new Date(0) } : {}),
      });
      const { id, sub, sid, brand } = payload;
      if (typeof id !== 'string' || typeof sub !== 'string' || typeof sid !== 'string') return null;
      if (typeof brand !== 'number' || !Number.isInteger(brand)) return null;
      return { customerId: id, userName: sub, sessionId: sid, brandId: brand };
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  };

  return {
    async issue(claims) {
      const token = await new SignJWT({ id: claims.customerId, sid: claims.sessionId, brand: claims.brandId })
        .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
        .setSubject(claims.userName)
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime(`${seconds}s`)
        .sign(await keyOf());
      return { token, expiresIn: seconds };
    },
    verify: (token) => read(token, false),
    verifyIgnoringExpiry: (token) => read(token, true),
  };
}
