import { hotelPath, offerPath } from '@shop/contracts/site-paths';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useT } from '#app/lib/shop-data.ts';
import type { MapHotel } from '../hotel-map.server.ts';
import type { MapPlace } from '../map/leaflet-map.ts';
import { MapFrame } from './map-frame.tsx';

/** Where a hotel's pin leads: its cheapest offer on sale ("ab € 199,-"), else the hotel. */
export function hotelTarget(hotel: MapHotel): string {
  return hotel.cheapest ? offerPath(hotel.slug, hotel.cheapest.slug) : hotelPath(hotel.slug);
}

/**
 * Every hotel as a price pin on an interactive map; pins close together share one that opens (zooms
 * in, or lists its hotels below the map when they stand in one spot). The list after the map names the
 * same hotels for keyboards and screen readers; the skip link leads there.
 */
export function HotelMap({ hotels, listId }: { hotels: MapHotel[]; listId: string }) {
  const t = useT();
  const [spot, setSpot] = useState<MapPlace[] | null>(null);
  const spotHeading = useRef<HTMLHeadingElement>(null);
  const places = useMemo(
    () =>
      hotels.map(
        (hotel): MapPlace => ({
          id: hotel.id,
          latitude: hotel.latitude,
          longitude: hotel.longitude,
          label: hotel.cheapest ? `${t('offer.from')} ${hotel.cheapest.price}` : hotel.name,
          description: hotel.cheapest ? `${hotel.name}, ${hotel.city}` : hotel.city,
          href: hotelTarget(hotel),
        }),
      ),
    [hotels, t],
  );
  const showSpot = (list: MapPlace[]) => {
    setSpot(list);
    requestAnimationFrame(() => spotHeading.current?.focus());
  };
  return (
    <MapFrame
      places={places}
      label={t('map.mapLabel')}
      className="hotel-map"
      onList={showSpot}
      before={
        <a className="skip-map" href={`#${listId}`}>
          {t('map.skipToList')}
        </a>
      }
    >
      {spot ? (
        <section className="map-spot" aria-labelledby="map-spot-heading">
          <h2 id="map-spot-heading" ref={spotHeading} tabIndex={-1}>
            {t('map.placeHeading')}
          </h2>
          <ul>
            {spot.map((place) => (
              <li key={place.id}>
                <Link to={place.href}>
                  {place.label}
                  <span className="visually-hidden">, {place.description}</span>
                </Link>
                <span className="muted" aria-hidden="true">
                  {' '}
                  · {place.description}
                </span>
              </li>
            ))}
          </ul>
          <button type="button" className="link-button" onClick={() => setSpot(null)}>
            {t('map.closeList')}
          </button>
        </section>
      ) : null}
    </MapFrame>
  );
}
