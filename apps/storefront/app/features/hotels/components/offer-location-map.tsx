import type { Hotel } from '@shop/contracts/catalogue';
import { hotelPath } from '@shop/contracts/site-paths';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
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
 * One hotel's place on a small map (the offer page). Nothing of the map loads until the box comes
 * within a screen's height of view: most visitors of an offer never scroll to it.
 */
export function OfferLocationMap({ hotel }: { hotel: LocatedHotel }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const [isNear, setNear] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || isNear) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear]);
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
    <div className="offer-location-box" ref={box}>
      {isNear ? (
        <Suspense fallback={<div className="map-box" />}>
          <MapFrame places={places} label={label} className="offer-location-map" zoom={7} />
        </Suspense>
      ) : (
        <div className="map-box" />
      )}
    </div>
  );
}
