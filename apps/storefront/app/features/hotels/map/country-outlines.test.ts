import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { countryOutlines, outlinesFile, readTopology } from '../../../../scripts/country-outlines.ts';
import { outlineBounds } from './outline-bounds.ts';

const committed = JSON.parse(readFileSync(outlinesFile, 'utf8')) as ReturnType<typeof countryOutlines>;

test('the committed outlines are what the generator makes of the installed Natural Earth data', () => {
  // Fails after a world-atlas update until `npm run outlines -w @shop/storefront` has been run.
  expect(committed).toEqual(countryOutlines(readTopology()));
});

test('the outlines cover the catalogue’s countries, inside the map’s bounds', () => {
  const names = committed.features.map((country) => country.properties.name);
  for (const name of ['Germany', 'Austria', 'Italy', 'Spain', 'Turkey', 'Iceland', 'Greece', 'Croatia']) {
    expect(names).toContain(name);
  }
  const [west, south, east, north] = outlineBounds;
  for (const country of committed.features) {
    for (const polygon of country.geometry.coordinates) {
      for (const ring of polygon) {
        expect(ring.length).toBeGreaterThanOrEqual(4);
        for (const [longitude, latitude] of ring) {
          expect(longitude >= west && longitude <= east && latitude >= south && latitude <= north).toBe(true);
        }
      }
    }
  }
});
