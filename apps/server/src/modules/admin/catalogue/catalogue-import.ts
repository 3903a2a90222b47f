/**
 * The catalogue's CSV import (issue 26). A file is checked whole before anything is written: every line
 * with every error (line and column), every change with each column before and after. A dry run stops
 * there; an import writes only a file without errors, in one transaction, so a catalogue is never left
 * half imported. Both run as a job that counts its lines where the screen reads them.
 */
import type { CatalogueChange, CatalogueImport, CatalogueIssue } from '@shop/contracts/admin-catalogue';
import type { Locale } from '@shop/contracts/locale';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import { planAsBackgroundJob } from '#src/db/job-query-plan.ts';
import type { JobDefinition, JobQueue } from '#src/modules/jobs/job-queue.ts';
import { dispatchRemindersJob } from '#src/modules/reminders/reminder-dispatch.ts';
import type { SignedInStaff } from '../admin-access.ts';
import { type Actor, recordAudit } from '../audit/audit-trail.ts';
import { publishCatalogueChange } from './catalogue-changes.ts';
import {
  type CatalogueColumn,
  type CatalogueLine,
  catalogueColumns,
  euros,
  parseCount,
  parseCsv,
  parseEuros,
} from './catalogue-csv.ts';
import { currentCatalogueLines } from './catalogue-export.ts';
import { importMessages } from './catalogue-import-messages.ts';

export const catalogueImportJob = 'admin.catalogue-import';
export const largestImport = 50_000;
const shownEntries = 1_000;
const progressEvery = 500;

const offerColumns = [
  'offer_slug',
  'hotel_slug',
  'country',
  'brand',
  'active',
  'title_de',
  'title_en',
  'title_it',
  'subtitle_de',
  'subtitle_en',
  'subtitle_it',
  'board',
  'themes',
  'sale_ends_on',
] as const satisfies readonly CatalogueColumn[];
const variantColumns = [
  'nights',
  'persons',
  'price',
  'reference_price',
  'stock',
] as const satisfies readonly CatalogueColumn[];

type Scope = { brandIds: number[] | null };

type Lookups = {
  offersById: Map<number, { line: CatalogueLine; brandId: number | null }>;
  offerIdBySlug: Map<string, number>;
  variantsByOffer: Map<number, Map<number, CatalogueLine>>;
  hotels: Map<string, { id: number; country: string }>;
  countries: Set<string>;
  boards: Set<string>;
  themes: Map<string, number>;
  brands: Map<string, number>;
  /** The offers' lines as the check read them, to see at the write whether one moved since. */
  current: { line: CatalogueLine }[];
};

type OfferPlan = {
  line: number;
  id: number | null;
  cells: Record<(typeof offerColumns)[number], string>;
  hotelId: number;
  brandId: number | null;
  themeIds: number[];
  changed: CatalogueChange['fields'];
};

type VariantPlan = {
  line: number;
  offer: OfferPlan;
  id: number | null;
  nights: number;
  persons: number;
  priceCents: number;
  originalPriceCents: number;
  stock: number;
  changed: CatalogueChange['fields'];
  stockRises: boolean;
  /** The file's stock cell was empty: the stock stays what it is when written, sales included. */
  keepsStock: boolean;
};

export type ImportPlan = {
  issues: CatalogueIssue[];
  offers: OfferPlan[];
  variants: VariantPlan[];
  changes: CatalogueChange[];
  unchanged: number;
  lines: number;
  /** Each existing offer's lines as checked (the stock of `keptStock` variants left out). */
  snapshots: Map<number, string>;
  keptStock: Set<number>;
};

/** The offers' lines as one text each (without the stock the file leaves alone): equal texts, an offer as it was. */
function snapshotsOf(current: { line: CatalogueLine }[], keptStock: Set<number>): Map<number, string> {
  const lines = new Map<number, CatalogueLine[]>();
  for (const { line } of current) {
    const offerId = Number(line.offer_id);
    const shown = keptStock.has(Number(line.variant_id)) ? { ...line, stock: '' } : line;
    lines.set(offerId, [...(lines.get(offerId) ?? []), shown]);
  }
  return new Map([...lines].map(([offerId, offerLines]) => [offerId, JSON.stringify(offerLines)]));
}

/** A change as one text, to compare the changes of an import with those its dry run listed. */
const changeKey = (change: CatalogueChange) =>
  JSON.stringify([
    change.line,
    change.kind,
    change.variantId,
    change.fields.map((field) => [field.column, field.before, field.after]),
  ]);

