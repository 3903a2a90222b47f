import { adminBrandListSchema } from '@shop/contracts/admin';
import {
  type BrandConfigSave,
  brandConfigStateSchema,
  brandConfigVersionListSchema,
} from '@shop/contracts/admin-brands';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

const brandsKey = ['brand-configs'] as const;

/** The brands the member works for (a brand manager: theirs). */
export const brandsQuery = () =>
  queryOptions({
    queryKey: [...brandsKey, 'list'],
    queryFn: () => apiCall('/api/admin/brands', { answer: adminBrandListSchema }),
  });

export const brandConfigQuery = (short: string) =>
  queryOptions({
    queryKey: [...brandsKey, short, 'config'],
    queryFn: () => apiCall(`/api/admin/brands/${short}/config`, { answer: brandConfigStateSchema }),
  });

export const brandConfigVersionsQuery = (short: string) =>
  queryOptions({
    queryKey: [...brandsKey, short, 'versions'],
    queryFn: () =>
      apiCall(`/api/admin/brands/${short}/config/versions`, { answer: brandConfigVersionListSchema }),
  });

/** A save or a restore answers the new current configuration; the versions are asked again. */
function useBrandChange<Request>(short: string, call: (request: Request) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: Request) => brandConfigStateSchema.parse(await call(request)),
    onSuccess: (state) => {
      queryClient.setQueryData(brandConfigQuery(short).queryKey, state);
      return queryClient.invalidateQueries({ queryKey: [...brandsKey, short, 'versions'] });
    },
  });
}

export const useSaveBrandConfig = (short: string) =>
  useBrandChange(short, (request: BrandConfigSave) =>
    apiCall(`/api/admin/brands/${short}/config`, {
      method: 'PUT',
      body: request,
      answer: brandConfigStateSchema,
    }),
  );

export const useRestoreBrandConfig = (short: string) =>
  useBrandChange(short, (version: number) =>
    apiCall(`/api/admin/brands/${short}/config/versions/${version}/restore`, {
      method: 'POST',
      body: {},
      answer: brandConfigStateSchema,
    }),
  );
