import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { loadChunk } from '#app/features/app-update/chunk-load.ts';
import { useConsent } from '#app/features/consent/components/cookie-banner.tsx';
import { consentStore } from '#app/features/consent/consent-store.ts';
import { useShop, useT } from '#app/lib/shop-data.ts';
import type { MapPlace, MountedMap } from '../map/leaflet-map.ts';

/**
 * The map's own chunk (Leaflet, its stylesheet, the pins): fetched by pages that show a map, when they
 * do; one that does not come in time says so like every other chunk (features/app-update).
 */
const loadMap = () => loadChunk(() => import('../map/leaflet-map.ts'));

/**
 * The tiles this visitor may load now: ours (proxied) always; a third party's only after "allow
 * cookies", and never on a brand that does not ask. `waitsFor` names the host the tiles wait for.
 */
function useAllowedTiles(): { tiles: string | null; waitsFor: string | null } {
  const { mapTiles, brand } = useShop();
  const { choice } = useConsent();
  if (!mapTiles) return { tiles: null, waitsFor: null };
  if (!mapTiles.isThirdParty || (brand.hasCookieConsent && choice === 'all')) {
    return { tiles: mapTiles.url, waitsFor: null };
  }
  return {
    tiles: null,
    waitsFor: brand.hasCookieConsent ? new URL(mapTiles.url.replace(/\{\w\}/g, '0')).host : null,
  };
}

type MapFrameProps = {
  places: MapPlace[];
  /** The map's accessible name (the region around it). */
  label: string;
  className: string;
  /** A fixed zoom around the first place (one hotel) instead of fitting all places into view. */
  zoom?: number;
  /** Shown next to the map when a cluster lists its places (the hotel map). */
  onList?: (places: MapPlace[]) => void;
  /** Before the map (its skip link); `children` come after it. */
  before?: ReactNode;
  children?: ReactNode;
};

/**
 * A Leaflet map in a box of fixed height (no layout shift when it starts), its notes and credits. The
 * box says "loading" until the chunk has come; without scripts the page's list is the map's equivalent.
 */
export function MapFrame({ places, label, className, zoom, onList, before, children }: MapFrameProps) {
  const t = useT();
  const { mapTiles } = useShop();
  const navigate = useNavigate();
  const { tiles, waitsFor } = useAllowedTiles();
  const [tilesFailed, setTilesFailed] = useState(false);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const element = useRef<HTMLDivElement>(null);
  const mounted = useRef<MountedMap | null>(null);
  // The map is made once per set of places; what changes later reaches it through refs and setTiles.
  const latest = useRef({ navigate, onList, tiles });
  latest.current = { navigate, onList, tiles };

  useEffect(() => {
    let isCancelled = false;
    // The map starts in a task of its own after Leaflet's evaluation: two shorter tasks on a slow phone.
    const mount = ({ mountMap }: Awaited<ReturnType<typeof loadMap>>) => {
      if (isCancelled || !element.current) return;
      mounted.current = mountMap(element.current, {
        places,
        zoom,
        tiles: latest.current.tiles,
        texts: {
          map: t('map.keys'),
          zoomIn: t('map.zoomIn'),
          zoomOut: t('map.zoomOut'),
          cluster: (count, place) => t('map.clusterOpen', { count, place }),
        },
        navigate: (href) => latest.current.navigate(href),
        showList: (list) => latest.current.onList?.(list),
        tilesFailed: () => setTilesFailed(true),
      });
      setState('ready');
    };
    loadMap().then(
      (module) => setTimeout(() => mount(module), 0),
      () => setState('failed'),
    );
    return () => {
      isCancelled = true;
      mounted.current?.destroy();
      mounted.current = null;
    };
  }, [places, zoom, t]);

  useEffect(() => {
    mounted.current?.setTiles(tilesFailed ? null : tiles);
  }, [tiles, tilesFailed]);

  const showsTiles = tiles !== null && !tilesFailed;
  return (
    <section className={`map-frame ${className}`} aria-label={label}>
      {before}
      <div className="map-box" ref={element} data-map-ready={state === 'ready' ? 'true' : undefined}>
        {state === 'ready' ? null : (
          <p className="map-loading muted">{state === 'loading' ? t('map.loading') : t('map.failed')}</p>
        )}
      </div>
      {waitsFor ? (
        <p className="map-note small">
          {t('map.waitsForConsent', { host: waitsFor })}{' '}
          <button type="button" className="link-button" onClick={() => consentStore.reopen()}>
            {t('consent.settings')}
          </button>
        </p>
      ) : null}
      {tilesFailed ? (
        <p className="map-note small" role="status">
          {t('map.tilesFailed')}
        </p>
      ) : null}
      <p className="map-credit small muted">
        {showsTiles && mapTiles?.isOpenStreetMap ? (
          <a href="https://www.openstreetmap.org/copyright">{t('map.osmCredit')}</a>
        ) : showsTiles && mapTiles?.attribution ? (
          mapTiles.attribution
        ) : null}
        {showsTiles && (mapTiles?.isOpenStreetMap || mapTiles?.attribution) ? ' · ' : null}
        {t('map.outlineCredit')}
      </p>
      {children}
    </section>
  );
}
