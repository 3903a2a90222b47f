// Types only: the contracts' runtime pulls zod, which must stay out of the browser bundle.
import type { searchSorts as contractSorts, SearchRequest } from '@shop/contracts/catalogue';

export type SearchSort = (typeof contractSorts)[number];
export const searchSorts = [
  'relevance',
  'price-asc',
  'price-desc',
  'discount',
  'newest',
] as const satisfies readonly SearchSort[];

/** The refinements of the search screen; they live in the URL query so reload and sharing keep them. */
export type SearchState = {
  q: string;
  sort: SearchSort;
  country: string | null;
  theme: number | null;
  nights: number | null;
  persons: number | null;
  /** Euro bucket "min-max" ("400-" = from 400). */
  price: string | null;
  page: number;
};

/** What the route itself fixes (keyword, destination, theme): not offered as a refinement. */
export type SearchBase = { query?: string; country?: string; theme?: number };

export const pageSize = 24;
const maxPage = Math.floor(10_000 / pageSize);

/** Price buckets in euros, offered as one refinement. */
export const priceBuckets = ['0-100', '100-200', '200-400', '400-'] as const;

const smallInt = (value: string | null, max: number): number | null => {
  if (!value || !/^\d{1,4}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 && number <= max ? number : null;
};

/** Reads the refinements from the query (their names are `searchParameters` in contracts/site-paths.ts). */
export function parseSearchState(search: URLSearchParams): SearchState {
  const sort = search.get('sort');
  const country = search.get('country');
  const price = search.get('price');
  return {
    q: (search.get('q') ?? '').trim().slice(0, 200),
    sort: (searchSorts as readonly string[]).includes(sort ?? '') ? (sort as SearchSort) : 'relevance',
    country: country && /^[a-zA-Z]{2}$/.test(country) ? country.toUpperCase() : null,
    theme: smallInt(search.get('theme'), 2_000_000),
    nights: smallInt(search.get('nights'), 365),
    persons: smallInt(search.get('persons'), 50),
    price: price && (priceBuckets as readonly string[]).includes(price) ? price : null,
    page: smallInt(search.get('page'), maxPage) ?? 1,
  };
}

/** The price bucket as a cents range. */
export function priceRange(bucket: string | null): { min?: number; max?: number } | undefined {
  const match = bucket ? /^(\d+)-(\d*)$/.exec(bucket) : null;
  if (!match) return undefined;
  const min = Number(match[1]) * 100;
  return match[2] ? { min, max: Number(match[2]) * 100 } : { min };
}

export function toSearchRequest(state: SearchState, base: SearchBase): SearchRequest {
  const query = base.query ?? state.q;
  const country = base.country ?? state.country;
  const theme = base.theme ?? state.theme;
  const price = priceRange(state.price);
  return {
    ...(query ? { query } : {}),
    ...(country ? { countries: [country] } : {}),
    ...(theme ? { themes: [theme] } : {}),
    ...(state.nights ? { nights: { min: state.nights, max: state.nights } } : {}),
    ...(state.persons ? { persons: { min: state.persons, max: state.persons } } : {}),
    ...(price ? { price } : {}),
    sort: state.sort,
    page: state.page,
    pageSize,
  };
}
