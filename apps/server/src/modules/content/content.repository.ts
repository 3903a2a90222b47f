import { fallbackLocale, type Locale } from '@shop/contracts/locale';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';

export type ContentPageRow = { slug: string; name: string; title: string; locale: string; body: string };

/** Languages to look in, best first: the caller's, the fallback, German (which has every page). */
const localeChain = (locale: Locale) => [...new Set([locale, fallbackLocale, 'de'])];

/**
 * The content pages a brand shows in a language, one per slug: the brand's own page before the shared
 * one, then the caller's language before the fallbacks.
 */
export function findContentPages(
  db: Database,
  brandId: number,
  locale: Locale,
  slug?: string,
): Promise<ContentPageRow[]> {
  const chain = localeChain(locale);
  const bySlug = slug === undefined ? sql`` : sql`AND lower(slug) = ${slug.toLowerCase()}`;
  return queryRows<ContentPageRow>(
    db,
    sql`SELECT DISTINCT ON (lower(slug)) slug, name, title, locale, body FROM content_pages
      WHERE (brand_id IS NULL OR brand_id = ${brandId}) AND locale = ANY(${sql.param(chain)}::text[]) ${bySlug}
      ORDER BY lower(slug), brand_id NULLS LAST, array_position(${sql.param(chain)}::text[], locale)`,
  );
}

export async function findExtensionPoints(
  db: Database,
  brandId: number,
  locale: Locale,
): Promise<Record<string, unknown>> {
  const chain = localeChain(locale);
  const rows = await queryRows<{ key: string; value: unknown }>(
    db,
    sql`SELECT DISTINCT ON (key) key, value FROM extension_points
      WHERE (brand_id IS NULL OR brand_id = ${brandId}) AND locale = ANY(${sql.param(chain)}::text[])
      ORDER BY key, brand_id NULLS LAST, array_position(${sql.param(chain)}::text[], locale)`,
  );
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}
