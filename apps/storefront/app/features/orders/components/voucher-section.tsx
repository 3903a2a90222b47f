import type { Order } from '@shop/contracts/orders';
import { useEffect, useState } from 'react';
import { useT } from '#app/lib/shop-data.ts';
import { invoicePdfPath, type OrderAccess } from '../api/voucher-calls.ts';
import { useVoucherPolling } from '../hooks/use-voucher-polling.ts';
import { isAwaitingVouchers } from '../voucher-form.ts';
import { VoucherCard } from './voucher-card.tsx';

/** Orders whose page shows vouchers, or says they are on their way. */
export const hasVoucherSection = (order: Order) => order.status === 'paid' || isAwaitingVouchers(order);

/**
 * "Your vouchers" of a paid order (SPEC §4: printable after payment), one card each; while they are
 * being created, a status that the page keeps asking about (SPEC §8), and the invoice once it exists.
 */
export function VoucherSection({
  order,
  access,
  onOrder,
}: {
  order: Order;
  access: OrderAccess;
  onOrder: (order: Order) => void;
}) {
  const t = useT();
  const polling = useVoucherPolling(order, access, onOrder);
  const [hasWaited, setHasWaited] = useState(false);
  useEffect(() => {
    if (polling !== 'idle') setHasWaited(true);
  }, [polling]);
  // Said only after waiting: a page opened with its vouchers there has nothing to announce.
  const isReadyNews = hasWaited && polling === 'idle' && order.vouchers.length > 0;

  return (
    <>
      <section className="order-vouchers" aria-labelledby="order-vouchers-title">
        <h2 id="order-vouchers-title">{t('order.vouchers.title')}</h2>
        {/* Kept in the page while waiting, so that what it says next is announced. */}
        <div role="status" className="voucher-status">
          {polling === 'waiting' ? (
            <p className="checkout-loading">
              <span className="spinner" aria-hidden="true" />
              <span>{t('order.vouchers.pending')}</span>
            </p>
          ) : null}
          {polling === 'timed-out' ? <p className="notice">{t('order.vouchers.timeout')}</p> : null}
          {isReadyNews ? <p>{t('order.vouchers.ready')}</p> : null}
        </div>
        {polling === 'timed-out' ? (
          <button type="button" className="button secondary" onClick={() => window.location.reload()}>
            {t('order.vouchers.reload')}
          </button>
        ) : null}
        {order.vouchers.length > 0 ? (
          <ul className="voucher-list">
            {order.vouchers.map((voucher) => (
              <VoucherCard key={voucher.id} access={access} summary={voucher} />
            ))}
          </ul>
        ) : null}
      </section>
      {order.invoiceNumber ? (
        <section className="order-invoice" aria-labelledby="order-invoice-title">
          <h2 id="order-invoice-title">{t('order.invoice.title')}</h2>
          <p>
            <strong>{t('order.invoice.number', { number: order.invoiceNumber })}</strong>
            <br />
            <span className="field-hint">{t('order.invoice.numberHint')}</span>
          </p>
          <p>
            <a href={invoicePdfPath(access, order.invoiceNumber)} target="_blank" rel="noopener">
              {t('order.invoice.download')}
              <span className="visually-hidden"> {t('checkout.newWindow')}</span>
            </a>
          </p>
        </section>
      ) : null}
    </>
  );
}
