import {
  redeemedReportSchema,
  revenueReportSchema,
  searchMissesSchema,
  topOffersSchema,
} from '@shop/contracts/admin-reports';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { filterToParams, type ReportFilter } from '../report-filter.ts';

const reportsKey = ['reports'] as const;
const periodParams = ({ brand, from, to }: ReportFilter) =>
  filterToParams({ brand, from, to, interval: 'day' })
    .toString()
    .replace(/&?interval=day/, '');

export const revenueQuery = (filter: ReportFilter) =>
  queryOptions({
    queryKey: [...reportsKey, 'revenue', filter],
    queryFn: () =>
      apiCall(`/api/admin/reports/revenue?${filterToParams(filter)}`, { answer: revenueReportSchema }),
    placeholderData: keepPreviousData,
  });

export const topOffersQuery = (filter: ReportFilter) =>
  queryOptions({
    queryKey: [...reportsKey, 'top-offers', filter.brand, filter.from, filter.to],
    queryFn: () =>
      apiCall(`/api/admin/reports/top-offers?${periodParams(filter)}`, { answer: topOffersSchema }),
    placeholderData: keepPreviousData,
  });

export const redeemedQuery = (filter: ReportFilter) =>
  queryOptions({
    queryKey: [...reportsKey, 'redeemed', filter.brand, filter.from, filter.to],
    queryFn: () =>
      apiCall(`/api/admin/reports/redeemed?${periodParams(filter)}`, { answer: redeemedReportSchema }),
    placeholderData: keepPreviousData,
  });

export const searchMissesQuery = (filter: ReportFilter) =>
  queryOptions({
    queryKey: [...reportsKey, 'search-misses', filter.brand, filter.from, filter.to],
    queryFn: () =>
      apiCall(`/api/admin/reports/search-misses?${periodParams(filter)}`, { answer: searchMissesSchema }),
    placeholderData: keepPreviousData,
  });

/** The revenue report as a file: a plain link (the session cookie goes with it), never held in memory. */
export const revenueCsvUrl = (filter: ReportFilter) =>
  `/api/admin/reports/revenue?${filterToParams(filter)}&format=csv`;

export const redeemedCsvUrl = (filter: ReportFilter) =>
  `/api/admin/reports/redeemed?${periodParams(filter)}&format=csv`;
