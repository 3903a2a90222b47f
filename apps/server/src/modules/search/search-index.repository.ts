import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import { isOnSale } from '#src/modules/offers/offers.repository.ts';
import { pruneOfferSearchRemovals } from './engine/snapshot.repository.ts';

const searchConfigs = { de: 'shop_de', en: 'shop_en', it: 'shop_it' } as const;

/** The text of a translated column in one language, falling back to English, then German. */
const text = (column: string, locale: keyof typeof searchConfigs) =>
  locale === 'de'
    ? `coalesce(${column}->>'de', '')`
    : `coalesce(${column}->>'${locale}', ${column}->>'en', ${column}->>'de', '')`;

/**
 * Town, region and country of hotel `h` and country `c` in every language, so that a German visitor's
 * "Rom" and an Italian's "Roma" both find Rome (SQL text, reused inside ts_stat's query string).
 */
const placeNames = sql.raw(
  ['h.city', 'h.region', 'c.name']
    .flatMap((column) => ['de', 'en', 'it'].map((locale) => `${column}->>'${locale}'`))
    .join(', '),
);

/**
 * The search document of an offer in one language. Titles rank first; proper names (hotel, city, region,
 * countries in every language) are indexed both stemmed and as written, so "Dolomiten" matches either way.
 */
function documentExpression(locale: keyof typeof searchConfigs): SQL {
  const config = searchConfigs[locale];
  return sql.raw(`
    setweight(to_tsvector('${config}', ${text('o.title', locale)}), 'A')
    || setweight(to_tsvector('${config}', names.value) || to_tsvector('shop_simple', names.value), 'A')
    || setweight(to_tsvector('${config}', ${text('o.subtitle', locale)} || ' ' || coalesce(theme_names.${locale}, '')), 'B')
    || setweight(to_tsvector('${config}', ${text('h.description', locale)}), 'D')`);
}

const stockColumnNames = [
  'price_cents',
  'original_price_cents',
  'discount_percent',
  'reference_source',
  'is_sold_out',
];
/** The columns of a search row that follow its variants. */
const variantColumnNames = [
  'nights_min',
  'nights_max',
  'nights_set',
  'persons_min',
  'persons_max',
  'persons_set',
  ...stockColumnNames,
];
/** offer_search's columns but the documents (their hash stands for them) and the revision. */
const rowColumnNames = [
  'brand_id',
  'hotel_id',
  'country_iso',
  'theme_ids',
  ...variantColumnNames,
  'created_at',
  'documents_hash',
];

/** `names` of `table`, as a row to compare with IS DISTINCT FROM (writers leave unchanged rows alone). */
const columnsOf = (table: string, names: readonly string[]) =>
  sql.raw(names.map((column) => `${table}.${column}`).join(', '));

/**
 * Rebuilds the denormalised search rows (offer_search) and the typo vocabulary (search_words) from the
 * catalogue tables. With `offerIds`, only those offers' rows are refreshed (after a stock or price change).
 */
