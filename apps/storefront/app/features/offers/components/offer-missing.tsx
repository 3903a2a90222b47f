import type { OfferGone, OfferSummary } from '@shop/contracts/catalogue';
import { destinationPath, hotelPath, searchPath } from '@shop/contracts/site-paths';
import { Link } from 'react-router';
import { useT } from '#app/lib/shop-data.ts';
import { OfferSection } from '#app/ui/offer-card.tsx';

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
  const isGone = missing.kind === 'gone';
  return (
    <div className="container page offer-missing">
      {isGone ? null : (
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
      )}
      <h1>{t(isGone ? 'offer.gone.heading' : 'offer.missing.heading')}</h1>
      {isGone ? <GoneOffers gone={missing.gone} /> : <MissingOffer missing={missing} />}
      <p>
        <Link className="button" to={searchPath}>
          {t('offer.gone.search')}
        </Link>
      </p>
    </div>
  );
}

function MissingOffer({ missing }: { missing: Extract<OfferMissing, { kind: 'missing' }> }) {
  const t = useT();
  return (
    <>
      <p>{t('offer.missing.text')}</p>
      <OfferSection
        id="missing-offers-heading"
        heading={
          missing.hotelName ? t('offer.gone.hotel', { hotel: missing.hotelName }) : t('offer.missing.deals')
        }
        offers={missing.offers}
        listName="offer not found"
      />
    </>
  );
}

function GoneOffers({ gone }: { gone: OfferGone }) {
  const t = useT();
  return (
    <>
      <p>{t('offer.gone.text', { title: gone.offer.title })}</p>
      <OfferSection
        id="gone-hotel-heading"
        heading={
          <Link to={hotelPath(gone.hotel.slug)}>{t('offer.gone.hotel', { hotel: gone.hotel.name })}</Link>
        }
        offers={gone.alternatives.hotel}
        listName="offer gone: hotel"
      />
      <OfferSection
        id="gone-destination-heading"
        heading={
          <Link to={destinationPath(gone.destination.iso, gone.destination.name)}>
            {t('offer.gone.destination', { country: gone.destination.name })}
          </Link>
        }
        offers={gone.alternatives.destination}
        listName="offer gone: destination"
      />
    </>
  );
}
