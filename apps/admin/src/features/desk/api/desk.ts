import {
  breakageSchema,
  createdHotelApiKeySchema,
  hotelApiKeyListSchema,
  hotelPortalHomeSchema,
  hotelStatementSchema,
  type Redemption,
  redemptionSchema,
  statementListSchema,
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
    // The form's own key: a retry after a lost answer gets the redemption it made, not "redeemed already".
    mutationFn: ({ idempotencyKey, ...request }: VoucherRedeemRequest & { idempotencyKey: string }) =>
      apiCall<VoucherRedeemAnswer>('/api/hotel-portal/vouchers/redeem', {
        method: 'POST',
        body: request,
        headers: { 'idempotency-key': idempotencyKey },
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

const keysKey = (hotelId: number) => [...deskKey, 'api-keys', hotelId] as const;

/** A hotel's API keys (operators; never the keys themselves). */
export const hotelApiKeysQuery = (hotelId: number) =>
  queryOptions({
    queryKey: keysKey(hotelId),
    queryFn: () => apiCall(`/api/admin/hotels/${hotelId}/api-keys`, { answer: hotelApiKeyListSchema }),
  });

export function useCreateHotelApiKey(hotelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (label: string) =>
      apiCall(`/api/admin/hotels/${hotelId}/api-keys`, {
        method: 'POST',
        body: label ? { label } : {},
        answer: createdHotelApiKeySchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey(hotelId) }),
  });
}

export function useRevokeHotelApiKey(hotelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: number) =>
      apiCall(`/api/admin/hotels/${hotelId}/api-keys/${keyId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey(hotelId) }),
  });
}

/** Every hotel's statement of a month (operators). */
export const statementListQuery = (month: string) =>
  queryOptions({
    queryKey: [...deskKey, 'statements', month],
    queryFn: () => apiCall(`/api/admin/hotel-statements?month=${month}`, { answer: statementListSchema }),
  });

/** One hotel's statement of a month (its desk, or the operator). */
export const statementQuery = (hotelId: number, month: string) =>
  queryOptions({
    queryKey: [...deskKey, 'statement', hotelId, month],
    queryFn: () =>
      apiCall(`/api/hotel-portal/statements/${hotelId}/${month}`, { answer: hotelStatementSchema }),
  });

export const statementFileUrl = (hotelId: number, month: string, format: 'csv' | 'pdf') =>
  `/api/hotel-portal/statements/${hotelId}/${month}?format=${format}`;

export function useMarkStatementPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ hotelId, month }: { hotelId: number; month: string }) =>
      apiCall(`/api/admin/hotel-statements/${hotelId}/${month}/paid`, {
        method: 'POST',
        body: {},
        answer: hotelStatementSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deskKey }),
  });
}

/** Vouchers that expired unredeemed between two days (operators). */
export const breakageQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [...deskKey, 'breakage', from, to],
    queryFn: () => apiCall(`/api/admin/breakage?from=${from}&to=${to}`, { answer: breakageSchema }),
  });