export async function rebuildSearchIndex(
  db: Database,
  log: (message: string) => void = () => {},
  offerIds?: number[],
): Promise<void> {
  const onlyOffers = offerIds ? sql`AND o.id = ANY(${sql.param(offerIds)}::int[])` : sql``;
  log('search index: building offer documents');
  await db.execute(sql`
    INSERT INTO offer_search (
      offer_id, brand_id, hotel_id, country_iso, theme_ids,
      nights_min, nights_max, nights_set, persons_min, persons_max, persons_set,
      price_cents, original_price_cents, discount_percent, reference_source, is_sold_out, created_at,
      document_de, document_en, document_it, documents_hash)
    SELECT o.id, o.brand_id, o.hotel_id, h.country_iso, coalesce(theme_names.ids, '{}'),
      v.nights_min, v.nights_max, v.nights_set, v.persons_min, v.persons_max, v.persons_set,
      v.price_cents, v.original_price_cents, v.discount_percent, v.reference_source, v.is_sold_out, o.created_at,
      d.de, d.en, d.it,
      -- One seeded hash per language: joined texts could move a lexeme between languages unseen.
      hashtextextended(d.de::text, 1) # hashtextextended(d.en::text, 2) # hashtextextended(d.it::text, 3)
    FROM offers o
    JOIN hotels h ON h.id = o.hotel_id
    JOIN countries c ON c.iso = h.country_iso
    CROSS JOIN LATERAL (
      SELECT concat_ws(' ', h.name, ${placeNames}) AS value
    ) names
    LEFT JOIN LATERAL (
      SELECT array_agg(t.id ORDER BY t.id) AS ids,
        -- In a fixed order: the word positions are part of the document, and a document that comes out
        -- different for the same offer is read again by every process (engine/patch-offer-index.ts).
        string_agg(t.name->>'de', ' ' ORDER BY t.id) AS de,
        string_agg(coalesce(t.name->>'en', t.name->>'de'), ' ' ORDER BY t.id) AS en,
        string_agg(coalesce(t.name->>'it', t.name->>'en', t.name->>'de'), ' ' ORDER BY t.id) AS it
      FROM offer_themes ot JOIN themes t ON t.id = ot.theme_id
      WHERE ot.offer_id = o.id
    ) theme_names ON true
    JOIN LATERAL (
      SELECT min(nights) AS nights_min, max(nights) AS nights_max,
        array_agg(DISTINCT nights ORDER BY nights) AS nights_set,
        min(persons) AS persons_min, max(persons) AS persons_max,
        array_agg(DISTINCT persons ORDER BY persons) AS persons_set,
        ${stockColumns}
      FROM variants WHERE offer_id = o.id
      HAVING count(*) > 0
    ) v ON true
    CROSS JOIN LATERAL (
      SELECT ${documentExpression('de')} AS de, ${documentExpression('en')} AS en, ${documentExpression('it')} AS it
      -- Not flattened into the outer query, which would compose every document twice (for the column and
      -- for the hash): 2.4 → 1.6 s for 3,000 changed offers at 100,000.
      OFFSET 0
    ) d
    WHERE ${isOnSale('o')} ${onlyOffers}
    ON CONFLICT (offer_id) DO UPDATE SET
      brand_id = excluded.brand_id, hotel_id = excluded.hotel_id, country_iso = excluded.country_iso,
      theme_ids = excluded.theme_ids, nights_min = excluded.nights_min, nights_max = excluded.nights_max,
      nights_set = excluded.nights_set, persons_min = excluded.persons_min, persons_max = excluded.persons_max,
      persons_set = excluded.persons_set, price_cents = excluded.price_cents,
      original_price_cents = excluded.original_price_cents, discount_percent = excluded.discount_percent,
      reference_source = excluded.reference_source, is_sold_out = excluded.is_sold_out, created_at = excluded.created_at,
      document_de = excluded.document_de, document_en = excluded.document_en, document_it = excluded.document_it,
      documents_hash = excluded.documents_hash
    -- A row that would not change keeps its revision: every process holding the index would read it again.
    -- The hash stands for the documents, which would have to come out of TOAST to be compared.
    WHERE (${columnsOf('offer_search', rowColumnNames)}) IS DISTINCT FROM (${columnsOf('excluded', rowColumnNames)})`);
  await removeOffersNotOnSale(db, offerIds);
  await pruneOfferSearchRemovals(db);
  if (offerIds) return bumpCatalogueVersion(db);

  log('search index: building the typo vocabulary');
  // DELETE, not TRUNCATE: TRUNCATE's exclusive lock would wait behind a running pg_dump (npm run backup)
  // and every search reading the vocabulary would queue behind it until the dump ends.
  await db.execute(sql`DELETE FROM search_words`);
  await db.execute(sql`
    INSERT INTO search_words (word, occurrences)
    SELECT word, ndoc FROM ts_stat($$
      SELECT to_tsvector('shop_simple', concat_ws(' ',
        o.title->>'de', o.title->>'en', o.title->>'it', h.name, ${placeNames}))
      FROM offers o JOIN hotels h ON h.id = o.hotel_id JOIN countries c ON c.iso = h.country_iso
      WHERE o.is_active
      UNION ALL SELECT to_tsvector('shop_simple', concat_ws(' ', name->>'de', name->>'en', name->>'it')) FROM countries
      UNION ALL SELECT to_tsvector('shop_simple', concat_ws(' ', name->>'de', name->>'en', name->>'it')) FROM themes
    $$)
    WHERE length(word) >= 3 AND word ~ '^[[:alpha:]]+$'`);
  // Fresh statistics for every catalogue table: stale ones after a bulk load mislead the planner.
  await db.execute(
    sql`ANALYZE hotels, offers, offer_themes, offer_texts, variants, promotion_offers, offer_search, search_words`,
  );
  await bumpCatalogueVersion(db);
  log('search index: done');
}

