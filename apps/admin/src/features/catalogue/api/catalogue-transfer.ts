import {
  type BulkVariantChange,
  bulkVariantResultSchema,
  type CatalogueImport,
  catalogueImportSchema,
} from '@shop/contracts/admin-catalogue';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { type OfferFilter, offerFilterToParams } from '../offer-filter.ts';

/** The export of the list's filters (every page): a plain link, the browser downloads it. */
export const catalogueExportUrl = (filter: OfferFilter) => {
  const query = offerFilterToParams({ ...filter, page: 1 }).toString();
  return `/api/admin/catalogue/export${query ? `?${query}` : ''}`;
};

/** The list's filters as the bulk change's body. */
export const bulkFilterOf = (filter: OfferFilter) => ({
  ...(filter.query ? { query: filter.query } : {}),
  ...(filter.brand ? { brand: filter.brand } : {}),
  ...(filter.state ? { state: filter.state } : {}),
});

/** A preview (dry run) changes nothing; an applied change is seen by every catalogue list at once. */
export const useBulkVariantChange = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: BulkVariantChange) =>
      apiCall('/api/admin/variants/bulk', { method: 'POST', body: change, answer: bulkVariantResultSchema }),
    onSuccess: (result) => {
      if (!result.dryRun) void queryClient.invalidateQueries({ queryKey: ['catalogue'] });
    },
  });
};

const running = (found: CatalogueImport | undefined) =>
  found !== undefined &&
  (found.status === 'queued' || found.status === 'checking' || found.status === 'writing');

/** An import's progress, asked again every second while its job runs. */
export const catalogueImportQuery = (id: number) =>
  queryOptions({
    queryKey: ['catalogue', 'imports', id],
    queryFn: () => apiCall(`/api/admin/catalogue/imports/${id}`, { answer: catalogueImportSchema }),
    refetchInterval: (query) => (running(query.state.data) || !query.state.data ? 1000 : false),
  });

export const useCheckCatalogueFile = () =>
  useMutation({
    mutationFn: ({ name, content }: { name: string; content: string }) =>
      apiCall(`/api/admin/catalogue/imports?dryRun=true&name=${encodeURIComponent(name.slice(0, 200))}`, {
        method: 'POST',
        raw: { content, contentType: 'text/csv' },
        answer: catalogueImportSchema,
      }),
  });

export const useApplyCatalogueImport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiCall(`/api/admin/catalogue/imports/${id}/apply`, { method: 'POST', answer: catalogueImportSchema }),
    // The offers lists are stale once the written import is done; asking early costs nothing.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['catalogue', 'offers'] }),
  });
};
