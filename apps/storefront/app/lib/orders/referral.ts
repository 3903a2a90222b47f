import { readStored, storageKeys, writeStored } from '#app/lib/browser-storage.ts';

/**
 * SPEC §1/§3 referral token: a partner link's `r` (and optional `rx`) in the start URL, kept with the
 * path it landed on, the page that sent the visitor and when. Item adds carry it to the order.
 */
export type ReferralToken = {
  code: string;
  /** The partner's extra data (`rx`). */
  payload: string | null;
  path: string;
  referer: string;
  createdAt: string;
  /** Sent with an item add already (the server then knows it is not the first use). */
  isUsed: boolean;
};

/** The item-add fields of the contract (`addItemRequestSchema`) that carry the referral. */
export type ReferralFields = {
  ref?: string;
  refPayload?: string;
  referer?: string;
  refPath?: string;
  refUsed?: boolean;
};

// The contract's limits: longer values would make the whole add fail.
const maxCode = 100;
const maxText = 2000;

/** The token a start URL carries, or null when it has no usable `r`. */
export function parseReferral(url: URL, referrer: string, now: Date): ReferralToken | null {
  const code = url.searchParams.get('r')?.trim() ?? '';
  if (!code || code.length > maxCode) return null;
  const payload = url.searchParams.get('rx')?.trim() || null;
  return {
    code,
    payload: payload ? payload.slice(0, maxText) : null,
    path: url.pathname.slice(0, maxText),
    referer: referrer.slice(0, maxText),
    createdAt: now.toISOString(),
    isUsed: false,
  };
}

/** A stored token, or null when there is none or it is not one of ours. */
export function decodeReferral(stored: string | null): ReferralToken | null {
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as Partial<ReferralToken>;
    if (typeof value.code !== 'string' || !value.code || value.code.length > maxCode) return null;
    return {
      code: value.code,
      payload: typeof value.payload === 'string' ? value.payload.slice(0, maxText) : null,
      path: typeof value.path === 'string' ? value.path.slice(0, maxText) : '',
      referer: typeof value.referer === 'string' ? value.referer.slice(0, maxText) : '',
      createdAt: typeof value.createdAt === 'string' ? value.createdAt : '',
      isUsed: value.isUsed === true,
    };
  } catch {
    return null;
  }
}

export function referralFields(token: ReferralToken | null): ReferralFields {
  if (!token) return {};
  return {
    ref: token.code,
    ...(token.payload ? { refPayload: token.payload } : {}),
    ...(token.referer ? { referer: token.referer } : {}),
    ...(token.path ? { refPath: token.path } : {}),
    refUsed: token.isUsed,
  };
}

/** On the first page of a visit: a new partner link replaces an older token (the last click counts). */
export function captureReferral(): void {
  const token = parseReferral(new URL(window.location.href), document.referrer, new Date());
  if (token) writeStored(storageKeys.referral, JSON.stringify(token));
}

export function storedReferral(): ReferralToken | null {
  return decodeReferral(readStored(storageKeys.referral));
}

export function markReferralUsed(): void {
  const token = storedReferral();
  if (token && !token.isUsed) writeStored(storageKeys.referral, JSON.stringify({ ...token, isUsed: true }));
}
