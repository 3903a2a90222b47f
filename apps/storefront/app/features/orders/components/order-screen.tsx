import { longDateFormat } from '@shop/contracts/locale';
import type { Order, PaymentInfo } from '@shop/contracts/orders';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CheckoutSteps } from '#app/features/checkout/components/checkout-steps.tsx';
import { usePurchaseTracking } from '#app/features/consent/conversion.ts';
import type { MessageKey } from '#app/i18n/de.ts';
import { useCountryName } from '#app/lib/country-names.ts';
import { forgetCart, storedCartAccess } from '#app/lib/orders/cart-store.ts';
import { useShop, useT } from '#app/lib/shop-data.ts';
import { showToast } from '#app/lib/toasts.ts';
import { OrderLine, OrderTotals } from '#app/ui/order-summary.tsx';
import { getOrderDetails, type OrderDetails } from '../api/get-order-details.ts';
import type { OrderAccess } from '../api/voucher-calls.ts';
import { hasVoucherSection, VoucherSection } from './voucher-section.tsx';

type State =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string | null }
  | { kind: 'ready'; details: OrderDetails };

const headings: Record<Order['status'], MessageKey> = {
  cart: 'order.heading.cart',
  'payment-pending': 'order.heading.paymentPending',
  'awaiting-payment': 'order.heading.awaitingPayment',
  paid: 'order.heading.paid',
  cancelled: 'order.heading.cancelled',
  expired: 'order.heading.expired',
};

const statusTexts: Record<Order['status'], MessageKey> = {
  cart: 'order.status.cart',
  'payment-pending': 'order.status.paymentPending',
  'awaiting-payment': 'order.status.awaitingPayment',
  paid: 'order.status.paid',
  cancelled: 'order.status.cancelled',
  expired: 'order.status.expired',
};

/**
 * /complete/:id/:key (right after buying) and /view/:id/:key (the order's own link): status, items,
 * totals, for wire transfer the bank details with reference, amount and due date; a thank-you once paid.
 */
export function OrderScreen({
  orderId,
  orderKey,
  isPurchaseEnd = false,
}: {
  orderId: string;
  orderKey: string;
  /** The page the checkout ends on (/complete): it shows the last of the checkout's steps. */
  isPurchaseEnd?: boolean;
}) {
  const t = useT();
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let isCurrent = true;
    setState({ kind: 'loading' });
    void getOrderDetails(orderId, orderKey).then((result) => {
      if (!isCurrent) return;
      if (!result.ok) {
        setState({ kind: 'failed', message: result.message });
        return;
      }
      forgetClosedCart(result.data.order);
      setState({ kind: 'ready', details: result.data });
    });
    return () => {
      isCurrent = false;
    };
  }, [orderId, orderKey]);

  if (state.kind === 'loading') {
    return (
      <div className="container page order-page">
        <h1>{t('order.title')}</h1>
        <p className="checkout-loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>{t('order.loading')}</span>
        </p>
      </div>
    );
  }
  if (state.kind === 'failed') {
    return (
      <div className="container page narrow order-page">
        <h1>{t('order.notFound')}</h1>
        <p>{state.message ?? t('cart.error.unexpected')}</p>
        <Link className="button" to="/">
          {t('notFound.home')}
        </Link>
      </div>
    );
  }
  // The order as the vouchers' polling reads it again (SPEC §8): status and vouchers move on.
  const adoptOrder = (order: Order) => {
    forgetClosedCart(order);
    setState((current) =>
      current.kind === 'ready' ? { kind: 'ready', details: { ...current.details, order } } : current,
    );
  };
  return (
    <OrderView
      details={state.details}
      access={{ orderId, orderKey }}
      onOrder={adoptOrder}
      isPurchaseEnd={isPurchaseEnd}
    />
  );
}

