import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { Pager } from '../../ui/pager.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { useSession } from '../auth/use-session.ts';
import { ordersQuery } from './api/get-orders.ts';
import { OrderExport } from './components/order-export.tsx';
import { OrderFilters } from './components/order-filters.tsx';
import { OrdersTable } from './components/orders-table.tsx';
import {
  type OrderSearchState,
  pageSizes,
  searchFromParams,
  searchToParams,
  withFilters,
} from './search-state.ts';

/** /admin/orders: one search box, filters, a sortable grid and pages, all of it in the address. */
export function OrdersScreen() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const search = searchFromParams(params);
  const orders = useQuery(ordersQuery(search));
  // The file holds every customer's name and address: for operators and brand managers (support: 403).
  const role = useSession().data?.staff.role;
  const go = (next: OrderSearchState) => setParams(searchToParams(next));
  const pages = orders.data ? Math.max(1, Math.ceil(orders.data.total / orders.data.pageSize)) : 1;

  return (
    <div className="stack">
      <PageHeading>{t.orders.title}</PageHeading>
      <OrderFilters
        key={params.toString()}
        search={search}
        onApply={(filters) => go(withFilters(search, filters))}
      />
      <ProblemMessage error={orders.error} />
      {orders.data ? (
        <section aria-labelledby="results" className="stack" aria-busy={orders.isFetching}>
          <div className="results-head">
            <h2 id="results" className="results-count" aria-live="polite">
              {t.orders.found(orders.data.total, orders.data.totalIsCapped)}
            </h2>
            {role && role !== 'support' && orders.data.total > 0 ? (
              <OrderExport key={params.toString()} search={search} />
            ) : null}
          </div>
          {orders.data.orders.length === 0 ? (
            <p>{t.orders.none}</p>
          ) : (
            <OrdersTable
              orders={orders.data.orders}
              sort={search.sort}
              onSort={(sort) => go({ ...search, sort, page: 1 })}
            />
          )}
          <Pager page={search.page} pages={pages} onPage={(page) => go({ ...search, page })}>
            <SelectField
              label={t.orders.pageSize}
              value={String(search.pageSize)}
              options={pageSizes.map((size) => ({ id: String(size), label: String(size) }))}
              onChange={(size) => go({ ...search, pageSize: Number(size), page: 1 })}
            />
          </Pager>
        </section>
      ) : orders.isPending ? (
        <p role="status">{t.app.loading}</p>
      ) : null}
    </div>
  );
}
