import type { TranslatedField } from '@shop/contracts/admin-catalogue';
import type { Locale } from '@shop/contracts/locale';
import { toSlug } from '@shop/contracts/slug';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import type { TranslatedText } from '#src/db/schema/types.ts';
import { isUniqueViolation } from '#src/db/unique-violation.ts';
import { HttpProblem } from '#src/http/problem.ts';
import { unknownPictures } from '#src/modules/media/uploaded-pictures.ts';
import { catalogueMessages } from './catalogue-messages.ts';

/** A refusal that names the form's field, so the back office shows it there. */
export function fieldProblem(field: string, message: string, status = 400): HttpProblem {
  return new HttpProblem(status, status === 409 ? 'slug-taken' : 'validation-error', message, [
    { field, message },
  ]);
}

/** As stored: German always, the other languages only when given (the shop falls back to German). */
export function toStored(text: TranslatedField): TranslatedText {
  return {
    de: text.de,
    ...(text.en ? { en: text.en } : {}),
    ...(text.it ? { it: text.it } : {}),
  } as TranslatedText;
}

/** As the form shows it: every language, empty where the text falls back. */
export function toField(text: Partial<Record<Locale, string>> | null): TranslatedField {
  return { de: text?.de ?? '', en: text?.en ?? '', it: text?.it ?? '' };
}

/** The slug asked for, or one made from `name` that no other row of `table` holds yet. */
export async function freeSlug(
  db: Database,
  table: 'hotels' | 'offers',
  requested: string | undefined,
  name: string,
  ownId: number | null,
  locale: Locale,
): Promise<string> {
  const taken = async (slug: string) =>
    (
      await queryRows(
        db,
        sql`SELECT 1 FROM ${sql.identifier(table)} WHERE lower(slug) = ${slug} AND id <> ${ownId ?? 0}`,
      )
    ).length > 0;
  if (requested) {
    if (await taken(requested))
      throw fieldProblem('slug', catalogueMessages[locale].slugTaken(requested), 409);
    return requested;
  }
  const base = toSlug(name).slice(0, 100) || table.slice(0, -1);
  for (let attempt = 1; ; attempt++) {
    const slug = attempt === 1 ? base : `${base}-${attempt}`;
    if (!(await taken(slug))) return slug;
  }
}

/**
 * A save of `table` whose slug another save took between freeSlug's look and the write (two members at
 * once): the unique index keeps one, the other hears 409 on the slug and saves again.
 */
export async function savedOnce<T>(table: 'hotels' | 'offers', save: Promise<T>, locale: Locale): Promise<T> {
  try {
    return await save;
  } catch (error) {
    if (isUniqueViolation(error, `${table}_slug_idx`))
      throw fieldProblem('slug', catalogueMessages[locale].slugTakenMeanwhile, 409);
    throw error;
  }
}

/** Refuses pictures the media route could not serve (a seed nobody uploaded nor the catalogue names). */
export async function checkPictures(db: Database, seeds: string[], locale: Locale): Promise<void> {
  const unknown = await unknownPictures(db, seeds);
  if (unknown.length > 0) throw fieldProblem('pictures', catalogueMessages[locale].unknownPicture);
}

/** Refuses values the lookup table does not hold (compared as text: codes and ids alike). */
export async function checkKnown(
  db: Database,
  field: string,
  values: (string | number)[],
  lookup: 'countries' | 'hotel_features' | 'boards' | 'themes',
  message: string,
): Promise<void> {
  if (values.length === 0) return;
  const key = { countries: 'iso', hotel_features: 'code', boards: 'code', themes: 'id' }[lookup];
  const rows = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM ${sql.identifier(lookup)}
        WHERE ${sql.identifier(key)}::text = ANY(${sql.param(values.map(String))}::text[])`,
  );
  if ((rows[0]?.count ?? 0) !== new Set(values.map(String)).size) throw fieldProblem(field, message);
}
