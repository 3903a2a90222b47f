/*
 * The interactive map (Leaflet), in a chunk of its own that only pages with a map fetch. Country
 * outlines from Natural Earth are always drawn, under the tiles: where tiles may not load (a third-party
 * tile server before consent) or cannot (the tile server is out of reach), the outlines are the map.
 */
import 'leaflet/dist/leaflet.css';
import './leaflet-map.css';
import L from 'leaflet';
import outlinesUrl from './country-outlines.json?url';
import { outlineBounds } from './outline-bounds.ts';
import { clusterPins, type GeoPoint, openCluster } from './pin-clusters.ts';

/** One place on the map: a price pin (a link) or, when it shares a pin with others, part of a cluster. */
export type MapPlace = GeoPoint & {
  id: number;
  /** The pin's visible text ("ab € 199,-") and the rest of its accessible name (hotel, town). */
  label: string;
  description: string;
  href: string;
};

export type MapTexts = {
  map: string;
  zoomIn: string;
  zoomOut: string;
  /** A cluster's button: "17 hotels near Vienna: zoom in" (or "…: list them" at the deepest zoom). */
  cluster: (count: number, place: string) => string;
};

export type MapOptions = {
  places: MapPlace[];
  /** A `{z}/{x}/{y}` template the visitor may load now; null = outlines only. */
  tiles: string | null;
  texts: MapTexts;
  /** One place shown close up (the offer page) rather than all fitted into view. */
  zoom?: number;
  /** A pin's link was followed (client-side navigation). */
  navigate: (href: string) => void;
  /** A cluster that cannot split any further: its places, for the list beside the map. */
  showList: (places: MapPlace[]) => void;
  /** Tiles did not load: the outlines stay the map. */
  tilesFailed: () => void;
};

export type MountedMap = { setTiles: (tiles: string | null) => void; destroy: () => void };

/** Pins closer than this (pixels, centre to centre) share one: a price tag is about 90 × 26 px. */
const pinSpacing = { x: 96, y: 48 };
const maxZoom = { tiles: 17, outlines: 11 };
const at = (place: MapPlace) => place;
/** About this many outline points are added per task (ca. 30 ms on a phone at a quarter of this CPU). */
const outlinePointsPerTask = 1500;

