import type { BrandConfig } from '@shop/contracts/brand-config';
import { isLocale, type Locale } from '@shop/contracts/locale';
import { appIconVersion } from './app-icons.ts';

/** The fields of the W3C web app manifest the shop fills in. */
export type WebAppManifest = {
  id: string;
  name: string;
  short_name: string;
  description?: string;
  lang: Locale;
  dir: 'ltr';
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: 'image/png'; purpose: 'any' | 'maskable' }[];
};

/** Launchers cut names after about 12 characters: a longer store name gives its first word. */
export function shortName(storeName: string): string {
  if (storeName.length <= 12) return storeName;
  return storeName.split(/\s+/)[0]?.slice(0, 12) || storeName.slice(0, 12);
}

/** The manifest's language: the page's (`?lang=` on the link), else the browser's, within the brand's. */
export function manifestLocale(
  brand: Pick<BrandConfig, 'locales'>,
  requested: unknown,
  negotiated: Locale,
): Locale {
  const offered = brand.locales ?? null;
  if (isLocale(requested) && (!offered || offered.includes(requested))) return requested;
  if (!offered || offered.includes(negotiated)) return negotiated;
  return offered[0] as Locale;
}

/**
 * The brand's manifest: installed from any of the brand's hosts, the app is that brand (its name,
 * colours and icons) and opens its home page. The icons' URLs carry the version of their drawing and
 * colours, so they can be cached for good.
 */
export function webAppManifest(brand: BrandConfig, locale: Locale): WebAppManifest {
  const version = appIconVersion(brand.colors);
  const icon = (file: string, sizes: string, purpose: 'any' | 'maskable') => ({
    src: `/app-icons/${file}?v=${version}`,
    sizes,
    type: 'image/png' as const,
    purpose,
  });
  const description = brand.hero[locale]?.subtitle;
  return {
    id: '/',
    name: brand.storeName,
    short_name: shortName(brand.storeName),
    ...(description ? { description } : {}),
    lang: locale,
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: brand.colors.primary,
    // The splash screen: the icon (brand colour) on the colour text stands on in the brand's bars.
    background_color: brand.colors.primaryContrast,
    icons: [
      icon('icon-192.png', '192x192', 'any'),
      icon('icon-512.png', '512x512', 'any'),
      icon('maskable-512.png', '512x512', 'maskable'),
    ],
  };
}
