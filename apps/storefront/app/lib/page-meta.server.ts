import { type Locale, localeIso, locales } from '@shop/contracts/locale';
import type { ShopContext } from '@shop/contracts/shop-context';
import { heroImagePath, ogImageSize } from '@shop/contracts/site-paths';
import { translatorFor } from '#app/i18n/messages.server.ts';
import type { Crumb, JsonLd, PageMeta } from './meta.ts';

export type PageMetaInput = {
  title: string;
  description: string;
  /** Path without query: the canonical address adds only the language (?lang=xx), never filters. */
  path: string;
  ogType?: PageMeta['ogType'];
  /** The page's own picture (a catalogue image); the brand's hero card otherwise. */
  image?: PageMeta['image'] | null;
  breadcrumbs?: Crumb[];
  structuredData?: JsonLd[];
};

/** A page's <head> description: title with the store's name, canonical URL, language alternates, OG, JSON-LD. */
export function metaFor(shop: ShopContext, input: PageMetaInput): PageMeta {
  const { brand, locale, origin } = shop;
  const storeName = brand.storeName;
  const languages = brandLanguages(brand.locales);
  // Each language has its own address: the brand's first language plain, the others with ?lang=xx
  // (the server renders that language there and remembers the choice).
  const base = `${origin}${input.path}`;
  const addressIn = (language: Locale) => (language === languages[0] ? base : `${base}?lang=${language}`);
  const canonical = addressIn(locale);
  const alternates =
    languages.length < 2
      ? []
      : [
          ...languages.map((language) => ({ hrefLang: language, href: addressIn(language) })),
          { hrefLang: 'x-default', href: base },
        ];
  const breadcrumbs = input.breadcrumbs ?? [];
  return {
    title: input.title.includes(storeName) ? input.title : `${input.title} | ${storeName}`,
    description: input.description,
    canonical,
    alternates,
    siteName: storeName,
    ogLocale: ogLocaleOf(locale),
    ogLocaleAlternates: languages.filter((language) => language !== locale).map(ogLocaleOf),
    ogType: input.ogType ?? 'website',
    image: input.image ?? {
      url: `${origin}${heroImagePath(brand.short, 'og')}`,
      ...ogImageSize,
      alt: storeName,
    },
    structuredData: [
      ...(input.structuredData ?? []),
      ...(breadcrumbs.length > 1 ? [breadcrumbListLd(origin, breadcrumbs)] : []),
    ],
  };
}

/** The trail from the home page to the current page (whose crumb is last). */
export function breadcrumbsFor(shop: ShopContext, trail: Crumb[]): Crumb[] {
  return [{ name: translatorFor(shop.locale)('layout.home'), path: '/' }, ...trail];
}

/** The largest rendering of a catalogue picture (`/media/<seed>/<width>.webp`) as an Open Graph image. */
export function catalogueImage(
  origin: string,
  image: { url: string; alt: string } | null | undefined,
): PageMeta['image'] | null {
  const base = image ? /^(\/media\/[a-z0-9-]+)\/\d+\.webp$/.exec(image.url)?.[1] : undefined;
  if (!image || !base) return null;
  // The media route renders catalogue pictures at 3:2.
  return { url: `${origin}${base}/1280.webp`, width: 1280, height: 853, alt: image.alt };
}

function brandLanguages(brandLocales: readonly Locale[] | null): Locale[] {
  return brandLocales && brandLocales.length > 0 ? [...brandLocales] : [...locales];
}

const ogLocaleOf = (locale: Locale) => localeIso[locale].replace('-', '_');

function breadcrumbListLd(origin: string, trail: Crumb[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: `${origin}${crumb.path}`,
    })),
  };
}
