import { adminOrderSearchQuery } from '@shop/contracts/admin';
import { describe, expect, it } from 'vitest';
import {
  defaultSearch,
  searchFromParams,
  searchToApiQuery,
  searchToParams,
  withFilters,
} from './search-state.ts';

describe('the orders list state in the address', () => {
  it('round-trips every field through the query string', () => {
    const state = {
      query: 'DEMO-00000042',
      brand: 'autoclub',
      status: 'paid' as const,
      paymentType: 'wiretransfer' as const,
      from: '2026-11-01',
      to: '2026-11-30',
      sort: 'total-asc' as const,
      page: 3,
      pageSize: 50,
    };
    const params = searchToParams(state);
    expect(params.toString()).toBe(
      'query=DEMO-00000042&brand=autoclub&status=paid&paymentType=wiretransfer&from=2026-11-01&to=2026-11-30&sort=total-asc&page=3&pageSize=50',
    );
    expect(searchFromParams(new URLSearchParams(params.toString()))).toEqual(state);
  });

  it('leaves the defaults out of the address', () => {
    expect(searchToParams(defaultSearch).toString()).toBe('');
    expect(searchFromParams(new URLSearchParams(''))).toEqual(defaultSearch);
  });

  it('falls back to the default for what a hand-edited link gets wrong', () => {
    const state = searchFromParams(
      new URLSearchParams('status=lost&paymentType=cash&sort=name&page=0&pageSize=7&from=1.11.2026&to=x'),
    );
    expect(state).toEqual(defaultSearch);
    expect(searchFromParams(new URLSearchParams('page=abc')).page).toBe(1);
  });

  it('starts a changed search on page 1', () => {
    const onPage4 = { ...defaultSearch, page: 4 };
    expect(withFilters(onPage4, { status: 'paid' })).toEqual({ ...defaultSearch, status: 'paid', page: 1 });
  });

  it('asks the API with a query its contract accepts', () => {
    const query = searchToApiQuery({ ...defaultSearch, query: 'erika@example.com', status: 'paid', page: 2 });
    expect(query).toEqual({
      query: 'erika@example.com',
      status: 'paid',
      sort: 'created-desc',
      page: '2',
      pageSize: '25',
    });
    expect(adminOrderSearchQuery.safeParse(query).success).toBe(true);
  });
});
