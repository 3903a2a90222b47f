import { useEffect, useRef, useState } from 'react';
import { useCatalogueTexts } from '../../i18n/catalogue-texts.ts';
import type { MountedCoordinateMap } from './coordinate-map-leaflet.ts';

/**
 * A map to pick the hotel's coordinates by pointer: a click sets both fields. The fields stay the way
 * for keyboards and screen readers; the map follows what is typed into them.
 */
export function CoordinateMap({
  brand,
  latitude,
  longitude,
  onPick,
}: {
  brand: string;
  latitude: number | null;
  longitude: number | null;
  onPick(latitude: number, longitude: number): void;
}) {
  const texts = useCatalogueTexts();
  const element = useRef<HTMLDivElement>(null);
  const mounted = useRef<MountedCoordinateMap | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const start = useRef({ latitude, longitude });
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let isCancelled = false;
    import('./coordinate-map-leaflet.ts').then(
      ({ mountCoordinateMap }) => {
        if (isCancelled || !element.current) return;
        mounted.current = mountCoordinateMap(element.current, {
          brand,
          label: texts.hotels.map,
          ...start.current,
          onPick: (lat, lng) => pick.current(lat, lng),
        });
      },
      () => setFailed(true),
    );
    return () => {
      isCancelled = true;
      mounted.current?.destroy();
      mounted.current = null;
    };
  }, [brand, texts.hotels.map]);

  useEffect(() => {
    if (latitude !== null && longitude !== null) mounted.current?.moveTo(latitude, longitude);
  }, [latitude, longitude]);

  return (
    <div className="stack">
      <p className="field-description">{texts.hotels.mapHelp}</p>
      {failed ? <p className="field-error">{texts.hotels.mapFailed}</p> : null}
      <div ref={element} className="coordinate-map" />
    </div>
  );
}
