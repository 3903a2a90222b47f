import {
  type AdminOrderDetail,
  adminOrderDetailSchema,
  type cancelOrderRequestSchema,
  type extendHoldRequestSchema,
  type markPaidRequestSchema,
  type refundRequestSchema,
  type resendMailRequestSchema,
} from '@shop/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client.ts';
import { orderKey } from './get-order.ts';
import { ordersKey } from './get-orders.ts';

type Requests = {
  'mark-paid': z.output<typeof markPaidRequestSchema>;
  cancel: z.output<typeof cancelOrderRequestSchema>;
  'resend-mail': z.output<typeof resendMailRequestSchema>;
  'extend-hold': z.output<typeof extendHoldRequestSchema>;
  refund: z.output<typeof refundRequestSchema>;
};
export type OrderAction = keyof Requests;

/**
 * One of the order page's actions (`POST /api/admin/orders/:id/<action>`, with the CSRF header). Each
 * answers the order as it is now: shown at once, and the lists are asked again (status, totals).
 */
export function useOrderAction<Action extends OrderAction>(orderId: number, action: Action) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: Requests[Action]) =>
      apiCall<AdminOrderDetail>(`/api/admin/orders/${orderId}/${action}`, {
        method: 'POST',
        body: request,
        answer: adminOrderDetailSchema,
      }),
    onSuccess: async (order) => {
      queryClient.setQueryData(orderKey(orderId), order);
      await queryClient.invalidateQueries({ queryKey: ordersKey });
    },
  });
}
