import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#src/app.ts';
import { loadConfig } from '#src/config.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { createBrandDirectory } from '#src/modules/brands/brand-directory.ts';
import { testDataDir } from '#src/test/app.ts';
import { createTestDatabase } from '#src/test/database.ts';
import { registerSeoRoutes } from './seo.routes.ts';
import { listSitemapFiles, listSlicePaths, type SitemapCatalogue } from './seo.service.ts';

let app: FastifyInstance;
let database: DatabaseHandle;

// createTestApp, but with the SEO routes registered before the app is ready, for as long as app.ts
// does not register them itself.
beforeAll(async () => {
  database = await createTestDatabase({ withDemoCatalogue: true });
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: testDataDir }),
    catalogueCacheTtlMs: 0,
  };
  app = await buildApp({ config, database });
  if (!app.hasRoute({ method: 'GET', url: '/sitemap.xml' })) {
    registerSeoRoutes(app, {
      brands: createBrandDirectory(database.db, {
        defaultShort: config.defaultBrand,
        ttlMs: 0,
        publicUrl: config.publicUrl,
      }),
      catalogue: uncached(database),
    });
  }
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** The catalogue as the sitemap reads it, without the answer cache. */
const uncached = ({ db }: DatabaseHandle): SitemapCatalogue => ({
  db,
  cached: (_audience, _key, load) => load(),
});

const get = (url: string, host = 'localhost:3000') => app.inject({ method: 'GET', url, headers: { host } });

/** The `<loc>` values of a sitemap or sitemap index, after checking the document's outline. */
function locsOf(xml: string, root: 'urlset' | 'sitemapindex'): string[] {
  const entry = root === 'urlset' ? 'url' : 'sitemap';
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  expect(xml).toMatch(new RegExp(`^<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">$`, 'm'));
  expect(xml.trimEnd().endsWith(`</${root}>`)).toBe(true);
  const entries = xml.match(new RegExp(`<${entry}>.*?</${entry}>`, 'g')) ?? [];
  const locs = entries.map((item) => /<loc>([^<]*)<\/loc>/.exec(item)?.[1] ?? '');
  // Nothing but declaration, root and entries: every entry is one whole line.
  expect(xml.split('\n').filter((line) => line !== '').length).toBe(entries.length + 3);
  return locs;
}

async function offerTotal(host: string): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/offer/search',
    headers: { host, 'content-type': 'application/json' },
    payload: { pageSize: 1 },
  });
  return (response.json() as { total: number }).total;
}

describe('robots.txt', () => {
  it("allows everything and points to the sitemap at the brand's own address", async () => {
    const response = await get('/robots.txt', 'autoclub.localhost:3000');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: http://autoclub.localhost:3000/sitemap.xml\n',
    );
  });

  it('never takes its addresses from the Host header (an unknown host gets the default brand)', async () => {
    for (const host of ['evil.example', 'localhost:4444', 'autoclub.evil.example']) {
      const robots = await get('/robots.txt', host);
      const expected = host.startsWith('autoclub.')
        ? 'http://autoclub.localhost:3000'
        : 'http://localhost:3000';
      expect(robots.body, host).toContain(`Sitemap: ${expected}/sitemap.xml`);
      const index = locsOf((await get('/sitemap.xml', host)).body, 'sitemapindex');
      expect(
        index.every((loc) => loc.startsWith(`${expected}/`)),
        host,
      ).toBe(true);
    }
  });
});

describe('sitemap', () => {
  it('is an index of the pages file and one hotels and one offers file for the demo catalogue', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(locsOf(response.body, 'sitemapindex')).toEqual([
      'http://localhost:3000/sitemap-pages.xml',
      'http://localhost:3000/sitemap-hotels-1.xml',
      'http://localhost:3000/sitemap-offers-1.xml',
    ]);
  });

  it('lists home, listings, content and landing pages, destinations and themes of the brand', async () => {
    const locs = locsOf((await get('/sitemap-pages.xml', 'autoclub.localhost')).body, 'urlset');
    const paths = locs.map((loc) => loc.replace('http://autoclub.localhost:3000', ''));
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/urlaub-finden',
        '/urlaub/karte',
        '/impressum',
        '/accessibility',
        '/gutscheinvorteile',
        '/ostern',
        '/blackfriday',
        '/reiseziel/at/oesterreich',
        '/reiseziel/de/deutschland',
      ]),
    );
    expect(paths.some((path) => /^\/thema\/[a-z0-9-]+\/\d+$/.test(path))).toBe(true);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("spells destination names in the brand's canonical language", async () => {
    const locs = locsOf((await get('/sitemap-pages.xml', 'viaggi.localhost')).body, 'urlset');
    expect(locs).toContain('http://viaggi.localhost:3000/reiseziel/at/austria');
    expect(locs).toContain('http://viaggi.localhost:3000/italia');
    expect(locs).not.toContain('http://viaggi.localhost:3000/ostern');
  });

  it("lists exactly the brand's offers and hotels, each once, at their storefront address", async () => {
    for (const host of ['localhost', 'autoclub.localhost']) {
      const offers = locsOf((await get('/sitemap-offers-1.xml', host)).body, 'urlset');
      expect(offers.length).toBe(await offerTotal(host));
      expect(new Set(offers).size).toBe(offers.length);
      expect(offers.every((loc) => /^http:\/\/[a-z.]+:3000\/urlaub\/[a-z0-9-]+\/[a-z0-9-]+$/.test(loc))).toBe(
        true,
      );
      const hotels = locsOf((await get('/sitemap-hotels-1.xml', host)).body, 'urlset');
      const hotelList = await app.inject({ method: 'GET', url: '/api/hotel/list/1/1', headers: { host } });
      expect(hotels.length).toBe((hotelList.json() as { total: number }).total);
    }
    const [sample] = locsOf((await get('/sitemap-offers-1.xml')).body, 'urlset');
    const slug = sample?.split('/').at(-1);
    expect((await get(`/api/offer/slug/${slug}`)).statusCode).toBe(200);
  });

  it('answers 404 past the last file and for a malformed file number', async () => {
    expect((await get('/sitemap-offers-2.xml')).statusCode).toBe(404);
    expect((await get('/sitemap-offers-0.xml')).statusCode).toBe(400);
    expect((await get('/sitemap-hotels-x.xml')).statusCode).toBe(400);
  });

  it('slices a large catalogue into files of at most the page size, covering every offer once', async () => {
    const catalogue = uncached(database);
    const brand = await createBrandDirectory(database.db, {
      defaultShort: 'demo',
      ttlMs: 0,
      publicUrl: 'http://localhost:3000',
    }).resolve('localhost');
    const pageSize = 100;
    const files = await listSitemapFiles(catalogue, { brand, locale: 'de' }, pageSize);
    const offerFiles = files.filter((file) => file.kind === 'offers');
    const total = await offerTotal('localhost');
    expect(offerFiles.length).toBe(Math.ceil(total / pageSize));
    const seen = new Set<string>();
    for (const file of offerFiles) {
      if (file.kind === 'pages') continue;
      const paths = await listSlicePaths(catalogue, brand.id, file, pageSize);
      expect(paths.length).toBeGreaterThan(0);
      expect(paths.length).toBeLessThanOrEqual(pageSize);
      for (const path of paths) seen.add(path);
    }
    expect(seen.size).toBe(total);
    const pastEnd = { kind: 'offers' as const, page: offerFiles.length + 1 };
    expect(await listSlicePaths(catalogue, brand.id, pastEnd, pageSize)).toEqual([]);
  });
});