/** The catalogue moved under an import between its check and its write: these lines are affected. */
class CatalogueMoved extends Error {
  constructor(readonly lines: number[]) {
    super('the catalogue changed since the import was checked');
  }
}

async function loadLookups(db: Database, rows: CatalogueLine[]): Promise<Lookups> {
  const ids = [
    ...new Set(
      rows.map((row) => Number(row.offer_id)).filter((id) => Number.isInteger(id) && id > 0 && id < 2 ** 31),
    ),
  ];
  const slugs = [...new Set(rows.map((row) => row.offer_slug.trim().toLowerCase()).filter(Boolean))];
  const bySlug = await queryRows<{ id: number; slug: string }>(
    db,
    sql`SELECT id, lower(slug) AS slug FROM offers WHERE lower(slug) = ANY(${sql.param(slugs)}::text[])`,
  );
  const current = await currentCatalogueLines(db, {
    offerIds: [...new Set([...ids, ...bySlug.map((row) => row.id)])],
  });
  const offersById: Lookups['offersById'] = new Map();
  const variantsByOffer: Lookups['variantsByOffer'] = new Map();
  for (const { line, brandId } of current) {
    const offerId = Number(line.offer_id);
    if (!offersById.has(offerId)) offersById.set(offerId, { line, brandId });
    if (line.variant_id) {
      const variants = variantsByOffer.get(offerId) ?? new Map<number, CatalogueLine>();
      variants.set(Number(line.variant_id), line);
      variantsByOffer.set(offerId, variants);
    }
  }
  const [hotels, countries, boards, themes, brands] = await Promise.all([
    queryRows<{ id: number; slug: string; country: string }>(
      db,
      sql`SELECT id, lower(slug) AS slug, country_iso::text AS country FROM hotels
          WHERE lower(slug) = ANY(${sql.param([...new Set(rows.map((row) => row.hotel_slug.trim().toLowerCase()))])}::text[])`,
    ),
    queryRows<{ iso: string }>(db, sql`SELECT iso::text AS iso FROM countries`),
    queryRows<{ code: string }>(db, sql`SELECT code FROM boards`),
    queryRows<{ id: number; slug: string }>(db, sql`SELECT id, slug FROM themes`),
    queryRows<{ id: number; short: string }>(db, sql`SELECT id, short FROM brands`),
  ]);
  return {
    offersById,
    offerIdBySlug: new Map(bySlug.map((row) => [row.slug, row.id])),
    variantsByOffer,
    hotels: new Map(hotels.map((hotel) => [hotel.slug, { id: hotel.id, country: hotel.country }])),
    countries: new Set(countries.map((row) => row.iso)),
    boards: new Set(boards.map((row) => row.code)),
    themes: new Map(themes.map((row) => [row.slug, row.id])),
    brands: new Map(brands.map((row) => [row.short, row.id])),
    current,
  };
}

/** The file's header and lines as cells by column, or the header's errors. */
function readLines(content: string, locale: Locale): { rows: CatalogueLine[]; issues: CatalogueIssue[] } {
  const messages = importMessages[locale];
  const [head, ...body] = parseCsv(content);
  if (!head || body.length === 0)
    return { rows: [], issues: [{ line: 1, column: null, message: messages.empty }] };
  const columns = head.map((cell) => cell.trim().toLowerCase());
  const missing = catalogueColumns.filter((column) => !columns.includes(column));
  const unknown = columns.filter(
    (column) => column && !(catalogueColumns as readonly string[]).includes(column),
  );
  const issues: CatalogueIssue[] = [];
  if (missing.length > 0)
    issues.push({ line: 1, column: null, message: messages.missingColumns(missing.join(', ')) });
  if (unknown.length > 0)
    issues.push({ line: 1, column: null, message: messages.unknownColumns(unknown.join(', ')) });
  if (body.length > largestImport)
    issues.push({ line: 1, column: null, message: messages.tooManyLines(largestImport) });
  if (issues.length > 0) return { rows: [], issues };
  const rows = body.map(
    (cells) =>
      Object.fromEntries(
        catalogueColumns.map((column) => [column, (cells[columns.indexOf(column)] ?? '').trim()]),
      ) as CatalogueLine,
  );
  return { rows, issues };
}

/**
 * Checks a file against the catalogue and lists what importing it would change. `onProgress` hears how
 * many lines are checked.
 */
