import { addRow, bitCount, type RowBits, rowBitsFor, unionOf } from './row-bits.ts';
import type { EngineQuery, FacetRows } from './search-engine.ts';
import { ValueCounter, type ValueSets } from './value-sets.ts';

/** The per-row attributes that refinements and facets read; row i is the i-th offer by offer id. */
export type OfferColumns = {
  offerIds: Int32Array;
  /** everyBrand for rows without a brand. */
  brandIds: Int32Array;
  /** The distinct country codes; countryOf[row] indexes them, rowsInCountry[index] holds their rows. */
  countries: string[];
  countryOf: Uint16Array;
  rowsInCountry: RowBits[];
  themes: ValueSets;
  nights: ValueSets;
  persons: ValueSets;
  priceCents: Int32Array;
  /** The rows by price (ascending) and their prices, for a price range in O(log n + matches). */
  rowsByPrice: Int32Array;
  pricesAscending: Int32Array;
  isSoldOut: Uint8Array;
};

export const everyBrand = -1;
/** The upper bound SQL puts on a range without max. */
const noUpperBound = 2_147_483_647;

/** Per refinement, the rows passing it; null where the query has none (absent and empty are none). */
export type Refinements = {
  country: RowBits | null;
  theme: RowBits | null;
  nights: RowBits | null;
  persons: RowBits | null;
  price: RowBits | null;
};

/** Scratch row bit sets, one per refinement, reused from search to search. */
export type RefinementScratch = Record<keyof Refinements, RowBits>;

export const refinementScratch = (rowCount: number): RefinementScratch => ({
  country: rowBitsFor(rowCount),
  theme: rowBitsFor(rowCount),
  nights: rowBitsFor(rowCount),
  persons: rowBitsFor(rowCount),
  price: rowBitsFor(rowCount),
});

type Range = { min?: number | undefined; max?: number | undefined } | undefined;
const isSet = (range: Range): range is { min?: number; max?: number } =>
  range !== undefined && (range.min ?? range.max) !== undefined;

/** The first index whose price is at least `price`. */
function firstAtLeast(prices: Int32Array, price: number): number {
  let low = 0;
  let high = prices.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (prices[middle]! < price) low = middle + 1;
    else high = middle;
  }
  return low;
}

function rowsPricedWithin(columns: OfferColumns, from: number, to: number, into: RowBits): RowBits {
  into.fill(0);
  const end = to >= noUpperBound ? columns.rowsByPrice.length : firstAtLeast(columns.pricesAscending, to + 1);
  for (let i = firstAtLeast(columns.pricesAscending, from); i < end; i++)
    addRow(into, columns.rowsByPrice[i]!);
  return into;
}

/** The query's refinements as row bit sets (in `scratch`); null when it has none. */
export function compileRefinements(
  columns: OfferColumns,
  query: EngineQuery,
  scratch: RefinementScratch,
): Refinements | null {
  const { countries, themes, nights, persons, price } = query;
  const chosenCountries = new Set(countries?.map((iso) => iso.toUpperCase()));
  const chosenThemes = new Set(themes);
  const within = (range: { min?: number; max?: number }) => (value: number) =>
    value >= (range.min ?? 0) && value <= (range.max ?? noUpperBound);
  const refinements: Refinements = {
    country: countries?.length
      ? unionOf(
          columns.rowsInCountry.filter((_, index) => chosenCountries.has(columns.countries[index]!)),
          scratch.country,
        )
      : null,
    theme: themes?.length ? columns.themes.rowsWithAny((id) => chosenThemes.has(id), scratch.theme) : null,
    nights: isSet(nights) ? columns.nights.rowsWithAny(within(nights), scratch.nights) : null,
    persons: isSet(persons) ? columns.persons.rowsWithAny(within(persons), scratch.persons) : null,
    price: isSet(price)
      ? rowsPricedWithin(columns, price.min ?? 0, price.max ?? noUpperBound, scratch.price)
      : null,
  };
  return Object.values(refinements).some((rows) => rows !== null) ? refinements : null;
}

/**
 * Marks in `matched` the candidate rows (a row bit set) passing every refinement and, when asked, counts
 * the disjunctive facets: each facet over the candidates passing every refinement but its own. The
 * refinements are applied 32 rows at a time, word by word; only facet counting visits single rows.
 */
export function filterAndCount(
  columns: OfferColumns,
  candidates: RowBits,
  refinements: Refinements | null,
  matched: RowBits,
  wantsFacets: boolean,
): { total: number; facets: FacetRows | null } {
  const { countries, countryOf, themes, nights, persons, priceCents } = columns;
  const { country, theme, nights: nightsRows, persons: personsRows, price } = refinements ?? {};
  const countryCounts = new Int32Array(wantsFacets ? countries.length : 0);
  const themeCounter = wantsFacets ? new ValueCounter(themes) : null;
  const nightsCounter = wantsFacets ? new ValueCounter(nights) : null;
  const personsCounter = wantsFacets ? new ValueCounter(persons) : null;
  let priceMin = Number.POSITIVE_INFINITY;
  let priceMax = Number.NEGATIVE_INFINITY;
  let total = 0;

  for (let w = 0; w < candidates.length; w++) {
    const rows = candidates[w]!;
    if (rows === 0) {
      matched[w] = 0;
      continue;
    }
    // -1: every row passes a refinement the query does not have.
    const c = country ? country[w]! : -1;
    const t = theme ? theme[w]! : -1;
    const n = nightsRows ? nightsRows[w]! : -1;
    const p = personsRows ? personsRows[w]! : -1;
    const pr = price ? price[w]! : -1;
    const passing = rows & c & t & n & p & pr;
    matched[w] = passing;
    total += bitCount(passing);
    if (!wantsFacets) continue;
    const forCountries = rows & t & n & p & pr;
    const forThemes = rows & c & n & p & pr;
    const forNights = rows & c & t & p & pr;
    const forPersons = rows & c & t & n & pr;
    const forPrice = rows & c & t & n & p;
    let counted = forCountries | forThemes | forNights | forPersons | forPrice;
    while (counted !== 0) {
      const bit = counted & -counted;
      counted ^= bit;
      const row = (w << 5) + 31 - Math.clz32(bit);
      if ((forCountries & bit) !== 0) countryCounts[countryOf[row]!]!++;
      if ((forThemes & bit) !== 0) themeCounter!.add(row);
      if ((forNights & bit) !== 0) nightsCounter!.add(row);
      if ((forPersons & bit) !== 0) personsCounter!.add(row);
      if ((forPrice & bit) !== 0) {
        const rowPrice = priceCents[row]!;
        if (rowPrice < priceMin) priceMin = rowPrice;
        if (rowPrice > priceMax) priceMax = rowPrice;
      }
    }
  }

  const facets: FacetRows | null =
    themeCounter && nightsCounter && personsCounter
      ? {
          countries: countries.flatMap((iso, index) =>
            countryCounts[index]! > 0 ? [{ key: iso, count: countryCounts[index]! }] : [],
          ),
          themes: themeCounter.counted(),
          nights: nightsCounter.counted(),
          persons: personsCounter.counted(),
          price: priceMin <= priceMax ? { min: priceMin, max: priceMax } : null,
        }
      : null;
  return { total, facets };
}
