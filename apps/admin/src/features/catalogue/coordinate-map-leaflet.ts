/*
 * The hotel's place on a map (Leaflet, as the shop's map), in a chunk of its own that only the hotel
 * form fetches when the map is opened. Tiles come through our own origin (/media/map/<brand>/…).
 */
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';

export type MountedCoordinateMap = { moveTo(latitude: number, longitude: number): void; destroy(): void };

export function mountCoordinateMap(
  element: HTMLElement,
  options: {
    brand: string;
    label: string;
    latitude: number | null;
    longitude: number | null;
    onPick(latitude: number, longitude: number): void;
  },
): MountedCoordinateMap {
  const isStill = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const map = L.map(element, {
    zoomAnimation: !isStill,
    fadeAnimation: !isStill,
    markerZoomAnimation: !isStill,
    inertia: !isStill,
    attributionControl: false,
    minZoom: 3,
    maxZoom: 17,
  });
  element.setAttribute('role', 'group');
  element.setAttribute('aria-label', options.label);
  L.tileLayer(`/media/map/${encodeURIComponent(options.brand)}/{z}/{x}/{y}.png`, {
    maxZoom: 17,
    minZoom: 3,
  }).addTo(map);
  // A drawn circle, not Leaflet's marker picture (its image path would need a file of its own).
  const pin = L.circleMarker([0, 0], { radius: 9, color: '#b91c1c', weight: 3, fillOpacity: 0.6 });
  const show = (latitude: number, longitude: number) => {
    pin.setLatLng([latitude, longitude]);
    if (!map.hasLayer(pin)) pin.addTo(map);
  };
  if (options.latitude !== null && options.longitude !== null) {
    map.setView([options.latitude, options.longitude], 12);
    show(options.latitude, options.longitude);
  } else {
    map.setView([47.5, 11], 5);
  }
  map.on('click', (event: L.LeafletMouseEvent) => {
    const latitude = Math.round(event.latlng.lat * 1e6) / 1e6;
    const longitude = Math.round(L.Util.wrapNum(event.latlng.lng, [-180, 180], true) * 1e6) / 1e6;
    show(latitude, longitude);
    options.onPick(latitude, longitude);
  });
  return {
    moveTo(latitude, longitude) {
      show(latitude, longitude);
      map.panTo([latitude, longitude]);
    },
    destroy: () => map.remove(),
  };
}
