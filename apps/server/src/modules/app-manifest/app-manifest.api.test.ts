import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '#src/config.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';

let shop: TestApp;
let buildDir: string;
beforeAll(async () => {
  // A build folder of our own holding just a worker script: the module serves what the build wrote.
  buildDir = await mkdtemp(path.join(os.tmpdir(), 'shop-manifest-test-'));
  await mkdir(path.join(buildDir, 'client'), { recursive: true });
  await writeFile(path.join(buildDir, 'client', 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  shop = await createTestApp({ env: { STOREFRONT_BUILD_DIR: buildDir } });
});
afterAll(async () => {
  await shop?.close();
  await rm(buildDir, { recursive: true, force: true });
});

type Manifest = {
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

const hostOf = (short: string) => (short === 'demo' ? 'localhost' : `${short}.localhost`);
const brandConfig = async (short: string) =>
  JSON.parse(await readFile(path.join(repoRoot, 'assets/brands', short, 'config.json'), 'utf8')) as {
    storeName: string;
    colors: { primary: string; primaryContrast: string };
  };

async function manifestOf(short: string, query = '', headers: Record<string, string> = {}) {
  const response = await shop.app.inject({
    method: 'GET',
    url: `/manifest.webmanifest${query}`,
    headers: { host: hostOf(short), ...headers },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
  return response.json() as Manifest;
}

describe('web app manifest', () => {
  it("names each brand host's own app with its colours", async () => {
    const [demo, autoclub] = await Promise.all([manifestOf('demo'), manifestOf('autoclub')]);
    const [demoConfig, autoclubConfig] = await Promise.all([brandConfig('demo'), brandConfig('autoclub')]);
    expect(demo.name).toBe(demoConfig.storeName);
    expect(autoclub.name).toBe(autoclubConfig.storeName);
    expect(demo.name).not.toBe(autoclub.name);
    expect(demo.theme_color).toBe(demoConfig.colors.primary);
    expect(autoclub.theme_color).toBe(autoclubConfig.colors.primary);
    expect(demo.theme_color).not.toBe(autoclub.theme_color);
    expect(demo.background_color).toBe(demoConfig.colors.primaryContrast);
    for (const manifest of [demo, autoclub]) {
      expect(manifest).toMatchObject({ start_url: '/', scope: '/', display: 'standalone' });
      expect(manifest.short_name.length).toBeGreaterThan(0);
      expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    }
    // The icons' addresses differ with the colours, so a cached icon never shows another brand's.
    expect(demo.icons[0]?.src).not.toBe(autoclub.icons[0]?.src);
  });

  it("speaks the page's language, else the browser's, within the brand's languages", async () => {
    expect((await manifestOf('demo', '?lang=it')).lang).toBe('it');
    expect((await manifestOf('demo', '', { 'accept-language': 'en-GB,en;q=0.9' })).lang).toBe('en');
    expect((await manifestOf('demo', '?lang=xx', { 'accept-language': 'de' })).lang).toBe('de');
  });

  it('has PNG icons of the stated sizes, one of them maskable', async () => {
    for (const short of ['demo', 'autoclub']) {
      const manifest = await manifestOf(short);
      expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
        '192x192 any',
        '512x512 any',
        '512x512 maskable',
      ]);
      for (const icon of manifest.icons) {
        const response = await shop.app.inject({
          method: 'GET',
          url: icon.src,
          headers: { host: hostOf(short) },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('image/png');
        expect(response.headers['cache-control']).toContain('immutable');
        const meta = await sharp(response.rawPayload).metadata();
        const [width, height] = icon.sizes.split('x').map(Number);
        expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
          format: 'png',
          width,
          height,
        });
      }
    }
  });

  it("paints the maskable icon edge to edge in the brand's colour", async () => {
    const manifest = await manifestOf('autoclub');
    const maskable = manifest.icons.find((icon) => icon.purpose === 'maskable')!;
    const response = await shop.app.inject({
      method: 'GET',
      url: maskable.src,
      headers: { host: 'autoclub.localhost' },
    });
    const { data } = await sharp(response.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const corner = `#${[...data.subarray(0, 3)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
    expect(corner).toBe((await brandConfig('autoclub')).colors.primary);
  });

  it('serves an opaque apple-touch-icon of 180 px', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/app-icons/apple-touch-icon.png' });
    expect(response.statusCode).toBe(200);
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([180, 180]);
    expect((await sharp(response.rawPayload).stats()).isOpaque).toBe(true);
  });
});

describe('offline page', () => {
  it("is the brand's, in the language asked for, and loads nothing", async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: '/offline/en.html',
      headers: { host: 'autoclub.localhost' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(response.body).toContain('<html lang="en"');
    expect(response.body).toContain((await brandConfig('autoclub')).storeName);
    expect(response.body).toContain('You are offline');
    expect(response.body).not.toMatch(/<script|<link|src="http/);
  });

  it('answers an unknown language with a 404', async () => {
    expect((await shop.app.inject({ method: 'GET', url: '/offline/xx.html' })).statusCode).toBe(404);
  });
});

describe('service worker script', () => {
  it('is served from the root of the build with no-cache, so every update check reaches the server', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('addEventListener');
  });
});
