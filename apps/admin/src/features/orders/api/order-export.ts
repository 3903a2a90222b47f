import { type OrderExport, orderExportSchema } from '@shop/contracts/admin';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { type OrderSearchState, searchToApiQuery } from '../search-state.ts';

/** Asks for a CSV export of what the list shows (every page, in its order); a job writes it. */
export function useRequestExport() {
  return useMutation({
    mutationFn: (search: OrderSearchState) => {
      const { page: _page, pageSize: _size, ...filters } = searchToApiQuery(search);
      return apiCall<OrderExport>('/api/admin/order-exports', {
        method: 'POST',
        body: filters,
        answer: orderExportSchema,
      });
    },
  });
}

/** The export's progress, asked again every second while the job writes the file. */
export const orderExportQuery = (id: number) =>
  queryOptions({
    queryKey: ['order-export', id],
    queryFn: () => apiCall(`/api/admin/order-exports/${id}`, { answer: orderExportSchema }),
    // Until it is done or failed; a refused read (the session ended) is not asked again either.
    refetchInterval: (query) =>
      query.state.status === 'error' ||
      query.state.data?.status === 'done' ||
      query.state.data?.status === 'failed'
        ? false
        : 1_000,
  });