/** Closed here (e.g. paid at the provider): this browser's cart starts afresh with the next add. */
function forgetClosedCart(order: Order) {
  if (
    storedCartAccess()?.orderId === order.id &&
    order.status !== 'cart' &&
    order.status !== 'payment-pending'
  ) {
    forgetCart();
  }
}

function OrderView({
  details,
  access,
  onOrder,
  isPurchaseEnd,
}: {
  details: OrderDetails;
  access: OrderAccess;
  onOrder: (order: Order) => void;
  isPurchaseEnd: boolean;
}) {
  const t = useT();
  const countryName = useCountryName();
  const { locale, origin, brand } = useShop();
  const { order, payment, meta } = details;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  usePurchaseTracking(brand, order, meta?.affiliate ?? null);
  const viewPath = `/view/${order.id}/${encodeURIComponent(order.token)}`;
  const dateFormat = longDateFormat(locale);
  return (
    <div
      className="container page order-page"
      data-order-status={order.status}
      data-affiliate={meta ? JSON.stringify(meta.affiliate) : undefined}
    >
      {/* Unpaid (a transfer on its way): payment is the step still open, not done. */}
      {isPurchaseEnd ? <CheckoutSteps current={order.status === 'paid' ? 'done' : 'payment'} /> : null}
      <h1 ref={headingRef} tabIndex={-1}>
        {t(headings[order.status])}
      </h1>
      <p className="order-number">
        <strong>{t('order.number', { id: order.id })}</strong>
        {order.closedAt ? ` · ${dateFormat.format(new Date(order.closedAt))}` : ''}
        <br />
        <span className="field-hint">{t('order.number.hint')}</span>
      </p>
      <p className="order-status">
        {/* Paid with its vouchers already below: no "being created" beside them. */}
        {t(
          order.status === 'paid' && order.vouchers.length > 0
            ? 'order.status.paidReady'
            : statusTexts[order.status],
        )}
      </p>
      {order.status === 'payment-pending' && storedCartAccess()?.orderId === order.id ? (
        <p>
          <Link className="button" to="/checkout">
            {t('cart.choosePayment')}
          </Link>
        </p>
      ) : null}
      {order.status === 'awaiting-payment' && payment?.wireTransfer ? (
        <WireTransferDetails wireTransfer={payment.wireTransfer} dateFormat={dateFormat} />
      ) : null}
      {hasVoucherSection(order) ? <VoucherSection order={order} access={access} onOrder={onOrder} /> : null}
      <div className="order-columns">
        <section className="order-items" aria-labelledby="order-items-title">
          <h2 id="order-items-title">{t('order.items')}</h2>
          <ul className="order-lines">
            {order.items.map((item) => (
              <OrderLine key={item.id} item={item} />
            ))}
          </ul>
          <OrderTotals summary={order.summary} reductionName={order.reduction?.code ?? null} />
        </section>
        {order.customer ? (
          <section className="order-customer" aria-labelledby="order-customer-title">
            <h2 id="order-customer-title">{t('order.customer')}</h2>
            <address className="customer-address">
              {order.customer.firstName} {order.customer.lastName}
              <br />
              {order.customer.street} {order.customer.houseNumber}
              <br />
              {order.customer.postcode} {order.customer.city}
              <br />
              {countryName(order.customer.country)}
              <br />
              {order.customer.email}
            </address>
            {order.customer.membershipNumber ? (
              <p>{t('order.membershipNumber', { number: order.customer.membershipNumber })}</p>
            ) : null}
            {paymentName(order, payment, t)}
          </section>
        ) : null}
      </div>
      <section className="order-link" aria-labelledby="order-link-title">
        <h2 id="order-link-title">{t('order.link.title')}</h2>
        <p>{t('order.link.text')}</p>
        <p>
          <Link to={viewPath} className="order-link-url">
            {`${origin}${viewPath}`}
          </Link>
        </p>
      </section>
    </div>
  );
}

