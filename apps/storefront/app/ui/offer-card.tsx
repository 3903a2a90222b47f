import type { OfferSummary } from '@shop/contracts/catalogue';
import { Link } from 'react-router';
import { useT } from '#app/lib/shop-data.ts';
import { offerPath } from '#app/lib/site-paths.ts';
import { srcSetFor } from './image.ts';
import { InsteadPrice } from './price.tsx';
import { nightsText, personsText } from './ranges.ts';

/** One offer in a grid; the title link covers the whole card. */
export function OfferCard({ offer, isPriority = false }: { offer: OfferSummary; isPriority?: boolean }) {
  const t = useT();
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
          <Link className="stretched-link" to={offerPath(offer.contact.slug, offer.slug)}>
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

export function OfferGrid({ offers, priorityCount = 0 }: { offers: OfferSummary[]; priorityCount?: number }) {
  return (
    <ul className="offer-grid">
      {offers.map((offer, index) => (
        <li key={offer.id}>
          <OfferCard offer={offer} isPriority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
}
