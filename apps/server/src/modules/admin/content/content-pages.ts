import type {
  AdminContentPage,
  AdminContentPageRef,
  ContentPageFields,
  CreateContentPage,
  ExtensionPointKey,
  ExtensionPoints,
} from '@shop/contracts/admin-content';
import { extensionPointKeys, shopOwnedSlugs } from '@shop/contracts/admin-content';
import type { Locale } from '@shop/contracts/locale';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import { isUniqueViolation } from '#src/db/unique-violation.ts';
import { HttpProblem } from '#src/http/problem.ts';
import { announceShopChange } from '#src/modules/catalogue/shop-changes.ts';
import { findContentPages } from '#src/modules/content/content.repository.ts';
import { type Actor, recordAudit } from '../audit/audit-trail.ts';
import { contentMessages } from './content-messages.ts';

/** The brand a page or list belongs to: a brand in the member's reach, or `null` for the default pages. */
export type ContentScope = { id: number; short: string } | null;

type PageRow = {
  id: number;
  brand: string | null;
  locale: Locale;
  slug: string;
  name: string;
  title: string;
  body: string;
};

const pageColumns = sql`p.id, b.short AS brand, p.locale, p.slug, p.name, p.title, p.body`;
const brandFilter = (scope: ContentScope) =>
  scope ? sql`p.brand_id = ${scope.id}` : sql`p.brand_id IS NULL`;
const asRef = ({ body: _body, ...ref }: PageRow): AdminContentPageRef => ({ ...ref, id: Number(ref.id) });
const asPage = (row: PageRow): AdminContentPage => ({ ...row, id: Number(row.id) });

/**
 * The pages of one brand (or the default pages) in one language, by address; for a brand also the
 * default pages it shows because it has none of its own at their address.
 */
export async function listContentPages(db: Database, scope: ContentScope, locale: Locale) {
  const rows = await queryRows<PageRow>(
    db,
    sql`SELECT ${pageColumns} FROM content_pages p LEFT JOIN brands b ON b.id = p.brand_id
        WHERE ${brandFilter(scope)} AND p.locale = ${locale} ORDER BY lower(p.slug)`,
  );
  const inherited = scope
    ? await queryRows<PageRow>(
        db,
        sql`SELECT ${pageColumns} FROM content_pages p LEFT JOIN brands b ON b.id = p.brand_id
            WHERE p.brand_id IS NULL AND p.locale = ${locale}
              AND NOT EXISTS (SELECT 1 FROM content_pages own WHERE own.brand_id = ${scope.id}
                AND own.locale = p.locale AND lower(own.slug) = lower(p.slug))
            ORDER BY lower(p.slug)`,
      )
    : [];
  return { brand: scope?.short ?? null, locale, pages: rows.map(asRef), inherited: inherited.map(asRef) };
}

/** A page with the id of its brand (null: a default page), for the routes to check it is in reach. */
export async function findContentPage(
  db: Database,
  id: number,
  lock = false,
): Promise<(AdminContentPage & { brandId: number | null }) | undefined> {
  const [row] = await queryRows<PageRow & { brand_id: number | null }>(
    db,
    sql`SELECT ${pageColumns}, p.brand_id FROM content_pages p LEFT JOIN brands b ON b.id = p.brand_id
        WHERE p.id = ${id} ${lock ? sql`FOR UPDATE OF p` : sql``}`,
  );
  if (!row) return undefined;
  const { brand_id, ...page } = row;
  return { ...asPage(page), brandId: brand_id === null ? null : Number(brand_id) };
}

/**
 * The address and the name are each one page's within a brand and language (the unique index holds
 * the address, case-insensitively, also against a concurrent save; the name is what menus refer to).
 */
