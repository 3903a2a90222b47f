import { describe, expect, it } from 'vitest';
import { filterFromParams, filterToParams } from './gift-card-filter.ts';

describe('the gift-card list’s filter in the address', () => {
  it('reads back what it wrote', () => {
    const filter = { brand: 'familyclub', query: 'GC-AB', state: 'blocked', page: 3 } as const;
    expect(filterFromParams(filterToParams(filter))).toEqual(filter);
  });

  it('falls back to the default for what a hand-edited address gets wrong', () => {
    expect(filterFromParams(new URLSearchParams('state=lost&page=0&query=%20x%20'))).toEqual({
      brand: '',
      query: 'x',
      state: '',
      page: 1,
    });
  });
});
