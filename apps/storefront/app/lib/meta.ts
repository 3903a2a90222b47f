import type { MetaDescriptor } from 'react-router';

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
/** A schema.org object for a `<script type="application/ld+json">`. */
export type JsonLd = { [key: string]: JsonValue };

/** One step of a page's breadcrumb trail (shown on the page and described as a BreadcrumbList). */
export type Crumb = { name: string; path: string };

/**
 * Everything a page says about itself in <head>, built on the server by `metaFor` (every page loader
 * returns one as `meta`): title, description, canonical and language alternates, Open Graph, JSON-LD.
 */
export type PageMeta = {
  title: string;
  description: string;
  /** Absolute canonical URL; also og:url. */
  canonical: string;
  /** One per brand language (`?lang=xx`) plus x-default; empty when the brand has one language. */
  alternates: { hrefLang: string; href: string }[];
  siteName: string;
  /** de_DE, en_GB, it_IT. */
  ogLocale: string;
  ogLocaleAlternates: string[];
  ogType: 'website' | 'product';
  image: { url: string; width: number; height: number; alt: string };
  structuredData: JsonLd[];
};

/** The <head> tags of a page from its loader's `meta`. */
export function pageMeta({ loaderData }: { loaderData: { meta: PageMeta } | undefined }): MetaDescriptor[] {
  if (!loaderData) return [{ title: 'Oops' }];
  const meta = loaderData.meta;
  return [
    { title: meta.title },
    { name: 'description', content: meta.description },
    { tagName: 'link', rel: 'canonical', href: meta.canonical },
    ...meta.alternates.map(({ hrefLang, href }) => ({ tagName: 'link', rel: 'alternate', hrefLang, href })),
    { property: 'og:type', content: meta.ogType },
    { property: 'og:site_name', content: meta.siteName },
    { property: 'og:title', content: meta.title },
    { property: 'og:description', content: meta.description },
    { property: 'og:url', content: meta.canonical },
    { property: 'og:locale', content: meta.ogLocale },
    ...meta.ogLocaleAlternates.map((locale) => ({ property: 'og:locale:alternate', content: locale })),
    { property: 'og:image', content: meta.image.url },
    { property: 'og:image:width', content: String(meta.image.width) },
    { property: 'og:image:height', content: String(meta.image.height) },
    { property: 'og:image:alt', content: meta.image.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    ...meta.structuredData.map((data) => ({ 'script:ld+json': data })),
  ];
}
