import { searchParameters } from '@shop/contracts/site-paths';
import { describe, expect, it, test } from 'vitest';
import { parseSearchState, priceRange, toSearchRequest } from './search-state.ts';

const parse = (query: string) => parseSearchState(new URLSearchParams(query));

describe('search state in the URL', () => {
  it('reads every refinement from the query string', () => {
    expect(
      parse('q=Garda&sort=price-asc&country=it&theme=3&nights=2&persons=4&price=100-200&page=3'),
    ).toEqual({
      q: 'Garda',
      sort: 'price-asc',
      country: 'IT',
      theme: 3,
      nights: 2,
      persons: 4,
      price: '100-200',
      page: 3,
    });
  });

  it('falls back to defaults for anything malformed, so a tampered URL still shows results', () => {
    expect(parse('sort=cheapest&country=ITA&theme=x&nights=0&persons=99&price=1-2&page=-1')).toEqual({
      q: '',
      sort: 'relevance',
      country: null,
      theme: null,
      nights: null,
      persons: null,
      price: null,
      page: 1,
    });
    expect(parse('page=100000').page).toBe(1);
  });

  it('turns price buckets in euros into cent ranges', () => {
    expect(priceRange('100-200')).toEqual({ min: 10_000, max: 20_000 });
    expect(priceRange('400-')).toEqual({ min: 40_000 });
    expect(priceRange(null)).toBeUndefined();
  });

  it('builds the API request, with the route fixing keyword, destination or theme', () => {
    const state = parse('q=ignored&country=AT&nights=3&sort=discount&page=2');
    expect(toSearchRequest(state, { query: 'Wellness', country: 'IT' })).toEqual({
      query: 'Wellness',
      countries: ['IT'],
      nights: { min: 3, max: 3 },
      sort: 'discount',
      page: 2,
      pageSize: 24,
    });
  });
});

test('every refinement is a query parameter the server keeps in its page cache key', () => {
  expect(Object.keys(parseSearchState(new URLSearchParams())).sort()).toEqual([...searchParameters].sort());
});
