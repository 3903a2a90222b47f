import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { orderQuery } from './api/get-order.ts';
import { OrderActions } from './components/order-actions.tsx';
import { OrderMails } from './components/order-mails.tsx';
import {
  OrderCustomer,
  OrderDocuments,
  OrderHistory,
  OrderItems,
  OrderOverview,
  OrderPayments,
  OrderRefunds,
  OrderTotals,
  OrderVouchers,
} from './components/order-sections.tsx';

/** /admin/orders/:id: everything about one order, its actions, and its history. */
export function OrderScreen() {
  const { t } = useI18n();
  const id = Number(useParams().id);
  // The list the user came from (its search, filters and page), handed over by its row link. Read after
  // the first render: a page the server rendered knows nothing of it (a reload keeps it in the history).
  const handedOver = (useLocation().state as { listSearch?: string } | null)?.listSearch ?? '';
  const [fromList, setFromList] = useState('');
  useEffect(() => setFromList(handedOver), [handedOver]);
  const order = useQuery({ ...orderQuery(id), enabled: Number.isInteger(id) && id > 0 });
  return (
    <div className="stack">
      <p>
        <Link to={`/orders${fromList}`}>← {t.order.back}</Link>
      </p>
      <PageHeading>{t.order.title(id)}</PageHeading>
      <ProblemMessage error={order.error} />
      {order.isPending && order.fetchStatus !== 'idle' ? <p role="status">{t.app.loading}</p> : null}
      {order.data ? (
        <div className="order-layout" data-order-status={order.data.status}>
          <OrderActions order={order.data} />
          <OrderOverview order={order.data} />
          <OrderTotals order={order.data} />
          <OrderCustomer order={order.data} />
          <OrderItems order={order.data} />
          <OrderPayments order={order.data} />
          <OrderVouchers order={order.data} />
          <OrderRefunds order={order.data} />
          <OrderMails order={order.data} />
          <OrderDocuments order={order.data} />
          <OrderHistory order={order.data} />
        </div>
      ) : null}
    </div>
  );
}
