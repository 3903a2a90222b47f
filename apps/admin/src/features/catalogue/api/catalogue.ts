import {
  type AdminHotel,
  type AdminOffer,
  adminHotelListSchema,
  adminHotelSchema,
  adminOfferListSchema,
  adminOfferSchema,
  catalogueChoicesSchema,
  type HotelInput,
  type NewOffer,
  type OfferInput,
  uploadedPictureSchema,
  type VariantInput,
  type VariantPatch,
} from '@shop/contracts/admin-catalogue';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, queryString } from '../../../lib/api-client.ts';
import { type OfferFilter, offerFilterToParams } from '../offer-filter.ts';

const catalogueKey = ['catalogue'] as const;
const offersKey = [...catalogueKey, 'offers'] as const;
const hotelsKey = [...catalogueKey, 'hotels'] as const;

export const choicesQuery = () =>
  queryOptions({
    queryKey: [...catalogueKey, 'choices'],
    queryFn: () => apiCall('/api/admin/catalogue/choices', { answer: catalogueChoicesSchema }),
    staleTime: 5 * 60_000,
  });

export const offersQuery = (filter: OfferFilter) =>
  queryOptions({
    queryKey: [...offersKey, 'list', filter],
    queryFn: () => {
      const query = offerFilterToParams(filter).toString();
      return apiCall(`/api/admin/offers${query ? `?${query}` : ''}`, { answer: adminOfferListSchema });
    },
    placeholderData: keepPreviousData,
  });

export const offerQuery = (id: number) =>
  queryOptions({
    queryKey: [...offersKey, 'one', id],
    queryFn: () => apiCall(`/api/admin/offers/${id}`, { answer: adminOfferSchema }),
  });

export const hotelsQuery = (query: string, page = 1) =>
  queryOptions({
    queryKey: [...hotelsKey, 'list', query, page],
    queryFn: () =>
      apiCall(`/api/admin/hotels${queryString({ query, page: page > 1 ? page : undefined })}`, {
        answer: adminHotelListSchema,
      }),
    placeholderData: keepPreviousData,
  });

export const hotelQuery = (id: number) =>
  queryOptions({
    queryKey: [...hotelsKey, 'one', id],
    queryFn: () => apiCall(`/api/admin/hotels/${id}`, { answer: adminHotelSchema }),
  });

/** Every saved change is seen by every list and form of the catalogue at once. */
function useCatalogueMutation<Input, Answer>(call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKey }),
  });
}

export const useSaveHotel = (id: number | null) =>
  useCatalogueMutation(
    (input: HotelInput): Promise<AdminHotel> =>
      apiCall(id === null ? '/api/admin/hotels' : `/api/admin/hotels/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body: input,
        answer: adminHotelSchema,
      }),
  );

export const useCreateOffer = () =>
  useCatalogueMutation(
    (input: NewOffer): Promise<AdminOffer> =>
      apiCall('/api/admin/offers', { method: 'POST', body: input, answer: adminOfferSchema }),
  );

export const useUpdateOffer = (id: number) =>
  useCatalogueMutation(
    (input: OfferInput): Promise<AdminOffer> =>
      apiCall(`/api/admin/offers/${id}`, { method: 'PUT', body: input, answer: adminOfferSchema }),
  );

export const useCopyOffer = (id: number) =>
  useCatalogueMutation(
    (): Promise<AdminOffer> =>
      apiCall(`/api/admin/offers/${id}/copy`, { method: 'POST', answer: adminOfferSchema }),
  );

export const useAddVariant = (offerId: number) =>
  useCatalogueMutation(
    (input: VariantInput): Promise<AdminOffer> =>
      apiCall(`/api/admin/offers/${offerId}/variants`, {
        method: 'POST',
        body: input,
        answer: adminOfferSchema,
      }),
  );

export const usePatchVariant = (variantId: number) =>
  useCatalogueMutation(
    (patch: VariantPatch): Promise<AdminOffer> =>
      apiCall(`/api/admin/variants/${variantId}`, {
        method: 'PATCH',
        body: patch,
        answer: adminOfferSchema,
      }),
  );

/** The picture's bytes as the file holds them, cropped by the server to the box (source pixels). */
export const useUploadPicture = () =>
  useMutation({
    mutationFn: ({
      file,
      crop,
    }: {
      file: File;
      crop: { left: number; top: number; width: number; height: number };
    }) =>
      apiCall(`/api/admin/pictures${queryString(crop)}`, {
        method: 'POST',
        raw: { content: file, contentType: file.type || 'image/jpeg' },
        answer: uploadedPictureSchema,
      }),
  });

/** How the shop serves a stored picture (the media route's address, as the server's imageUrl makes it). */
export const pictureUrl = (seed: string) => `/media/${encodeURIComponent(seed)}/640.webp`;
