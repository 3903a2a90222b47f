import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '#src/config.ts';
import { createTestApp, type TestApp, testDataDir } from '#src/test/app.ts';
import { heroSeed, renderHeroImage } from './hero-image.ts';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop?.close());

type Box = { width: number; height: number; crop: boolean };
const brandConfig = async (short: string) =>
  JSON.parse(await readFile(path.join(repoRoot, 'assets/brands', short, 'config.json'), 'utf8')) as {
    heroImage: string;
    heroImageResolution: Record<string, Box>;
  };

describe('hero images', () => {
  it("renders every configured size of the brand's hero as WebP at exactly its width and height", async () => {
    for (const short of ['demo', 'viaggi']) {
      const { heroImageResolution } = await brandConfig(short);
      for (const [size, box] of Object.entries(heroImageResolution)) {
        const response = await shop.app.inject({ method: 'GET', url: `/media/hero/${short}/${size}.webp` });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('image/webp');
        expect(response.headers['cache-control']).toBe('public, max-age=86400');
        const meta = await sharp(response.rawPayload).metadata();
        expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
          format: 'webp',
          width: box.width,
          height: box.height,
        });
      }
    }
  });

  it('keeps each rendered size on disk under the data dir, named by its box', async () => {
    await shop.app.inject({ method: 'GET', url: '/media/hero/demo/xs.webp' });
    const { heroImage, heroImageResolution } = await brandConfig('demo');
    const { width, height } = heroImageResolution.xs!;
    const file = `${testDataDir}/media/hero/demo/xs-${width}x${height}-cover-${heroSeed(heroImage)}.webp`;
    expect((await stat(file)).size).toBeGreaterThan(0);
  });

  it('renders the Open Graph card at 1200×630', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/media/hero/demo/og.webp' });
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
  });

  it('fits the whole picture inside the box when the size does not crop', async () => {
    const meta = await sharp(
      await renderHeroImage('hero-demo', { width: 500, height: 360, crop: false }),
    ).metadata();
    // The 3:2 source fits by its width: 500 × 333.
    expect([meta.width, meta.height]).toEqual([500, 333]);
  });

  it('answers 404 for an unknown brand and 400 for an unknown size', async () => {
    const unknownBrand = await shop.app.inject({ method: 'GET', url: '/media/hero/nobrand/xl.webp' });
    expect(unknownBrand.statusCode).toBe(404);
    const unknownSize = await shop.app.inject({ method: 'GET', url: '/media/hero/demo/xxl.webp' });
    expect(unknownSize.statusCode).toBe(400);
  });

  it('reads the seed from the config and rejects anything else', () => {
    expect(heroSeed('/media/hero-demo')).toBe('hero-demo');
    expect(heroSeed('/media/../etc')).toBeNull();
    expect(heroSeed('https://cdn.example/hero.jpg')).toBeNull();
  });
});
