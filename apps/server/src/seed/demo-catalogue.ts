import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import * as schema from '#src/db/schema/index.ts';
import { demoStaff, seedDemoStaff } from '#src/modules/admin/staff/staff-accounts.ts';
import { rebuildSearchIndex } from '#src/modules/search/search-index.repository.ts';
import { planDemoCommerce } from './commerce.ts';
import { planContent } from './content.ts';
import { type HotelPlan, planHotels } from './hotels.ts';
import { insertRows, resetSequences } from './insert.ts';
import { isOnSale } from './offer-terms.ts';
import {
  generateOffer,
  type IdCounters,
  type OfferBundle,
  type OfferFacts,
  offersPerHotel,
} from './offers.ts';
import { planPromotions } from './promotions.ts';
import {
  boardCodes,
  boardDefinitions,
  brandRows,
  countryNames,
  featureDefinitions,
  themeDefinitions,
  themeSlugs,
  vendorNames,
} from './reference-data.ts';

/** The standard demo: 180 hotels with about three offers each. */
export const demoOfferCount = 540;
export const maxOfferCount = 2_000_000;

/** Offers written per round trip; their variants, texts and themes follow in the same round. */
const offerBatchSize = 1000;

export type SeedOptions = { offers?: number; log?: (message: string) => void };
export type SeedTotals = { brands: number; hotels: number; offers: number; variants: number };

/** Every table the catalogue consists of, in no particular order (TRUNCATE takes them at once). */
const catalogueTables = [
  'offer_search',
  'search_words',
  'promotion_offers',
  'promotions',
  'offer_themes',
  'offer_texts',
  'variants',
  'offers',
  'hotels',
  'vendors',
  'hotel_features',
  'boards',
  'themes',
  'countries',
  'content_pages',
  'extension_points',
  'gift_cards',
  'reductions',
  'brands',
] as const;

/** Tables with a serial id that the seed fills with explicit ids. */
const serialTables = [
  'brands',
  'themes',
  'vendors',
  'hotels',
  'offers',
  'variants',
  'offer_texts',
  'promotions',
  'content_pages',
  'extension_points',
] as const;

export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ id: schema.offers.id }).from(schema.offers).limit(1);
  return rows.length === 0;
}

/**
 * Empties the catalogue and restarts its ids. CASCADE also empties everything that references it
 * (customers, orders, vouchers, reductions… all hang off brands or variants): only for demo and test data.
 */
export async function resetCatalogue(db: Database): Promise<void> {
  await db.execute(sql.raw(`TRUNCATE ${catalogueTables.join(', ')} RESTART IDENTITY CASCADE`));
}

/**
 * Writes the deterministic demo catalogue into empty catalogue tables: same rows, ids and values on every
 * run for the same `offers`. Statements are committed one by one (no enclosing transaction), because one
 * transaction over 100,000 offers exhausts PGlite's memory.
 */
export async function seedDemoCatalogue(db: Database, options: SeedOptions = {}): Promise<SeedTotals> {
  const offerCount = options.offers ?? demoOfferCount;
  if (!Number.isInteger(offerCount) || offerCount < 1 || offerCount > maxOfferCount) {
    throw new RangeError(`offers must be a whole number from 1 to ${maxOfferCount}, got ${offerCount}`);
  }
  const log = options.log ?? (() => {});
  const hotelCount = Math.ceil(offerCount / 3);

  const hotelPlans = planHotels(hotelCount);
  await insertReferenceData(db, hotelPlans);
  log(`seed: reference data (${brandRows.length} brands, ${Object.keys(countryNames).length} countries)`);
  await insertRows(
    db,
    schema.hotels,
    hotelPlans.map((plan) => plan.row),
  );
  log(`seed: hotels ${hotelCount}`);

  const { facts, variantCount } = await insertOffers(db, hotelPlans, offerCount, log);

  const { promotions, promotionOffers } = planPromotions(facts);
  await insertRows(db, schema.promotions, promotions);
  await insertRows(db, schema.promotionOffers, promotionOffers);
  const content = planContent();
  await insertRows(db, schema.contentPages, content.pages);
  await insertRows(db, schema.extensionPoints, content.extensionPoints);
  log(`seed: ${promotions.length} promotions, ${content.pages.length} content pages`);
  const commerce = planDemoCommerce(facts);
  await insertRows(db, schema.reductions, commerce.reductions);
  await insertRows(db, schema.giftCards, commerce.giftCards);
  log(`seed: ${commerce.reductions.length} promotion codes, ${commerce.giftCards.length} gift cards`);
  // The back office's demo staff (README): with the demo catalogue only, never in a real installation.
  await seedDemoStaff(db);
  log(`seed: ${demoStaff.length} demo staff accounts`);

  await resetSequences(db, serialTables);
  await rebuildSearchIndex(db, log);
  return { brands: brandRows.length, hotels: hotelCount, offers: offerCount, variants: variantCount };
}

