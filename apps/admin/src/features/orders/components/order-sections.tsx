import type { AdminOrderDetail } from '@shop/contracts/admin';
import { useI18n } from '../../../i18n/i18n-context.tsx';
import { DataTable as Table } from '../../../ui/data-table.tsx';
import { Facts, Section } from '../../../ui/section.tsx';

type Props = { order: AdminOrderDetail };

export function OrderOverview({ order }: Props) {
  const { t, dateTime } = useI18n();
  return (
    <Section id="overview-title" title={t.order.overview}>
      <Facts
        rows={[
          [
            t.order.status,
            <span key="status" className={`status status-${order.status}`}>
              {t.statuses[order.status]}
            </span>,
          ],
          [t.order.brand, order.brand.name],
          [t.order.paymentType, order.paymentType ? t.paymentTypes[order.paymentType] : t.noPaymentType],
          [t.order.transferReference, <code key="reference">{order.transferReference}</code>],
          [t.order.invoiceNumber, order.invoiceNumber],
          [t.order.locale, order.locale],
          [t.order.createdAt, dateTime(order.createdAt)],
          [t.order.closedAt, dateTime(order.closedAt)],
          [t.order.paidAt, dateTime(order.paidAt)],
          [t.order.holdUntil, dateTime(order.holdUntil)],
        ]}
      />
    </Section>
  );
}

export function OrderTotals({ order }: Props) {
  const { t, money } = useI18n();
  return (
    <Section id="totals-title" title={t.order.totals}>
      <Facts
        rows={[
          [t.order.subtotal, money(order.subtotalCents)],
          [t.order.discount, money(order.discountCents)],
          [t.order.prepaid, money(order.prepaidCents)],
          [t.order.total, <strong key="total">{money(order.totalCents)}</strong>],
        ]}
      />
    </Section>
  );
}

export function OrderCustomer({ order }: Props) {
  const { t } = useI18n();
  const customer = order.customer;
  return (
    <Section id="customer-title" title={t.order.customer}>
      {customer ? (
        <Facts
          rows={[
            [t.order.name, [customer.firstName, customer.lastName].filter(Boolean).join(' ') || null],
            [
              t.order.email,
              customer.email ? (
                <a key="email" href={`mailto:${customer.email}`}>
                  {customer.email}
                </a>
              ) : null,
            ],
            [t.order.phone, customer.phone],
            [t.order.address, customer.address],
            [t.order.membershipNumber, customer.membershipNumber],
          ]}
        />
      ) : (
        <p>{t.order.noCustomer}</p>
      )}
    </Section>
  );
}

/** A table with a header row; the first column names the row. */
export function OrderItems({ order }: Props) {
  const { t, money } = useI18n();
  return (
    <Section id="items-title" title={t.order.items}>
      <Table
        head={[t.order.offer, t.order.hotel, t.order.nightsPersons, t.order.quantity, t.order.price]}
        numeric={[3, 4]}
        rows={order.items.map((item) => [
          item.offerTitle,
          item.hotelName,
          `${item.nights} / ${item.persons}`,
          item.quantity,
          money(item.priceCents),
        ])}
      />
    </Section>
  );
}

export function OrderPayments({ order }: Props) {
  const { t, money, dateTime } = useI18n();
  return (
    <Section id="payments-title" title={t.order.payments}>
      {order.payments.length === 0 ? (
        <p>{t.order.noPayments}</p>
      ) : (
        <Table
          head={[
            t.order.provider,
            t.order.status,
            t.order.amount,
            t.order.reference,
            t.order.captureId,
            t.order.at,
          ]}
          numeric={[2]}
          rows={order.payments.map((payment) => [
            payment.provider,
            payment.status,
            money(payment.amountCents),
            payment.reference ? <code key="reference">{payment.reference}</code> : null,
            payment.captureId ? <code key="capture">{payment.captureId}</code> : null,
            dateTime(payment.createdAt),
          ])}
        />
      )}
    </Section>
  );
}

export function OrderVouchers({ order }: Props) {
  const { t, dateTime, date } = useI18n();
  return (
    <Section id="vouchers-title" title={t.order.vouchers}>
      {order.vouchers.length === 0 ? (
        <p>{t.order.noVouchers}</p>
      ) : (
        <Table
          head={[t.order.code, t.order.guest, t.order.printed, t.order.validUntil, t.order.status]}
          rows={order.vouchers.map((voucher) => [
            <code key="code">{voucher.code}</code>,
            voucher.guestName,
            voucher.printedAt ? dateTime(voucher.printedAt) : t.order.notPrinted,
            date(voucher.validUntil),
            voucher.voidedAt ? (
              <span key="void" className="status status-cancelled">
                {t.order.voided} {dateTime(voucher.voidedAt)}
              </span>
            ) : (
              t.order.valid
            ),
          ])}
        />
      )}
    </Section>
  );
}

export function OrderRefunds({ order }: Props) {
  const { t, money, dateTime } = useI18n();
  const codeOf = (id: number) => order.vouchers.find((voucher) => voucher.id === id)?.code ?? String(id);
  return (
    <Section id="refunds-title" title={t.order.refunds}>
      {order.refunds.length === 0 ? (
        <p>{t.order.noRefunds}</p>
      ) : (
        <Table
          head={[
            t.order.at,
            t.order.amount,
            t.order.vouchers,
            t.order.refundStatus,
            t.order.requestedBy,
            t.order.note,
            t.order.refundedAt,
          ]}
          numeric={[1]}
          rows={order.refunds.map((refund) => [
            dateTime(refund.createdAt),
            money(refund.amountCents),
            refund.voucherIds.map(codeOf).join(', '),
            t.refundStatuses[refund.status],
            refund.requestedBy,
            refund.note,
            dateTime(refund.refundedAt),
          ])}
        />
      )}
    </Section>
  );
}

export function OrderDocuments({ order }: Props) {
  const { t } = useI18n();
  return (
    <Section id="documents-title" title={t.order.documents}>
      {order.documents.length === 0 ? (
        <p>{t.order.noDocuments}</p>
      ) : (
        <ul className="documents">
          {order.documents.map((document) => (
            <li key={document.url}>
              <a href={document.url} target="_blank" rel="noopener noreferrer">
                {document.label} <span className="visually-hidden">{t.order.opensInNewTab}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** Before/after of an audit entry as compact JSON: staff read what changed, not a diff engine's view. */
const shown = (value: unknown) =>
  value === null || value === undefined ? null : <code>{JSON.stringify(value)}</code>;

export function OrderHistory({ order }: Props) {
  const { t, dateTime } = useI18n();
  return (
    <Section id="history-title" title={t.order.history}>
      {order.history.length === 0 ? (
        <p>{t.order.noHistory}</p>
      ) : (
        <Table
          head={[
            t.order.at,
            t.order.who,
            t.order.action,
            t.order.before,
            t.order.after,
            t.order.note,
            t.order.fromAddress,
          ]}
          rows={order.history.map((entry) => [
            dateTime(entry.at),
            entry.staffEmail,
            t.auditActions[entry.action] ?? entry.action,
            shown(entry.before),
            shown(entry.after),
            entry.note,
            entry.address,
          ])}
        />
      )}
    </Section>
  );
}
