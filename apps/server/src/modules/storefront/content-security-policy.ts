import { randomBytes } from 'node:crypto';
import type { MapTiles } from '@shop/contracts/map-tiles';
import { configuredTags, type TrackingConfig, type TrackingTag } from '@shop/contracts/tracking-tags';
import { baseDirectives } from '#src/http/security-headers.ts';

/** A fresh nonce for one render: 128 random bits. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** The hosts one third-party tag loads from, per directive. */
type TagSources = { script: string[]; img: string[]; connect: string[]; frame: string[] };

/**
 * What each tag of the storefront's tag loader (features/consent/tags) needs, from the vendors' own CSP
 * guides. Google's gtag.js and GA4 answer from regional hosts (region1.google-analytics.com, …), hence
 * their wildcards. None of these tags needs a frame in the form we load it. Tags a brand adds inside
 * its tag-manager container are not known here: the container's own hosts only.
 */
const tagSources = {
  gtag: {
    script: ['https://*.googletagmanager.com'],
    img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
    connect: [
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
    ],
    frame: [],
  },
  ua: {
    script: ['https://www.google-analytics.com', 'https://ssl.google-analytics.com'],
    img: ['https://www.google-analytics.com'],
    connect: ['https://www.google-analytics.com'],
    frame: [],
  },
  tagManager: {
    script: ['https://www.googletagmanager.com'],
    img: ['https://www.googletagmanager.com'],
    connect: ['https://www.googletagmanager.com'],
    frame: [],
  },
  fbPixel: {
    script: ['https://connect.facebook.net'],
    img: ['https://www.facebook.com'],
    connect: ['https://www.facebook.com', 'https://connect.facebook.net'],
    frame: [],
  },
  awin: {
    // The mastertag from dwin1.com; the sale and its fallback pixel go to awin1.com.
    script: ['https://www.dwin1.com'],
    img: ['https://www.awin1.com'],
    connect: ['https://www.awin1.com'],
    frame: [],
  },
  adcell: {
    script: ['https://t.adcell.com'],
    img: ['https://t.adcell.com'],
    connect: [],
    frame: [],
  },
} satisfies Record<TrackingTag, TagSources>;

/**
 * Hosts a brand's pages may load from besides our own: the hosts of its configured tags. One allow-list
 * per brand, read from its configuration. Map tiles come through our own origin (media routes).
 */
export function brandSources(brand: TrackingConfig): TagSources {
  const sources: TagSources = {
    img: [],
    script: [],
    connect: [],
    frame: [],
  };
  for (const tag of configuredTags(brand)) {
    for (const directive of ['script', 'img', 'connect', 'frame'] as const) {
      for (const host of tagSources[tag][directive]) {
        if (!sources[directive].includes(host)) sources[directive].push(host);
      }
    }
  }
  return sources;
}

/**
 * The tile server's origin when browsers load tiles from it directly (MAP_TILES_PROXY=false), which they
 * do only after consent: a brand without the cookie question never asks it. Proxied tiles are 'self'.
 */
function mapTileSource(brand: TrackingConfig, mapTiles: MapTiles | null): string | null {
  if (!mapTiles?.isThirdParty || !brand.hasCookieConsent) return null;
  return new URL(mapTiles.url.replace(/\{[a-z]\}/g, '0')).origin;
}

/**
 * The policy of a rendered page: scripts and the inline stylesheet only with this render's nonce (React
 * Router's inline scripts, the start script and what it adds carry it), everything else from this
 * origin or the brand's allow-list (its configured tags, its map's tile server when not proxied). Style attributes stay allowed: React sets the brand colours and
 * positions through them, and a style cannot run code.
 */
export function pageContentSecurityPolicy(
  nonce: string,
  brand: TrackingConfig,
  mapTiles: MapTiles | null,
): string {
  const extra = brandSources(brand);
  const tileHost = mapTileSource(brand, mapTiles);
  const directives: Record<string, string[]> = {
    ...baseDirectives,
    'script-src': ["'self'", `'nonce-${nonce}'`, ...extra.script],
    // Browsers without the -elem/-attr split fall back to this one.
    'style-src': ["'self'", `'nonce-${nonce}'`],
    'style-src-elem': ["'self'", `'nonce-${nonce}'`],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': [...baseDirectives['img-src'], ...extra.img, ...(tileHost ? [tileHost] : [])],
    'connect-src': ["'self'", ...extra.connect],
    // Without tags that need frames, frames stay at default-src ('self').
    ...(extra.frame.length > 0 ? { 'frame-src': ["'self'", ...extra.frame] } : {}),
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
