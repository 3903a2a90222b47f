import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openStreetMapTiles } from '@shop/contracts/map-tiles';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers } from '#src/db/schema/catalogue.ts';
import { registerErrorHandling } from '#src/http/error-handler.ts';
import { validatorCompiler } from '#src/http/validation.ts';
import { rebuildSearchIndex } from '#src/modules/search/search-index.repository.ts';
import { createTestApp, getJson, type TestApp, testDataDir } from '#src/test/app.ts';
import { renderGeneratedImage } from './generated-image.ts';
import { registerMediaRoutes } from './media.routes.ts';

/** createTestApp's DATA_DIR: the media folder the whole app writes to (shared with other test files). */
const sharedMediaDir = path.join(testDataDir, 'media');

let shop: TestApp;
const scratch: string[] = [];
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(async () => {
  await shop?.close();
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** The media routes alone on the test database, with a folder and a bound of their own. */
async function mediaApp(options: { maxBytes: number; recheckMs?: number }) {
  const mediaDir = await mkdtemp(path.join(os.tmpdir(), 'shop-media-test-'));
  scratch.push(mediaDir);
  const app: FastifyInstance = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  // What request-context does for the whole app: problems are worded in the caller's language.
  app.decorateRequest('locale', 'de');
  registerErrorHandling(app);
  registerMediaRoutes(app, {
    mediaDir,
    db: shop.database.db,
    mapTiles: { url: openStreetMapTiles, isProxied: true },
    ...options,
  });
  await app.ready();
  return { app, mediaDir };
}

/** Every file under `dir` (relative path → bytes). */
async function filesIn(dir: string): Promise<Map<string, number>> {
  const files = new Map<string, number>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, file), (await stat(file)).size);
  }
  return files;
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** An offer the default brand shows (the first from `fromId` on), as the API answers it. */
async function offerAnswer(fromId = 1) {
  for (let id = fromId; id < fromId + 50; id++) {
    const { status, body } = await getJson(shop.app, `/api/offer?id=${id}`);
    if (status === 200) return body as { id: number; image: { url: string }; images: { url: string }[] };
  }
  throw new Error('no offer visible on the default brand');
}

function expectWebp(response: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer }) {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('image/webp');
  expect(response.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
}

describe('media: only pictures the catalogue or a brand names', () => {
  it('answers an invented seed with the 404 problem, without rendering or writing anything', async () => {
    // One in the demo catalogue's own pattern, one of anything: neither is in the catalogue.
    for (const seed of [`offer-${Date.now()}${Math.floor(Math.random() * 1e6)}-1`, `x-${randomUUID()}`]) {
      const response = await shop.app.inject({ method: 'GET', url: `/media/${seed}/640.webp` });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json()).toMatchObject({ type: 'not-found', status: 404 });
      expect(await exists(path.join(sharedMediaDir, seed))).toBe(false);
    }
  });

  it('renders the catalogue pictures an offer answer names', async () => {
    const offer = await offerAnswer();
    for (const url of [offer.image.url, ...offer.images.map((image) => image.url)]) {
      expectWebp(await shop.app.inject({ method: 'GET', url }));
    }
  });

  it("renders a brand's hero pictures; the hero seed is no catalogue picture", async () => {
    expectWebp(await shop.app.inject({ method: 'GET', url: '/media/hero/demo/xl.webp' }));
    expectWebp(await shop.app.inject({ method: 'GET', url: '/media/hero/viaggi/og.webp' }));
    // A picture on disk is served as it is: clear what an earlier build may have left there.
    await rm(path.join(sharedMediaDir, 'hero-demo'), { recursive: true, force: true });
    const asCataloguePicture = await shop.app.inject({ method: 'GET', url: '/media/hero-demo/640.webp' });
    expect(asCataloguePicture.statusCode).toBe(404);
    expect(await exists(path.join(sharedMediaDir, 'hero-demo'))).toBe(false);
  });

  it('renders a seed the catalogue gains once its version moves, URL-encoded as imageUrl() writes it', async () => {
    const { app, mediaDir } = await mediaApp({ maxBytes: 10 * 1024 * 1024, recheckMs: 0 });
    // Far from the offers whose seeds the other tests use.
    const { id } = await offerAnswer(40);
    const seed = `Strand Café/${randomUUID()} ü`;
    const before = await app.inject({ method: 'GET', url: `/media/${encodeURIComponent(seed)}/320.webp` });
    expect(before.statusCode).toBe(404);

    await shop.database.db
      .update(offers)
      .set({ imageSeeds: [seed, 'offer-extra-2'] })
      .where(eq(offers.id, id));
    await rebuildSearchIndex(shop.database.db, () => {}, [id]);
    const { body } = await getJson(shop.app, `/api/offer?id=${id}`);
    expect(body.image.url).toBe(`/media/${encodeURIComponent(seed)}/640.webp`);

    expectWebp(await app.inject({ method: 'GET', url: body.image.url }));
    // Stored under a hash of the seed: the seed never becomes a path.
    expect([...(await filesIn(mediaDir)).keys()]).toEqual([
      expect.stringMatching(/^_[0-9a-f]{32}\/640\.webp$/),
    ]);
  });

  it('keeps the folder within maxBytes, removing the least recently used picture first', async () => {
    const seeds = ['offer-1-1', 'offer-1-2', 'offer-1-3', 'offer-2-1', 'offer-2-2', 'offer-2-3', 'offer-3-1'];
    const sizes = await Promise.all(
      seeds.map(async (seed) => (await renderGeneratedImage(seed, 320)).length),
    );
    const [a, b, c, d] = sizes as [number, number, number, number];
    // Room for a, b and c, or for a, c and d; never for all four.
    const maxBytes = Math.max(a + b + c, a + c + d);
    const { app, mediaDir } = await mediaApp({ maxBytes });
    const get = (seed: string) => app.inject({ method: 'GET', url: `/media/${seed}/320.webp` });

    for (const seed of seeds.slice(0, 3)) expectWebp(await get(seed));
    expect([...(await filesIn(mediaDir)).keys()].sort()).toEqual(
      ['offer-1-1/320.webp', 'offer-1-2/320.webp', 'offer-1-3/320.webp'].sort(),
    );
    // Served from disk, a becomes the most recently used: b is now the least.
    expectWebp(await get('offer-1-1'));
    expectWebp(await get('offer-2-1'));
    const afterD = await filesIn(mediaDir);
    expect([...afterD.keys()].sort()).toEqual([
      'offer-1-1/320.webp',
      'offer-1-3/320.webp',
      'offer-2-1/320.webp',
    ]);
    expect(await exists(path.join(mediaDir, 'offer-1-2'))).toBe(false);

    for (const seed of seeds.slice(4)) {
      expectWebp(await get(seed));
      const total = [...(await filesIn(mediaDir)).values()].reduce((sum, bytes) => sum + bytes, 0);
      expect(total).toBeLessThanOrEqual(maxBytes);
    }
    // An evicted picture is rendered again on demand.
    expectWebp(await get('offer-1-2'));
  });
});