export async function planImport(
  db: Database,
  content: string,
  scope: Scope,
  locale: Locale,
  onProgress: (done: number, total: number) => Promise<void> = async () => {},
): Promise<ImportPlan> {
  const messages = importMessages[locale];
  const { rows, issues } = readLines(content, locale);
  const plan: ImportPlan = {
    issues,
    offers: [],
    variants: [],
    changes: [],
    unchanged: 0,
    lines: rows.length,
    snapshots: new Map(),
    keptStock: new Set(),
  };
  if (issues.length > 0) return plan;
  const lookups = await db.transaction(async (tx) => {
    await planAsBackgroundJob(tx);
    return loadLookups(tx, rows);
  });
  const offersByKey = new Map<string, OfferPlan>();
  const slugLines = new Map<string, { line: number; key: string }>();
  const variantLines = new Map<string, number>();

  for (const [index, row] of rows.entries()) {
    const line = index + 2;
    const problem = (column: CatalogueColumn | null, message: string) => {
      issues.push({ line, column, message });
    };
    const offerId = row.offer_id ? parseCount(row.offer_id, 1, 2_147_483_647) : null;
    if (row.offer_id && offerId === null) problem('offer_id', messages.unknownOffer);
    const existing = offerId === null ? undefined : lookups.offersById.get(offerId);
    if (offerId !== null && !existing) problem('offer_id', messages.unknownOffer);
    const key = offerId !== null ? `id:${offerId}` : `slug:${row.offer_slug.toLowerCase()}`;
    let offer = offersByKey.get(key);
    if (!offer) {
      const checked = checkOfferCells(row, existing, lookups, scope, locale, problem);
      if (checked) {
        offer = { line, id: existing ? offerId : null, ...checked };
        offersByKey.set(key, offer);
        const slug = checked.cells.offer_slug;
        const other = slugLines.get(slug);
        if (other && other.key !== key) problem('offer_slug', messages.slugTwice(other.line));
        else slugLines.set(slug, { line, key });
      }
    } else {
      const differing = offerColumns.find(
        (column) => normalise(column, row[column]) !== offer!.cells[column],
      );
      if (differing) problem(differing, messages.differsFrom(offer.line));
    }
    const variant = checkVariantCells(row, offer, offerId, lookups, locale, problem);
    if (variant && offer) {
      const kindKey = `${key}/${variant.nights}/${variant.persons}`;
      const earlier = variantLines.get(kindKey);
      if (earlier !== undefined) problem('nights', messages.variantTwice(earlier));
      else variantLines.set(kindKey, line);
      plan.variants.push({ ...variant, line, offer });
    }
    if ((index + 1) % progressEvery === 0) await onProgress(index + 1, rows.length);
  }
  // A line may not repeat the nights and persons of one of the offer's variants the file leaves alone.
  const inFile = new Set(plan.variants.flatMap((variant) => (variant.id === null ? [] : [variant.id])));
  for (const variant of plan.variants) {
    if (variant.offer.id === null) continue;
    for (const [existingId, existing] of lookups.variantsByOffer.get(variant.offer.id) ?? []) {
      if (existingId === variant.id || inFile.has(existingId)) continue;
      if (Number(existing.nights) === variant.nights && Number(existing.persons) === variant.persons) {
        issues.push({ line: variant.line, column: 'nights', message: messages.variantTaken });
      }
    }
  }
  plan.offers = [...offersByKey.values()];
  plan.keptStock = new Set(plan.variants.flatMap((variant) => (variant.keepsStock ? [variant.id!] : [])));
  plan.snapshots = snapshotsOf(lookups.current, plan.keptStock);
  for (const offer of plan.offers) {
    if (offer.id === null || offer.changed.length > 0) {
      plan.changes.push({
        line: offer.line,
        kind: offer.id === null ? 'offer-created' : 'offer-changed',
        offer: offer.cells.offer_slug,
        variantId: null,
        fields: offer.changed,
      });
    }
  }
  for (const variant of plan.variants) {
    if (variant.id !== null && variant.changed.length === 0) {
      plan.unchanged++;
      continue;
    }
    plan.changes.push({
      line: variant.line,
      kind: variant.id === null ? 'variant-created' : 'variant-changed',
      offer: variant.offer.cells.offer_slug,
      variantId: variant.id,
      fields: variant.changed,
    });
  }
  plan.changes.sort((a, b) => a.line - b.line);
  issues.sort((a, b) => a.line - b.line);
  await onProgress(rows.length, rows.length);
  return plan;
}