export function mountMap(element: HTMLElement, options: MapOptions): MountedMap {
  const [west, south, east, north] = outlineBounds;
  // The credits stand under the map, in the page (components/map-frame.tsx).
  // Without motion for those who ask for none (WCAG 2.3.3); Leaflet then also never drops a zoom click
  // that comes while the previous zoom still animates.
  let isDestroyed = false;
  const isStill = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const map = L.map(element, {
    zoomAnimation: !isStill,
    fadeAnimation: !isStill,
    markerZoomAnimation: !isStill,
    inertia: !isStill,
    zoomControl: false,
    attributionControl: false,
    minZoom: 3,
    maxZoom: options.tiles ? maxZoom.tiles : maxZoom.outlines,
    maxBounds: L.latLngBounds([south, west], [north, east]),
    maxBoundsViscosity: 0.8,
    keyboardPanDelta: 120,
    // The outlines are one canvas (in their pane), not hundreds of SVG paths to re-project on each zoom.
    preferCanvas: true,
  });
  element.setAttribute('role', 'group');
  element.setAttribute('aria-label', options.texts.map);
  L.control
    .zoom({
      position: 'topleft',
      zoomInTitle: options.texts.zoomIn,
      zoomOutTitle: options.texts.zoomOut,
    })
    .addTo(map);
  // The controls first in the tab order, before dozens of pins (their place on screen stays).
  const controls = element.querySelector('.leaflet-control-container');
  if (controls) element.prepend(controls);

  if (options.places.length === 1 || options.zoom) {
    const [first] = options.places;
    map.setView(first ? [first.latitude, first.longitude] : [48, 12], options.zoom ?? 8);
  } else if (options.places.length > 0) {
    map.fitBounds(
      L.latLngBounds(options.places.map((place) => [place.latitude, place.longitude] as [number, number])),
      { padding: [28, 28] },
    );
  } else {
    map.fitBounds(L.latLngBounds([36, -10], [60, 30]));
  }

  const outlinesPane = map.createPane('outlines');
  // Under the tile pane (z-index 200): tiles, once loaded, cover the outlines.
  outlinesPane.style.zIndex = '150';
  // Added a few countries per task: all of them at once is one task of 200+ ms on a slow phone.
  const outlines = L.geoJSON(undefined, {
    pane: 'outlines',
    interactive: false,
    style: { color: '#8a9aa6', weight: 1, fillColor: '#f6f3ea', fillOpacity: 1 },
  }).addTo(map);
  const addOutlines = (features: GeoJSON.Feature[], from: number) => {
    if (isDestroyed) return;
    let points = 0;
    let index = from;
    while (index < features.length && points < outlinePointsPerTask) {
      const country = features[index++] as GeoJSON.Feature;
      outlines.addData(country);
      points += pointsOf(country.geometry);
    }
    if (index < features.length) setTimeout(() => addOutlines(features, index), 0);
  };
  void fetch(outlinesUrl)
    .then((response) => response.json())
    .then((data: GeoJSON.FeatureCollection) => addOutlines(data.features, 0))
    .catch(() => {});

  let tileLayer: L.TileLayer | null = null;
  const setTiles = (tiles: string | null) => {
    tileLayer?.remove();
    tileLayer = null;
    map.setMaxZoom(tiles ? maxZoom.tiles : maxZoom.outlines);
    if (!tiles) return;
    let loaded = 0;
    let failed = 0;
    const layer = L.tileLayer(tiles, { maxZoom: maxZoom.tiles, minZoom: 3 });
    layer.on('tileload', () => {
      loaded++;
    });
    // Tiles that never load (a tile server out of reach): stop asking, say so, keep the outlines.
    layer.on('tileerror', () => {
      failed++;
      if (loaded === 0 && failed >= 3 && tileLayer === layer) {
        setTiles(null);
        options.tilesFailed();
      }
    });
    tileLayer = layer.addTo(map);
  };
  setTiles(options.tiles);

  // Pins, grouped afresh on every zoom; only those in view (and a margin) are drawn, so that the tab
  // order holds no pin hidden outside the map's box.
  const pins = L.layerGroup().addTo(map);
  let clusters: ReturnType<typeof clusterPins<MapPlace>> = [];
  let clusteredAt = -1;
  let drawn: { cluster: (typeof clusters)[number]; element: HTMLElement }[] = [];
  const drawPins = () => {
    if (map.getZoom() !== clusteredAt) {
      clusteredAt = map.getZoom();
      clusters = clusterPins(options.places, at, clusteredAt, pinSpacing);
    }
    const view = map.getBounds().pad(0.05);
    pins.clearLayers();
    drawn = [];
    clusters.forEach((cluster, index) => {
      if (!view.contains([cluster.centre.latitude, cluster.centre.longitude])) return;
      const element =
        cluster.items.length === 1 ? pinLink(cluster.items[0] as MapPlace) : clusterButton(index);
      drawn.push({ cluster, element });
      L.marker([cluster.centre.latitude, cluster.centre.longitude], {
        icon: L.divIcon({ html: element, className: 'map-pin-anchor', iconSize: undefined }),
        keyboard: false,
        interactive: false,
      }).addTo(pins);
    });
  };
  const clusterButton = (index: number) => {
    const cluster = clusters[index];
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'map-cluster';
    button.dataset.cluster = String(index);
    button.textContent = String(cluster?.items.length ?? 0);
    button.setAttribute(
      'aria-label',
      options.texts.cluster(
        cluster?.items.length ?? 0,
        cluster?.items[0]?.description.split(', ').pop() ?? '',
      ),
    );
    return button;
  };
  map.on('moveend', drawPins);
  // The pins in the next task: creating the map and its first pins are two shorter tasks.
  setTimeout(() => {
    if (!isDestroyed) drawPins();
  }, 0);

  // One handler for every pin: Leaflet's markers stay non-interactive, pins are plain links and buttons.
  let pressedAt: { x: number; y: number } | null = null;
  const onPointerDown = (event: PointerEvent) => {
    pressedAt = { x: event.clientX, y: event.clientY };
  };
  const onClick = (event: MouseEvent) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>('a.map-pin, button.map-cluster');
    if (!target) return;
    // The end of a drag that began on a pin is no click on it.
    const dragged =
      pressedAt &&
      event.detail > 0 &&
      Math.hypot(event.clientX - pressedAt.x, event.clientY - pressedAt.y) > 6;
    pressedAt = null;
    if (dragged) {
      event.preventDefault();
      return;
    }
    if (target instanceof HTMLAnchorElement) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      options.navigate(target.getAttribute('href') ?? '/');
      return;
    }
    const cluster = clusters[Number(target.dataset.cluster)];
    if (!cluster) return;
    const opened = openCluster(cluster, at, {
      zoom: map.getZoom(),
      maxZoom: map.getMaxZoom(),
      spacing: pinSpacing,
    });
    if ('list' in opened) {
      options.showList(opened.list);
      return;
    }
    const first = cluster.items[0];
    // After drawPins, which also runs on moveend (registered first).
    map.once('moveend', () => {
      // The button is gone: keep the keyboard where it was, on the first of its hotels' pins.
      if (first && event.detail === 0) focusPlace(first);
    });
    map.setView([cluster.centre.latitude, cluster.centre.longitude], opened.zoomTo);
  };
  const focusPlace = (place: MapPlace) => {
    // In the next frame: the browser moves the focus of the removed button to <body> after this task.
    requestAnimationFrame(() => drawn.find(({ cluster }) => cluster.items.includes(place))?.element.focus());
  };
  element.addEventListener('pointerdown', onPointerDown);
  element.addEventListener('click', onClick);

  return {
    setTiles,
    destroy: () => {
      isDestroyed = true;
      element.removeEventListener('pointerdown', onPointerDown);
      element.removeEventListener('click', onClick);
      outlines.remove();
      map.remove();
    },
  };
}

function pinLink(place: MapPlace): HTMLAnchorElement {
  const link = document.createElement('a');
  link.className = 'map-pin';
  link.href = place.href;
  link.textContent = place.label;
  const rest = document.createElement('span');
  rest.className = 'visually-hidden';
  rest.textContent = `, ${place.description}`;
  link.append(rest);
  return link;
}

/** The outlines are multipolygons (scripts/country-outlines.ts). */
function pointsOf(geometry: GeoJSON.Geometry): number {
  if (geometry.type !== 'MultiPolygon') return 0;
  return geometry.coordinates.reduce(
    (sum, polygon) => sum + polygon.reduce((rings, ring) => rings + ring.length, 0),
    0,
  );
}
