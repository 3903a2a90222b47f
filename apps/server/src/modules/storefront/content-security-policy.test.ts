import type { MapTiles } from '@shop/contracts/map-tiles';
import { mapTilesFor, openStreetMapTiles } from '@shop/contracts/map-tiles';
import { configuredTags, type TrackingConfig } from '@shop/contracts/tracking-tags';
import { describe, expect, it } from 'vitest';
import { pageContentSecurityPolicy } from './content-security-policy.ts';

const noTags: TrackingConfig = {
  hasCookieConsent: true,
  analyticsId: null,
  analyticsType: null,
  tagManager: null,
  fbPixel: null,
  awinId: null,
  adcell: null,
};

/** The policy as directive → sources. */
function directivesOf(
  brand: Partial<typeof noTags>,
  mapTiles: MapTiles | null = null,
): Record<string, string[]> {
  const policy = pageContentSecurityPolicy('bm9uY2U=', { ...noTags, ...brand }, mapTiles);
  return Object.fromEntries(
    policy.split('; ').map((directive) => {
      const [name = '', ...sources] = directive.split(' ');
      return [name, sources];
    }),
  );
}

/** Every host the policy allows besides our own origin, the nonce and data:. */
function thirdPartyHosts(
  brand: Partial<typeof noTags>,
  mapTiles: MapTiles | null = null,
): Record<string, string[]> {
  const hosts: Record<string, string[]> = {};
  for (const [name, sources] of Object.entries(directivesOf(brand, mapTiles))) {
    const foreign = sources.filter((source) => source.startsWith('https://'));
    if (foreign.length > 0) hosts[name] = foreign.sort();
  }
  return hosts;
}

describe("the page policy allows exactly the brand's configured tag hosts", () => {
  it('a brand without tags: no third-party host at all (map tiles come through our origin)', () => {
    expect(thirdPartyHosts({})).toEqual({});
    expect(directivesOf({})['img-src']?.join(' ')).not.toMatch(/openstreetmap/);
    expect(directivesOf({})['frame-src']).toBeUndefined();
  });

  it('map tiles: proxied ones are our own; a tile server asked directly is allowed for images only, and only where consent is asked', () => {
    const brand = { short: 'demo', mapTileUrl: null, mapTileAttribution: null };
    const proxied = mapTilesFor(brand, { url: openStreetMapTiles, isProxied: true });
    expect(thirdPartyHosts({}, proxied)).toEqual({});
    const direct = mapTilesFor(brand, { url: openStreetMapTiles, isProxied: false });
    expect(thirdPartyHosts({}, direct)).toEqual({ 'img-src': ['https://tile.openstreetmap.org'] });
    // Without the cookie question the map never loads them (features/hotels/map), so nothing is allowed.
    expect(thirdPartyHosts({ hasCookieConsent: false }, direct)).toEqual({});
    expect(thirdPartyHosts({}, null)).toEqual({});
  });

  it('a brand without a cookie banner loads no tags, whatever it configures', () => {
    const everything = {
      hasCookieConsent: false,
      analyticsId: 'G-ABC123',
      analyticsType: 'both' as const,
      tagManager: 'GTM-ABC',
      fbPixel: '123',
      awinId: '456',
      adcell: 'fc-1',
    };
    expect(configuredTags(everything)).toEqual([]);
    expect(thirdPartyHosts(everything)).toEqual({});
  });

  it('gtag (GA4): Google Tag Manager and Google Analytics hosts only', () => {
    expect(thirdPartyHosts({ analyticsId: 'G-ABC123', analyticsType: 'gtag' })).toEqual({
      'script-src': ['https://*.googletagmanager.com'],
      'img-src': ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
      'connect-src': [
        'https://*.analytics.google.com',
        'https://*.google-analytics.com',
        'https://*.googletagmanager.com',
      ],
    });
  });

  it('ua (Universal Analytics): analytics.js hosts only', () => {
    expect(thirdPartyHosts({ analyticsId: 'UA-1-2', analyticsType: 'ua' })).toEqual({
      'script-src': ['https://ssl.google-analytics.com', 'https://www.google-analytics.com'],
      'img-src': ['https://www.google-analytics.com'],
      'connect-src': ['https://www.google-analytics.com'],
    });
  });

  it('both: the hosts of gtag and of ua', () => {
    const hosts = thirdPartyHosts({ analyticsId: 'UA-1-2', analyticsType: 'both' });
    expect(hosts['script-src']).toEqual([
      'https://*.googletagmanager.com',
      'https://ssl.google-analytics.com',
      'https://www.google-analytics.com',
    ]);
  });

  it('a tag manager, a pixel, AWIN and adcell each add their own hosts', () => {
    expect(thirdPartyHosts({ tagManager: 'GTM-ABC' })['script-src']).toEqual([
      'https://www.googletagmanager.com',
    ]);
    expect(thirdPartyHosts({ fbPixel: '123' })).toEqual({
      'script-src': ['https://connect.facebook.net'],
      'img-src': ['https://www.facebook.com'],
      'connect-src': ['https://connect.facebook.net', 'https://www.facebook.com'],
    });
    expect(thirdPartyHosts({ awinId: '456' })).toEqual({
      'script-src': ['https://www.dwin1.com'],
      'img-src': ['https://www.awin1.com'],
      'connect-src': ['https://www.awin1.com'],
    });
    expect(thirdPartyHosts({ adcell: 'fc-1' })).toEqual({
      'script-src': ['https://t.adcell.com'],
      'img-src': ['https://t.adcell.com'],
    });
  });

  it('lists a host once, and keeps the nonce and our own origin first', () => {
    const directives = directivesOf({ analyticsId: 'G-ABC', analyticsType: 'gtag', tagManager: 'GTM-ABC' });
    const scripts = directives['script-src']!;
    expect(scripts.slice(0, 2)).toEqual(["'self'", "'nonce-bm9uY2U='"]);
    expect(new Set(scripts).size).toBe(scripts.length);
  });
});
