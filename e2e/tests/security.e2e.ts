import http from 'node:http';
import { expect, inject, test } from 'vitest';
import { allOffers, offerPath } from '../support/catalogue.ts';
import { expectText } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

/**
 * The production server's answers as an attacker would probe them (issue "close the open doors"):
 * headers, the page cache, the Host header. Every other journey also fails on any CSP violation
 * (support/shop.ts).
 */
const { baseUrl } = inject('e2e');

const fetchPage = (path: string, init: RequestInit & { host?: string } = {}) =>
  fetch(`${baseUrl}${path}`, { ...init, headers: { 'accept-language': 'de', ...init.headers } });

/** A GET with headers fetch() may not send (Host). */
function rawGet(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; type: string }>((resolve, reject) => {
    const request = http.get(`${baseUrl}${path}`, { headers }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']) });
    });
    request.on('error', reject);
  });
}

journey('security: headers, page cache, host', (shop) => {
  test('pages carry a nonce-based CSP that forbids framing, and the usual security headers', async () => {
    const response = await fetchPage('/');
    const policy = response.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+'(;|$| )/);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const html = await response.text();
    // Every inline script and the inline stylesheet carry this render's nonce.
    const inline = [...html.matchAll(/<(script|style)(\s[^>]*)?>/g)].filter(
      ([, , attributes = '']) => !/\bsrc=|type="application\/ld\+json"/.test(attributes),
    );
    expect(inline.length).toBeGreaterThan(2);
    for (const [tag] of inline) expect(tag).toContain(`nonce="${nonce}"`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
  });

  test('the checkout cannot be framed by another site', async () => {
    const page = await shop.newPage();
    const framed: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) framed.push(message.text());
    });
    // A page of another origin (about:blank with our checkout in an iframe).
    await page.setContent(`<iframe src="${baseUrl}/checkout" title="shop"></iframe>`);
    await page.waitForTimeout(1_000);
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    const body = frame ? await frame.evaluate(() => document.body?.innerText ?? '').catch(() => '') : '';
    expect(body).not.toContain('Kasse');
    expect(framed.length).toBeGreaterThan(0);
  });

  test('order answers are never stored by browsers or proxies', async () => {
    const cart = await fetch(`${baseUrl}/api/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const { id, token: key } = (await cart.json()) as { id: number; token: string };
    expect(cart.headers.get('cache-control')).toBe('no-store');
    const order = await fetch(`${baseUrl}/api/order/${id}/${key}`);
    expect(order.status).toBe(200);
    expect(order.headers.get('cache-control')).toBe('no-store');
  });

  test('HEAD requests never leave an empty page in the page cache', async () => {
    const path = `/urlaub-finden?q=wellness&sort=price-asc`;
    for (let n = 0; n < 5; n++) {
      const head = await fetchPage(path, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
    }
    const page = await fetchPage(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('</html>');
    const { page: browserPage } = await shop.open(path);
    await expectText(browserPage.getByRole('heading', { level: 1 }), /.+/);
  });

  test('junk query parameters neither split nor bypass the page cache', async () => {
    const [offer] = await allOffers();
    const path = offerPath(offer!);
    const first = await (await fetchPage(`${path}?cb=${Math.random()}`)).text();
    const second = await (await fetchPage(`${path}?utm_source=news&cb=${Math.random()}`)).text();
    const plain = await (await fetchPage(path)).text();
    // Each render has its own nonce: equal bodies are one cached render.
    expect(second).toBe(first);
    expect(plain).toBe(first);
    expect(first).not.toContain('cb=');
  });

  test('a hostile Host header changes no address the shop hands out', async () => {
    const robots = await new Promise<string>((resolve, reject) => {
      http
        .get(`${baseUrl}/robots.txt`, { headers: { host: 'evil.example' } }, (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve(text));
        })
        .on('error', reject);
    });
    expect(robots).toContain(`Sitemap: http://localhost:${inject('e2e').port}/sitemap.xml`);
    for (const host of ['a b', 'localhost:99999']) {
      const answer = await rawGet('/', { host });
      expect(answer.status, host).toBe(400);
      expect(answer.type, host).toContain('application/problem+json');
    }
  });

  test('cookies the shop sets are Secure in production', async () => {
    const response = await fetchPage('/?lang=en');
    expect(response.headers.get('set-cookie')).toMatch(/^locale=en;.*\bSecure\b/i);
  });

  test('a malformed language cookie is ignored, not a broken shop', async () => {
    const response = await fetchPage('/', { headers: { cookie: 'locale=%E0%A4%A' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<html lang="de"');
  });

  test('every page says that payments are simulated in the sandbox', async () => {
    const [offer] = await allOffers();
    for (const path of ['/', offerPath(offer!), '/checkout']) {
      const { page } = await shop.open(path);
      await expectText(page.getByRole('note').first(), /Testbetrieb: Zahlungen werden nur simuliert/);
    }
  });
});
