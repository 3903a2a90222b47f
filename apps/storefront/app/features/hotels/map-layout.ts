/*
 * Web Mercator without a map library: which tiles cover the hotels and where each marker sits on them.
 * Positions are in CSS pixels of a canvas that shows the tiles at their natural 256 px, so markers never
 * drift from the map under them whatever the screen width (small screens scroll the canvas instead).
 */

export const tileSize = 256;

export type GeoPoint = { latitude: number; longitude: number };
/** A block of tiles, row by row, `columns` wide, whose top-left corner sits at (left, top) of the canvas. */
export type TileGrid = { left: number; top: number; columns: number; urls: string[] };
export type MapMarker<T> = { left: number; top: number; items: T[] };
export type MapLayout<T> = {
  zoom: number;
  width: number;
  height: number;
  tiles: TileGrid;
  markers: MapMarker<T>[];
};

export type LayoutOptions = {
  /** `{z}/{x}/{y}` tile URL template. */
  tileUrl: string;
  /** The largest canvas to aim for; the deepest zoom whose canvas fits is chosen. */
  maxWidth: number;
  maxHeight: number;
  /** The canvas is at least this wide (more map east and west), so it fills the page's width. */
  minWidth: number;
  /** Free space around the outermost markers. */
  padding: number;
  /** Markers closer than this (centre to centre) become one marker, so none hides another. */
  minMarkerDistance: number;
  minZoom?: number;
  maxZoom?: number;
};

/** Pixel position of a point at a zoom level (the whole world is 256 · 2^zoom pixels wide). */
export function project(point: GeoPoint, zoom: number): { x: number; y: number } {
  const worldSize = tileSize * 2 ** zoom;
  const latitude = Math.max(-85.05112878, Math.min(85.05112878, point.latitude));
  const sine = Math.sin((latitude * Math.PI) / 180);
  return {
    x: ((point.longitude + 180) / 360) * worldSize,
    y: (0.5 - Math.log((1 + sine) / (1 - sine)) / (4 * Math.PI)) * worldSize,
  };
}

export function tileUrlFor(template: string, zoom: number, x: number, y: number): string {
  return template.replace('{z}', String(zoom)).replace('{x}', String(x)).replace('{y}', String(y));
}

/** Tiles and markers for `items`, at the deepest zoom whose canvas fits the options' bounds. */
export function layoutMap<T>(
  items: T[],
  positionOf: (item: T) => GeoPoint,
  options: LayoutOptions,
): MapLayout<T> {
  const points = items.length > 0 ? items.map(positionOf) : [europe.northWest, europe.southEast];
  const { minZoom = 2, maxZoom = 12, padding } = options;
  let zoom = minZoom;
  for (let candidate = maxZoom; candidate >= minZoom; candidate--) {
    const box = boundsOf(points, candidate);
    if (
      box.right - box.left + 2 * padding <= options.maxWidth &&
      box.bottom - box.top + 2 * padding <= options.maxHeight
    ) {
      zoom = candidate;
      break;
    }
  }
  const box = boundsOf(points, zoom);
  const width = Math.ceil(Math.max(box.right - box.left + 2 * padding, options.minWidth));
  const height = Math.ceil(box.bottom - box.top + 2 * padding);
  const originX = Math.floor((box.left + box.right - width) / 2);
  const originY = Math.floor(box.top - padding);
  return {
    zoom,
    width,
    height,
    tiles: coveringTiles(options.tileUrl, zoom, originX, originY, width, height),
    markers: clusterMarkers(
      items,
      (item) => {
        const { x, y } = project(positionOf(item), zoom);
        return { left: Math.round(x - originX), top: Math.round(y - originY) };
      },
      options.minMarkerDistance,
    ),
  };
}

const europe = {
  northWest: { latitude: 60, longitude: -10 },
  southEast: { latitude: 36, longitude: 30 },
};

function boundsOf(points: GeoPoint[], zoom: number) {
  const projected = points.map((point) => project(point, zoom));
  const xs = projected.map((point) => point.x);
  const ys = projected.map((point) => point.y);
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

function coveringTiles(
  template: string,
  zoom: number,
  originX: number,
  originY: number,
  width: number,
  height: number,
): TileGrid {
  const tilesPerSide = 2 ** zoom;
  const firstX = Math.floor(originX / tileSize);
  const lastX = Math.floor((originX + width - 1) / tileSize);
  // No tiles above the north or below the south edge of the world; east–west wraps around.
  const firstY = Math.max(0, Math.floor(originY / tileSize));
  const lastY = Math.min(tilesPerSide - 1, Math.floor((originY + height - 1) / tileSize));
  const urls: string[] = [];
  for (let y = firstY; y <= lastY; y++) {
    for (let x = firstX; x <= lastX; x++) {
      urls.push(tileUrlFor(template, zoom, ((x % tilesPerSide) + tilesPerSide) % tilesPerSide, y));
    }
  }
  return {
    left: firstX * tileSize - originX,
    top: firstY * tileSize - originY,
    columns: lastX - firstX + 1,
    urls,
  };
}

/**
 * Greedy: each item joins the first marker within `minDistance` of it, else starts its own. Markers
 * come out north to south, west to east: the order keyboard users tab through them.
 */
function clusterMarkers<T>(
  items: T[],
  pixelOf: (item: T) => { left: number; top: number },
  minDistance: number,
): MapMarker<T>[] {
  const markers: MapMarker<T>[] = [];
  for (const item of items) {
    const { left, top } = pixelOf(item);
    const near = markers.find((marker) => Math.hypot(marker.left - left, marker.top - top) < minDistance);
    if (near) near.items.push(item);
    else markers.push({ left, top, items: [item] });
  }
  return markers.sort((a, b) => a.top - b.top || a.left - b.left);
}
