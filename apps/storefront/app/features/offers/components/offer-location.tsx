import type { Hotel } from '@shop/contracts/catalogue';
import { hotelMapPath } from '@shop/contracts/site-paths';
import { lazy, Suspense, useRef } from 'react';
import { Link } from 'react-router';
import { loadChunk } from '#app/features/app-update/chunk-load.ts';
import { useT } from '#app/lib/shop-data.ts';
import { useIsNear } from '#app/lib/use-is-near.ts';

/**
 * Where the hotel is: its address and coordinates, its pin on a small map (which loads its own code
 * when scrolled near), and the way to the hotel map.
 */
/** The small map and Leaflet behind it: fetched only when the visitor scrolls near (a chunk that fails
 * leaves the box empty; the address stands above it). */
const OfferLocationMap = lazy(() =>
  loadChunk(() => import('#app/features/hotels/components/offer-location-map.tsx')).then(
    (module) => ({ default: module.OfferLocationMap }),
    () => ({
      default: (() =>
        null) as unknown as typeof import('#app/features/hotels/components/offer-location-map.tsx').OfferLocationMap,
    }),
  ),
);

export function OfferLocation({ hotel }: { hotel: Hotel }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const isNear = useIsNear(box);
  const { address, location } = hotel;
  const lat = location.latitude.toFixed(4);
  const lon = location.longitude.toFixed(4);
  return (
    <section className="offer-facts offer-location" aria-labelledby="location-heading">
      <h2 id="location-heading">{t('offer.location')}</h2>
      <address>
        {hotel.name}
        <br />
        {address.street} {address.houseNumber}
        <br />
        {address.postcode} {address.city}
        {address.region ? ` (${address.region})` : ''}, {address.country.name}
      </address>
      <p className="muted small">{t('offer.coordinates', { lat, lon })}</p>
      <div className="offer-location-box" ref={box}>
        {isNear ? (
          <Suspense fallback={<div className="map-box" />}>
            <OfferLocationMap hotel={hotel} />
          </Suspense>
        ) : (
          <div className="map-box" />
        )}
      </div>
      <p>
        <Link to={`${hotelMapPath}#hotel-${hotel.slug}`} data-latitude={lat} data-longitude={lon}>
          {t('offer.showOnMap')}
        </Link>
      </p>
    </section>
  );
}