/**
 * Offers that were deactivated, ended their sale period or lost their variants leave the search rows. A
 * partial refresh looks only at its offers and at those whose sale period ended: the sweep over every row
 * took 0.35-0.75 s at 100,000 offers, on every back-office change.
 */
async function removeOffersNotOnSale(db: Database, offerIds?: number[]): Promise<void> {
  const candidates = offerIds
    ? sql`AND s.offer_id IN (
        SELECT unnest(${sql.param(offerIds)}::int[])
        UNION SELECT id FROM offers WHERE sale_ends_at IS NOT NULL AND sale_ends_at <= now())`
    : sql``;
  await db.execute(sql`
    DELETE FROM offer_search s WHERE NOT EXISTS (
      SELECT 1 FROM offers o WHERE o.id = s.offer_id AND ${isOnSale('o')}
        AND EXISTS (SELECT 1 FROM variants v WHERE v.offer_id = o.id)) ${candidates}`);
}

/**
 * After only variants changed (price, "statt" price, stock, nights, persons; added or removed): their
 * offers' variant columns of the search rows, leaving the documents as they are. Composing the documents
 * again (to_tsvector over every text in three languages) was most of a 10,000-line import's database
 * work. An offer without a search row yet, or without variants now, takes the whole path.
 */
export async function refreshVariantColumns(db: Database, offerIds: number[]): Promise<void> {
  const ids = [...new Set(offerIds)];
  if (ids.length === 0) return;
  // Rows whose columns come out the same are left alone (their revision with them); the offers without a
  // search row or without variants are answered for the whole path.
  const rest = await queryRows<{ offerId: number }>(
    db,
    sql`WITH v AS (
        SELECT offer_id, min(nights) AS nights_min, max(nights) AS nights_max,
          array_agg(DISTINCT nights ORDER BY nights) AS nights_set,
          min(persons) AS persons_min, max(persons) AS persons_max,
          array_agg(DISTINCT persons ORDER BY persons) AS persons_set,
          ${stockColumns}
        FROM variants WHERE offer_id = ANY(${sql.param(ids)}::int[]) GROUP BY offer_id
      ), updated AS (
        UPDATE offer_search s SET nights_min = v.nights_min, nights_max = v.nights_max, nights_set = v.nights_set,
          persons_min = v.persons_min, persons_max = v.persons_max, persons_set = v.persons_set,
          price_cents = v.price_cents, original_price_cents = v.original_price_cents,
          discount_percent = v.discount_percent, reference_source = v.reference_source, is_sold_out = v.is_sold_out
        FROM v
        -- The ids again on the search rows: without them the planner merged v with the whole of offer_search
        -- in key order (0.4 s of a 10,000-line import at 100,000 offers) instead of looking up its rows.
        WHERE s.offer_id = ANY(${sql.param(ids)}::int[]) AND s.offer_id = v.offer_id
          AND (${columnsOf('s', variantColumnNames)}) IS DISTINCT FROM (${columnsOf('v', variantColumnNames)})
      )
      SELECT id AS "offerId" FROM unnest(${sql.param(ids)}::int[]) AS id
      LEFT JOIN offer_search s ON s.offer_id = id
      LEFT JOIN v ON v.offer_id = id
      WHERE s.offer_id IS NULL OR v.offer_id IS NULL`,
  );
  if (rest.length > 0)
    return rebuildSearchIndex(
      db,
      () => {},
      rest.map((row) => row.offerId),
    );
  await removeOffersNotOnSale(db, []);
  await bumpCatalogueVersion(db);
}

