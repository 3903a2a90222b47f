import {
  type ServiceRecordKind,
  type ServiceRecordState,
  serviceRecordKinds,
  serviceRecordStates,
} from '@shop/contracts/admin-records';

/**
 * What the records screen shows, kept in the address's query (a list can be linked; the back button
 * returns to it). Whatever a hand-edited address gets wrong falls back to the default.
 */
export type RecordFilter = {
  kind: ServiceRecordKind;
  brand: string;
  query: string;
  state: ServiceRecordState | '';
  page: number;
};

/** The states each kind has (the state filter's choices). */
export const statesOf: Record<ServiceRecordKind, readonly ServiceRecordState[]> = {
  newsletter: ['subscribed', 'requested', 'unsubscribed'],
  wishes: [],
  reminders: ['pending', 'notified'],
  consent: [],
};

export function filterFromParams(params: URLSearchParams): RecordFilter {
  const kind = params.get('kind') ?? '';
  const state = params.get('state') ?? '';
  const page = params.get('page') ?? '';
  const validKind = (serviceRecordKinds as readonly string[]).includes(kind)
    ? (kind as ServiceRecordKind)
    : 'newsletter';
  return {
    kind: validKind,
    brand: (params.get('brand') ?? '').slice(0, 40),
    query: (params.get('query') ?? '').trim().slice(0, 254),
    state:
      (serviceRecordStates as readonly string[]).includes(state) &&
      statesOf[validKind].includes(state as ServiceRecordState)
        ? (state as ServiceRecordState)
        : '',
    page: /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1,
  };
}

/** The address's query; the API's is the same without `kind` (which is in its path). */
export function filterToParams(filter: RecordFilter, withKind = true): URLSearchParams {
  const params = new URLSearchParams();
  if (withKind) params.set('kind', filter.kind);
  if (filter.brand) params.set('brand', filter.brand);
  if (filter.query) params.set('query', filter.query);
  if (filter.state) params.set('state', filter.state);
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}