async function refuseTaken(
  tx: Database,
  brandId: number | null,
  locale: Locale,
  fields: Pick<ContentPageFields, 'slug' | 'name'>,
  messageLocale: Locale,
  exceptId?: number,
): Promise<void> {
  const texts = contentMessages[messageLocale];
  if (shopOwnedSlugs.includes(fields.slug.toLowerCase())) {
    throw new HttpProblem(409, 'slug-taken', texts.slugOwnedByShop);
  }
  const [taken] = await queryRows<{ slug_taken: boolean }>(
    tx,
    sql`SELECT lower(slug) = lower(${fields.slug}) AS slug_taken FROM content_pages
        WHERE coalesce(brand_id, 0) = ${brandId ?? 0} AND locale = ${locale}
          AND (lower(slug) = lower(${fields.slug}) OR name = ${fields.name}) AND id <> ${exceptId ?? 0}
        ORDER BY 1 DESC LIMIT 1`,
  );
  if (!taken) return;
  throw new HttpProblem(409, 'slug-taken', taken.slug_taken ? texts.slugTaken : texts.nameTaken);
}

const slugConflict = (locale: Locale) =>
  new HttpProblem(409, 'slug-taken', contentMessages[locale].slugTaken);

/** Writes the change with its audit entry and the shop's announcement in one transaction. */
async function change<T>(
  db: Database,
  messageLocale: Locale,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx);
      await announceShopChange(tx);
      return result;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'content_pages_brand_locale_slug_idx')) throw slugConflict(messageLocale);
    throw error;
  }
}

