import type { OfferSummary, SearchFacets, SearchResponse } from '@shop/contracts/catalogue';
import { formatPrice } from '@shop/contracts/price-format';
import type { ShopContext } from '@shop/contracts/shop-context';
import type { Translate } from '#app/i18n/translate.ts';
import { fetchOrThrow } from '#app/lib/api.server.ts';
import {
  pageSize,
  priceBuckets,
  priceRange,
  type SearchBase,
  type SearchState,
  toSearchRequest,
} from './search-state.ts';
import { loadWaysOn, type WaysOn } from './ways-on.server.ts';

export type Option = { value: string; label: string };

/** Everything the search screen shows; computed on the server, so the page arrives complete. */
export type SearchView = {
  items: OfferSummary[];
  total: number;
  page: number;
  pageCount: number;
  state: SearchState;
  /** Refinements the route fixes (hidden from the form). */
  fixed: { query: boolean; country: boolean; theme: boolean };
  options: { countries: Option[]; themes: Option[]; nights: Option[]; persons: Option[]; prices: Option[] };
  correctedQuery: string | null;
  /** Nothing found: what the screen offers instead (issue 13); null when there are results. */
  waysOn: WaysOn | null;
};

export async function searchOffers(
  shop: ShopContext,
  t: Translate,
  state: SearchState,
  base: SearchBase,
): Promise<SearchView> {
  const response = await fetchOrThrow<SearchResponse>(shop, '/api/offer/search', {
    method: 'POST',
    body: toSearchRequest(state, base),
  });
  const corrections = Object.entries(response.corrections);
  const query = base.query ?? state.q;
  const correctedQuery =
    corrections.length > 0
      ? corrections.reduce((text, [word, [replacement]]) => text.replace(word, replacement ?? word), query)
      : null;
  return {
    items: response.items,
    total: response.total,
    page: response.page,
    pageCount: Math.max(1, Math.ceil(response.total / pageSize)),
    state,
    fixed: {
      query: base.query !== undefined,
      country: base.country !== undefined,
      theme: base.theme !== undefined,
    },
    options: facetOptions(shop, t, response.facets),
    correctedQuery,
    waysOn: response.total === 0 ? await loadWaysOn(shop, query) : null,
  };
}

/**
 * A promotion's offers on the search screen. The search API has no promotion filter, and a promotion
 * holds few offers, so refinements, sorting and paging happen here.
 */
export function refinePromotionOffers(
  shop: ShopContext,
  t: Translate,
  offers: OfferSummary[],
  state: SearchState,
): SearchView {
  const price = priceRange(state.price);
  const query = state.q.toLowerCase();
  const within = (value: number | null, range: { min: number; max: number }) =>
    value === null || (value >= range.min && value <= range.max);
  const matching = offers.filter(
    (offer) =>
      (!query ||
        `${offer.display} ${offer.subtitle} ${offer.contact.name} ${offer.contact.city}`
          .toLowerCase()
          .includes(query)) &&
      (!state.country || offer.contact.country.iso === state.country) &&
      within(state.nights, offer.nights) &&
      within(state.persons, offer.persons) &&
      (!price ||
        (offer.price.total >= (price.min ?? 0) &&
          offer.price.total <= (price.max ?? Number.MAX_SAFE_INTEGER))),
  );
  const sorted = [...matching];
  if (state.sort === 'price-asc') sorted.sort((a, b) => a.price.total - b.price.total);
  if (state.sort === 'price-desc') sorted.sort((a, b) => b.price.total - a.price.total);
  if (state.sort === 'discount') sorted.sort((a, b) => b.price.discountPercent - a.price.discountPercent);
  if (state.sort === 'newest') sorted.sort((a, b) => b.id - a.id);
  const pageCount = Math.max(1, Math.ceil(sorted.length / pageSize));
  const page = Math.min(state.page, pageCount);
  const countries = new Map<string, { iso: string; name: string; count: number }>();
  const nights = new Map<number, number>();
  const persons = new Map<number, number>();
  for (const offer of offers) {
    const country = offer.contact.country;
    countries.set(country.iso, { ...country, count: (countries.get(country.iso)?.count ?? 0) + 1 });
    for (let n = offer.nights.min; n <= offer.nights.max; n++) nights.set(n, (nights.get(n) ?? 0) + 1);
    for (let p = offer.persons.min; p <= offer.persons.max; p++) persons.set(p, (persons.get(p) ?? 0) + 1);
  }
  const byValue = (entries: Map<number, number>) =>
    [...entries].sort(([a], [b]) => a - b).map(([value, count]) => ({ value, count }));
  return {
    items: sorted.slice((page - 1) * pageSize, page * pageSize),
    total: sorted.length,
    page,
    pageCount,
    state,
    fixed: { query: false, country: false, theme: true },
    options: facetOptions(shop, t, {
      countries: [...countries.values()].sort((a, b) => a.name.localeCompare(b.name)),
      themes: [],
      nights: byValue(nights),
      persons: byValue(persons),
      price: null,
    }),
    correctedQuery: null,
    waysOn: null,
  };
}

function facetOptions(shop: ShopContext, t: Translate, facets: SearchFacets | null): SearchView['options'] {
  const euros = (value: string) => formatPrice(Number(value) * 100, shop.locale);
  const prices = priceBuckets.map((bucket) => {
    const [min = '0', max = ''] = bucket.split('-');
    const label =
      min === '0'
        ? t('search.priceUpTo', { max: euros(max) })
        : max
          ? t('search.priceBetween', { min: euros(min), max: euros(max) })
          : t('search.priceFrom', { min: euros(min) });
    return { value: bucket, label };
  });
  if (!facets) return { countries: [], themes: [], nights: [], persons: [], prices };
  return {
    countries: facets.countries.map((country) => ({
      value: country.iso,
      label: `${country.name} (${country.count})`,
    })),
    themes: facets.themes.map((theme) => ({
      value: String(theme.id),
      label: `${theme.name} (${theme.count})`,
    })),
    nights: facets.nights.map((entry) => ({
      value: String(entry.value),
      label: `${entry.value === 1 ? t('offer.night') : t('offer.nights', { count: entry.value })} (${entry.count})`,
    })),
    persons: facets.persons.map((entry) => ({
      value: String(entry.value),
      label: `${entry.value === 1 ? t('offer.person') : t('offer.persons', { count: entry.value })} (${entry.count})`,
    })),
    prices,
  };
}
