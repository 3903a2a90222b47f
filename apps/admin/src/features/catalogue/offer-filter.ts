/**
 * What the offers list shows, kept in the address's query (a list can be linked; the back button
 * returns to it). Whatever a hand-edited address gets wrong falls back to the default.
 */
export type OfferFilter = {
  query: string;
  brand: string;
  state: 'active' | 'inactive' | '';
  page: number;
};

export function offerFilterFromParams(params: URLSearchParams): OfferFilter {
  const state = params.get('state') ?? '';
  const page = params.get('page') ?? '';
  return {
    query: (params.get('query') ?? '').trim().slice(0, 120),
    brand: (params.get('brand') ?? '').slice(0, 40),
    state: state === 'active' || state === 'inactive' ? state : '',
    page: /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1,
  };
}

/** The address's query, which is also the API's. */
export function offerFilterToParams(filter: OfferFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.query) params.set('query', filter.query);
  if (filter.brand) params.set('brand', filter.brand);
  if (filter.state) params.set('state', filter.state);
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}
