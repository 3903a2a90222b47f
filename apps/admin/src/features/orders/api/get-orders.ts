import { adminBrandListSchema, adminOrderListSchema } from '@shop/contracts/admin';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiCall, queryString } from '../../../lib/api-client.ts';
import { type OrderSearchState, searchToApiQuery } from '../search-state.ts';

export const ordersKey = ['orders'] as const;

export const ordersQuery = (search: OrderSearchState) =>
  queryOptions({
    queryKey: [...ordersKey, 'list', search],
    queryFn: () =>
      apiCall(`/api/admin/orders${queryString(searchToApiQuery(search))}`, { answer: adminOrderListSchema }),
    // The last page stays on screen while the next one loads: the table does not jump.
    placeholderData: keepPreviousData,
  });

/** The brands the staff member works for (the brand filter's choices); they change rarely. */
export const brandsQuery = () =>
  queryOptions({
    queryKey: ['brands'],
    queryFn: () => apiCall('/api/admin/brands', { answer: adminBrandListSchema }),
    staleTime: 10 * 60_000,
  });
