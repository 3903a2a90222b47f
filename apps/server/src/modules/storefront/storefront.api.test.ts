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
      /<style data-href="\/assets\/styles-[\w-]+\.css" nonce="[^"]+">[\s\S]*\.cookie-banner[\s\S]*<\/style>/,
    );
    expect(html).not.toContain('<link rel="stylesheet"');
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<script type="module"');
    expect(html).toMatch(/<script nonce="[^"]+">\(function\(\)\{var started=false;.*requestAnimationFrame/);
    expect(html).toContain('entry.client');
    // What is clicked or sent before then waits for the client (issue 13): the early-input script ends <head>.
    expect(head).toMatch(
      /<script nonce="[^"]+">\(function\(d\)\{var q=window\.shopEarlyInput=[^<]*<\/script>$/,
    );
  });

  it('HEAD is answered without a body and never leaves an empty page for GET', async () => {
    for (let n = 0; n < 3; n++) {
      const head = await shop.app.inject({ method: 'HEAD', url: '/accessibility' });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
    }
    const get = await shop.app.inject({ method: 'GET', url: '/accessibility' });
    expect(get.statusCode).toBe(200);
    expect(get.body).toContain('</html>');
  });

  it('renders a page once for any junk in its query string, and keeps the parameters pages read apart', async () => {
    const before = await renders();
    const plain = await page('/impressum');
    const junk = await page(`/impressum?cb=${Math.random()}&utm_source=mail`);
    expect(junk.rawPayload.equals(plain.rawPayload)).toBe(true);
    expect(await renders()).toBe(before + 1);
    await page('/urlaub-finden?q=rom');
    await page('/urlaub-finden?q=wien');
    expect(await renders()).toBe(before + 3);
  });

  it('renders pages under a nonce-based policy, one nonce per render', async () => {
    const answer = await page('/datenschutz');
    const policy = String(answer.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(policy).toContain("frame-ancestors 'none'");
    const html = brotliDecompressSync(answer.rawPayload).toString('utf8');
    expect(html).toContain(`nonce="${nonce}"`);
    const other = await page('/agb');
    expect(String(other.headers['content-security-policy'])).not.toContain(`'nonce-${nonce}'`);
  });

  it('ignores a malformed language cookie instead of failing every page', async () => {
    const answer = await shop.app.inject({ method: 'GET', url: '/', headers: { cookie: 'locale=%E0%A4%A' } });
    expect(answer.statusCode).toBe(200);
  });

  it('speaks the language the locale cookie chose, among other cookies, and remembers ?lang=', async () => {
    const chosen = await shop.app.inject({
      method: 'GET',
      url: '/impressum',
      headers: { cookie: 'consent=all; locale=en; theme=dark', 'accept-language': 'de' },
    });
    expect(chosen.body).toMatch(/<html[^>]* lang="en"/);
    const switched = await shop.app.inject({ method: 'GET', url: '/impressum?lang=it' });
    expect(switched.body).toMatch(/<html[^>]* lang="it"/);
    expect(switched.headers['set-cookie']).toBe('locale=it; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it("builds canonical links from the brand's address, not from the Host header", async () => {
    const answer = await shop.app.inject({
      method: 'GET',
      url: '/kontakt',
      headers: { host: 'evil.example' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('<link rel="canonical" href="http://localhost:3000/kontakt"');
    expect(answer.body).not.toContain('evil.example');
  });
});
