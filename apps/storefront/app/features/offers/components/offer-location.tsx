import type { Hotel } from '@shop/contracts/catalogue';
import { hotelMapPath } from '@shop/contracts/site-paths';
import { Link } from 'react-router';
import { useT } from '#app/lib/shop-data.ts';

/**
 * Where the hotel is: its address and coordinates, and the way to the hotel map. The interactive map
 * component (`<OfferLocationMap …/>`, issue 13 point 5) goes into the marked place below; keep this
 * section light, the map loads its own code.
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
      {/* OfferLocationMap: the interactive map of the hotel's location goes here. */}
      <p>
        <Link to={`${hotelMapPath}#hotel-${hotel.slug}`} data-latitude={lat} data-longitude={lon}>
          {t('offer.showOnMap')}
        </Link>
      </p>
    </section>
  );
}
