import type { OfferSummary } from '@shop/contracts/catalogue';
import { offerPath } from '@shop/contracts/site-paths';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { type EcommerceItem, toEuros, trackEcommerce } from '#app/lib/analytics.ts';
import { useT } from '#app/lib/shop-data.ts';
import { srcSetFor } from './image.ts';
import { InsteadPrice } from './price.tsx';
import { nightsText, personsText } from './ranges.ts';

/** An offer as GA4 lists it (view_item_list, select_item). */
function listItem(offer: OfferSummary, index: number, listName: string): EcommerceItem {
  return {
    item_id: String(offer.id),
    item_name: offer.display,
    item_brand: offer.contact.name,
    item_list_name: listName,
    index,
    price: toEuros(offer.price.total),
  };
}

type OfferCardProps = {
  offer: OfferSummary;
  isPriority?: boolean;
  /** Position and list, for the "offer clicked" analytics event. */
  index?: number;
  listName?: string;
};

/** One offer in a grid; the title link covers the whole card. */
export function OfferCard({ offer, isPriority = false, index = 0, listName = '' }: OfferCardProps) {
  const t = useT();
  const reportClick = () =>
    trackEcommerce('select_item', { item_list_name: listName, items: [listItem(offer, index, listName)] });
  return (
    <article className={offer.isSoldOut ? 'offer-card is-sold-out' : 'offer-card'}>
      <div className="offer-card-media">
        {offer.image ? (
          <img
            className="offer-card-image"
            src={offer.image.url}
            srcSet={srcSetFor(offer.image.url)}
            sizes="(min-width: 1216px) 384px, (min-width: 768px) 45vw, 100vw"
            width={640}
            height={427}
            alt=""
            loading={isPriority ? 'eager' : 'lazy'}
            fetchPriority={isPriority ? 'high' : undefined}
          />
        ) : null}
        {offer.price.discountPercent > 0 ? (
          <span className="badge discount" aria-hidden="true">
            {t('offer.save', { percent: offer.price.discountPercent })}
          </span>
        ) : null}
        {offer.isSoldOut ? <span className="badge sold-out">{t('offer.soldOut')}</span> : null}
      </div>
      <div className="offer-card-body">
        <p className="offer-card-place">
          {offer.contact.name} · {offer.contact.city}, {offer.contact.country.name}
        </p>
        <h3 className="offer-card-title">
          <Link
            className="stretched-link"
            to={offerPath(offer.contact.slug, offer.slug)}
            onClick={reportClick}
          >
            {offer.display}
          </Link>
        </h3>
        <p className="offer-card-subtitle">{offer.subtitle}</p>
        <p className="offer-card-facts">
          {nightsText(t, offer.nights)} · {personsText(t, offer.persons)}
        </p>
        <p className="offer-card-price">
          <span className="price-from">{t('offer.from')}</span> <strong>{offer.price.display}</strong>{' '}
          {offer.price.original.total > offer.price.total ? (
            <InsteadPrice price={offer.price.original.display} />
          ) : null}
          {offer.price.discountPercent > 0 ? (
            <span className="visually-hidden">
              {' '}
              {t('offer.savePercent', { percent: offer.price.discountPercent })}
            </span>
          ) : null}
        </p>
      </div>
    </article>
  );
}

type OfferGridProps = {
  offers: OfferSummary[];
  priorityCount?: number;
  /** The list's name in analytics (search results, travel deals, a hotel's offers). */
  listName?: string;
};

export function OfferGrid({ offers, priorityCount = 0, listName = 'offers' }: OfferGridProps) {
  // Search impressions (SPEC §1): each list of results the visitor sees, once per list.
  useEffect(() => {
    if (offers.length === 0) return;
    trackEcommerce('view_item_list', {
      item_list_name: listName,
      items: offers.map((offer, index) => listItem(offer, index, listName)),
    });
  }, [offers, listName]);
  return (
    <ul className="offer-grid">
      {offers.map((offer, index) => (
        <li key={offer.id}>
          <OfferCard offer={offer} isPriority={index < priorityCount} index={index} listName={listName} />
        </li>
      ))}
    </ul>
  );
}

/** A headed list of offers that leads on (similar offers, what a hotel or destination has now); nothing when empty. */
export function OfferSection({
  id,
  heading,
  offers,
  listName,
}: {
  id: string;
  heading: ReactNode;
  offers: OfferSummary[];
  listName: string;
}) {
  if (offers.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <OfferGrid offers={offers} listName={listName} />
    </section>
  );
}
