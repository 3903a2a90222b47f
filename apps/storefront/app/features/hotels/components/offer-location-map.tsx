import type { Hotel } from '@shop/contracts/catalogue';
import { hotelPath } from '@shop/contracts/site-paths';
import { lazy, Suspense, useMemo } from 'react';
import { loadChunk } from '#app/features/app-update/chunk-load.ts';
import { useT } from '#app/lib/shop-data.ts';

/**
 * The map frame and, through it, Leaflet: fetched once the box scrolls near the screen. A chunk that
 * fails leaves the box empty rather than the offer page broken (the address stands above it).
 */
const MapFrame = lazy(() =>
  loadChunk(() => import('./map-frame.tsx')).then(
    (module) => ({ default: module.MapFrame }),
    () => ({ default: (() => null) as unknown as typeof import('./map-frame.tsx').MapFrame }),
  ),
);

type LocatedHotel = Pick<Hotel, 'id' | 'slug' | 'name' | 'location' | 'address'>;

/**
 * One hotel's place on a small map (the offer page). The offer page loads this module, and with it the
 * map, only once the box comes within a screen's height of view (`useIsNear`, lib/use-is-near.ts): most visitors of an
 * offer never scroll to it.
 */
export function OfferLocationMap({ hotel }: { hotel: LocatedHotel }) {
  const t = useT();
  const places = useMemo(
    () => [
      {
        id: hotel.id,
        latitude: hotel.location.latitude,
        longitude: hotel.location.longitude,
        label: hotel.name,
        description: hotel.address.city,
        href: hotelPath(hotel.slug),
      },
    ],
    [hotel],
  );
  const label = t('map.locationLabel', { hotel: hotel.name });
  return (
    <Suspense fallback={<div className="map-box" />}>
      <MapFrame places={places} label={label} className="offer-location-map" zoom={7} />
    </Suspense>
  );
}
