import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BlackoutPeriod, ChildrenPolicy, Inclusion, PetsPolicy } from './offer-terms.ts';
import { translated, tsvector, xid8 } from './types.ts';

/** A partner brand. Its presentation (logo, colours, analytics…) is the static config.json on the asset host. */
export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  short: text('short').notNull().unique(),
  name: text('name').notNull(),
  /** Host names that resolve to this brand besides `<short>.<any domain>`. */
  hosts: text('hosts').array().notNull().default(sql`'{}'`),
  isDefault: boolean('is_default').notNull().default(false),
  locales: text('locales').array().notNull().default(sql`'{de,en,it}'`),
});

export const countries = pgTable('countries', {
  iso: char('iso', { length: 2 }).primaryKey(),
  name: translated('name').notNull(),
  isInMenu: boolean('is_in_menu').notNull().default(false),
  sortOrder: smallint('sort_order').notNull().default(0),
});

export const themes = pgTable('themes', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: translated('name').notNull(),
  isInMenu: boolean('is_in_menu').notNull().default(false),
  sortOrder: smallint('sort_order').notNull().default(0),
});

export const vendors = pgTable('vendors', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

/** Hotel feature codes 1–33 (restaurant, pool, sauna, wifi, parking…). */
export const hotelFeatures = pgTable('hotel_features', {
  code: smallint('code').primaryKey(),
  icon: text('icon').notNull(),
  label: translated('label').notNull(),
});

/** Board codes (AB, HP, VP, AI…) with the short forms shown to customers. */
export const boards = pgTable('boards', {
  code: text('code').primaryKey(),
  short: translated('short').notNull(),
  name: translated('name').notNull(),
});

/** A hotel ("contact" in the SPEC's wording). */
export const hotels = pgTable(
  'hotels',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    stars: smallint('stars'),
    street: text('street').notNull(),
    houseNumber: text('house_number').notNull(),
    postcode: text('postcode').notNull(),
    /** The town in each language's own form (Toblach, Dobbiaco); see translate.ts for the fallback. */
    city: translated('city').notNull(),
    region: translated('region'),
    countryIso: char('country_iso', { length: 2 })
      .notNull()
      .references(() => countries.iso),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** How guests book the stay a voucher pays for (printed on every voucher); null: not known. */
    phone: text('phone'),
    email: text('email'),
    description: translated('description').notNull(),
    featureCodes: smallint('feature_codes').array().notNull().default(sql`'{}'`),
    /** The boards the hotel offers (SPEC §3 codes); each offer names one. */
    boardCodes: text('board_codes').array().notNull().default(sql`'{}'`),
    imageSeeds: text('image_seeds').array().notNull().default(sql`'{}'`),
  },
  (t) => [
    uniqueIndex('hotels_slug_idx').on(t.slug),
    // The admin and its CSV import look slugs up case-insensitively, thousands at once (with INCLUDE
    // (id, slug, country_iso), written into migration 0037 by hand: drizzle-kit does not model it).
    index('hotels_slug_lower_idx').on(sql`lower(${t.slug})`),
    index('hotels_lat_lon_idx').on(t.latitude, t.longitude),
    index('hotels_country_idx').on(t.countryIso),
  ],
);

