/**
 * Writes the hotel map's country outlines (app/features/hotels/map/country-outlines.json) from Natural
 * Earth's 1:50m countries (the `world-atlas` package): the map drawn when no tiles may or can load.
 * Only the area the map can show (Europe, Turkey, the Mediterranean's shores), coordinates rounded to
 * about a kilometre, simplified to 0.03°: 53 KB gzip instead of the world's 750 KB file. Run `npm run outlines -w @shop/storefront`
 * after updating world-atlas; a unit test fails while the committed file differs from this output.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { outlineBounds } from '../app/features/hotels/map/outline-bounds.ts';

const decimals = 2;

type Ring = [number, number][];
export type CountryOutline = { type: 'Feature'; properties: { name: string }; geometry: MultiPolygon };
type MultiPolygon = { type: 'MultiPolygon'; coordinates: Ring[][] };
export type CountryOutlines = { type: 'FeatureCollection'; features: CountryOutline[] };

export function countryOutlines(topology: Topology): CountryOutlines {
  const [west, south, east, north] = outlineBounds;
  const countries = feature(topology, topology.objects.countries as GeometryCollection<{ name: string }>);
  const features: CountryOutline[] = [];
  for (const country of countries.features) {
    const geometry = country.geometry;
    if (!geometry || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')) continue;
    const polygons = (
      geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates
    ) as Ring[][];
    const kept: Ring[][] = [];
    for (const polygon of polygons) {
      const [outer] = polygon;
      if (!outer?.some(([lon, lat]) => lon >= west && lon <= east && lat >= south && lat <= north)) {
        continue;
      }
      // Clamped to the bounds: what lies beyond (Russia's east, the Sahara) is off the map anyway.
      const rings = polygon.map((ring) =>
        simplify(ring.map(([lon, lat]) => [clamp(lon, west, east), clamp(lat, south, north)])),
      );
      if ((rings[0]?.length ?? 0) >= 4) kept.push(rings.filter((ring) => ring.length >= 4));
    }
    if (kept.length > 0) {
      features.push({
        type: 'Feature',
        properties: { name: country.properties?.name ?? '' },
        geometry: { type: 'MultiPolygon', coordinates: kept },
      });
    }
  }
  return { type: 'FeatureCollection', features };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const round = (value: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/**
 * Douglas–Peucker to `tolerance` degrees, then rounded, without the points that rounding made equal to
 * their predecessor.
 */
function simplify(ring: [number, number][]): Ring {
  const out: Ring = [];
  for (const [lon, lat] of douglasPeucker(ring)) {
    const point: [number, number] = [round(lon), round(lat)];
    const last = out[out.length - 1];
    if (!last || last[0] !== point[0] || last[1] !== point[1]) out.push(point);
  }
  return out;
}

const tolerance = 0.03;

function douglasPeucker(points: [number, number][]): [number, number][] {
  if (points.length <= 4) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop() as [number, number];
    let farthest = -1;
    let distance = tolerance;
    for (let index = first + 1; index < last; index++) {
      const d = distanceToSegment(
        points[index] as [number, number],
        points[first] as [number, number],
        points[last] as [number, number],
      );
      if (d > distance) {
        distance = d;
        farthest = index;
      }
    }
    if (farthest >= 0) {
      keep[farthest] = 1;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  return points.filter((_, index) => keep[index] === 1);
}

function distanceToSegment(
  [x, y]: [number, number],
  [x1, y1]: [number, number],
  [x2, y2]: [number, number],
): number {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const lengthSquared = dx * dx + dy * dy;
  const t =
    lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / lengthSquared));
  return Math.hypot(x - (x1 + t * dx), y - (y1 + t * dy));
}

export const outlinesFile = fileURLToPath(
  new URL('../app/features/hotels/map/country-outlines.json', import.meta.url),
);

export function readTopology(): Topology {
  const require = createRequire(import.meta.url);
  return JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8')) as Topology;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(outlinesFile, `${JSON.stringify(countryOutlines(readTopology()))}\n`);
}
