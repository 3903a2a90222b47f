/** The promotion and code lists' filters, kept in the address (a list can be bookmarked and shared). */
export type ListFilter = { brand: string; query: string; state: string; page: number };

export function listFilterOf(params: URLSearchParams, states: readonly string[]): ListFilter {
  const state = params.get('state') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    brand: (params.get('brand') ?? '').slice(0, 40),
    query: (params.get('query') ?? '').trim().slice(0, 50),
    state: states.includes(state) ? state : '',
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

export function listParamsOf(filter: ListFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.brand) params.set('brand', filter.brand);
  if (filter.query) params.set('query', filter.query);
  if (filter.state) params.set('state', filter.state);
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}
