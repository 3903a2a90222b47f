import type { Locale } from '@shop/contracts/locale';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Database, queryRows } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import { staffOf } from '../admin-access.ts';

/**
 * What promotions and codes share in the back office: whose they are (a brand's, or every brand's,
 * which only the operator changes), their period as days in the shop's time zone, and their texts.
 */

const messages = {
  everyBrand: {
    de: 'Aktionen und Codes für alle Marken legt nur der Betrieb an oder ändert sie.',
    en: 'Only an operator creates or changes promotions and codes for every brand.',
    it: 'Solo un operatore crea o modifica promozioni e codici per tutti i marchi.',
  },
  otherBrand: {
    de: 'Diese Marke gehört nicht zu Ihren Marken.',
    en: 'This brand is not one of your brands.',
    it: 'Questo marchio non è tra i suoi marchi.',
  },
  unknownBrand: {
    de: 'Diese Marke gibt es nicht.',
    en: 'There is no such brand.',
    it: 'Questo marchio non esiste.',
  },
  unknownOffers: {
    de: 'Diese Angebote gibt es nicht oder sie werden auf der Marke nicht verkauft: {ids}',
    en: 'These offers do not exist or are not sold on the brand: {ids}',
    it: 'Queste offerte non esistono o non sono vendute sul marchio: {ids}',
  },
  offersOnOtherBrand: {
    de: 'Die Aktion enthält Angebote, die auf dieser Marke nicht verkauft werden: {ids}. Bitte entfernen Sie sie zuerst.',
    en: 'The promotion holds offers not sold on this brand: {ids}. Please remove them first.',
    it: 'La promozione contiene offerte non vendute su questo marchio: {ids}. Rimuoverle prima.',
  },
  codeTaken: {
    de: 'Diesen Code gibt es schon.',
    en: 'This code already exists.',
    it: 'Questo codice esiste già.',
  },
  nameTaken: {
    de: 'Eine Aktion mit diesem Namen gibt es auf der Marke schon.',
    en: 'The brand already has a promotion with this name.',
    it: 'Il marchio ha già una promozione con questo nome.',
  },
} satisfies Record<string, Record<Locale, string>>;

export const termsMessage = (key: keyof typeof messages, locale: Locale) => messages[key][locale];

export const fieldProblem = (field: string, key: keyof typeof messages, locale: Locale, ids = '') =>
  new HttpProblem(400, 'validation-error', undefined, [
    { field, message: messages[key][locale].replace('{ids}', ids) },
  ]);

/** A row's brand against the member's: another brand's (or, for a brand manager, every brand's) is a 404. */
export function visibleTo(request: FastifyRequest, brandId: number | null): boolean {
  const scope = staffOf(request).brandIds;
  return scope === null || (brandId !== null && scope.includes(brandId));
}

/** The brand a promotion or code is written for: one of the member's, or every brand for the operator alone. */
export async function writableBrandId(
  db: Database,
  request: FastifyRequest,
  short: string | null,
): Promise<number | null> {
  const staff = staffOf(request);
  if (short === null) {
    if (staff.member.role !== 'operator')
      throw new HttpProblem(403, 'forbidden', termsMessage('everyBrand', request.locale));
    return null;
  }
  const [brand] = await queryRows<{ id: number }>(db, sql`SELECT id FROM brands WHERE short = ${short}`);
  if (!brand) throw fieldProblem('brand', 'unknownBrand', request.locale);
  if (staff.brandIds !== null && !staff.brandIds.includes(brand.id))
    throw new HttpProblem(403, 'forbidden', termsMessage('otherBrand', request.locale));
  return brand.id;
}

/** The member's brands as a condition on `column` (every row for an operator). */
export function scopeCondition(request: FastifyRequest, column: string): SQL {
  const scope = staffOf(request).brandIds;
  if (scope === null) return sql`true`;
  return sql`${sql.raw(column)} = ANY(${sql.param(scope)}::int[])`;
}

/** Offers the row may name: those sold on its brand (or on every brand); unknown ones are a field error. */
export async function checkOffers(
  db: Database,
  offerIds: readonly number[] | null,
  brandId: number | null,
  field: string,
  locale: Locale,
  message: 'unknownOffers' | 'offersOnOtherBrand' = 'unknownOffers',
): Promise<void> {
  if (!offerIds || offerIds.length === 0) return;
  const found = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM offers WHERE id = ANY(${sql.param([...offerIds])}::int[])
        AND (brand_id IS NULL OR ${brandId === null ? sql`false` : sql`brand_id = ${brandId}`})`,
  );
  const known = new Set(found.map((row) => row.id));
  const missing = offerIds.filter((id) => !known.has(id));
  if (missing.length > 0) throw fieldProblem(field, message, locale, missing.join(', '));
}

const zone = `'Europe/Berlin'`;

/** A day's start in the shop's time zone; null stays open. */
export const dayStart = (day: string | null): SQL =>
  day === null ? sql`NULL::timestamptz` : sql`((${day}::date)::timestamp AT TIME ZONE ${sql.raw(zone)})`;
/** The end of the last day (the next day's start). */
export const dayEnd = (day: string | null): SQL =>
  day === null ? sql`NULL::timestamptz` : sql`((${day}::date + 1)::timestamp AT TIME ZONE ${sql.raw(zone)})`;

/** The first day as the form shows it. */
export const firstDaySql = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE ${zone}, 'YYYY-MM-DD')`);
/** The last day (an end at midnight belongs to the day before). */
export const lastDaySql = (column: string) =>
  sql.raw(`to_char((${column} AT TIME ZONE ${zone}) - interval '1 microsecond', 'YYYY-MM-DD')`);

/**
 * The period to store: a day the form sends back unchanged keeps the moment stored (a seeded end at
 * 23:59:59 UTC stays that), a changed day becomes the day's start or end in the shop's time zone.
 */
export function periodSets(validFrom: string | null, validTo: string | null): SQL {
  return sql`valid_from = CASE WHEN ${firstDaySql('valid_from')} IS NOT DISTINCT FROM ${validFrom}::text
        THEN valid_from ELSE ${dayStart(validFrom)} END,
      valid_to = CASE WHEN ${lastDaySql('valid_to')} IS NOT DISTINCT FROM ${validTo}::text
        THEN valid_to ELSE ${dayEnd(validTo)} END`;
}

/** A text in the languages given: an empty language is left out, so the shop falls back for it. */
export function storedText(text: { de: string; en?: string; it?: string }): string {
  const entries = Object.entries(text).filter(([, value]) => value !== undefined && value !== '');
  return JSON.stringify(Object.fromEntries(entries));
}

export const presentText = (value: unknown) => {
  const text = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, string> | null;
  return { de: text?.de ?? '', en: text?.en ?? '', it: text?.it ?? '' };
};
