import type {
  AdminOffer,
  AdminOfferList,
  AdminVariant,
  newOfferSchema,
  offerInputSchema,
  VariantPatch,
  variantInputSchema,
} from '@shop/contracts/admin-catalogue';
import type { Locale } from '@shop/contracts/locale';
import { offerPath } from '@shop/contracts/site-paths';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, queryRows } from '#src/db/client.ts';
import { translatedSql } from '#src/db/translate.ts';
import { HttpProblem } from '#src/http/problem.ts';
import type { JobQueue } from '#src/modules/jobs/job-queue.ts';
import { dispatchRemindersJob } from '#src/modules/reminders/reminder-dispatch.ts';
import type { SignedInStaff } from '../admin-access.ts';
import { type Actor, recordAudit } from '../audit/audit-trail.ts';
import { publishCatalogueChange } from './catalogue-changes.ts';
import {
  checkKnown,
  checkPictures,
  fieldProblem,
  freeSlug,
  savedOnce,
  toField,
  toStored,
} from './catalogue-input.ts';
import { catalogueMessages } from './catalogue-messages.ts';

type OfferInput = z.output<typeof offerInputSchema>;
type ParsedVariant = z.output<typeof variantInputSchema>;
type NewOffer = z.output<typeof newOfferSchema>;
export type CatalogueDeps = { db: Database; jobs: Pick<JobQueue, 'enqueue'> };
export type CatalogueActor = Actor & { staff: SignedInStaff; locale: Locale };

const pageSize = 50;
const notFound = () => new HttpProblem(404, 'not-found', 'offer');

/** The offers a member sees: every brand's for an operator; a manager's brands' and those sold on every brand. */
const visibleTo = (staff: SignedInStaff) =>
  staff.brandIds === null
    ? sql`true`
    : sql`(o.brand_id IS NULL OR o.brand_id = ANY(${sql.param(staff.brandIds)}::int[]))`;

/**
 * Who may change an offer: the operator any; a brand manager only one sold on their brands alone. An
 * offer on every brand is seen by every brand's manager but changed by the operator, since a change there
 * changes other brands' shops too (issue 26).
 */
function checkMayChange(actor: CatalogueActor, brandId: number | null): void {
  const { brandIds } = actor.staff;
  if (brandIds === null) return;
  if (brandId === null)
    throw new HttpProblem(403, 'forbidden', catalogueMessages[actor.locale].severalBrands);
  if (!brandIds.includes(brandId)) throw notFound();
}

