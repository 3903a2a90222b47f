import type { OfferGone, OfferSummary } from '@shop/contracts/catalogue';
import { destinationPath, hotelPath, searchPath } from '@shop/contracts/site-paths';
import { Link } from 'react-router';
import { useT } from '#app/lib/shop-data.ts';
import { OfferGrid } from '#app/ui/offer-card.tsx';

/**
 * What the offer route's error boundary shows instead of a dead end: an offer no longer sold (410,
 * with the API's alternatives) or an address that never was an offer (404, with the hotel's offers
 * when the hotel segment names one, else the top deals).
 */
export type OfferMissing =
  | { kind: 'gone'; gone: OfferGone }
  | { kind: 'missing'; hotelName: string | null; offers: OfferSummary[] };

/**
 * An offer that is no longer sold (410) or an address that never was one (404): what happened, and
 * the offers the visitor can book instead (the hotel's, the destination's, or the top deals).
 */
export function OfferMissingScreen({ missing }: { missing: OfferMissing }) {
  const t = useT();
  if (missing.kind === 'missing') {
    return (
      <div className="container page offer-missing">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1>{t('offer.missing.heading')}</h1>
        <p>{t('offer.missing.text')}</p>
        <section aria-labelledby="missing-offers-heading">
          <h2 id="missing-offers-heading">
            {missing.hotelName
              ? t('offer.gone.hotel', { hotel: missing.hotelName })
              : t('offer.missing.deals')}
          </h2>
          <OfferGrid offers={missing.offers} listName="offer not found" />
        </section>
        <p>
          <Link className="button" to={searchPath}>
            {t('offer.gone.search')}
          </Link>
        </p>
      </div>
    );
  }
  const { gone } = missing;
  return (
    <div className="container page offer-missing">
      <h1>{t('offer.gone.heading')}</h1>
      <p>{t('offer.gone.text', { title: gone.offer.title })}</p>
      {gone.alternatives.hotel.length > 0 ? (
        <section aria-labelledby="gone-hotel-heading">
          <h2 id="gone-hotel-heading">
            <Link to={hotelPath(gone.hotel.slug)}>{t('offer.gone.hotel', { hotel: gone.hotel.name })}</Link>
          </h2>
          <OfferGrid offers={gone.alternatives.hotel} listName="offer gone: hotel" />
        </section>
      ) : null}
      {gone.alternatives.destination.length > 0 ? (
        <section aria-labelledby="gone-destination-heading">
          <h2 id="gone-destination-heading">
            <Link to={destinationPath(gone.destination.iso, gone.destination.name)}>
              {t('offer.gone.destination', { country: gone.destination.name })}
            </Link>
          </h2>
          <OfferGrid offers={gone.alternatives.destination} listName="offer gone: destination" />
        </section>
      ) : null}
      <p>
        <Link className="button" to={searchPath}>
          {t('offer.gone.search')}
        </Link>
      </p>
    </div>
  );
}
