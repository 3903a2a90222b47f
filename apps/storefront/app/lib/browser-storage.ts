/**
 * localStorage that never throws: private modes and blocked storage make the shop forget, not fail.
 * SPEC §9 stored keys: current order id, order token, access token, referral, cookie acceptance flag.
 */
export const storageKeys = {
  orderId: 'orderId',
  orderToken: 'orderToken',
  /** The signed-in customer's access token with its expiry and user (session-store.ts). */
  accessToken: 'accessToken',
  referral: 'referral',
  cookieConsent: 'cookieConsent',
} as const;

export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage blocked or full: the value lives until the page is left.
  }
}