/** A cell as the export writes it, so that a cell and the catalogue's value compare as text. */
function normalise(column: CatalogueColumn, value: string): string {
  const trimmed = value.trim();
  switch (column) {
    case 'country':
      return trimmed.toUpperCase();
    case 'offer_slug':
    case 'hotel_slug':
    case 'brand':
      return trimmed.toLowerCase();
    case 'board':
      return trimmed.toUpperCase();
    case 'themes':
      return trimmed
        .split('|')
        .map((slug) => slug.trim().toLowerCase())
        .filter(Boolean)
        .sort()
        .join('|');
    case 'active':
      return ['1', 'true', 'ja', 'yes', 'si', 'sì', 'x'].includes(trimmed.toLowerCase())
        ? '1'
        : trimmed === ''
          ? ''
          : trimmed.toLowerCase() === '0' || ['false', 'nein', 'no'].includes(trimmed.toLowerCase())
            ? '0'
            : trimmed;
    case 'price':
    case 'reference_price': {
      const cents = parseEuros(trimmed);
      return cents === null ? trimmed : euros(cents);
    }
    default:
      return trimmed;
  }
}

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDate = (value: string) =>
  datePattern.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

function checkOfferCells(
  row: CatalogueLine,
  existing: { line: CatalogueLine; brandId: number | null } | undefined,
  lookups: Lookups,
  scope: Scope,
  locale: Locale,
  problem: (column: CatalogueColumn | null, message: string) => void,
): Omit<OfferPlan, 'line' | 'id'> | null {
  const messages = importMessages[locale];
  const cells = Object.fromEntries(
    offerColumns.map((column) => [column, normalise(column, row[column])]),
  ) as OfferPlan['cells'];
  let ok = true;
  const fail = (column: CatalogueColumn, message: string) => {
    problem(column, message);
    ok = false;
  };
  // The member's brands: the offer's as it is, and the one the file gives it.
  const mayChange = (brandId: number | null, column: CatalogueColumn | null) => {
    if (scope.brandIds === null) return true;
    if (brandId === null) fail(column ?? 'brand', messages.everyBrand);
    else if (!scope.brandIds.includes(brandId)) fail(column ?? 'brand', messages.notYourBrand);
    return ok;
  };
  if (existing) mayChange(existing.brandId, 'offer_id');

  if (!slugPattern.test(cells.offer_slug) || cells.offer_slug.length < 3 || cells.offer_slug.length > 120) {
    fail('offer_slug', messages.badSlug);
  } else {
    const holder = lookups.offerIdBySlug.get(cells.offer_slug);
    const ownId = existing ? Number(existing.line.offer_id) : null;
    if (holder !== undefined && holder !== ownId) fail('offer_slug', messages.slugTaken);
  }
  const hotel = lookups.hotels.get(cells.hotel_slug);
  if (!hotel) fail('hotel_slug', messages.unknownHotel);
  if (!lookups.countries.has(cells.country)) fail('country', messages.unknownCountry(cells.country));
  else if (hotel && hotel.country !== cells.country) fail('country', messages.wrongCountry(hotel.country));
  const brandId = cells.brand === '' ? null : lookups.brands.get(cells.brand);
  if (brandId === undefined) fail('brand', messages.unknownBrand);
  else if (!existing || brandId !== existing.brandId) mayChange(brandId, 'brand');
  if (cells.active !== '1' && cells.active !== '0') fail('active', messages.badFlag);
  if (!cells.title_de) fail('title_de', messages.required);
  for (const column of ['title_de', 'title_en', 'title_it'] as const) {
    if (cells[column].length > 200) fail(column, messages.tooLong(200));
  }
  for (const column of ['subtitle_de', 'subtitle_en', 'subtitle_it'] as const) {
    if (cells[column].length > 300) fail(column, messages.tooLong(300));
  }
  if (cells.board && !lookups.boards.has(cells.board)) fail('board', messages.unknownBoard);
  const themeSlugs = cells.themes ? cells.themes.split('|') : [];
  const unknownThemes = themeSlugs.filter((slug) => !lookups.themes.has(slug));
  if (unknownThemes.length > 0) fail('themes', messages.unknownThemes(unknownThemes.join(', ')));
  if (cells.sale_ends_on && !isCalendarDate(cells.sale_ends_on)) fail('sale_ends_on', messages.badDate);
  if (!ok || !hotel || brandId === undefined) return null;
  const changed = existing
    ? offerColumns
        .filter((column) => normalise(column, existing.line[column]) !== cells[column])
        .map((column) => ({ column, before: existing.line[column], after: cells[column] }))
    : offerColumns
        .filter((column) => cells[column] !== '')
        .map((column) => ({ column, before: null, after: cells[column] }));
  return {
    cells,
    hotelId: hotel.id,
    brandId,
    themeIds: themeSlugs.map((slug) => lookups.themes.get(slug)!),
    changed,
  };
}

