import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type MapTileSettings, openStreetMapTiles } from '@shop/contracts/map-tiles';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '#src/http/error-handler.ts';
import { validatorCompiler } from '#src/http/validation.ts';
import { createTestDatabase } from '#src/test/database.ts';
import { registerMediaRoutes } from './media.routes.ts';

/** The tile server is a third party out of reach here: this stands in for it and records what it was asked. */
const tileServer = {
  asked: [] as { url: string; userAgent: string | null }[],
  isDown: false,
  async fetch(url: string, init: RequestInit): Promise<Response> {
    tileServer.asked.push({ url, userAgent: new Headers(init.headers).get('user-agent') });
    if (tileServer.isDown) return new Response('busy', { status: 503 });
    return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47, ...Buffer.from(url)]), {
      headers: { 'content-type': 'image/png' },
    });
  },
};

/** MAP_TILES_URL and MAP_TILES_PROXY, read on each request: tests change them in place. */
const settings: MapTileSettings = { url: openStreetMapTiles, isProxied: true };

let app: FastifyInstance;
let mediaDir: string;
let closeDatabase: () => Promise<void>;
beforeAll(async () => {
  const database = await createTestDatabase();
  closeDatabase = () => database.close();
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'shop-tiles-test-'));
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.decorateRequest('locale', 'de');
  // What the storefront module decorates: brand configs by short (demo: OpenStreetMap; own: its tile server).
  app.decorate('brandConfig', async (short: string) => {
    if (short === 'demo') return { mapTileUrl: null } as never;
    if (short === 'own') return { mapTileUrl: 'https://tiles.example/base/{z}/{x}/{y}.png' } as never;
    throw new Error(`no brand ${short}`);
  });
  registerErrorHandling(app);
  registerMediaRoutes(app, {
    mediaDir,
    db: database.db,
    maxBytes: 10_000_000,
    mapTiles: settings,
    fetchTile: (url, init) => tileServer.fetch(url, init),
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await closeDatabase();
  await rm(mediaDir, { recursive: true, force: true });
});

describe('map tiles through our own origin', () => {
  it('fetches a tile once from the tile server, naming the shop, then serves it from the media folder', async () => {
    tileServer.asked.length = 0;
    const first = await app.inject({ method: 'GET', url: '/media/map/demo/5/16/10.png' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.rawPayload.subarray(4).toString()).toBe('https://tile.openstreetmap.org/5/16/10.png');
    expect(tileServer.asked).toEqual([
      {
        url: 'https://tile.openstreetmap.org/5/16/10.png',
        userAgent: 'voucher-shop tile cache (white-label holiday voucher shop)',
      },
    ]);
    const again = await app.inject({ method: 'GET', url: '/media/map/demo/5/16/10.png' });
    expect(again.rawPayload).toEqual(first.rawPayload);
    expect(tileServer.asked).toHaveLength(1);
    // A brand with a tile server of its own gets its tiles from there, kept apart from the others.
    const own = await app.inject({ method: 'GET', url: '/media/map/own/5/16/10.png' });
    expect(own.rawPayload.subarray(4).toString()).toBe('https://tiles.example/base/5/16/10.png');
  });

  it('refuses tiles that do not exist without asking the tile server', async () => {
    tileServer.asked.length = 0;
    expect((await app.inject({ method: 'GET', url: '/media/map/demo/2/4/0.png' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/media/map/demo/25/0/0.png' })).statusCode).toBe(400);
    expect(
      (await app.inject({ method: 'GET', url: '/media/map/demo/5/1/../x.png' })).statusCode,
    ).toBeGreaterThanOrEqual(400);
    expect((await app.inject({ method: 'GET', url: '/media/map/nobody/1/0/0.png' })).statusCode).toBe(404);
    expect(tileServer.asked).toEqual([]);
  });

  it('a tile server that fails is a 503 problem, and the tile is asked for again next time', async () => {
    tileServer.isDown = true;
    const down = await app.inject({ method: 'GET', url: '/media/map/demo/6/33/21.png' });
    expect(down.statusCode).toBe(503);
    expect(down.headers['content-type']).toMatch(/application\/problem\+json/);
    tileServer.isDown = false;
    const back = await app.inject({ method: 'GET', url: '/media/map/demo/6/33/21.png' });
    expect(back.statusCode).toBe(200);
  });

  it("serves MAP_TILES_URL's tiles to brands without their own, and nothing with the proxy off or without tiles", async () => {
    tileServer.asked.length = 0;
    settings.url = 'https://tiles.install.example/{z}/{x}/{y}.png';
    const installation = await app.inject({ method: 'GET', url: '/media/map/demo/4/8/5.png' });
    expect(installation.rawPayload.subarray(4).toString()).toBe('https://tiles.install.example/4/8/5.png');
    // A brand's own tile server still wins.
    const own = await app.inject({ method: 'GET', url: '/media/map/own/4/8/5.png' });
    expect(own.rawPayload.subarray(4).toString()).toBe('https://tiles.example/base/4/8/5.png');
    settings.url = null;
    expect((await app.inject({ method: 'GET', url: '/media/map/demo/4/8/6.png' })).statusCode).toBe(404);
    // Browsers ask the tile server themselves: the route is no open relay to it.
    settings.url = openStreetMapTiles;
    settings.isProxied = false;
    expect((await app.inject({ method: 'GET', url: '/media/map/own/4/8/6.png' })).statusCode).toBe(404);
    expect(tileServer.asked.map(({ url }) => url)).toEqual([
      'https://tiles.install.example/4/8/5.png',
      'https://tiles.example/base/4/8/5.png',
    ]);
    settings.isProxied = true;
  });
});
