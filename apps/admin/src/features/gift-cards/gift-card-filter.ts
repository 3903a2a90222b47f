import { type GiftCardState, giftCardStates } from '@shop/contracts/admin-gift-cards';

/**
 * What the gift-card list shows, kept in the address's query (a list can be linked; the back button
 * returns to it). Whatever a hand-edited address gets wrong falls back to the default.
 */
export type GiftCardFilter = {
  brand: string;
  query: string;
  state: GiftCardState | '';
  page: number;
};

export function filterFromParams(params: URLSearchParams): GiftCardFilter {
  const state = params.get('state') ?? '';
  const page = params.get('page') ?? '';
  return {
    brand: (params.get('brand') ?? '').slice(0, 40),
    query: (params.get('query') ?? '').trim().slice(0, 40),
    state: (giftCardStates as readonly string[]).includes(state) ? (state as GiftCardState) : '',
    page: /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1,
  };
}

/** The address's query, which is also the API's. */
export function filterToParams(filter: GiftCardFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.brand) params.set('brand', filter.brand);
  if (filter.query) params.set('query', filter.query);
  if (filter.state) params.set('state', filter.state);
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}