export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id),
    /** Null: sold on every brand. Otherwise exclusive to one brand. */
    brandId: integer('brand_id').references(() => brands.id),
    title: translated('title').notNull(),
    subtitle: translated('subtitle').notNull(),
    boardCode: text('board_code').references(() => boards.code),
    imageSeeds: text('image_seeds').array().notNull().default(sql`'{}'`),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** End of the sale period: afterwards the offer is gone (410) like an inactive one. Null: open-ended. */
    saleEndsAt: timestamp('sale_ends_at', { withTimezone: true }),
    /** ISO weekdays (1 = Monday … 7 = Sunday) a stay may start on; empty: any day. */
    arrivalDays: smallint('arrival_days').array().notNull().default(sql`'{}'`),
    /** Fewest nights one stay must have when the voucher's nights are split; null: all nights at once. */
    minStayNights: smallint('min_stay_nights'),
    /** Children: whether they may come, from what age, and the price bands the hotel charges. */
    childrenPolicy: jsonb('children_policy').$type<ChildrenPolicy>(),
    /** Pets: allowed (with a fee per night), on request, or not allowed. */
    petsPolicy: jsonb('pets_policy').$type<PetsPolicy>(),
    /** Dates the voucher cannot be redeemed on, as inclusive ISO date ranges. */
    blackoutPeriods: jsonb('blackout_periods').$type<BlackoutPeriod[]>().notNull().default(sql`'[]'`),
    /** What the price includes besides the nights and the board, as codes with a quantity. */
    inclusions: jsonb('inclusions').$type<Inclusion[]>().notNull().default(sql`'[]'`),
  },
  (t) => [
    uniqueIndex('offers_slug_idx').on(t.slug),
    // The admin and its CSV import look slugs up case-insensitively, thousands at once (with INCLUDE
    // (id, slug), written into migration 0037 by hand: drizzle-kit does not model it).
    index('offers_slug_lower_idx').on(sql`lower(${t.slug})`),
    index('offers_hotel_idx').on(t.hotelId),
    // Offers whose sale period ended leave the search rows at the next catalogue change (search-index.repository.ts).
    index('offers_sale_ends_idx').on(t.saleEndsAt).where(sql`${t.saleEndsAt} IS NOT NULL`),
  ],
);

export const offerThemes = pgTable(
  'offer_themes',
  {
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    themeId: integer('theme_id')
      .notNull()
      .references(() => themes.id),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.themeId] }), index('offer_themes_theme_idx').on(t.themeId)],
);

export const offerTexts = pgTable(
  'offer_texts',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    /** Optional; texts are shown ascending by position, unpositioned last. */
    position: smallint('position'),
    title: translated('title').notNull(),
    body: translated('body').notNull(),
  },
  (t) => [index('offer_texts_offer_idx').on(t.offerId)],
);

export const variants = pgTable(
  'variants',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    nights: smallint('nights').notNull(),
    persons: smallint('persons').notNull(),
    priceCents: integer('price_cents').notNull(),
    originalPriceCents: integer('original_price_cents').notNull(),
    currency: char('currency', { length: 3 }).notNull().default('EUR'),
    /** Units left to sell; decremented atomically when an order is paid or closed. */
    stock: integer('stock').notNull(),
    /**
     * What the "statt" price is: `hotel` (the hotel's regular price, as typed) or `former` (our own earlier
     * price: the database sets it to the lowest of the 30 days before the reduction, migration 0028).
     */
    referenceSource: text('reference_source').notNull().default('hotel'),
    /**
     * What the shop pays the hotel for one redeemed voucher of this variant (issue 27); null: not agreed
     * yet (the hotel's statement lists the redemption without an amount until it is).
     */
    netRateCents: integer('net_rate_cents'),
  },
  (t) => [index('variants_offer_idx').on(t.offerId)],
);

/**
 * One row per offer with everything search filters, sorts and ranks on, rebuilt from the tables above
 * by the search repository whenever the catalogue changes (see docs/decisions/003-search-in-postgres.md).
 */
