import type { Locale } from './locale.ts';
import { toSlug } from './slug.ts';

/*
 * The storefront's public addresses, in one place: pages link with them, canonical URLs use them, and
 * the server (sitemap, page cache, media) imports this file so both always agree.
 */

export const offerPath = (hotelSlug: string, offerSlug: string) => `/urlaub/${hotelSlug}/${offerSlug}`;
export const hotelPath = (hotelSlug: string) => `/urlaub/${hotelSlug}`;
export const destinationPath = (iso: string, countryName: string) =>
  `/reiseziel/${iso.toLowerCase()}/${toSlug(countryName)}`;
export const themePath = (id: number, themeName: string) => `/thema/${toSlug(themeName)}/${id}`;
export const contentPath = (slug: string) => `/${slug}`;
export const searchPath = '/urlaub-finden';
/** The search screens' refinements, kept in the query so that reload and sharing keep them. */
export const searchParameters = [
  'q',
  'sort',
  'country',
  'theme',
  'nights',
  'persons',
  'price',
  'page',
] as const;
export const hotelMapPath = '/urlaub/karte';

/**
 * The language a visitor without cookie or Accept-Language gets (crawlers): German when the brand
 * offers it, else the brand's first. Canonical addresses with a name in them (destinations, themes)
 * spell it in this language, so the address is the same whatever language a visitor chose.
 */
export function canonicalLocale(brandLocales: readonly Locale[] | null): Locale {
  if (!brandLocales || brandLocales.length === 0 || brandLocales.includes('de')) return 'de';
  return brandLocales[0] as Locale;
}

/** The brand's hero picture sizes (brand config `heroImageResolution`), smallest first. */
export const heroSizes = ['xs', 's', 'm', 'l', 'xl'] as const;
export type HeroSize = (typeof heroSizes)[number];

/** A hero picture rendered by the server's media route at the brand's configured size. */
export const heroImagePath = (brandShort: string, size: HeroSize | 'og') =>
  `/media/hero/${brandShort}/${size}.webp`;

/** Size of the Open Graph picture the media route renders from the hero (the usual 1.91:1 card). */
export const ogImageSize = { width: 1200, height: 630 } as const;

/**
 * Every query parameter a server-rendered catalogue page reads: the search refinements, the language
 * switch, and React Router's own for data requests. The server renders and caches pages by these
 * alone, so tracking or junk parameters neither split nor bypass the page cache.
 */
export const pageQueryParameters: readonly string[] = [...searchParameters, 'lang', '_routes', 'index'];

/**
 * Checkout and order pages read what payment providers append to the address (PayPal's token,
 * Amazon Pay's session), the password reset its link's e-mail and token, the newsletter pages their
 * link's token, the account its page; none is ever cached: they are rendered from the address as it came.
 */
export const isPrivatePagePath = (pathname: string) =>
  /^\/(checkout|complete|view|account|password-forgotten|newsletter)(\/|$)/.test(pathname);

/**
 * A voucher's card on its order page (`/view/{id}/{key}#voucher-<id>`): the payment mail links each
 * voucher there, where its guest's name is entered before it is printed, never to its PDF.
 */
export const voucherAnchor = (voucherId: number) => `voucher-${voucherId}`;
