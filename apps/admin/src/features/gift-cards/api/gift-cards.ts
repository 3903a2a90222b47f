import {
  type BlockGiftCard,
  type ExtendGiftCard,
  type GiftCardDetail,
  giftCardDetailSchema,
  giftCardListSchema,
  type IssueGiftCard,
} from '@shop/contracts/admin-gift-cards';
import type { Locale } from '@shop/contracts/locale';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { filterToParams, type GiftCardFilter } from '../gift-card-filter.ts';

const giftCardsKey = ['gift-cards'] as const;

export const giftCardsQuery = (filter: GiftCardFilter) =>
  queryOptions({
    queryKey: [...giftCardsKey, 'list', filter],
    queryFn: () => {
      const query = filterToParams(filter).toString();
      return apiCall(`/api/admin/gift-cards${query ? `?${query}` : ''}`, { answer: giftCardListSchema });
    },
    placeholderData: keepPreviousData,
  });

export const giftCardQuery = (id: number) =>
  queryOptions({
    queryKey: [...giftCardsKey, 'card', id],
    queryFn: () => apiCall(`/api/admin/gift-cards/${id}`, { answer: giftCardDetailSchema }),
  });

/** The printable card: a plain link (the session cookie goes with it). */
export const giftCardPdfUrl = (id: number, lang: Locale) =>
  `/api/admin/gift-cards/${id}/card.pdf?lang=${lang}`;

export function useIssueGiftCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: IssueGiftCard) =>
      apiCall('/api/admin/gift-cards', { method: 'POST', body: request, answer: giftCardDetailSchema }),
    onSuccess: (card) => {
      queryClient.setQueryData(giftCardQuery(card.id).queryKey, card);
      return queryClient.invalidateQueries({ queryKey: [...giftCardsKey, 'list'] });
    },
  });
}

type ActionBody = { block: BlockGiftCard; unblock: { note?: string | undefined }; extend: ExtendGiftCard };

/** Block, unblock or extend a card; the answer is the card as it is now, the lists are asked again. */
export function useGiftCardAction<Action extends keyof ActionBody>(id: number, action: Action) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ActionBody[Action]) =>
      apiCall<GiftCardDetail>(`/api/admin/gift-cards/${id}/${action}`, {
        method: 'POST',
        body: request,
        answer: giftCardDetailSchema,
      }),
    onSuccess: (card) => {
      queryClient.setQueryData(giftCardQuery(id).queryKey, card);
      return queryClient.invalidateQueries({ queryKey: [...giftCardsKey, 'list'] });
    },
  });
}
