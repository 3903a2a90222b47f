import { adminOrderDetailSchema } from '@shop/contracts/admin';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { ordersKey } from './get-orders.ts';

export const orderKey = (id: number) => [...ordersKey, 'detail', id] as const;

export const orderQuery = (id: number) =>
  queryOptions({
    queryKey: orderKey(id),
    queryFn: () => apiCall(`/api/admin/orders/${id}`, { answer: adminOrderDetailSchema }),
    // A page the server rendered brings the order: not asked for again as the page starts. Actions
    // put their answer into the cache themselves.
    staleTime: 10_000,
  });
