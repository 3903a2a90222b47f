import { hotelPath } from '@shop/contracts/site-paths';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useT } from '#app/lib/shop-data.ts';
import type { MapHotel } from '../hotel-map.server.ts';
import { type MapLayout, tileSize } from '../map-layout.ts';

type HotelMapProps = {
  map: MapLayout<MapHotel>;
  usesOpenStreetMap: boolean;
  customTileCredit: string | null;
  listId: string;
};

/**
 * Hotels as markers over map tiles. Markers are links (or, where hotels stand too close to tell
 * apart, a disclosure listing them); they sit on a plain background when the tiles cannot load.
 */
export function HotelMap({ map, usesOpenStreetMap, customTileCredit, listId }: HotelMapProps) {
  const t = useT();
  const viewport = useRef<HTMLDivElement>(null);
  // Small screens scroll the map: start in the middle of the hotels rather than at their north-west.
  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    element.scrollLeft = (element.scrollWidth - element.clientWidth) / 2;
    element.scrollTop = (element.scrollHeight - element.clientHeight) / 2;
  }, []);
  return (
    <section className="hotel-map" aria-label={t('map.mapLabel')}>
      <a className="skip-map" href={`#${listId}`}>
        {t('map.skipToList')}
      </a>
      <div className="map-viewport" ref={viewport}>
        <div className="map-canvas" style={{ width: map.width, height: map.height }}>
          <div className="map-tiles-frame" aria-hidden="true">
            <div
              className="map-tiles"
              style={{
                left: map.tiles.left,
                top: map.tiles.top,
                gridTemplateColumns: `repeat(${map.tiles.columns}, ${tileSize}px)`,
              }}
            >
              {map.tiles.urls.map((url) => (
                <img key={url} src={url} alt="" width={tileSize} height={tileSize} decoding="async" />
              ))}
            </div>
          </div>
          {map.markers.map((marker) => {
            const [first] = marker.items;
            if (!first) return null;
            const position = { left: marker.left, top: marker.top };
            if (marker.items.length === 1) {
              return (
                <Link key={first.id} className="map-marker" to={hotelPath(first.slug)} style={position}>
                  <span className="map-marker-label">
                    {first.name}, {first.city}
                  </span>
                </Link>
              );
            }
            return (
              <details key={first.id} className="map-marker map-cluster" style={position}>
                <summary>
                  <span aria-hidden="true">{marker.items.length}</span>
                  <span className="visually-hidden">
                    {t('map.cluster', { count: marker.items.length, place: first.city })}
                  </span>
                </summary>
                <ul className="map-cluster-list">
                  {marker.items.map((hotel) => (
                    <li key={hotel.id}>
                      <Link to={hotelPath(hotel.slug)}>{hotel.name}</Link>
                      <span className="muted">, {hotel.city}</span>
                    </li>
                  ))}
                </ul>
              </details>
            );
          })}
        </div>
      </div>
      <p className="map-credit small muted">
        {usesOpenStreetMap ? (
          <a href="https://www.openstreetmap.org/copyright">{t('map.osmCredit')}</a>
        ) : (
          customTileCredit
        )}
      </p>
    </section>
  );
}
