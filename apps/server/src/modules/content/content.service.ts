import { isLocale, type Locale } from '@shop/contracts/locale';
import type { BrandConfig, BrandConfigs } from '#src/modules/brands/brand-config.ts';
import { fillSellerPlaceholders, imprintMarkdown, sellerOf } from '#src/modules/brands/seller.ts';
import type { Audience, CatalogueContext } from '#src/modules/catalogue/catalogue-context.ts';
import { findContentPages, findExtensionPoints } from './content.repository.ts';

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The site's content overview: which pages exist (slug, name, title) and the named extension points. */
export function getContentOverview(context: CatalogueContext, audience: Audience) {
  return context.cached(audience, 'content', async () => {
    const [pages, points] = await Promise.all([
      findContentPages(context.db, audience.brand.id, audience.locale),
      findExtensionPoints(context.db, audience.brand.id, audience.locale),
    ]);
    return {
      pages: pages.map(({ slug, name, title, locale }) => ({ slug, name, title, locale })),
      extensionPoints: { footerMenu: stringList(points.footerMenu), home: stringList(points.home) },
    };
  });
}

/**
 * A content page by slug, case-insensitively (SPEC §2 `/{key}`), with the brand's seller filled in from
 * its config (docs/decisions/025): the imprint opens with the company block, and `{{company}}`,
 * `{{address}}`, `{{email}}` and `{{phone}}` in any page name the brand's own company and contacts.
 */
export function getContentPage(
  context: CatalogueContext,
  brandConfigs: Pick<BrandConfigs, 'get'>,
  audience: Audience,
  slug: string,
) {
  return context.cached(audience, `content-page:${slug.toLowerCase()}`, async () => {
    const [[page], config] = await Promise.all([
      findContentPages(context.db, audience.brand.id, audience.locale, slug),
      brandConfigs.get(audience.brand.short),
    ]);
    if (!page) return undefined;
    // The page's own language (a fallback page's may differ from the caller's), so the block matches it.
    const locale = isLocale(page.locale) ? page.locale : audience.locale;
    return { ...page, body: shownPageBody(page, config, locale) };
  });
}

/**
 * A page's text as the shop shows it under a brand: its seller filled in, the imprint opening with the
 * company block. The back office's preview shows the same (admin/content).
 */
export function shownPageBody(
  page: { name?: string | undefined; body: string },
  config: BrandConfig,
  locale: Locale,
): string {
  const seller = sellerOf(config);
  const body = fillSellerPlaceholders(page.body, seller, locale);
  return page.name === 'imprint' ? `${imprintMarkdown(seller, locale)}\n\n${body}`.trim() : body;
}

/** Countries of the destinations menu (key = ISO code) and every theme, named only when in the menu. */
export function getMenu(context: CatalogueContext, audience: Audience) {
  return context.cached(audience, 'menu', async () => {
    const labels = await context.labels();
    return {
      countries: labels.data.countryRows
        .filter((row) => row.isInMenu)
        .map((row) => ({ key: row.iso, value: labels.country(row.iso, audience.locale).name })),
      themes: labels.data.themeRows.map((row) => ({
        key: row.id,
        value: row.isInMenu ? labels.theme(row.id, audience.locale).name : null,
      })),
    };
  });
}
