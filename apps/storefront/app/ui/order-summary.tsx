import type { OrderItem, OrderSummary } from '@shop/contracts/orders';
import { offerPath } from '@shop/contracts/site-paths';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '#app/lib/shop-data.ts';
import { nightsText, personsText } from './ranges.ts';

/**
 * One order line as the drawer, the checkout and the order page show it: picture, offer, nights and
 * persons, unit price; `children` adds the controls (quantity, remove) where the cart can change.
 */
export function OrderLine({
  item,
  children,
  headingLevel = 3,
  linksToOffer = true,
}: {
  item: OrderItem;
  children?: ReactNode;
  headingLevel?: 3 | 4;
  linksToOffer?: boolean;
}) {
  const t = useT();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const facts = `${nightsText(t, { min: item.parameter.nights, max: item.parameter.nights })} · ${personsText(
    t,
    {
      min: item.parameter.persons,
      max: item.parameter.persons,
    },
  )}`;
  return (
    <li className="order-line">
      {item.image ? (
        <img className="order-line-image" src={item.image.url} width={96} height={64} alt="" loading="lazy" />
      ) : (
        <span className="order-line-image" />
      )}
      <div className="order-line-text">
        <Heading className="order-line-title">
          {linksToOffer ? (
            <Link to={offerPath(item.hotelSlug, item.offerSlug)}>{item.title}</Link>
          ) : (
            item.title
          )}
        </Heading>
        {/* The hotel and its town: what the buyer recognises the offer by, and who takes the voucher. */}
        <p className="order-line-hotel">{item.subtitle}</p>
        <p className="order-line-facts muted">{facts}</p>
        <p className="order-line-price">
          {item.quantity > 1 || !children ? (
            <>
              <span className="nowrap">{t('cart.quantityTimes', { quantity: item.quantity })}</span>{' '}
              <span className="nowrap">{item.unitPrice.display}</span>
              {' = '}
              <strong className="nowrap">{item.total.display}</strong>
            </>
          ) : (
            <strong className="nowrap">{item.unitPrice.display}</strong>
          )}
        </p>
      </div>
      {children ? <div className="order-line-controls">{children}</div> : null}
    </li>
  );
}

/** Subtotal, discount, fees, prepaid amounts (gift cards) and what is left to pay. */
export function OrderTotals({
  summary,
  reductionName,
}: {
  summary: OrderSummary;
  reductionName?: string | null;
}) {
  const t = useT();
  return (
    <dl className="order-totals">
      <div>
        <dt>{t('cart.subtotal')}</dt>
        <dd>{summary.subtotal.display}</dd>
      </div>
      {summary.discountTotal.total > 0 ? (
        <div className="is-discount">
          <dt>{reductionName ? t('cart.discountNamed', { name: reductionName }) : t('cart.discount')}</dt>
          <dd>−{summary.discountTotal.display}</dd>
        </div>
      ) : null}
      {summary.fees.map((fee) => (
        <div key={fee.name}>
          <dt>{fee.name}</dt>
          <dd>{fee.amount.display}</dd>
        </div>
      ))}
      {summary.shippingTotal.total > 0 ? (
        <div>
          <dt>{t('cart.shipping')}</dt>
          <dd>{summary.shippingTotal.display}</dd>
        </div>
      ) : null}
      {/* Cards that pay something; the drawer's gift-card form lists every card on the order. */}
      {summary.prepaid
        .filter((entry) => entry.amount.total > 0)
        .map((entry) => (
          <div key={entry.giftCardId} className="is-discount">
            <dt>{t('cart.prepaid', { name: entry.name })}</dt>
            <dd>−{entry.amount.display}</dd>
          </div>
        ))}
      <div className="order-total">
        <dt>{t('cart.total')}</dt>
        <dd>{summary.total.display}</dd>
      </div>
    </dl>
  );
}
