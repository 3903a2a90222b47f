import { describe, expect, test } from 'vitest';
import { clusterPins, openCluster, project } from './pin-clusters.ts';

type Hotel = { name: string; latitude: number; longitude: number };
const at = (hotel: Hotel) => hotel;
const vienna = { name: 'Wien', latitude: 48.21, longitude: 16.37 };
const viennaWest = { name: 'Wien West', latitude: 48.2, longitude: 16.3 };
const sameStreet = { name: 'Wien Ring', latitude: 48.2101, longitude: 16.3701 };
const rome = { name: 'Rom', latitude: 41.9, longitude: 12.5 };
const hamburg = { name: 'Hamburg', latitude: 53.55, longitude: 9.99 };
const square = { x: 40, y: 40 };

describe('pins per zoom level', () => {
  test('projects onto Web Mercator pixels', () => {
    expect(project({ latitude: 0, longitude: 0 }, 0)).toEqual({ x: 128, y: 128 });
    expect(project({ latitude: 0, longitude: 180 }, 1).x).toBe(512);
    expect(project({ latitude: 85.1, longitude: -180 }, 2).y).toBeCloseTo(0, 3);
  });

  test('hotels close together share a pin when zoomed out and stand apart when zoomed in', () => {
    const hotels = [rome, vienna, viennaWest, hamburg];
    const europe = clusterPins(hotels, at, 5, square);
    expect(europe.map((pin) => pin.items.map((hotel) => hotel.name))).toEqual([
      ['Hamburg'],
      ['Wien', 'Wien West'],
      ['Rom'],
    ]);
    const shared = europe[1];
    expect(shared?.centre.latitude).toBeCloseTo(48.205, 5);
    expect(shared?.bounds).toEqual([
      { latitude: 48.2, longitude: 16.3 },
      { latitude: 48.21, longitude: 16.37 },
    ]);
    expect(clusterPins(hotels, at, 11, square)).toHaveLength(4);
  });

  test('pins come north to south (the tab order), west to east on one latitude', () => {
    const west = { name: 'W', latitude: 45, longitude: 5 };
    const east = { name: 'E', latitude: 45, longitude: 25 };
    const pins = clusterPins([east, rome, west, hamburg], at, 6, { x: 30, y: 30 });
    expect(pins.map((pin) => pin.items[0]?.name)).toEqual(['Hamburg', 'W', 'E', 'Rom']);
  });

  test('price tags need more room side by side than one above the other', () => {
    // Two towns on one latitude, ~60 px apart at zoom 7: apart for round pins, one pin for price tags.
    const a = { name: 'A', latitude: 47, longitude: 11 };
    const b = { name: 'B', latitude: 47, longitude: 11.9 };
    expect(clusterPins([a, b], at, 7, { x: 40, y: 40 })).toHaveLength(2);
    expect(clusterPins([a, b], at, 7, { x: 90, y: 40 })).toHaveLength(1);
  });

  test('no hotels, no pins', () => {
    expect(clusterPins([], at, 4, square)).toEqual([]);
  });
});

describe('opening a shared pin', () => {
  test('zooms in just far enough for its hotels to stand apart', () => {
    const [pin] = clusterPins([vienna, viennaWest], at, 5, square);
    if (!pin) throw new Error('one pin expected');
    const opened = openCluster(pin, at, { zoom: 5, maxZoom: 16, spacing: square });
    expect(opened).toEqual({ zoomTo: 10 });
    // At zoom 10 they do stand apart, at 9 not yet.
    expect(clusterPins([vienna, viennaWest], at, 10, square)).toHaveLength(2);
    expect(clusterPins([vienna, viennaWest], at, 9, square)).toHaveLength(1);
  });

  test('lists its hotels when they would share a pin even at the deepest zoom', () => {
    const [pin] = clusterPins([vienna, sameStreet], at, 5, square);
    if (!pin) throw new Error('one pin expected');
    expect(openCluster(pin, at, { zoom: 5, maxZoom: 12, spacing: square })).toEqual({
      list: [vienna, sameStreet],
    });
  });
});