/**
 * After units were taken or given back: the search rows' columns that follow stock (the advertised price
 * and sold out), for offers whose variants ran out or came back. Offer lists read them from these rows,
 * so cards show the change at once. The in-memory engine (engine/) keeps its order (sold-out offers
 * last) until the next catalogue change, which reads the rows written since: waking every process's
 * engine on each sale would cost more than the order is worth.
 */
export async function refreshStockColumns(db: Database, offerIds: number[]): Promise<void> {
  if (offerIds.length === 0) return;
  const ids = sql.param([...new Set(offerIds)]);
  for (const listener of stockListeners) listener(offerIds);
  await db.execute(sql`
    UPDATE offer_search s SET price_cents = v.price_cents, original_price_cents = v.original_price_cents,
      discount_percent = v.discount_percent, reference_source = v.reference_source, is_sold_out = v.is_sold_out
    FROM (
      SELECT offer_id, ${stockColumns} FROM variants WHERE offer_id = ANY(${ids}::int[]) GROUP BY offer_id
    ) v
    WHERE s.offer_id = ANY(${ids}::int[]) AND s.offer_id = v.offer_id
      AND (${columnsOf('s', stockColumnNames)}) IS DISTINCT FROM (${columnsOf('v', stockColumnNames)})`);
}

const stockListeners = new Set<(offerIds: number[]) => void>();

/**
 * Hears which offers' stock columns this process is about to rewrite, so that its own offer lists show
 * the change at once (other processes' within their listings' second, catalogue-context.ts). On a
 * PostgreSQL server a list loaded while the sale's transaction is still open may keep the old row for
 * that second too; on PGlite it waits for the transaction. Answers the way to stop hearing.
 */
export function onStockColumnsWritten(listener: (offerIds: number[]) => void): () => void {
  stockListeners.add(listener);
  return () => stockListeners.delete(listener);
}

/** Tells every process holding the search index in memory (engine/) to take the change in. */
async function bumpCatalogueVersion(db: Database): Promise<void> {
  await db.execute(sql`
    INSERT INTO catalogue_version (id, version) VALUES (1, 1)
    ON CONFLICT (id) DO UPDATE SET version = catalogue_version.version + 1, changed_at = now()`);
}

const discountPercent = sql.raw(
  'CASE WHEN original_price_cents > 0 THEN round(100 - 100.0 * price_cents / original_price_cents)::int ELSE 0 END',
);

/**
 * Over one offer's variants: the advertised price is the cheapest variant still in stock (the cheapest
 * of all when sold out), its saving the same variant's, so a card's "-33 %" matches its "from … instead
 * of …".
 */
const stockColumns = sql`
  (array_agg(price_cents ORDER BY stock > 0 DESC, price_cents, id))[1] AS price_cents,
  (array_agg(original_price_cents ORDER BY stock > 0 DESC, price_cents, id))[1] AS original_price_cents,
  (array_agg(${discountPercent} ORDER BY stock > 0 DESC, price_cents, id))[1] AS discount_percent,
  (array_agg(reference_source ORDER BY stock > 0 DESC, price_cents, id))[1] AS reference_source,
  bool_and(stock <= 0) AS is_sold_out`;
