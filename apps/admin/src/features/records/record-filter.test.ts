import { describe, expect, it } from 'vitest';
import { filterFromParams, filterToParams } from './record-filter.ts';

describe('the records filter in the address', () => {
  it('keeps a linked list', () => {
    const filter = { kind: 'reminders', brand: 'demo', query: 'anna', state: 'pending', page: 3 } as const;
    expect(filterFromParams(filterToParams(filter))).toEqual(filter);
    expect(filterToParams(filter, false).toString()).toBe('brand=demo&query=anna&state=pending&page=3');
  });

  it('drops a kind, a state of another kind or a page a hand-edited address got wrong', () => {
    expect(filterFromParams(new URLSearchParams('kind=orders&state=notified&page=0'))).toEqual({
      kind: 'newsletter',
      brand: '',
      query: '',
      state: '',
      page: 1,
    });
  });
});