function checkVariantCells(
  row: CatalogueLine,
  offer: OfferPlan | undefined,
  offerId: number | null,
  lookups: Lookups,
  locale: Locale,
  problem: (column: CatalogueColumn | null, message: string) => void,
): Omit<VariantPlan, 'line' | 'offer'> | null {
  const messages = importMessages[locale];
  let ok = true;
  const fail = (column: CatalogueColumn, message: string) => {
    problem(column, message);
    ok = false;
  };
  const variantId = row.variant_id ? parseCount(row.variant_id, 1, 2_147_483_647) : null;
  const existing =
    variantId === null || offerId === null ? undefined : lookups.variantsByOffer.get(offerId)?.get(variantId);
  if (row.variant_id && !existing) fail('variant_id', messages.unknownVariant);
  const nights = parseCount(row.nights, 1, 60);
  if (nights === null) fail('nights', messages.badNumber(1, 60));
  const persons = parseCount(row.persons, 1, 20);
  if (persons === null) fail('persons', messages.badNumber(1, 20));
  const price = parseEuros(row.price);
  if (price === null || price < 1) fail('price', messages.badPrice);
  const reference = row.reference_price === '' ? 0 : parseEuros(row.reference_price);
  if (reference === null) fail('reference_price', messages.badPrice);
  else if (price !== null && reference > 0 && price > reference) fail('price', messages.priceAboveReference);
  // An empty stock cell leaves an existing variant's stock alone: a file edited for hours must not
  // give back the pieces sold since its export.
  const keepsStock = row.stock === '' && existing !== undefined;
  const stock = keepsStock ? Number(existing!.stock) : parseCount(row.stock, 0, 1_000_000);
  if (row.stock === '' && !existing) fail('stock', messages.required);
  else if (stock === null) fail('stock', messages.badNumber(0, 1_000_000));
  if (!ok || !offer) return null;
  const cells: Record<(typeof variantColumns)[number], string> = {
    nights: String(nights),
    persons: String(persons),
    price: euros(price!),
    reference_price: euros(reference!),
    stock: String(stock),
  };
  const changed = existing
    ? variantColumns
        .filter((column) => normalise(column, existing[column]) !== cells[column])
        .map((column) => ({ column, before: existing[column], after: cells[column] }))
    : variantColumns.map((column) => ({ column, before: null, after: cells[column] }));
  return {
    id: existing ? variantId : null,
    nights: nights!,
    persons: persons!,
    priceCents: price!,
    originalPriceCents: reference!,
    stock: stock!,
    changed,
    stockRises: !existing || stock! > Number(existing.stock),
    keepsStock,
  };
}

/**
 * Locks the existing offers the plan writes, with their variants, and throws CatalogueMoved when one of
 * them is no longer what the check read: a sale since then must not be undone by the file's stock, nor a
 * colleague's edit by its other columns. Checkout takes the same variant rows, so it waits for the import
 * (or the import for it) instead of slipping in between the check and the write.
 */
async function lockUnmoved(tx: Database, plan: ImportPlan): Promise<void> {
  const written = new Map<number, number>();
  for (const offer of plan.offers) {
    if (offer.id !== null && offer.changed.length > 0) written.set(offer.id, offer.line);
  }
  for (const variant of plan.variants) {
    const offerId = variant.offer.id;
    if (offerId !== null && (variant.id === null || variant.changed.length > 0) && !written.has(offerId)) {
      written.set(offerId, variant.line);
    }
  }
  if (written.size === 0) return;
  const offerIds = [...written.keys()].sort((a, b) => a - b);
  // NO KEY UPDATE, as the writes themselves take: a cart line may still point at a variant (its
  // foreign key's share lock) while the import runs; a stock change waits for it.
  await tx.execute(
    sql`SELECT id FROM offers WHERE id = ANY(${sql.param(offerIds)}::int[]) ORDER BY id FOR NO KEY UPDATE`,
  );
  await tx.execute(
    sql`SELECT id FROM variants WHERE offer_id = ANY(${sql.param(offerIds)}::int[]) ORDER BY id FOR NO KEY UPDATE`,
  );
  const now = snapshotsOf(await currentCatalogueLines(tx, { offerIds }), plan.keptStock);
  const moved = offerIds.filter((offerId) => now.get(offerId) !== plan.snapshots.get(offerId));
  if (moved.length > 0) throw new CatalogueMoved(moved.map((offerId) => written.get(offerId)!));
}

