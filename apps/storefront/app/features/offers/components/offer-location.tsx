import type { Hotel } from '@shop/contracts/catalogue';
import { hotelMapPath } from '@shop/contracts/site-paths';
import { Link } from 'react-router';
import { OfferLocationMap } from '#app/features/hotels/components/offer-location-map.tsx';
import { useT } from '#app/lib/shop-data.ts';

/**
 * Where the hotel is: its address and coordinates, its pin on a small map (which loads its own code
 * when scrolled near), and the way to the hotel map.
 */
export function OfferLocation({ hotel }: { hotel: Hotel }) {
  const t = useT();
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
      <OfferLocationMap hotel={hotel} />
      <p>
        <Link to={`${hotelMapPath}#hotel-${hotel.slug}`} data-latitude={lat} data-longitude={lon}>
          {t('offer.showOnMap')}
        </Link>
      </p>
    </section>
  );
}
