import { openHoldListSchema } from '@shop/contracts/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { apiCall } from '../../lib/api-client.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';

const holdsQuery = () =>
  queryOptions({
    queryKey: ['holds'],
    queryFn: () => apiCall('/api/admin/holds', { answer: openHoldListSchema }),
  });

/**
 * /admin/holds: unpaid orders that keep stock from other buyers, oldest first, with what they hold
 * and until when: where a support call about "sold out" or a forgotten transfer starts.
 */
export function HoldsScreen() {
  const { t, money, dateTime } = useI18n();
  const holds = useQuery(holdsQuery());
  return (
    <div className="stack">
      <PageHeading>{t.holds.title}</PageHeading>
      <p>{t.holds.intro}</p>
      <ProblemMessage error={holds.error} />
      {holds.data ? (
        <>
          <p className="results-count">
            {t.holds.summary(holds.data.holds.length, holds.data.units, money(holds.data.totalCents))}
          </p>
          {holds.data.holds.length === 0 ? null : (
            <DataTable
              caption={t.holds.title}
              head={[
                t.orders.columns.id,
                t.orders.columns.brand,
                t.orders.columns.customer,
                t.orders.columns.status,
                t.orders.columns.paymentType,
                t.holds.closedAt,
                t.holds.holdUntil,
                t.holds.units,
                t.orders.columns.total,
              ]}
              numeric={[7, 8]}
              rows={holds.data.holds.map((hold) => [
                <Link key="order" to={`/orders/${hold.orderId}`}>
                  {hold.orderId}
                </Link>,
                hold.brand.name,
                hold.customerName,
                <span key="status" className={`status status-${hold.status}`}>
                  {t.statuses[hold.status]}
                </span>,
                hold.paymentType ? t.paymentTypes[hold.paymentType] : t.noPaymentType,
                dateTime(hold.closedAt),
                dateTime(hold.holdUntil),
                hold.units,
                money(hold.totalCents),
              ])}
            />
          )}
        </>
      ) : holds.isPending ? (
        <p role="status">{t.app.loading}</p>
      ) : null}
    </div>
  );
}
