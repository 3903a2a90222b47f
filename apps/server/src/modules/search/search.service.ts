import type {
  offerGroupsRequestSchema,
  ParsedSearchRequest,
  SearchFacets,
  SearchResponse,
} from '@shop/contracts/catalogue';
import type { z } from 'zod';
import type { Audience, CatalogueContext } from '#src/modules/catalogue/catalogue-context.ts';
import type { Labels } from '#src/modules/catalogue/dictionary.ts';
import { summariesOf } from '#src/modules/offers/offers.service.ts';
import { stemTextQuery } from './engine/text-query.repository.ts';
import {
  type FacetRows,
  matchWords,
  type SearchScope,
  searchFacets,
  searchOfferIds,
  suggestMatches,
} from './search.repository.ts';
import { buildTsQuery, queryWords } from './search-query.ts';

async function scopeFor(context: CatalogueContext, audience: Audience, query: string | undefined) {
  const words = queryWords(query);
  // The vocabulary changes with the catalogue only: a word's matches hold until the next change.
  const matches = await context.untilChange(`words:${words.join(' ')}`, () => matchWords(context.db, words));
  const corrections = Object.fromEntries(
    matches
      .filter((match) => !match.isKnown && match.similar.length > 0)
      .map((match) => [match.word, match.similar]),
  );
  const scope: SearchScope = {
    brandId: audience.brand.id,
    locale: audience.locale,
    tsQuery: matches.length > 0 ? buildTsQuery(matches) : null,
  };
  return { scope, corrections };
}

function presentFacets(rows: FacetRows, labels: Labels, audience: Audience): SearchFacets {
  const byCount = <T extends { count: number }>(a: T, b: T) => b.count - a.count;
  return {
    countries: rows.countries
      .map((row) => ({ ...labels.country(row.key, audience.locale), count: row.count }))
      .sort((a, b) => byCount(a, b) || a.name.localeCompare(b.name, audience.locale)),
    themes: rows.themes
      .map((row) => ({ ...labels.theme(row.key, audience.locale), count: row.count }))
      .sort((a, b) => byCount(a, b) || a.name.localeCompare(b.name, audience.locale)),
    nights: rows.nights
      .map((row) => ({ value: row.key, count: row.count }))
      .sort((a, b) => a.value - b.value),
    persons: rows.persons
      .map((row) => ({ value: row.key, count: row.count }))
      .sort((a, b) => a.value - b.value),
    price: rows.price,
  };
}

/** The offer search (POST /api/offer/search): text, refinements, sort, page and facet counts. */
export function searchOffers(
  context: CatalogueContext,
  audience: Audience,
  request: ParsedSearchRequest,
): Promise<SearchResponse> {
  return context.cached(audience, `search:${JSON.stringify(request)}`, async () => {
    const { scope, corrections } = await scopeFor(context, audience, request.query);
    const [{ page, facetRows }, labels] = await Promise.all([
      findMatches(context, request, scope),
      context.labels(),
    ]);
    return {
      items: await summariesOf(context, page.ids, audience.locale),
      total: page.total,
      page: request.page,
      pageSize: request.pageSize,
      facets: facetRows && presentFacets(facetRows, labels, audience),
      corrections,
    };
  });
}

/**
 * Matching offer ids and facet counts from the in-memory engine; in SQL only for the rare query the
 * engine cannot evaluate (see stemTextQuery). Both follow the same rules (engine/search-engine.test.ts).
 */
async function findMatches(context: CatalogueContext, request: ParsedSearchRequest, scope: SearchScope) {
  const { tsQuery, locale } = scope;
  const text =
    tsQuery === null
      ? null
      : await context.untilChange(`stem:${locale}:${tsQuery}`, () =>
          stemTextQuery(context.db, locale, tsQuery),
        );
  if (scope.tsQuery === null || text !== null) {
    const result = await context.searchEngine.search({
      ...request,
      brandId: scope.brandId,
      locale: scope.locale,
      text,
    });
    return { page: result, facetRows: result.facets };
  }
  const [page, facetRows] = await Promise.all([
    searchOfferIds(context.db, request, scope),
    request.facets ? searchFacets(context.db, request, scope) : Promise.resolve(null),
  ]);
  return { page, facetRows };
}

export const suggestionLimit = 5;

/** Suggestions for the search box: matching countries and themes, then hotels and offers. */
export function suggest(context: CatalogueContext, audience: Audience, tag: string) {
  return context.cached(audience, `suggest:${tag.toLowerCase()}`, async () => {
    const words = queryWords(tag);
    if (words.length === 0) return { items: [] };
    const labels = await context.labels();
    const startsWithAll = (label: string) => {
      const labelWords = queryWords(label);
      return words.every((word) => labelWords.some((labelWord) => labelWord.startsWith(word)));
    };
    const countries = labels.data.countryRows
      .map((row) => labels.country(row.iso, audience.locale))
      .filter((country) => startsWithAll(country.name))
      .map((country) => ({ kind: 'country' as const, label: country.name, key: country.iso }));
    const themes = labels.data.themeRows
      .map((row) => labels.theme(row.id, audience.locale))
      .filter((theme) => startsWithAll(theme.name))
      .map((theme) => ({ kind: 'theme' as const, label: theme.name, key: String(theme.id) }));
    const { scope } = await scopeFor(context, audience, tag);
    const matches = await suggestMatches(
      context.db,
      { ...scope, tsQuery: scope.tsQuery ?? '' },
      suggestionLimit,
    );
    const offers = await summariesOf(context, matches.offerIds, audience.locale);
    return {
      items: [
        ...countries.slice(0, suggestionLimit),
        ...themes.slice(0, suggestionLimit),
        ...matches.hotels.map((hotel) => ({ kind: 'hotel' as const, label: hotel.name, key: hotel.slug })),
        ...offers.map((offer) => ({ kind: 'offer' as const, label: offer.display, key: String(offer.id) })),
      ],
    };
  });
}

const allOffers = { sort: 'relevance', page: 1, pageSize: 1, facets: true } as const;

/** Countries with offers on this brand, with their counts (the destinations refinement). */
export async function availableCountries(context: CatalogueContext, audience: Audience) {
  const { facets } = await searchOffers(context, audience, allOffers);
  return facets?.countries ?? [];
}

export async function availableThemes(context: CatalogueContext, audience: Audience) {
  const { facets } = await searchOffers(context, audience, allOffers);
  return facets?.themes ?? [];
}

/** Several small offer lists in one call, e.g. the home page's rows per destination or theme. */
export async function offerGroups(
  context: CatalogueContext,
  audience: Audience,
  request: z.output<typeof offerGroupsRequestSchema>,
) {
  const groups = await Promise.all(
    request.groups.map(async (group) => {
      const result = await searchOffers(context, audience, {
        countries: group.countries,
        themes: group.themes,
        sort: group.sort,
        page: 1,
        pageSize: group.limit,
        facets: false,
      });
      return { key: group.key, items: result.items };
    }),
  );
  return { groups };
}
