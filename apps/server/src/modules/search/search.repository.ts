import type { ParsedSearchRequest } from '@shop/contracts/catalogue';
import type { Locale } from '@shop/contracts/locale';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import { visibleToBrand } from '#src/modules/offers/offers.repository.ts';
import type { FacetRows } from './engine/search-engine.ts';
import { type WordMatch, wholeWordTsQuery } from './search-query.ts';

const searchConfigs: Record<Locale, string> = { de: 'shop_de', en: 'shop_en', it: 'shop_it' };

/** Below this similarity a vocabulary word is not offered as a correction. */
const minimumSimilarity = 0.45;

/**
 * For each query word: whether the catalogue has a word starting with it, and otherwise its closest
 * spellings (nearest neighbours on the vocabulary's GiST trigram index, no scan of the offers).
 */
export async function matchWords(db: Database, words: string[]): Promise<WordMatch[]> {
  if (words.length === 0) return [];
  const rows = await queryRows<{ word: string; is_known: boolean; similar: string[] }>(
    db,
    sql`
    SELECT q.word,
      -- A byte-wise range on the text_pattern_ops index: "is some word prefixed by q.word".
      EXISTS (SELECT 1 FROM search_words w
        WHERE w.word ~>=~ q.word AND w.word ~<~ (q.word || chr(1114111))) AS is_known,
      ARRAY(
        SELECT w.word FROM search_words w
        WHERE w.word % q.word AND similarity(w.word, q.word) >= ${minimumSimilarity}
        -- Nearest by trigram distance, read in order from the GiST index.
        ORDER BY w.word <-> q.word
        LIMIT 3
      ) AS similar
    FROM unnest(${sql.param(words)}::text[]) WITH ORDINALITY AS q(word, n)
    ORDER BY q.n`,
  );
  return rows.map((row) => ({ word: row.word, isKnown: row.is_known, similar: row.similar }));
}

export type SearchScope = { brandId: number; locale: Locale; tsQuery: string | null };
type Filters = Pick<ParsedSearchRequest, 'countries' | 'themes' | 'nights' | 'persons' | 'price'>;

const overlapsSet = (column: string, range: { min?: number | undefined; max?: number | undefined }) =>
  sql`EXISTS (SELECT 1 FROM unnest(${sql.raw(column)}) AS value
    WHERE value::int BETWEEN ${range.min ?? 0}::int AND ${range.max ?? 2_147_483_647}::int)`;

/** Each refinement as its own condition, so facets can leave their own one out. */
function refinementConditions(filters: Filters) {
  const { countries, themes, nights, persons, price } = filters;
  return {
    country: countries?.length
      ? sql`s.country_iso = ANY(${sql.param(countries.map((iso) => iso.toUpperCase()))}::text[])`
      : sql`true`,
    theme: themes?.length ? sql`s.theme_ids && ${sql.param(themes)}::int[]` : sql`true`,
    nights:
      nights && (nights.min ?? nights.max) !== undefined ? overlapsSet('s.nights_set', nights) : sql`true`,
    persons:
      persons && (persons.min ?? persons.max) !== undefined
        ? overlapsSet('s.persons_set', persons)
        : sql`true`,
    price:
      price && (price.min ?? price.max) !== undefined
        ? sql`s.price_cents BETWEEN ${price.min ?? 0}::int AND ${price.max ?? 2_147_483_647}::int`
        : sql`true`,
  };
}

function documentColumn(locale: Locale): SQL {
  return sql.raw(`s.document_${locale}`);
}

function textQuery(scope: SearchScope): SQL {
  return sql`to_tsquery(${searchConfigs[scope.locale]}::regconfig, ${scope.tsQuery})`;
}

/**
 * Text relevance: offers where every word matched as a whole word come first ("roma" lists Rome before
 * "romantico"), then ts_rank_cd. The engine ranks the same way (engine/offer-index.ts, relevanceKey).
 */
function relevanceOrder(scope: SearchScope & { tsQuery: string }): SQL {
  const document = documentColumn(scope.locale);
  const whole = sql`to_tsquery(${searchConfigs[scope.locale]}::regconfig, ${wholeWordTsQuery(scope.tsQuery)})`;
  return sql`(${document} @@ ${whole}) DESC, ts_rank_cd(${document}, ${textQuery(scope)}) DESC`;
}

function baseConditions(scope: SearchScope): SQL {
  const brand = visibleToBrand('s', scope.brandId);
  return scope.tsQuery === null
    ? brand
    : sql`${brand} AND ${documentColumn(scope.locale)} @@ ${textQuery(scope)}`;
}

function orderBy(sort: ParsedSearchRequest['sort'], scope: SearchScope): SQL {
  switch (sort) {
    case 'price-asc':
      return sql`s.price_cents ASC`;
    case 'price-desc':
      return sql`s.price_cents DESC`;
    case 'discount':
      return sql`s.discount_percent DESC, s.price_cents ASC`;
    case 'newest':
      return sql`s.created_at DESC`;
    case 'relevance':
      return scope.tsQuery === null
        ? sql`s.discount_percent DESC, s.price_cents ASC`
        : relevanceOrder({ ...scope, tsQuery: scope.tsQuery });
  }
}