export const offerSearch = pgTable(
  'offer_search',
  {
    offerId: integer('offer_id')
      .primaryKey()
      .references(() => offers.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id'),
    hotelId: integer('hotel_id').notNull(),
    countryIso: char('country_iso', { length: 2 }).notNull(),
    themeIds: integer('theme_ids').array().notNull(),
    nightsMin: smallint('nights_min').notNull(),
    nightsMax: smallint('nights_max').notNull(),
    nightsSet: smallint('nights_set').array().notNull(),
    personsMin: smallint('persons_min').notNull(),
    personsMax: smallint('persons_max').notNull(),
    personsSet: smallint('persons_set').array().notNull(),
    priceCents: integer('price_cents').notNull(),
    originalPriceCents: integer('original_price_cents').notNull(),
    discountPercent: smallint('discount_percent').notNull(),
    /** The advertised variant's `reference_source`: how the card words its "statt" price. */
    referenceSource: text('reference_source').notNull().default('hotel'),
    isSoldOut: boolean('is_sold_out').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    documentDe: tsvector('document_de').notNull(),
    documentEn: tsvector('document_en').notNull(),
    documentIt: tsvector('document_it').notNull(),
    /**
     * Changes with any of the three documents (one seeded hash per language: joined texts could move a
     * lexeme between languages unseen): a process holding the search index in memory re-reads the
     * documents of only the offers whose hash moved (engine/patch-offer-index.ts). Written with the
     * documents by rebuildSearchIndex; a generated column would be computed again, from the documents
     * out of TOAST, on every update of a price or stock.
     */
    documentsHash: bigint('documents_hash', { mode: 'bigint' }).notNull(),
    /**
     * The transaction that last wrote the row (set on insert by default, on update by a trigger, so that
     * no writer can forget it; the writers leave unchanged rows alone): a process holding the index reads
     * only the rows written by transactions its last snapshot did not see (engine/snapshot.repository.ts).
     */
    revision: xid8('revision').notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [
    index('offer_search_document_de_idx').using('gin', t.documentDe),
    index('offer_search_document_en_idx').using('gin', t.documentEn),
    index('offer_search_document_it_idx').using('gin', t.documentIt),
    index('offer_search_theme_ids_idx').using('gin', t.themeIds),
    index('offer_search_country_idx').on(t.countryIso, t.priceCents),
    index('offer_search_price_idx').on(t.priceCents),
    index('offer_search_discount_idx').on(t.discountPercent),
    index('offer_search_created_idx').on(t.createdAt),
    index('offer_search_hotel_idx').on(t.hotelId),
    index('offer_search_revision_idx').on(t.revision),
  ],
);

/**
 * The offers whose search rows were deleted, by which transaction (a trigger writes them): with the
 * revisions above, what a process needs to take a change in without reading every row. Kept a day.
 */
export const offerSearchRemovals = pgTable(
  'offer_search_removals',
  {
    offerId: integer('offer_id').notNull(),
    revision: xid8('revision').notNull().default(sql`pg_current_xact_id()`),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('offer_search_removals_revision_idx').on(t.revision)],
);

/**
 * One row that counts search index rebuilds: processes holding the index in memory poll it (cheap)
 * instead of fingerprinting offer_search (tens of milliseconds at 100k offers).
 */
export const catalogueVersion = pgTable('catalogue_version', {
  id: smallint('id').primaryKey().default(1),
  version: integer('version').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Vocabulary of the catalogue (unaccented, lower case) for typo-tolerant search via pg_trgm. */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    occurrences: integer('occurrences').notNull(),
  },
  (t) => [
    index('search_words_trgm_idx').using('gist', sql`${t.word} gist_trgm_ops`),
    index('search_words_prefix_idx').using('btree', sql`${t.word} text_pattern_ops`),
  ],
);

export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    /** Null: a promotion of every brand. */
    brandId: integer('brand_id').references(() => brands.id),
    name: text('name').notNull(),
    promotionType: text('promotion_type').notNull(),
    type: text('type').notNull(),
    title: translated('title').notNull(),
    description: translated('description').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
  },
  (t) => [uniqueIndex('promotions_brand_name_idx').on(sql`coalesce(${t.brandId}, 0)`, sql`lower(${t.name})`)],
);

export const promotionOffers = pgTable(
  'promotion_offers',
  {
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.offerId] })],
);

export const contentPages = pgTable(
  'content_pages',
  {
    id: serial('id').primaryKey(),
    /** Null: the default page every brand shows unless it has its own with the same slug. */
    brandId: integer('brand_id').references(() => brands.id),
    locale: text('locale').notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
  },
  (t) => [
    uniqueIndex('content_pages_brand_locale_slug_idx').on(
      sql`coalesce(${t.brandId}, 0)`,
      t.locale,
      sql`lower(${t.slug})`,
    ),
  ],
);

/** Named lists of content the shop shows in fixed places: `footerMenu` (page names), `home`. */
export const extensionPoints = pgTable(
  'extension_points',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id').references(() => brands.id),
    locale: text('locale').notNull(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
  },
  (t) => [
    uniqueIndex('extension_points_brand_locale_key_idx').on(sql`coalesce(${t.brandId}, 0)`, t.locale, t.key),
  ],
);

/** A visitor's referral from the start URL (`r`, optional `rx`). */
export const referralTokens = pgTable('referral_tokens', {
  id: serial('id').primaryKey(),
  brandId: integer('brand_id').references(() => brands.id),
  code: text('code').notNull(),
  payload: text('payload'),
  path: text('path'),
  referer: text('referer'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
