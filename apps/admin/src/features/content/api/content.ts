import {
  adminContentPageListSchema,
  adminContentPageSchema,
  type ContentPageFields,
  type ContentPreviewRequest,
  type CreateContentPage,
  contentPreviewSchema,
  extensionPointsSchema,
  type PutExtensionPoints,
} from '@shop/contracts/admin-content';
import type { Locale } from '@shop/contracts/locale';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

const contentKey = ['content'] as const;

/** `brand` '' = the default pages. */
const scopeParams = (brand: string, locale: Locale) =>
  new URLSearchParams({ ...(brand ? { brand } : {}), locale }).toString();

export const contentPagesQuery = (brand: string, locale: Locale) =>
  queryOptions({
    queryKey: [...contentKey, 'pages', brand, locale],
    queryFn: () =>
      apiCall(`/api/admin/content/pages?${scopeParams(brand, locale)}`, {
        answer: adminContentPageListSchema,
      }),
    placeholderData: keepPreviousData,
  });

export const contentPageQuery = (id: number) =>
  queryOptions({
    queryKey: [...contentKey, 'page', id],
    queryFn: () => apiCall(`/api/admin/content/pages/${id}`, { answer: adminContentPageSchema }),
  });

export const extensionPointsQuery = (brand: string, locale: Locale) =>
  queryOptions({
    queryKey: [...contentKey, 'points', brand, locale],
    queryFn: () =>
      apiCall(`/api/admin/content/extension-points?${scopeParams(brand, locale)}`, {
        answer: extensionPointsSchema,
      }),
  });

export const previewContent = (request: ContentPreviewRequest) =>
  apiCall('/api/admin/content/preview', { method: 'POST', body: request, answer: contentPreviewSchema });

/** Create (no id) or change a page; the lists and the page are asked again. */
export function useSavePage(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (page: CreateContentPage | ContentPageFields) =>
      id === null
        ? apiCall('/api/admin/content/pages', { method: 'POST', body: page, answer: adminContentPageSchema })
        : apiCall(`/api/admin/content/pages/${id}`, {
            method: 'PUT',
            body: page,
            answer: adminContentPageSchema,
          }),
    onSuccess: (page) => {
      queryClient.setQueryData(contentPageQuery(page.id).queryKey, page);
      return queryClient.invalidateQueries({ queryKey: contentKey });
    },
  });
}

export function useDeletePage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(`/api/admin/content/pages/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKey }),
  });
}

export function useSaveExtensionPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PutExtensionPoints) =>
      apiCall('/api/admin/content/extension-points', {
        method: 'PUT',
        body: request,
        answer: extensionPointsSchema,
      }),
    onSuccess: (points) => {
      queryClient.setQueryData(extensionPointsQuery(points.brand ?? '', points.locale).queryKey, points);
    },
  });
}