/** One page of matching offer ids; sold-out offers come last whatever the sort. */
export async function searchOfferIds(
  db: Database,
  request: Filters & Pick<ParsedSearchRequest, 'sort' | 'page' | 'pageSize'>,
  scope: SearchScope,
): Promise<{ ids: number[]; total: number }> {
  const refinements = refinementConditions(request);
  const where = sql`${baseConditions(scope)} AND ${sql.join(Object.values(refinements), sql` AND `)}`;
  const rows = await queryRows<{ offer_id: number; total: string | number }>(
    db,
    sql`SELECT s.offer_id, count(*) OVER () AS total FROM offer_search s WHERE ${where}
      ORDER BY s.is_sold_out, ${orderBy(request.sort, scope)}, s.offer_id
      LIMIT ${request.pageSize} OFFSET ${(request.page - 1) * request.pageSize}`,
  );
  if (rows.length > 0) return { ids: rows.map((row) => row.offer_id), total: Number(rows[0]!.total) };
  if (request.page === 1) return { ids: [], total: 0 };
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM offer_search s WHERE ${where}`,
  );
  return { ids: [], total: count?.total ?? 0 };
}

/** The same shape the in-memory engine answers (engine/search-engine.ts), which this SQL is the reference of. */
export type { FacetRows } from './engine/search-engine.ts';

/**
 * Counts per refinement value over the text matches, each computed with every other refinement applied
 * but not its own (so choosing Italy still shows how many offers Austria would have).
 */
export async function searchFacets(db: Database, filters: Filters, scope: SearchScope): Promise<FacetRows> {
  const r = refinementConditions(filters);
  const rows = await queryRows<{ facet: string; key: string; count: number; extra: number | null }>(
    db,
    sql`
    WITH m AS MATERIALIZED (
      SELECT s.country_iso, s.theme_ids, s.nights_set, s.persons_set, s.price_cents,
        ${r.country} AS c_ok, ${r.theme} AS t_ok, ${r.nights} AS n_ok, ${r.persons} AS p_ok, ${r.price} AS pr_ok
      FROM offer_search s WHERE ${baseConditions(scope)}
    )
    SELECT 'country' AS facet, country_iso::text AS key, count(*)::int AS count, NULL::int AS extra
      FROM m WHERE t_ok AND n_ok AND p_ok AND pr_ok GROUP BY country_iso
    UNION ALL
    SELECT 'theme', theme::text, count(*)::int, NULL
      FROM m, unnest(m.theme_ids) AS theme WHERE c_ok AND n_ok AND p_ok AND pr_ok GROUP BY theme
    UNION ALL
    SELECT 'nights', nights::text, count(*)::int, NULL
      FROM m, unnest(m.nights_set) AS nights WHERE c_ok AND t_ok AND p_ok AND pr_ok GROUP BY nights
    UNION ALL
    SELECT 'persons', persons::text, count(*)::int, NULL
      FROM m, unnest(m.persons_set) AS persons WHERE c_ok AND t_ok AND n_ok AND pr_ok GROUP BY persons
    UNION ALL
    SELECT 'price', min(price_cents)::text, count(*)::int, max(price_cents)
      FROM m WHERE c_ok AND t_ok AND n_ok AND p_ok`,
  );
  const facets: FacetRows = { countries: [], themes: [], nights: [], persons: [], price: null };
  for (const row of rows) {
    if (row.facet === 'country') facets.countries.push({ key: row.key, count: row.count });
    else if (row.facet === 'theme') facets.themes.push({ key: Number(row.key), count: row.count });
    else if (row.facet === 'nights') facets.nights.push({ key: Number(row.key), count: row.count });
    else if (row.facet === 'persons') facets.persons.push({ key: Number(row.key), count: row.count });
    else if (row.facet === 'price' && row.count > 0)
      facets.price = { min: Number(row.key), max: Number(row.extra) };
  }
  return facets;
}

/** Hotels and offers whose documents match, best first, for the search box's suggestions. */
export async function suggestMatches(db: Database, scope: SearchScope & { tsQuery: string }, limit: number) {
  const [hotels, offers] = await Promise.all([
    queryRows<{ slug: string; name: string }>(
      db,
      sql`SELECT h.slug, h.name FROM offer_search s JOIN hotels h ON h.id = s.hotel_id
        WHERE ${baseConditions(scope)}
        GROUP BY h.id
        ORDER BY bool_or(${documentColumn(scope.locale)} @@ to_tsquery(${searchConfigs[scope.locale]}::regconfig,
          ${wholeWordTsQuery(scope.tsQuery)})) DESC,
          max(ts_rank_cd(${documentColumn(scope.locale)}, ${textQuery(scope)})) DESC, h.name
        LIMIT ${limit}`,
    ),
    queryRows<{ offer_id: number }>(
      db,
      sql`SELECT s.offer_id FROM offer_search s WHERE ${baseConditions(scope)}
        ORDER BY s.is_sold_out, ${relevanceOrder(scope)}, s.offer_id
        LIMIT ${limit}`,
    ),
  ]);
  return { hotels, offerIds: offers.map((row) => row.offer_id) };
}
