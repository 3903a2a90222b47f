/*
 * Which hotels share a pin at a zoom level, and what opening a shared pin does. Pure (Web Mercator
 * pixels, no map library), so the rules are unit-tested and the same on the hotel map and the offer page.
 */

export const tileSize = 256;

export type GeoPoint = { latitude: number; longitude: number };
export type PinCluster<T> = {
  /** Where the pin stands: the mean of its hotels' positions. */
  centre: GeoPoint;
  /** South-west and north-east corners of its hotels. */
  bounds: [GeoPoint, GeoPoint];
  items: T[];
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

/** How far apart (pixels, centre to centre) two pins must stand: price tags are wider than tall. */
export type PinSpacing = { x: number; y: number };

/**
 * Greedy: each item joins the first pin closer than `spacing` to it at this zoom, else starts its own.
 * Pins come out north to south, west to east: the order keyboard users tab through them.
 */
export function clusterPins<T>(
  items: T[],
  positionOf: (item: T) => GeoPoint,
  zoom: number,
  spacing: PinSpacing,
): PinCluster<T>[] {
  const groups: { x: number; y: number; items: T[] }[] = [];
  for (const item of items) {
    const { x, y } = project(positionOf(item), zoom);
    const near = groups.find(
      (group) => Math.abs(group.x - x) < spacing.x && Math.abs(group.y - y) < spacing.y,
    );
    if (near) near.items.push(item);
    else groups.push({ x, y, items: [item] });
  }
  return groups
    .map((group) => {
      const points = group.items.map(positionOf);
      const latitudes = points.map((point) => point.latitude);
      const longitudes = points.map((point) => point.longitude);
      return {
        centre: { latitude: mean(latitudes), longitude: mean(longitudes) },
        bounds: [
          { latitude: Math.min(...latitudes), longitude: Math.min(...longitudes) },
          { latitude: Math.max(...latitudes), longitude: Math.max(...longitudes) },
        ] as [GeoPoint, GeoPoint],
        items: group.items,
      };
    })
    .sort((a, b) => b.centre.latitude - a.centre.latitude || a.centre.longitude - b.centre.longitude);
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * What opening a shared pin does: zoom in far enough that its hotels stand apart, or, when they would
 * still share a pin at the deepest zoom (the same street, the same village), list them instead.
 */
export function openCluster<T>(
  cluster: PinCluster<T>,
  positionOf: (item: T) => GeoPoint,
  options: { zoom: number; maxZoom: number; spacing: PinSpacing },
): { zoomTo: number } | { list: T[] } {
  for (let zoom = options.zoom + 1; zoom <= options.maxZoom; zoom++) {
    if (clusterPins(cluster.items, positionOf, zoom, options.spacing).length > 1) return { zoomTo: zoom };
  }
  return { list: cluster.items };
}
