import { adminCsrfHeader } from '@shop/contracts/admin';
import {
  type CodeBatchInput,
  type CodeInput,
  codeDetailSchema,
  codeListSchema,
  type PromotionInput,
  promotionDetailSchema,
  promotionListSchema,
} from '@shop/contracts/admin-promotions';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { currentLocale } from '../../../i18n/language.ts';
import { ApiProblem, apiCall, queryString } from '../../../lib/api-client.ts';

const promotionsKey = ['promotions'] as const;
const codesKey = ['codes'] as const;

type Search = { brand?: string; query?: string; state?: string; page?: number };
const searchString = (search: Search) =>
  queryString({ brand: search.brand, query: search.query, state: search.state, page: search.page });

export const promotionsQuery = (search: Search) =>
  queryOptions({
    queryKey: [...promotionsKey, 'list', search],
    queryFn: () => apiCall(`/api/admin/promotions${searchString(search)}`, { answer: promotionListSchema }),
    placeholderData: keepPreviousData,
  });

export const promotionQuery = (id: number) =>
  queryOptions({
    queryKey: [...promotionsKey, id],
    queryFn: () => apiCall(`/api/admin/promotions/${id}`, { answer: promotionDetailSchema }),
  });

export const codesQuery = (search: Search) =>
  queryOptions({
    queryKey: [...codesKey, 'list', search],
    queryFn: () => apiCall(`/api/admin/codes${searchString(search)}`, { answer: codeListSchema }),
    placeholderData: keepPreviousData,
  });

export const codeQuery = (id: number) =>
  queryOptions({
    queryKey: [...codesKey, id],
    queryFn: () => apiCall(`/api/admin/codes/${id}`, { answer: codeDetailSchema }),
  });

/** Create (no id) or change a promotion; the lists and the promotion are asked again. */
export function useSavePromotion(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PromotionInput) =>
      apiCall(id === null ? '/api/admin/promotions' : `/api/admin/promotions/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body: input,
        answer: promotionDetailSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionsKey }),
  });
}

export function useSwitchOffPromotion(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiCall(`/api/admin/promotions/${id}/switch-off`, { method: 'POST', answer: promotionDetailSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionsKey }),
  });
}

export function useSavePromotionOffers(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offerIds: number[]) =>
      apiCall(`/api/admin/promotions/${id}/offers`, {
        method: 'PUT',
        body: { offerIds },
        answer: promotionDetailSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionsKey }),
  });
}

export function useSaveCode(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CodeInput) =>
      apiCall(id === null ? '/api/admin/codes' : `/api/admin/codes/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body: input,
        answer: codeDetailSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codesKey }),
  });
}

export function useSwitchOffCode(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiCall(`/api/admin/codes/${id}/switch-off`, { method: 'POST', answer: codeDetailSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codesKey }),
  });
}

/**
 * Generates a batch and hands the browser its CSV as a download. The answer is a file, not JSON, so not
 * through apiCall; the CSRF token is the session's (the caller passes it).
 */
export function useCodeBatch(csrfToken: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CodeBatchInput) => {
      const response = await fetch('/api/admin/codes/batch', {
        method: 'POST',
        credentials: 'same-origin',
        headers: {
          'content-type': 'application/json',
          accept: 'text/csv, application/problem+json',
          'accept-language': currentLocale(),
          ...(csrfToken ? { [adminCsrfHeader]: csrfToken } : {}),
        },
        body: JSON.stringify(input),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as {
          type?: string;
          title?: string;
          detail?: string;
          errors?: { field: string; message: string }[];
        };
        throw new ApiProblem(
          response.status,
          body.type ?? `http-${response.status}`,
          body.title ?? response.statusText,
          body.detail ?? null,
          body.errors ?? [],
        );
      }
      const name =
        /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'codes.csv';
      const file = await response.blob();
      const link = document.createElement('a');
      link.href = URL.createObjectURL(file);
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      return input.count;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codesKey }),
  });
}
