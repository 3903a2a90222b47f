import { describe, expect, test } from 'vitest';
import { filterFromParams, filterToParams, noFilter } from './audit-filter.ts';

describe('the audit list in the address', () => {
  test('reads back what it wrote', () => {
    const filter = {
      orderId: '1042',
      action: 'order.refund',
      staff: 'support@example.org',
      from: '2026-11-01',
      to: '2026-11-27',
      page: 3,
    };
    expect(filterFromParams(filterToParams(filter))).toEqual(filter);
  });

  test('leaves out what is not filtered, and page 1', () => {
    expect(filterToParams(noFilter).toString()).toBe('');
    expect(filterToParams({ ...noFilter, action: 'bank.assign' }).toString()).toBe('action=bank.assign');
  });

  test('drops what a hand-edited address gets wrong', () => {
    const params = new URLSearchParams(
      'orderId=12a&action=order.delete&from=2026-13&to=yesterday&page=0&staff=%20Ops@Example.org%20',
    );
    expect(filterFromParams(params)).toEqual({ ...noFilter, staff: 'ops@example.org' });
  });
});
