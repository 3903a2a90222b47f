import { existsSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '#src/config.ts';
import { createTestApp, postJson, type TestApp, testMetricsToken } from '#src/test/app.ts';

/**
 * Pages through the whole storefront path (Fastify catch-all → React Router server build → page cache).
 * They need the storefront build (`npm run build`), which `npm run test:e2e` makes; without one these
 * tests are skipped (a fresh checkout runs the unit tests before building).
 */
const serverEntry = path.join(repoRoot, 'apps/storefront/build/server/index.js');
const staleHint = 'is apps/storefront/build older than the route modules? run `npm run build`';

let shop: TestApp;
beforeAll(async () => {
  if (existsSync(serverEntry))
    shop = await createTestApp({ cacheTtlMs: 60_000, env: { METRICS_TOKEN: testMetricsToken } });
});
afterAll(() => shop?.close());

const page = (url: string) => shop.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });

/** How often the pages' root loader has asked the API for the menu: once per render. */
async function renders(): Promise<number> {
  const metrics = (
    await shop.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${testMetricsToken}` },
    })
  ).body;
  const counts = metrics.matchAll(
    /^http_request_duration_seconds_count\{[^}]*route="\/api\/menu"[^}]*\} (\d+)$/gm,
  );
  return [...counts].reduce((sum, [, count]) => sum + Number(count), 0);
}

describe.skipIf(!existsSync(serverEntry))('storefront pages and the page cache', () => {
  it('a catalogue page is rendered once, then answered from the page cache', async () => {
    const before = await renders();
    const first = await page('/gutscheinvorteile');
    const second = await page('/gutscheinvorteile');
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.headers['cache-control'] ?? '').not.toMatch(/no-store|private/);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(await renders()).toBe(before + 1);
  });

  it('checkout and order pages say no-store and are rendered for every request, never kept', async () => {
    const created = await postJson(shop.app, '/api/order', { currency: 'EUR' });
    const { id, token } = created.body as { id: number; token: string };
    for (const url of [
      '/checkout',
      '/checkout/authorize',
      `/complete/${id}/${token}`,
      `/view/${id}/${token}`,
    ]) {
      const before = await renders();
      const first = await page(url);
      const second = await page(url);
      expect([first.statusCode, second.statusCode], url).toEqual([200, 200]);
      expect(first.headers['content-type'], url).toMatch(/^text\/html/);
      for (const answer of [first, second]) {
        expect(answer.headers['cache-control'], `${url}: ${staleHint}`).toBe('no-store');
      }
      expect(await renders(), `${url} answered from the page cache`).toBe(before + 2);
    }
  });

  it('a page paints before the client starts: stylesheet inline, scripts started by an inline script', async () => {
    // docs/decisions/009. Should React Router change the markup of <Scripts>, the rewrite would find
    // nothing and the page would start its scripts before the first paint again: this test says so.
    const answer = await page('/gutscheinvorteile');
    const html = brotliDecompressSync(answer.rawPayload).toString('utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(
      /<style data-href="\/assets\/styles-[\w-]+\.css">[\s\S]*\.cookie-banner[\s\S]*<\/style>/,
    );
    expect(html).not.toContain('<link rel="stylesheet"');
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<script type="module"');
    expect(html).toMatch(/<script>\(function\(\)\{var started=false;.*requestAnimationFrame/);
    expect(html).toContain('entry.client');
  });
});
