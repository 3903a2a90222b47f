import {
  hotelPortalHomeSchema,
  type Redemption,
  redemptionSchema,
  type VoucherCheck,
  type VoucherRedeemAnswer,
  type VoucherRedeemRequest,
  voucherCheckSchema,
  voucherRedeemAnswerSchema,
} from '@shop/contracts/hotel-portal';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

const deskKey = ['hotel-desk'] as const;

/** The hotels the member works for, and their recent redemptions. */
export const deskHomeQuery = () =>
  queryOptions({
    queryKey: [...deskKey, 'home'],
    queryFn: () => apiCall('/api/hotel-portal/home', { answer: hotelPortalHomeSchema }),
  });

export function useCheckVoucher() {
  return useMutation({
    mutationFn: (code: string): Promise<VoucherCheck> =>
      apiCall('/api/hotel-portal/vouchers/check', {
        method: 'POST',
        body: { code },
        answer: voucherCheckSchema,
      }),
  });
}

export function useRedeemVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: VoucherRedeemRequest): Promise<VoucherRedeemAnswer> =>
      apiCall('/api/hotel-portal/vouchers/redeem', {
        method: 'POST',
        body: request,
        answer: voucherRedeemAnswerSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deskKey }),
  });
}

export function useUndoRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note?: string }): Promise<Redemption> =>
      apiCall(`/api/hotel-portal/redemptions/${id}/undo`, {
        method: 'POST',
        body: note ? { note } : {},
        answer: redemptionSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deskKey }),
  });
}
