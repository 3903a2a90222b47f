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

/** A content page by slug, case-insensitively (SPEC §2 `/{key}`). */
export function getContentPage(context: CatalogueContext, audience: Audience, slug: string) {
  return context.cached(audience, `content-page:${slug.toLowerCase()}`, async () => {
    const [page] = await findContentPages(context.db, audience.brand.id, audience.locale, slug);
    return page;
  });
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
