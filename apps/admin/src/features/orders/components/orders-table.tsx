import type { AdminOrderRow } from '@shop/contracts/admin';
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { type I18n, useI18n } from '../../../i18n/i18n-context.tsx';
import type { OrderSort } from '../search-state.ts';

const column = createColumnHelper<AdminOrderRow>();

/** The columns the API sorts by, and the sort each one starts with (newest, largest first). */
const sortable: Record<string, { desc: OrderSort; asc: OrderSort }> = {
  createdAt: { desc: 'created-desc', asc: 'created-asc' },
  totalCents: { desc: 'total-desc', asc: 'total-asc' },
};

function sortingOf(sort: OrderSort): SortingState {
  const [id] = Object.entries(sortable).find(([, sorts]) => sorts.desc === sort || sorts.asc === sort) ?? [];
  return id ? [{ id, desc: sort.endsWith('-desc') }] : [];
}

function columns({ t, dateTime, money }: I18n, listSearch: string) {
  return [
    column.accessor('id', {
      header: t.orders.columns.id,
      cell: (cell) => (
        <Link to={`/orders/${cell.getValue()}`} state={{ listSearch }}>
          {cell.getValue()}
        </Link>
      ),
      enableSorting: false,
    }),
    column.accessor('createdAt', {
      header: t.orders.columns.createdAt,
      cell: (cell) => dateTime(cell.getValue()),
    }),
    column.accessor((row) => row.brand.name, {
      id: 'brand',
      header: t.orders.columns.brand,
      enableSorting: false,
    }),
    column.display({
      id: 'customer',
      header: t.orders.columns.customer,
      cell: ({ row }) => (
        <>
          {row.original.customerName ?? '–'}
          {row.original.email ? <span className="secondary">{row.original.email}</span> : null}
        </>
      ),
    }),
    column.accessor('status', {
      header: t.orders.columns.status,
      cell: (cell) => (
        <span className={`status status-${cell.getValue()}`}>{t.statuses[cell.getValue()]}</span>
      ),
      enableSorting: false,
    }),
    column.accessor('paymentType', {
      header: t.orders.columns.paymentType,
      cell: (cell) => {
        const type = cell.getValue();
        return type ? t.paymentTypes[type] : t.noPaymentType;
      },
      enableSorting: false,
    }),
    column.accessor('totalCents', {
      header: t.orders.columns.total,
      cell: (cell) => money(cell.getValue()),
      meta: { isNumeric: true },
    }),
  ];
}

/**
 * The orders grid (TanStack Table, headless): the server sorts and pages (manual), the table draws the
 * columns and says which one is sorted how (aria-sort); a header's button asks for the other order.
 */
export function OrdersTable({
  orders,
  sort,
  onSort,
}: {
  orders: AdminOrderRow[];
  sort: OrderSort;
  onSort(sort: OrderSort): void;
}) {
  const i18n = useI18n();
  const listSearch = useLocation().search;
  const { t } = i18n;
  const table = useReactTable({
    data: orders,
    columns: useMemo(() => columns(i18n, listSearch), [i18n, listSearch]),
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    state: { sorting: sortingOf(sort) },
  });
  return (
    <div className="table-scroll">
      <table className="grid">
        <caption className="visually-hidden">{t.orders.tableCaption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const isSortable = header.column.id in sortable;
                const label = String(header.column.columnDef.header);
                const isNumeric = (header.column.columnDef.meta as { isNumeric?: boolean } | undefined)
                  ?.isNumeric;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={isNumeric ? 'numeric' : undefined}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {isSortable ? (
                      <button
                        type="button"
                        className="sort-button"
                        title={t.orders.sortBy(label)}
                        onClick={() => {
                          const sorts = sortable[header.column.id]!;
                          onSort(sorted === 'desc' ? sorts.asc : sorts.desc);
                        }}
                      >
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <span aria-hidden="true" className="sort-mark">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      flexRender(header.column.columnDef.header, header.getContext())
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td
                  key={cell.id}
                  className={
                    (cell.column.columnDef.meta as { isNumeric?: boolean } | undefined)?.isNumeric
                      ? 'numeric'
                      : undefined
                  }
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