/** Writes a plan without errors in the caller's transaction; answers the offers it touched. */
async function applyPlan(tx: Database, plan: ImportPlan, jobs: Pick<JobQueue, 'enqueue'>): Promise<number[]> {
  await lockUnmoved(tx, plan);
  const touched = new Set<number>();
  const rewritten = new Set<number>();
  const titles = (cells: OfferPlan['cells'], field: 'title' | 'subtitle') =>
    JSON.stringify({
      de: cells[`${field}_de`],
      ...(cells[`${field}_en`] ? { en: cells[`${field}_en`] } : {}),
      ...(cells[`${field}_it`] ? { it: cells[`${field}_it`] } : {}),
    });
  for (const offer of plan.offers) {
    if (offer.id !== null && offer.changed.length === 0) continue;
    const { cells } = offer;
    const saleEnds = cells.sale_ends_on
      ? sql`((${cells.sale_ends_on}::date + 1)::timestamp AT TIME ZONE 'Europe/Berlin')`
      : sql`NULL::timestamptz`;
    const values = sql`${cells.offer_slug}, ${offer.hotelId}, ${offer.brandId}, ${titles(cells, 'title')}::jsonb,
      ${titles(cells, 'subtitle')}::jsonb, ${cells.board || null}, ${cells.active === '1'}, ${saleEnds}`;
    const columns = sql`slug, hotel_id, brand_id, title, subtitle, board_code, is_active, sale_ends_at`;
    const [row] = await queryRows<{ id: number }>(
      tx,
      offer.id === null
        ? sql`INSERT INTO offers (${columns}) VALUES (${values}) RETURNING id`
        : sql`UPDATE offers SET (${columns}) = (${values}) WHERE id = ${offer.id} RETURNING id`,
    );
    offer.id = row!.id;
    touched.add(offer.id);
    rewritten.add(offer.id);
    if (offer.changed.some((field) => field.column === 'themes') || offer.changed.length === 0) {
      await tx.execute(sql`DELETE FROM offer_themes WHERE offer_id = ${offer.id}`);
      if (offer.themeIds.length > 0) {
        await tx.execute(sql`INSERT INTO offer_themes (offer_id, theme_id)
          SELECT ${offer.id}, unnest(${sql.param(offer.themeIds)}::int[])`);
      }
    }
  }
  const created = plan.variants.filter((variant) => variant.id === null);
  const changed = plan.variants.filter((variant) => variant.id !== null && variant.changed.length > 0);
  // Many lines per statement: 10,000 variants are a few statements, not 10,000 round trips.
  for (let start = 0; start < created.length; start += 1_000) {
    const batch = created.slice(start, start + 1_000);
    await tx.execute(sql`INSERT INTO variants (offer_id, nights, persons, price_cents, original_price_cents, stock)
      SELECT * FROM unnest(${sql.param(batch.map((v) => v.offer.id!))}::int[], ${sql.param(batch.map((v) => v.nights))}::smallint[],
        ${sql.param(batch.map((v) => v.persons))}::smallint[], ${sql.param(batch.map((v) => v.priceCents))}::int[],
        ${sql.param(batch.map((v) => v.originalPriceCents))}::int[], ${sql.param(batch.map((v) => v.stock))}::int[])`);
    for (const variant of batch) touched.add(variant.offer.id!);
  }
  for (let start = 0; start < changed.length; start += 1_000) {
    const batch = changed.slice(start, start + 1_000);
    await tx.execute(sql`UPDATE variants v SET nights = n.nights, persons = n.persons, price_cents = n.price,
        original_price_cents = n.reference, stock = CASE WHEN n.keep THEN v.stock ELSE n.stock END
      FROM unnest(${sql.param(batch.map((v) => v.id!))}::int[], ${sql.param(batch.map((v) => v.nights))}::smallint[],
        ${sql.param(batch.map((v) => v.persons))}::smallint[], ${sql.param(batch.map((v) => v.priceCents))}::int[],
        ${sql.param(batch.map((v) => v.originalPriceCents))}::int[], ${sql.param(batch.map((v) => v.stock))}::int[],
        ${sql.param(batch.map((v) => v.keepsStock))}::boolean[])
        AS n(id, nights, persons, price, reference, stock, keep)
      WHERE v.id = n.id`);
    for (const variant of batch) touched.add(variant.offer.id!);
  }
  if (plan.variants.some((variant) => variant.stockRises && variant.changed.length > 0)) {
    await jobs.enqueue(tx, dispatchRemindersJob, {});
  }
  await publishCatalogueChange(tx, [...rewritten], [...touched]);
  return [...touched];
}