export async function listOffers(
  db: Database,
  staff: SignedInStaff,
  filter: {
    query?: string | undefined;
    brand?: string | undefined;
    hotel?: number | undefined;
    state?: 'active' | 'inactive' | undefined;
    page?: number | undefined;
  },
  locale: Locale,
): Promise<AdminOfferList> {
  const page = filter.page ?? 1;
  const like = filter.query ? `%${filter.query.replace(/[\\%_]/g, '\\$&')}%` : null;
  const rows = await queryRows<AdminOfferList['offers'][number] & { total: number }>(
    db,
    sql`SELECT o.id, ${translatedSql('o.title', locale)} AS title, h.name AS "hotelName", b.short AS brand,
          o.is_active AS "isActive", v.count AS "variantCount", v.from_price AS "fromPriceCents", v.stock,
          count(*) OVER ()::int AS total
        FROM offers o JOIN hotels h ON h.id = o.hotel_id LEFT JOIN brands b ON b.id = o.brand_id
        CROSS JOIN LATERAL (
          SELECT count(*)::int AS count, min(price_cents) AS from_price, coalesce(sum(stock), 0)::int AS stock
          FROM variants WHERE offer_id = o.id
        ) v
        WHERE ${visibleTo(staff)}
          AND (${like === null} OR o.title::text ILIKE ${like ?? ''} OR h.name ILIKE ${like ?? ''}
               OR o.slug ILIKE ${like ?? ''} OR o.id::text = ${filter.query ?? ''})
          AND (${filter.brand === undefined} OR b.short = ${filter.brand ?? ''})
          AND (${filter.hotel === undefined} OR o.hotel_id = ${filter.hotel ?? 0})
          AND (${filter.state === undefined} OR o.is_active = ${filter.state !== 'inactive'})
        ORDER BY o.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  );
  return {
    offers: rows.map(({ total: _total, ...offer }) => offer),
    total: rows[0]?.total ?? 0,
    page,
    pageSize,
  };
}

type OfferRow = {
  id: number;
  slug: string;
  hotelId: number;
  hotelSlug: string;
  hotelName: string;
  brandId: number | null;
  brand: string | null;
  title: Record<string, string>;
  subtitle: Record<string, string>;
  boardCode: string | null;
  themeIds: number[];
  pictures: string[];
  isActive: boolean;
  saleEndsOn: string | null;
  arrivalDays: number[];
  minStayNights: number | null;
  children: AdminOffer['children'];
  pets: AdminOffer['pets'];
  blackoutPeriods: AdminOffer['blackoutPeriods'];
  inclusions: AdminOffer['inclusions'];
  texts: { position: number | null; title: Record<string, string>; body: Record<string, string> }[];
  variants: AdminVariant[];
};

async function readOffer(
  db: Database,
  id: number,
): Promise<(AdminOffer & { brandId: number | null }) | null> {
  const [row] = await queryRows<OfferRow>(
    db,
    sql`SELECT o.id, o.slug, o.hotel_id AS "hotelId", h.slug AS "hotelSlug", h.name AS "hotelName",
          o.brand_id AS "brandId", b.short AS brand, o.title, o.subtitle, o.board_code AS "boardCode",
          coalesce((SELECT array_agg(theme_id ORDER BY theme_id) FROM offer_themes WHERE offer_id = o.id), '{}')
            AS "themeIds",
          o.image_seeds AS pictures, o.is_active AS "isActive",
          to_char((o.sale_ends_at AT TIME ZONE 'Europe/Berlin') - interval '1 microsecond', 'YYYY-MM-DD')
            AS "saleEndsOn",
          o.arrival_days AS "arrivalDays", o.min_stay_nights AS "minStayNights",
          o.children_policy AS children, o.pets_policy AS pets, o.blackout_periods AS "blackoutPeriods",
          o.inclusions,
          coalesce((SELECT json_agg(json_build_object('position', t.position, 'title', t.title, 'body', t.body)
                    ORDER BY t.position NULLS LAST, t.id) FROM offer_texts t WHERE t.offer_id = o.id), '[]')
            AS texts,
          coalesce((SELECT json_agg(json_build_object('id', v.id, 'nights', v.nights, 'persons', v.persons,
                      'priceCents', v.price_cents, 'originalPriceCents', v.original_price_cents, 'stock', v.stock,
                      'referenceSource', v.reference_source, 'netRateCents', v.net_rate_cents)
                    ORDER BY v.nights, v.persons, v.id) FROM variants v WHERE v.offer_id = o.id), '[]')
            AS variants
        FROM offers o JOIN hotels h ON h.id = o.hotel_id LEFT JOIN brands b ON b.id = o.brand_id
        WHERE o.id = ${id}`,
  );
  if (!row) return null;
  const { hotelSlug, texts, title, subtitle, pets, ...offer } = row;
  return {
    ...offer,
    title: toField(title),
    subtitle: toField(subtitle),
    pets: pets && { policy: pets.policy, feePerNightCents: pets.feePerNightCents ?? null },
    texts: texts.map((text) => ({
      position: text.position,
      title: toField(text.title),
      body: toField(text.body),
    })),
    shopPath: offerPath(hotelSlug, offer.slug),
  };
}

/** One offer as its form shows it; another brand's is a 404 like an unknown one. */
export async function findAdminOffer(
  db: Database,
  staff: SignedInStaff,
  id: number,
): Promise<AdminOffer | null> {
  const offer = await readOffer(db, id);
  if (!offer) return null;
  if (staff.brandIds !== null && offer.brandId !== null && !staff.brandIds.includes(offer.brandId))
    return null;
  const { brandId: _brandId, ...shown } = offer;
  return shown;
}

async function brandIdOf(db: Database, short: string | null, locale: Locale): Promise<number | null> {
  if (short === null) return null;
  const [brand] = await queryRows<{ id: number }>(db, sql`SELECT id FROM brands WHERE short = ${short}`);
  if (!brand) throw fieldProblem('brand', catalogueMessages[locale].unknownBrand);
  return brand.id;
}

async function checkOffer(db: Database, input: OfferInput, locale: Locale): Promise<void> {
  const messages = catalogueMessages[locale];
  const [hotel] = await queryRows(db, sql`SELECT 1 FROM hotels WHERE id = ${input.hotelId}`);
  if (!hotel) throw fieldProblem('hotelId', messages.unknownHotel);
  if (input.boardCode) await checkKnown(db, 'boardCode', [input.boardCode], 'boards', messages.unknownBoard);
  await checkKnown(db, 'themeIds', input.themeIds, 'themes', messages.unknownTheme);
  await checkPictures(db, input.pictures, locale);
}

function checkVariants(variants: ParsedVariant[], locale: Locale): void {
  const kinds = new Set(variants.map((variant) => `${variant.nights}/${variant.persons}`));
  if (kinds.size !== variants.length)
    throw fieldProblem('variants', catalogueMessages[locale].duplicateVariant);
}

/** The offer's own columns and rows (texts, themes) as `input` says; variants are their own calls. */
async function writeOffer(
  tx: Database,
  id: number | null,
  input: OfferInput,
  slug: string,
  brandId: number | null,
) {
  const values = sql`${slug}, ${input.hotelId}, ${brandId}, ${JSON.stringify(toStored(input.title))}::jsonb,
    ${JSON.stringify(toStored({ ...input.subtitle, de: input.subtitle.de || '' }))}::jsonb, ${input.boardCode},
    ${sql.param(input.pictures)}::text[], ${input.isActive},
    ${input.saleEndsOn === null ? null : sql`((${input.saleEndsOn}::date + 1)::timestamp AT TIME ZONE 'Europe/Berlin')`},
    ${sql.param(input.arrivalDays)}::smallint[], ${input.minStayNights},
    ${input.children === null ? null : JSON.stringify(input.children)}::jsonb,
    ${input.pets === null ? null : JSON.stringify(input.pets)}::jsonb,
    ${JSON.stringify(input.blackoutPeriods)}::jsonb, ${JSON.stringify(input.inclusions)}::jsonb`;
  const columns = sql`slug, hotel_id, brand_id, title, subtitle, board_code, image_seeds, is_active, sale_ends_at,
    arrival_days, min_stay_nights, children_policy, pets_policy, blackout_periods, inclusions`;
  const [saved] = await queryRows<{ id: number }>(
    tx,
    id === null
      ? sql`INSERT INTO offers (${columns}) VALUES (${values}) RETURNING id`
      : sql`UPDATE offers SET (${columns}) = (${values}) WHERE id = ${id} RETURNING id`,
  );
  const offerId = saved!.id;
  await tx.execute(sql`DELETE FROM offer_themes WHERE offer_id = ${offerId}`);
  if (input.themeIds.length > 0) {
    await tx.execute(sql`INSERT INTO offer_themes (offer_id, theme_id)
      SELECT ${offerId}, unnest(${sql.param([...new Set(input.themeIds)])}::int[])`);
  }
  await tx.execute(sql`DELETE FROM offer_texts WHERE offer_id = ${offerId}`);
  for (const text of input.texts) {
    await tx.execute(sql`INSERT INTO offer_texts (offer_id, position, title, body)
      VALUES (${offerId}, ${text.position}, ${JSON.stringify(toStored(text.title))}::jsonb,
        ${JSON.stringify(toStored(text.body))}::jsonb)`);
  }
  return offerId;
}

async function insertVariants(tx: Database, offerId: number, variants: ParsedVariant[]): Promise<void> {
  for (const variant of variants) {
    await tx.execute(sql`INSERT INTO variants (offer_id, nights, persons, price_cents, original_price_cents, stock,
        reference_source, net_rate_cents)
      VALUES (${offerId}, ${variant.nights}, ${variant.persons}, ${variant.priceCents},
        ${variant.originalPriceCents}, ${variant.stock}, ${variant.referenceSource}, ${variant.netRateCents})`);
  }
}

const audited = (offer: (AdminOffer & { brandId?: number | null }) | null) => {
  if (!offer) return null;
  const { brandId: _brandId, shopPath: _path, hotelName: _hotel, ...rest } = offer;
  return rest;
};

export async function createOffer(
  deps: CatalogueDeps,
  actor: CatalogueActor,
  input: NewOffer,
): Promise<number> {
  const save = deps.db.transaction(async (tx) => {
    const brandId = await brandIdOf(tx, input.brand, actor.locale);
    if (actor.staff.brandIds !== null && (brandId === null || !actor.staff.brandIds.includes(brandId))) {
      throw fieldProblem('brand', catalogueMessages[actor.locale].otherBrand, 403);
    }
    await checkOffer(tx, input, actor.locale);
    checkVariants(input.variants, actor.locale);
    const slug = await freeSlug(tx, 'offers', input.slug, input.title.de, null, actor.locale);
    const offerId = await writeOffer(tx, null, input, slug, brandId);
    await insertVariants(tx, offerId, input.variants);
    await recordAudit(tx, actor, {
      action: 'offer.created',
      subject: `offer ${offerId}`,
      after: audited(await readOffer(tx, offerId)),
    });
    await publishCatalogueChange(tx, [offerId]);
    return offerId;
  });
  return savedOnce('offers', save, actor.locale);
}

/** Locks the offer's row: two members saving one offer at once are applied one after the other. */
async function lockOffer(tx: Database, id: number) {
  const [row] = await queryRows<{ brandId: number | null }>(
    tx,
    sql`SELECT brand_id AS "brandId" FROM offers WHERE id = ${id} FOR NO KEY UPDATE`,
  );
  return row;
}

export async function updateOffer(
  deps: CatalogueDeps,
  actor: CatalogueActor,
  id: number,
  input: OfferInput,
): Promise<boolean> {
  const save = deps.db.transaction(async (tx) => {
    const locked = await lockOffer(tx, id);
    if (!locked) return false;
    if (
      actor.staff.brandIds !== null &&
      locked.brandId !== null &&
      !actor.staff.brandIds.includes(locked.brandId)
    ) {
      return false;
    }
    checkMayChange(actor, locked.brandId);
    const brandId = await brandIdOf(tx, input.brand, actor.locale);
    // Moving it to another brand (or to every brand) is a change of that brand too.
    checkMayChange(actor, brandId);
    await checkOffer(tx, input, actor.locale);
    const before = await readOffer(tx, id);
    const slug = await freeSlug(tx, 'offers', input.slug ?? before!.slug, input.title.de, id, actor.locale);
    await writeOffer(tx, id, input, slug, brandId);
    const after = await readOffer(tx, id);
    await recordAudit(tx, actor, {
      action: input.isActive || !before!.isActive ? 'offer.changed' : 'offer.switched-off',
      subject: `offer ${id}`,
      before: audited(before),
      after: audited(after),
    });
    await publishCatalogueChange(tx, [id]);
    return true;
  });
  return savedOnce('offers', save, actor.locale);
}

/** A copy to edit into a new offer: everything but the slug, switched off until it is checked. */
export async function copyOffer(
  deps: CatalogueDeps,
  actor: CatalogueActor,
  id: number,
): Promise<number | null> {
  const save = deps.db.transaction(async (tx) => {
    const source = await readOffer(tx, id);
    if (!source) return null;
    if (
      actor.staff.brandIds !== null &&
      source.brandId !== null &&
      !actor.staff.brandIds.includes(source.brandId)
    ) {
      return null;
    }
    checkMayChange(actor, source.brandId);
    const slug = await freeSlug(tx, 'offers', undefined, `${source.slug}-copy`, null, actor.locale);
    const copyId = await writeOffer(tx, null, { ...source, isActive: false }, slug, source.brandId);
    await insertVariants(tx, copyId, source.variants);
    await recordAudit(tx, actor, {
      action: 'offer.created',
      subject: `offer ${copyId}`,
      note: `copy of offer ${id}`,
      after: audited(await readOffer(tx, copyId)),
    });
    await publishCatalogueChange(tx, [copyId]);
    return copyId;
  });
  return savedOnce('offers', save, actor.locale);
}

export async function addVariant(
  deps: CatalogueDeps,
  actor: CatalogueActor,
  offerId: number,
  variant: ParsedVariant,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const locked = await lockOffer(tx, offerId);
    if (!locked) return false;
    if (
      actor.staff.brandIds !== null &&
      locked.brandId !== null &&
      !actor.staff.brandIds.includes(locked.brandId)
    ) {
      return false;
    }
    checkMayChange(actor, locked.brandId);
    const existing = (await readOffer(tx, offerId))!.variants;
    checkVariants([...existing, variant], actor.locale);
    await insertVariants(tx, offerId, [variant]);
    await recordAudit(tx, actor, { action: 'variant.created', subject: `offer ${offerId}`, after: variant });
    await publishCatalogueChange(tx, [], [offerId]);
    return true;
  });
}

/**
 * A variant's price, "statt" price or stock. More stock wakes the back-in-stock reminders at once (the
 * reminders job mails those whose offer can be bought again), as a sale's returned units do.
 */
export async function changeVariant(
  deps: CatalogueDeps,
  actor: CatalogueActor,
  variantId: number,
  patch: VariantPatch,
): Promise<{ offerId: number } | null> {
  return deps.db.transaction(async (tx) => {
    const [variant] = await queryRows<AdminVariant & { offerId: number; brandId: number | null }>(
      tx,
      sql`SELECT v.id, v.offer_id AS "offerId", o.brand_id AS "brandId", v.nights, v.persons,
            v.price_cents AS "priceCents", v.original_price_cents AS "originalPriceCents", v.stock,
            v.reference_source AS "referenceSource", v.net_rate_cents AS "netRateCents"
          FROM variants v JOIN offers o ON o.id = v.offer_id WHERE v.id = ${variantId} FOR NO KEY UPDATE OF v`,
    );
    if (!variant) return null;
    const { offerId, brandId, ...before } = variant;
    if (actor.staff.brandIds !== null && brandId !== null && !actor.staff.brandIds.includes(brandId))
      return null;
    checkMayChange(actor, brandId);
    const after = { ...before, ...patch };
    // The database fixes a former-price reference itself (migration 0028): the trail shows what it stored.
    const [stored] = await queryRows<AdminVariant>(
      tx,
      sql`UPDATE variants SET price_cents = ${after.priceCents}, original_price_cents = ${after.originalPriceCents},
            stock = ${after.stock}, reference_source = ${after.referenceSource}, net_rate_cents = ${after.netRateCents}
          WHERE id = ${variantId}
          RETURNING id, nights, persons, price_cents AS "priceCents", original_price_cents AS "originalPriceCents",
            stock, reference_source AS "referenceSource", net_rate_cents AS "netRateCents"`,
    );
    await recordAudit(tx, actor, {
      action: 'variant.changed',
      subject: `variant ${variantId}`,
      before,
      after: stored,
    });
    if (after.stock > before.stock) await deps.jobs.enqueue(tx, dispatchRemindersJob, {});
    await publishCatalogueChange(tx, [], [offerId]);
    return { offerId };
  });
}