function paymentName(order: Order, payment: PaymentInfo | null, t: ReturnType<typeof useT>) {
  const type = payment?.paymentType ?? order.paymentType;
  if (!type) return null;
  const names: Record<NonNullable<typeof type>, MessageKey> = {
    paypal: 'checkout.payment.paypal',
    amazonpay: 'checkout.payment.amazonpay',
    wiretransfer: 'checkout.payment.wiretransfer',
    credit: 'checkout.payment.credit',
  };
  return (
    <p>
      {t('order.paymentType')} <strong>{t(names[type])}</strong>
    </p>
  );
}

function WireTransferDetails({
  wireTransfer,
  dateFormat,
}: {
  wireTransfer: NonNullable<PaymentInfo['wireTransfer']>;
  dateFormat: Intl.DateTimeFormat;
}) {
  const t = useT();
  const { locale } = useShop();
  const cents = wireTransfer.amount.total;
  // What a banking app's amount field takes: digits with the language's decimal mark, no currency sign.
  const plainAmount = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, useGrouping: false }).format(
    cents / 100,
  );
  const rows: { label: MessageKey; value: string; copy?: string; hint?: MessageKey }[] = [
    { label: 'order.wire.accountHolder', value: wireTransfer.accountHolder },
    { label: 'order.wire.iban', value: wireTransfer.iban, copy: wireTransfer.iban.replace(/\s+/g, '') },
    { label: 'order.wire.bic', value: wireTransfer.bic },
    { label: 'order.wire.bank', value: wireTransfer.bank },
    {
      label: 'order.wire.reference',
      value: wireTransfer.reference,
      copy: wireTransfer.reference,
      hint: 'order.wire.referenceHint',
    },
    { label: 'order.wire.amount', value: wireTransfer.amount.display, copy: plainAmount },
    { label: 'order.wire.dueDate', value: dateFormat.format(new Date(wireTransfer.dueDate)) },
  ];
  return (
    <section className="wire-transfer" aria-labelledby="wire-title">
      <h2 id="wire-title">{t('order.wire.title')}</h2>
      <p>
        {t('order.wire.text', {
          amount: wireTransfer.amount.display,
          date: dateFormat.format(new Date(wireTransfer.dueDate)),
        })}
      </p>
      <div className="wire-transfer-body">
        <dl className="wire-details">
          {rows.map(({ label, value, copy, hint }) => (
            <div key={label}>
              <dt>{t(label)}</dt>
              <dd>
                <span className="wire-value">
                  <span>{value}</span>
                  {copy ? <CopyButton value={copy} field={t(label)} /> : null}
                </span>
                {hint ? <span className="field-hint">{t(hint)}</span> : null}
              </dd>
            </div>
          ))}
        </dl>
        {wireTransfer.giroCode ? (
          <figure className="wire-girocode">
            <img src={wireTransfer.giroCode} alt={t('order.wire.giroCode')} width={180} height={180} />
            <figcaption>{t('order.wire.giroCodeText')}</figcaption>
          </figure>
        ) : null}
      </div>
    </section>
  );
}

/** Copies one bank detail for pasting into the banking app; says so (or that it failed) in a toast. */
function CopyButton({ value, field }: { value: string; field: string }) {
  const t = useT();
  const { locale } = useShop();
  // Mid-sentence in English and Italian ("Copy payment reference"); German nouns and "IBAN" keep theirs.
  const inSentence =
    locale === 'de' || /^[A-Z]+$/.test(field) ? field : field.charAt(0).toLowerCase() + field.slice(1);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      showToast({ tone: 'success', parts: [{ key: 'order.wire.copied', values: { field } }] });
    } catch {
      showToast({ tone: 'danger', parts: [{ key: 'order.wire.copyFailed' }] });
    }
  };
  return (
    <button type="button" className="link-button wire-copy" onClick={() => void copy()}>
      {t('order.wire.copy', { field: inSentence })}
    </button>
  );
}