type ImportRow = {
  id: number;
  staff_id: string;
  brand_ids: number[] | null;
  locale: Locale;
  file_name: string;
  content?: string;
  dry_run: boolean;
  status: CatalogueImport['status'];
  rows_total: number | null;
  rows_done: number;
  summary: CatalogueImport['summary'];
  changes: CatalogueChange[] | null;
  errors: CatalogueIssue[] | null;
  applied: boolean;
  created_at: Date | string;
  finished_at: Date | string | null;
};

const present = (row: ImportRow): CatalogueImport => ({
  id: row.id,
  fileName: row.file_name,
  dryRun: row.dry_run,
  status: row.status,
  rowsTotal: row.rows_total,
  rowsDone: row.rows_done,
  applied: row.applied,
  summary: row.summary,
  changes: (row.changes ?? []).slice(0, shownEntries),
  errors: (row.errors ?? []).slice(0, shownEntries),
  errorCount: row.errors?.length ?? 0,
  createdAt: new Date(row.created_at).toISOString(),
  finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
});

/** Stores the file and queues its check (and, unless a dry run, its import) as a job. */
export async function requestImport(
  deps: { db: Database; jobs: Pick<JobQueue, 'enqueue'> },
  staff: SignedInStaff,
  request: {
    fileName: string;
    content: string;
    dryRun: boolean;
    locale: Locale;
    /** The dry run this import writes: the write must change what it listed, nothing else. */
    checkedImportId?: number;
  },
): Promise<CatalogueImport> {
  return deps.db.transaction(async (tx) => {
    const [row] = await queryRows<ImportRow>(
      tx,
      sql`INSERT INTO catalogue_imports (staff_id, brand_ids, locale, file_name, content, dry_run, checked_import_id)
          VALUES (${staff.member.id}, ${staff.brandIds === null ? null : sql`${sql.param(staff.brandIds)}::int[]`},
            ${request.locale}, ${request.fileName}, ${request.content}, ${request.dryRun},
            ${request.checkedImportId ?? null})
          RETURNING id, staff_id, brand_ids, locale, file_name, dry_run, status, rows_total, rows_done, summary,
            changes, errors, applied, created_at, finished_at`,
    );
    await deps.jobs.enqueue(tx, catalogueImportJob, { importId: row!.id });
    return present(row!);
  });
}

/** The member's own import (another member's is as unknown as a missing one). */
export async function findImport(
  db: Database,
  staffId: string,
  importId: number,
): Promise<CatalogueImport | null> {
  const [row] = await queryRows<ImportRow>(
    db,
    sql`SELECT id, staff_id, brand_ids, locale, file_name, dry_run, status, rows_total, rows_done, summary, changes,
          errors, applied, created_at, finished_at
        FROM catalogue_imports WHERE id = ${importId} AND staff_id = ${staffId}`,
  );
  return row ? present(row) : null;
}

/** The file of the member's own checked dry run without errors, to import it for real. */
export async function dryRunContent(
  db: Database,
  staffId: string,
  importId: number,
): Promise<{ content: string; fileName: string; ready: boolean } | null> {
  const [row] = await queryRows<{
    content: string;
    file_name: string;
    status: string;
    errors: unknown[] | null;
    dry_run: boolean;
  }>(
    db,
    sql`SELECT content, file_name, status, errors, dry_run FROM catalogue_imports
        WHERE id = ${importId} AND staff_id = ${staffId}`,
  );
  if (!row) return null;
  return {
    content: row.content,
    fileName: row.file_name,
    ready: row.dry_run && row.status === 'done' && (row.errors?.length ?? 0) === 0,
  };
}

/**
 * Checks the file, stores every change and error, and (not a dry run, no errors) writes it in one
 * transaction with its audit entry. Run again after a crash, an import that was written is left alone
 * (its row says so in the same transaction), one that was not starts over.
 */
