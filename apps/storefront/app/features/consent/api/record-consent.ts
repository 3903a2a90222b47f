import type { ConsentChoice } from '@shop/contracts/consent';
import type { Locale } from '@shop/contracts/locale';
import { api, newRequestId } from '#app/lib/api-client.ts';
import { consentVisitorId } from '../consent-store.ts';

/** The banner's wording version: bump it with any change of the banner's texts (de, en or it). */
export const bannerVersion = 'banner-2026-1';

export type ShownBanner = {
  /** The banner's text as the visitor saw it (title, text, services, buttons). */
  text: string;
  services: string[];
  language: Locale;
};

/**
 * Stores the answer on the server as evidence (POST /api/consent): what was shown (wording version, a
 * SHA-256 of the text, the services named), the choice and the language; the server adds brand and time.
 * In the background: a failure changes nothing for the visitor (the answer is stored in the browser
 * already), so the call is silent and says nothing ('lookup' in the error catalogue).
 */
export async function recordConsent(choice: ConsentChoice, shown: ShownBanner): Promise<void> {
  await api('POST /api/consent', {
    action: 'lookup',
    isSilent: true,
    auth: 'none',
    body: {
      visitorId: consentVisitorId(newRequestId),
      choice,
      banner: { version: bannerVersion, textHash: await sha256(shown.text), services: shown.services },
      language: shown.language,
    },
  });
}

/** Hex SHA-256; null where the browser has no digest (WebCrypto exists only on https and localhost). */
async function sha256(text: string): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
