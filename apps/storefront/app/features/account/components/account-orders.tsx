import type { AccountOrder, AccountOverview } from '@shop/contracts/accounts';
import { longDateFormat } from '@shop/contracts/locale';
import type { OrderStatus } from '@shop/contracts/orders';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { voucherStateText } from '#app/features/orders/voucher-state.ts';
import type { MessageKey } from '#app/i18n/de.ts';
import { useShop, useT } from '#app/lib/shop-data.ts';
import { Pagination } from '#app/ui/pagination.tsx';
import { getAccountOrders } from '../api/account-calls.ts';
import { AccountHeading } from './account-layout.tsx';
import { AccountLoadState } from './account-load-state.tsx';
import { ClaimOrderForm } from './claim-order-form.tsx';
import { GuestOrdersOffer } from './guest-orders-offer.tsx';

type State =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string | null }
  | { kind: 'ready'; overview: AccountOverview };

export const statusNames: Record<OrderStatus, MessageKey> = {
  cart: 'account.status.cart',
  'payment-pending': 'account.status.paymentPending',
  'awaiting-payment': 'account.status.awaitingPayment',
  paid: 'account.status.paid',
  cancelled: 'account.status.cancelled',
  expired: 'account.status.expired',
};

/** /account/orders: the account's orders, 10 a page (`?page=`), and the form to add a guest order. */
export function AccountOrders() {
  const t = useT();
  const [params] = useSearchParams();
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again on purpose
  useEffect(() => {
    let isCurrent = true;
    // Asked again after a claim: the list stays (and the form with its message) until the answer.
    setState((current) =>
      current.kind === 'ready' && current.overview.page === page ? current : { kind: 'loading' },
    );
    void getAccountOrders(page).then((result) => {
      if (!isCurrent) return;
      setState(
        result.ok
          ? { kind: 'ready', overview: result.data }
          : { kind: 'failed', message: result.reaction.errors[0] ?? null },
      );
    });
    return () => {
      isCurrent = false;
    };
  }, [page, attempt]);

  if (state.kind !== 'ready') {
    return (
      <AccountLoadState
        title={t('account.nav.orders')}
        state={state}
        onRetry={() => setAttempt((count) => count + 1)}
      />
    );
  }
  const { items, total, pageSize } = state.overview;
  return (
    <>
      <AccountHeading>{t('account.nav.orders')}</AccountHeading>
      <GuestOrdersOffer onLinked={() => setAttempt((count) => count + 1)} />
      <p className="muted">
        {total === 1 ? t('account.orders.countOne') : t('account.orders.count', { count: total })}
      </p>
      {items.length === 0 ? (
        <p className="no-offers">{t('account.orders.none')}</p>
      ) : (
        <ul className="account-orders">
          {items.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={Math.max(1, Math.ceil(total / pageSize))} />
      <ClaimOrderForm onClaimed={() => setAttempt((count) => count + 1)} />
    </>
  );
}

function OrderCard({ order }: { order: AccountOrder }) {
  const t = useT();
  const { locale } = useShop();
  const date = longDateFormat(locale).format(new Date(order.closedAt ?? order.createdAt));
  const path = `/view/${order.id}/${encodeURIComponent(order.token)}`;
  const titleId = `account-order-${order.id}`;
  const facts: [MessageKey, string][] = [
    ['account.orders.date', date],
    ['account.orders.status', t(statusNames[order.status])],
    ['account.orders.total', order.total.display],
    [
      'account.orders.vouchers',
      order.vouchers.length > 0
        ? order.vouchers
            .map((voucher) => `${voucher.code}: ${voucherStateText(t, locale, voucher)}`)
            .join(', ')
        : String(order.voucherCount),
    ],
    ...(order.invoiceNumber
      ? ([['account.orders.invoice', order.invoiceNumber]] as [MessageKey, string][])
      : []),
  ];
  return (
    <li className="account-card account-order" data-order-id={order.id}>
      <article aria-labelledby={titleId}>
        <h2 id={titleId}>{t('account.orders.number', { id: order.id })}</h2>
        {order.titles.length > 0 ? (
          <ul className="account-order-titles">
            {order.titles.map((title) => (
              <li key={title}>{title}</li>
            ))}
          </ul>
        ) : null}
        <dl className="voucher-facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{t(label)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p>
          <Link to={path} className="button secondary" aria-describedby={titleId}>
            {t('account.orders.open')}
          </Link>
        </p>
      </article>
    </li>
  );
}