export function catalogueImportJobDefinition(deps: {
  db: Database;
  jobs: Pick<JobQueue, 'enqueue'>;
}): JobDefinition<{ importId: number }> {
  return {
    name: catalogueImportJob,
    retryLimit: 2,
    retryDelaySeconds: 10,
    expireInSeconds: 900,
    async run({ importId }) {
      try {
        await runImport(deps, importId);
      } catch (error) {
        await deps.db.execute(
          sql`UPDATE catalogue_imports SET status = 'failed', finished_at = now() WHERE id = ${importId} AND NOT applied`,
        );
        throw error;
      }
    },
  };
}

async function runImport(
  deps: { db: Database; jobs: Pick<JobQueue, 'enqueue'> },
  importId: number,
): Promise<void> {
  const [record] = await queryRows<ImportRow & { content: string; checked_import_id: number | null }>(
    deps.db,
    sql`UPDATE catalogue_imports SET status = 'checking', rows_done = 0 WHERE id = ${importId} AND NOT applied
          AND status <> 'done'
        RETURNING *`,
  );
  if (!record) return;
  const plan = await planImport(
    deps.db,
    record.content,
    { brandIds: record.brand_ids },
    record.locale,
    async (done, total) => {
      await deps.db.execute(
        sql`UPDATE catalogue_imports SET rows_done = ${done}, rows_total = ${total} WHERE id = ${importId}`,
      );
    },
  );
  const summary = {
    offersCreated: plan.changes.filter((change) => change.kind === 'offer-created').length,
    offersChanged: plan.changes.filter((change) => change.kind === 'offer-changed').length,
    variantsCreated: plan.changes.filter((change) => change.kind === 'variant-created').length,
    variantsChanged: plan.changes.filter((change) => change.kind === 'variant-changed').length,
    unchanged: plan.unchanged,
  };
  const finish = (tx: Database, applied: boolean) =>
    tx.execute(sql`UPDATE catalogue_imports SET status = 'done', finished_at = now(), rows_total = ${plan.lines},
        rows_done = ${plan.lines}, summary = ${JSON.stringify(summary)}::jsonb,
        changes = ${JSON.stringify(plan.changes)}::jsonb, errors = ${JSON.stringify(plan.issues)}::jsonb,
        applied = ${applied}
      WHERE id = ${importId}`);
  const moved = (lines: number[]) => {
    const messages = importMessages[record.locale];
    plan.issues = [...new Set(lines)]
      .sort((a, b) => a - b)
      .map((line) => ({ line, column: null, message: messages.changedSinceCheck }));
  };
  if (!record.dry_run && record.checked_import_id !== null && plan.issues.length === 0) {
    const [checked] = await queryRows<{ changes: CatalogueChange[] | null }>(
      deps.db,
      sql`SELECT changes FROM catalogue_imports WHERE id = ${record.checked_import_id}`,
    );
    const listed = new Set((checked?.changes ?? []).map(changeKey));
    const now = new Set(plan.changes.map(changeKey));
    moved(
      [
        ...plan.changes.filter((change) => !listed.has(changeKey(change))),
        ...(checked?.changes ?? []).filter((change) => !now.has(changeKey(change))),
      ].map((change) => change.line),
    );
  }
  if (record.dry_run || plan.issues.length > 0 || plan.changes.length === 0) {
    await finish(deps.db, false);
    return;
  }
  await deps.db.execute(sql`UPDATE catalogue_imports SET status = 'writing' WHERE id = ${importId}`);
  const [member] = await queryRows<{ id: string; email: string }>(
    deps.db,
    sql`SELECT id, email FROM staff WHERE id = ${record.staff_id}`,
  );
  try {
    await deps.db.transaction(async (tx) => {
      await planAsBackgroundJob(tx);
      const offerIds = await applyPlan(tx, plan, deps.jobs);
      await recordAudit(
        tx,
        { staff: { member: member! } as Actor['staff'], address: null },
        {
          action: 'catalogue.imported',
          subject: `import:${importId}`,
          note: record.file_name.slice(0, 200),
          before: plan.changes.map((change) => ({
            line: change.line,
            offer: change.offer,
            variantId: change.variantId,
            fields: change.fields.map(({ column, before }) => ({ column, before })),
          })),
          after: {
            ...summary,
            offerIds,
            changes: plan.changes.map((change) => ({
              line: change.line,
              kind: change.kind,
              fields: change.fields.map(({ column, after }) => ({ column, after })),
            })),
          },
        },
      );
      await finish(tx, true);
    });
  } catch (error) {
    if (!(error instanceof CatalogueMoved)) throw error;
    moved(error.lines);
    await finish(deps.db, false);
  }
}
