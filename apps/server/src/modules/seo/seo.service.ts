import {
  contentPath,
  destinationPath,
  hotelMapPath,
  hotelPath,
  offerPath,
  searchPath,
  themePath,
} from '@shop/contracts/site-paths';
import type { Audience, CatalogueContext } from '#src/modules/catalogue/catalogue-context.ts';
import { countSitemapEntries, findSitemapHotelSlugs, findSitemapOffers } from './seo.repository.ts';

/** What the sitemap reads of the catalogue: the database and the shared answer cache. */
export type SitemapCatalogue = Pick<CatalogueContext, 'db' | 'cached'>;

/** One file of the brand's sitemap: the fixed and listing pages, or a numbered slice of hotels or offers. */
export type SitemapFile = { kind: 'pages' } | { kind: 'hotels' | 'offers'; page: number };

export const sitemapFileName = (file: SitemapFile) =>
  file.kind === 'pages' ? '/sitemap-pages.xml' : `/sitemap-${file.kind}-${file.page}.xml`;

/** What the page list is read from: the catalogue API (in the canonical language) and the brand config. */
export type PageSources = {
  getJson<T>(apiPath: string): Promise<T | null>;
  landingPaths(): Promise<string[]>;
};

type ContentOverview = { pages: { slug: string }[] };
type CountryRef = { iso: string; name: string };
type ThemeRef = { id: number; name: string };

/** Home, search, map, landing and content pages, destinations and themes with offers on the brand. */
export async function collectPagePaths(sources: PageSources): Promise<string[]> {
  const [content, countries, themes, landing] = await Promise.all([
    sources.getJson<ContentOverview>('/api/content'),
    sources.getJson<CountryRef[]>('/api/offer/available-countries'),
    sources.getJson<ThemeRef[]>('/api/offer/available-themes'),
    sources.landingPaths(),
  ]);
  const paths = [
    '/',
    searchPath,
    hotelMapPath,
    ...landing,
    ...(content?.pages ?? []).map((page) => contentPath(page.slug)),
    ...(countries ?? []).map((country) => destinationPath(country.iso, country.name)),
    ...(themes ?? []).map((theme) => themePath(theme.id, theme.name)),
  ];
  return [...new Set(paths)];
}

/** The files the sitemap index names: hotels and offers in slices of at most `pageSize` URLs. */
export async function listSitemapFiles(
  context: SitemapCatalogue,
  audience: Audience,
  pageSize: number,
): Promise<SitemapFile[]> {
  const counts = await context.cached(audience, 'sitemap:counts', () =>
    countSitemapEntries(context.db, audience.brand.id),
  );
  const slices = (kind: 'hotels' | 'offers', total: number) =>
    Array.from({ length: Math.ceil(total / pageSize) }, (_, index) => ({ kind, page: index + 1 }));
  return [{ kind: 'pages' }, ...slices('hotels', counts.hotels), ...slices('offers', counts.offers)];
}

/** The storefront paths of one hotels or offers slice; empty past the last one. */
export async function listSlicePaths(
  context: SitemapCatalogue,
  brandId: number,
  file: { kind: 'hotels' | 'offers'; page: number },
  pageSize: number,
): Promise<string[]> {
  const offset = (file.page - 1) * pageSize;
  if (file.kind === 'hotels') {
    return (await findSitemapHotelSlugs(context.db, brandId, offset, pageSize)).map(hotelPath);
  }
  const offers = await findSitemapOffers(context.db, brandId, offset, pageSize);
  return offers.map((row) => offerPath(row.hotel_slug, row.offer_slug));
}
