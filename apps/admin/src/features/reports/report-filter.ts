import { type ReportInterval, reportIntervals } from '@shop/contracts/admin-reports';

/**
 * What the reports screen shows, kept in the address's query (a report can be linked; the back button
 * returns to it). Without one, or with one a hand-edited address got wrong: the last 30 office days.
 */
export type ReportFilter = { brand: string; from: string; to: string; interval: ReportInterval };

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const officeDay = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' });

/** The default period: the 30 office days up to `now`'s. */
export function lastThirtyDays(now: Date): { from: string; to: string } {
  const to = officeDay.format(now);
  const from = new Date(`${to}T12:00:00Z`);
  from.setUTCDate(from.getUTCDate() - 29);
  return { from: from.toISOString().slice(0, 10), to };
}

export function filterFromParams(params: URLSearchParams, now = new Date()): ReportFilter {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const interval = params.get('interval') ?? '';
  const range = isoDate.test(from) && isoDate.test(to) ? { from, to } : lastThirtyDays(now);
  return {
    brand: (params.get('brand') ?? '').slice(0, 40),
    ...range,
    interval: (reportIntervals as readonly string[]).includes(interval)
      ? (interval as ReportInterval)
      : 'day',
  };
}

export function filterToParams(filter: ReportFilter): URLSearchParams {
  const params = new URLSearchParams({ from: filter.from, to: filter.to, interval: filter.interval });
  if (filter.brand) params.set('brand', filter.brand);
  return params;
}