async function insertReferenceData(db: Database, hotelPlans: readonly HotelPlan[]): Promise<void> {
  await insertRows(
    db,
    schema.brands,
    brandRows.map((brand) => ({ ...brand, hosts: [...brand.hosts], locales: [...brand.locales] })),
  );
  const countriesWithHotels = new Set(hotelPlans.map((plan) => plan.row.countryIso));
  const byGermanName = Object.entries(countryNames).sort(([, a], [, b]) => a.de.localeCompare(b.de, 'de'));
  await insertRows(
    db,
    schema.countries,
    byGermanName.map(([iso, name], index) => ({
      iso,
      name,
      isInMenu: countriesWithHotels.has(iso),
      sortOrder: index + 1,
    })),
  );
  await insertRows(
    db,
    schema.themes,
    themeSlugs.map((slug, index) => ({
      id: index + 1,
      slug,
      name: themeDefinitions[slug].name,
      isInMenu: themeDefinitions[slug].isInMenu,
      sortOrder: index + 1,
    })),
  );
  await insertRows(
    db,
    schema.vendors,
    vendorNames.map((name, index) => ({ id: index + 1, name })),
  );
  await insertRows(
    db,
    schema.hotelFeatures,
    featureDefinitions.map((feature, index) => ({
      code: index + 1,
      icon: feature.icon,
      label: feature.label,
    })),
  );
  await insertRows(
    db,
    schema.boards,
    boardCodes.map((code) => ({ code, ...boardDefinitions[code] })),
  );
}

/** Generates and writes the offers hotel by hotel, in batches, keeping only their facts in memory. */
async function insertOffers(
  db: Database,
  hotelPlans: readonly HotelPlan[],
  offerCount: number,
  log: (message: string) => void,
): Promise<{ facts: OfferFacts[]; variantCount: number }> {
  const counts = offersPerHotel(offerCount, hotelPlans.length);
  const ids: IdCounters = { variant: 1, text: 1 };
  const facts: OfferFacts[] = [];
  const logEvery = Math.max(offerBatchSize, Math.ceil(offerCount / 10));
  let nextLogAt = logEvery;
  let batch: OfferBundle[] = [];
  let nextOfferId = 1;

  const flush = async () => {
    if (batch.length === 0) return;
    await insertRows(
      db,
      schema.offers,
      batch.map((bundle) => bundle.offer),
    );
    // One after the other: the seed runs in one transaction, on one connection, and pg refuses a query
    // sent while that connection is still busy with another (a deprecation warning now, an error in pg 9).
    await insertRows(
      db,
      schema.variants,
      batch.flatMap((bundle) => bundle.variants),
    );
    await insertRows(
      db,
      schema.offerTexts,
      batch.flatMap((bundle) => bundle.texts),
    );
    await insertRows(
      db,
      schema.offerThemes,
      batch.flatMap((bundle) => bundle.themes),
    );
    // Offers no longer sold stay out of promotions and code limits (their pages answer 410).
    facts.push(...batch.filter((bundle) => isOnSale(bundle.offer)).map((bundle) => bundle.facts));
    batch = [];
    const done = nextOfferId - 1;
    if (done >= nextLogAt || done === offerCount) {
      log(`seed: offers ${done}/${offerCount}`);
      while (nextLogAt <= done) nextLogAt += logEvery;
    }
  };

  for (const [index, hotel] of hotelPlans.entries()) {
    for (let n = 0; n < (counts[index] ?? 0); n++) batch.push(generateOffer(hotel, nextOfferId++, ids));
    if (batch.length >= offerBatchSize) await flush();
  }
  await flush();
  return { facts, variantCount: ids.variant - 1 };
}
