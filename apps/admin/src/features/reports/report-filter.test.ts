import { describe, expect, it } from 'vitest';
import { filterFromParams, filterToParams, lastThirtyDays } from './report-filter.ts';

describe('the reports filter in the address', () => {
  it('defaults to the 30 office days up to today, per day, every brand', () => {
    // 23:30 UTC on 31 March is already 1 April in Berlin (summer time).
    const now = new Date('2026-03-31T23:30:00Z');
    expect(lastThirtyDays(now)).toEqual({ from: '2026-03-03', to: '2026-04-01' });
    expect(filterFromParams(new URLSearchParams(), now)).toEqual({
      brand: '',
      from: '2026-03-03',
      to: '2026-04-01',
      interval: 'day',
    });
  });

  it('keeps a linked report and drops what a hand-edited address got wrong', () => {
    const filter = { brand: 'demo', from: '2026-01-01', to: '2026-12-31', interval: 'month' } as const;
    expect(filterFromParams(filterToParams(filter))).toEqual(filter);
    const now = new Date('2026-06-15T10:00:00Z');
    expect(filterFromParams(new URLSearchParams('from=gestern&to=2026-01-01&interval=year'), now)).toEqual({
      brand: '',
      ...lastThirtyDays(now),
      interval: 'day',
    });
  });
});
