import type { BrandConfig } from './brand-config.ts';

/**
 * Which third-party tags a brand's pages load once the visitor allowed all cookies: exactly those its
 * configuration names (SPEC §1 analyticsType/analyticsId, tagManager, fbPixel, awinId, adcell). The
 * storefront's tag loader and banner, and the server's Content-Security-Policy, read this one list.
 * No zod here: browser chunks import it.
 */

export type TrackingConfig = Pick<
  BrandConfig,
  'hasCookieConsent' | 'analyticsId' | 'analyticsType' | 'tagManager' | 'fbPixel' | 'awinId' | 'adcell'
>;

/** gtag: gtag.js (GA4); ua: analytics.js (Universal Analytics); awin: the mastertag; adcell: its script. */
export type TrackingTag = 'gtag' | 'ua' | 'tagManager' | 'fbPixel' | 'awin' | 'adcell';

/** A brand without a cookie banner loads no tags at all: nobody could have consented. */
export function configuredTags(brand: TrackingConfig): TrackingTag[] {
  if (!brand.hasCookieConsent) return [];
  const tags: TrackingTag[] = [];
  const type = brand.analyticsId ? brand.analyticsType : null;
  if (type === 'gtag' || type === 'both') tags.push('gtag');
  if (type === 'ua' || type === 'both') tags.push('ua');
  if (brand.tagManager) tags.push('tagManager');
  if (brand.fbPixel) tags.push('fbPixel');
  if (brand.awinId) tags.push('awin');
  if (brand.adcell) tags.push('adcell');
  return tags;
}

/** The service each tag stands for, as the cookie banner names it (and the consent record keeps). */
const serviceNames: Record<TrackingTag, string> = {
  gtag: 'Google Analytics',
  ua: 'Google Analytics',
  tagManager: 'Google Tag Manager',
  fbPixel: 'Meta Pixel',
  awin: 'AWIN',
  adcell: 'adcell',
};

/** The services a brand's banner names, each once (gtag and ua are both Google Analytics). */
export function namedServices(brand: TrackingConfig): string[] {
  return [...new Set(configuredTags(brand).map((tag) => serviceNames[tag]))];
}
