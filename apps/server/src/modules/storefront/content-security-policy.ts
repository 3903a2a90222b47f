import { randomBytes } from 'node:crypto';
import { baseDirectives } from '#src/http/security-headers.ts';
import type { BrandConfig } from '../../../../storefront/app/lib/shop-context.ts';

/** OpenStreetMap's tiles, which the hotel map shows unless the brand names its own tile server. */
const defaultTileOrigin = 'https://tile.openstreetmap.org';

/** A fresh nonce for one render: 128 random bits. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * Hosts a brand's pages may load from besides our own: the map tiles it shows, and (once tracking
 * exists) its analytics and tag-manager hosts. One allow-list per brand, read from its configuration.
 */
export function brandSources(brand: Pick<BrandConfig, 'mapTileUrl'>): {
  img: string[];
  script: string[];
  connect: string[];
} {
  return { img: [originOf(brand.mapTileUrl) ?? defaultTileOrigin], script: [], connect: [] };
}

/**
 * The policy of a rendered page: scripts and the inline stylesheet only with this render's nonce (React
 * Router's inline scripts, the start script and what it adds carry it), everything else from this
 * origin or the brand's allow-list. Style attributes stay allowed: React sets the brand colours and
 * positions through them, and a style cannot run code.
 */
export function pageContentSecurityPolicy(nonce: string, brand: Pick<BrandConfig, 'mapTileUrl'>): string {
  const extra = brandSources(brand);
  const directives: Record<string, string[]> = {
    ...baseDirectives,
    'script-src': ["'self'", `'nonce-${nonce}'`, ...extra.script],
    // Browsers without the -elem/-attr split fall back to this one.
    'style-src': ["'self'", `'nonce-${nonce}'`],
    'style-src-elem': ["'self'", `'nonce-${nonce}'`],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': [...baseDirectives['img-src'], ...extra.img],
    'connect-src': ["'self'", ...extra.connect],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    // A tile template's placeholders ({z}/{x}/{y}) sit in the path, so the origin parses.
    return new URL(url.replace(/[{}]/g, '')).origin;
  } catch {
    return null;
  }
}
