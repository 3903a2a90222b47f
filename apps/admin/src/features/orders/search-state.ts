import { type AdminOrderSearch, adminOrderSorts } from '@shop/contracts/admin';
import { type OrderStatus, orderStatuses, type PaymentType, paymentTypes } from '@shop/contracts/orders';

export type OrderSort = (typeof adminOrderSorts)[number];

/**
 * What the orders list shows, kept in the address's query so that a list can be linked and the back
 * button returns to the last one. Defaults are left out of the address.
 */
export type OrderSearchState = {
  query: string;
  brand: string;
  status: OrderStatus | '';
  paymentType: PaymentType | '';
  from: string;
  to: string;
  sort: OrderSort;
  page: number;
  pageSize: number;
};

export const pageSizes = [25, 50, 100] as const;

export const defaultSearch: OrderSearchState = {
  query: '',
  brand: '',
  status: '',
  paymentType: '',
  from: '',
  to: '',
  sort: 'created-desc',
  page: 1,
  pageSize: 25,
};

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

function whole(value: string | null, min: number, max: number): number | null {
  if (!value || !/^\d{1,6}$/.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
}

/** The state an address names; whatever it gets wrong (a hand-edited link) falls back to the default. */
export function searchFromParams(params: URLSearchParams): OrderSearchState {
  const status = params.get('status');
  const paymentType = params.get('paymentType');
  const sort = params.get('sort');
  const from = params.get('from');
  const to = params.get('to');
  const pageSize = whole(params.get('pageSize'), 1, 100);
  return {
    query: (params.get('query') ?? '').trim().slice(0, 200),
    brand: (params.get('brand') ?? '').slice(0, 40),
    status: oneOf(orderStatuses, status) ? status : '',
    paymentType: oneOf(paymentTypes, paymentType) ? paymentType : '',
    from: from && isoDate.test(from) ? from : '',
    to: to && isoDate.test(to) ? to : '',
    sort: oneOf(adminOrderSorts, sort) ? sort : defaultSearch.sort,
    page: whole(params.get('page'), 1, 100_000) ?? 1,
    pageSize:
      pageSize && (pageSizes as readonly number[]).includes(pageSize) ? pageSize : defaultSearch.pageSize,
  };
}

/** The address's query for a state: only what differs from the default, in a fixed order. */
export function searchToParams(state: OrderSearchState): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of Object.keys(defaultSearch) as (keyof OrderSearchState)[]) {
    const value = state[name];
    if (value !== defaultSearch[name] && value !== '') params.set(name, String(value));
  }
  return params;
}

/** The API's query (`GET /api/admin/orders`, the contract's adminOrderSearchQuery) for a state. */
export function searchToApiQuery(state: OrderSearchState): AdminOrderSearch {
  const query: AdminOrderSearch = {
    sort: state.sort,
    page: String(state.page),
    pageSize: String(state.pageSize),
  };
  if (state.query) query.query = state.query;
  if (state.brand) query.brand = state.brand;
  if (state.status) query.status = state.status;
  if (state.paymentType) query.paymentType = state.paymentType;
  if (state.from) query.from = state.from;
  if (state.to) query.to = state.to;
  return query;
}

/** A change of what is searched starts again on page 1; a change of page or sort keeps the rest. */
export function withFilters(state: OrderSearchState, filters: Partial<OrderSearchState>): OrderSearchState {
  return { ...state, ...filters, page: 1 };
}