export async function createContentPage(
  db: Database,
  actor: Actor,
  scope: ContentScope,
  page: CreateContentPage,
  messageLocale: Locale,
): Promise<AdminContentPage> {
  const id = await change(db, messageLocale, async (tx) => {
    await refuseTaken(tx, scope?.id ?? null, page.locale, page, messageLocale);
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO content_pages (brand_id, locale, slug, name, title, body)
          VALUES (${scope?.id ?? null}, ${page.locale}, ${page.slug}, ${page.name}, ${page.title}, ${page.body})
          RETURNING id`,
    );
    const created = Number(row?.id);
    await recordAudit(tx, actor, {
      action: 'content.page-create',
      subject: `content-page:${created}`,
      after: { ...page, brand: scope?.short ?? null },
    });
    return created;
  });
  return shown(await findContentPage(db, id));
}

function shown(page: (AdminContentPage & { brandId: number | null }) | undefined): AdminContentPage {
  if (!page) throw new Error('content page missing after its change');
  const { brandId: _brandId, ...rest } = page;
  return rest;
}

export async function updateContentPage(
  db: Database,
  actor: Actor,
  id: number,
  fields: ContentPageFields,
  inReach: (brandId: number | null) => void,
  messageLocale: Locale,
): Promise<AdminContentPage | undefined> {
  const found = await change(db, messageLocale, async (tx) => {
    const before = await findContentPage(tx, id, true);
    if (!before) return false;
    inReach(before.brandId);
    await refuseTaken(tx, before.brandId, before.locale, fields, messageLocale, id);
    await tx.execute(
      sql`UPDATE content_pages SET slug = ${fields.slug}, name = ${fields.name}, title = ${fields.title},
            body = ${fields.body}
          WHERE id = ${id}`,
    );
    const { brandId: _brandId, id: _id, ...was } = before;
    await recordAudit(tx, actor, {
      action: 'content.page-update',
      subject: `content-page:${id}`,
      before: was,
      after: { ...was, ...fields },
    });
    return true;
  });
  return found ? shown(await findContentPage(db, id)) : undefined;
}

export async function deleteContentPage(
  db: Database,
  actor: Actor,
  id: number,
  inReach: (brandId: number | null) => void,
  messageLocale: Locale,
): Promise<boolean> {
  return change(db, messageLocale, async (tx) => {
    const before = await findContentPage(tx, id, true);
    if (!before) return false;
    inReach(before.brandId);
    await tx.execute(sql`DELETE FROM content_pages WHERE id = ${id}`);
    const { brandId: _brandId, id: _id, ...was } = before;
    await recordAudit(tx, actor, {
      action: 'content.page-delete',
      subject: `content-page:${id}`,
      before: was,
    });
    return true;
  });
}

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

type PointLists = Record<ExtensionPointKey, string[] | null>;

async function ownExtensionPoints(db: Database, scope: ContentScope, locale: Locale): Promise<PointLists> {
  const rows = await queryRows<{ key: string; value: unknown }>(
    db,
    sql`SELECT key, value FROM extension_points
        WHERE coalesce(brand_id, 0) = ${scope?.id ?? 0} AND locale = ${locale}
          AND key = ANY(${sql.param([...extensionPointKeys])}::text[])`,
  );
  const byKey = new Map(rows.map((row) => [row.key, stringList(row.value)]));
  return { footerMenu: byKey.get('footerMenu') ?? null, home: byKey.get('home') ?? null };
}

/** A brand's (or the default) footer menu and home lists, what it shows without them, and its pages. */
export async function getExtensionPoints(
  db: Database,
  scope: ContentScope,
  locale: Locale,
): Promise<ExtensionPoints> {
  // Brand id 0 is no brand: the default lists and pages as every brand without its own sees them.
  const [own, defaults, pages] = await Promise.all([
    ownExtensionPoints(db, scope, locale),
    queryRows<{ key: string; value: unknown }>(
      db,
      sql`SELECT DISTINCT ON (key) key, value FROM extension_points
          WHERE brand_id IS NULL AND locale = ANY(${sql.param([locale, 'en', 'de'])}::text[])
          ORDER BY key, array_position(${sql.param([locale, 'en', 'de'])}::text[], locale)`,
    ),
    findContentPages(db, scope?.id ?? 0, locale),
  ]);
  const defaultOf = (key: ExtensionPointKey) => stringList(defaults.find((row) => row.key === key)?.value);
  return {
    brand: scope?.short ?? null,
    locale,
    ...own,
    defaults: { footerMenu: defaultOf('footerMenu'), home: defaultOf('home') },
    pages: pages.map(({ name, slug, title }) => ({ name, slug, title })),
  };
}

/**
 * Saves a brand's lists (or the default ones) for a language; `null` drops the brand's own list so the
 * default shows again. Every name must be a page the brand has (its own or a default page, in any
 * language) and appear once: the shop leaves out names it cannot find, silently.
 */
export async function putExtensionPoints(
  db: Database,
  actor: Actor,
  scope: ContentScope,
  locale: Locale,
  lists: PointLists,
  messageLocale: Locale,
): Promise<void> {
  const names = new Set(
    (
      await queryRows<{ name: string }>(
        db,
        sql`SELECT DISTINCT name FROM content_pages WHERE brand_id IS NULL OR brand_id = ${scope?.id ?? 0}`,
      )
    ).map((row) => row.name),
  );
  const texts = contentMessages[messageLocale];
  const errors = extensionPointKeys.flatMap((key) =>
    (lists[key] ?? []).flatMap((name, index, all) =>
      !names.has(name)
        ? [{ field: `${key}.${index}`, message: texts.unknownPage(name) }]
        : all.indexOf(name) !== index
          ? [{ field: `${key}.${index}`, message: texts.twice(name) }]
          : [],
    ),
  );
  if (errors.length > 0) throw new HttpProblem(400, 'validation-error', undefined, errors);
  await change(db, messageLocale, async (tx) => {
    const before = await ownExtensionPoints(tx, scope, locale);
    for (const key of extensionPointKeys) {
      const list = lists[key];
      if (list === null) {
        await tx.execute(
          sql`DELETE FROM extension_points
              WHERE coalesce(brand_id, 0) = ${scope?.id ?? 0} AND locale = ${locale} AND key = ${key}`,
        );
      } else {
        await tx.execute(
          sql`INSERT INTO extension_points (brand_id, locale, key, value)
              VALUES (${scope?.id ?? null}, ${locale}, ${key}, ${JSON.stringify(list)}::jsonb)
              ON CONFLICT (coalesce(brand_id, 0), locale, key) DO UPDATE SET value = excluded.value`,
        );
      }
    }
    await recordAudit(tx, actor, {
      action: 'content.extension-points',
      subject: `extension-points:${scope?.short ?? 'default'}:${locale}`,
      before,
      after: lists,
    });
  });
}
