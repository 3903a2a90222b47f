import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { exampleCustomer, payWithPayPal, readyCart, variantsInStock } from '#src/test/orders.ts';
import { cookieOf, signInStaff } from '#src/test/staff.ts';

/**
 * The back office's files through the whole app (security headers, the storefront's catch-all beside
 * it), on a small build of its own shape: client/index.html, a hashed script with its .gz, and a server
 * renderer (server/entry-server.js) with the real one's interface that renders what the API answered
 * it, so that what the server does with a rendered page is seen here (the real renderer: e2e).
 */
const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;
let buildDir: string;
let missingDir: string;
let shop: TestApp;
let unbuilt: TestApp;
/** A paid order of the demo brand, its customer's e-mail address in its data. */
let orderId: number;

beforeAll(async () => {
  buildDir = await mkdtemp(path.join(os.tmpdir(), 'admin-build-'));
  missingDir = path.join(buildDir, 'not-built');
  const clientDir = path.join(buildDir, 'client');
  await mkdir(path.join(clientDir, 'assets'), { recursive: true });
  await mkdir(path.join(buildDir, 'server'));
  await writeFile(
    path.join(clientDir, 'index.html'),
    // As Vite writes it: the entry, its preloads, the stylesheet.
    '<!doctype html><html lang="de"><head><title>Backoffice</title><script type="module" crossorigin src="/admin/assets/index-AbCd1234.js"></script>\n<link rel="modulepreload" crossorigin href="/admin/assets/framework-AbCd1234.js">\n<link rel="stylesheet" crossorigin href="/admin/assets/index-AbCd1234.css"></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(clientDir, 'assets', 'index-AbCd1234.js'), script);
  await writeFile(path.join(clientDir, 'assets', 'index-AbCd1234.js.gz'), gzipSync(script));
  await writeFile(path.join(buildDir, 'server', 'entry-server.js'), renderer);
  shop = await createTestApp({ env: { ADMIN_BUILD_DIR: buildDir } });
  unbuilt = await createTestApp({ env: { ADMIN_BUILD_DIR: missingDir } });
  const [variantId] = (await variantsInStock(shop.database.db)) as [number];
  const cart = await readyCart(shop.app, variantId, { ...exampleCustomer, email: 'ssr.buyer@example.org' });
  await payWithPayPal(shop.app, cart);
  orderId = cart.orderId;
});
afterAll(async () => {
  await shop?.close();
  await unbuilt?.close();
  await rm(buildDir, { recursive: true, force: true });
});

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers });

/** Renders /admin/orders/<n> from the session's and the order's answers; nothing else. */
const renderer = `
export async function renderPage(url, locale, fetchJson) {
  const match = /^\\/admin\\/orders\\/(\\d+)$/.exec(url);
  if (!match) return null;
  const session = await fetchJson('/api/admin/auth/session');
  if (session.status !== 200) return null;
  const order = await fetchJson('/api/admin/orders/' + match[1]);
  if (order.status !== 200) return null;
  return {
    html: '<main><h1>' + order.body.id + '</h1><p>$& $1 ' + session.body.staff.email + '</p></main>',
    title: 'Order </title> ' + order.body.id,
    state: { locale, queries: { note: '</script><script>alert(1)</script>', customer: order.body.customer.email } },
  };
}`;

describe('the back office at /admin', () => {
  it.each(['/admin', '/admin/', '/admin/login', '/admin/orders/42?x=1', '/admin/security'])(
    '%s answers the app, never kept, with a policy that allows only its own scripts',
    async (url) => {
      const answer = await get(shop, url);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.body).toContain('<div id="root">');
      expect(answer.headers['cache-control']).toBe('no-store');
      const policy = String(answer.headers['content-security-policy']);
      // WebAssembly may compile (the desk's QR decoder); JavaScript eval stays refused.
      expect(policy).toMatch(/(^|; )script-src 'self' 'wasm-unsafe-eval' 'sha256-[\w+/]+=*'(;|$)/);
      expect(policy).toMatch(/(^|; )style-src 'self'(;|$)/);
      expect(policy).toMatch(/(^|; )img-src 'self' data:(;|$)/);
      expect(policy).toMatch(/(^|; )connect-src 'self'(;|$)/);
      expect(policy).not.toMatch(/nonce|unsafe-inline|'unsafe-eval'/);
      expect(answer.headers['x-frame-options']).toBe('DENY');
    },
  );

  it('serves hashed files for a year, precompressed when the browser takes it', async () => {
    const answer = await get(shop, '/admin/assets/index-AbCd1234.js', { 'accept-encoding': 'gzip' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.rawPayload.equals(gzipSync(script))).toBe(true);
  });

  it('answers 404 for a build file that is not there, and never a file outside the build', async () => {
    expect((await get(shop, '/admin/assets/index-Gone0000.js')).statusCode).toBe(404);
    const outside = await get(shop, '/admin/assets/..%2F..%2Fpackage.json');
    expect(outside.statusCode).toBe(404);
    expect(outside.body).not.toContain('"workspaces"');
  });

  it('renders an order page with its data for a member who may see it, and the app alone for anyone else', async () => {
    expect(orderId).toBeGreaterThan(0);
    const member = await signInStaff(shop.app, 'operator@example.org', { locale: 'en' });
    const page = await get(shop, `/admin/orders/${orderId}`, {
      cookie: member.cookie,
      'accept-language': 'it',
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain(
      `<div id="root"><main><h1>${orderId}</h1><p>$& $1 operator@example.org</p></main></div>`,
    );
    // The page's language is the browser's (or the one chosen in the back office), its title escaped.
    expect(page.body).toContain('<html lang="it">');
    expect(page.body).toContain(`<title>Order &lt;/title&gt; ${orderId}</title>`);
    // The state is JSON that no text in it can end early.
    const state = /<script type="application\/json" id="admin-state">(.*?)<\/script>/.exec(page.body)?.[1];
    expect(JSON.parse(String(state))).toMatchObject({
      locale: 'it',
      queries: { note: '</script><script>alert(1)</script>', customer: 'ssr.buyer@example.org' },
    });
    // The app starts after the first paint: no script or preload in <head>; the one inline script that
    // starts it is the one the policy allows by its hash, and it names the build's entry and preloads.
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    expect(head).not.toMatch(/<script|modulepreload/);
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/admin/assets/index-AbCd1234.css">');
    const start = /<script data-entry="([^"]+)" data-preloads="([^"]+)">(.*?)<\/script>/.exec(page.body);
    expect(start?.[1]).toBe('/admin/assets/index-AbCd1234.js');
    expect(JSON.parse(String(start?.[2]).replaceAll('&quot;', '"'))).toEqual([
      '/admin/assets/framework-AbCd1234.js',
    ]);
    const hash = createHash('sha256').update(String(start?.[3])).digest('base64');
    expect(String(page.headers['content-security-policy'])).toContain(
      `script-src 'self' 'wasm-unsafe-eval' 'sha256-${hash}'`,
    );
    const chosen = await get(shop, `/admin/orders/${orderId}`, {
      cookie: `${member.cookie}; admin-locale=en`,
    });
    expect(chosen.body).toContain('<html lang="en">');

    // Nobody signed in, a customer's cookie, an order that is not there, another path: the app alone.
    for (const [url, cookie] of [
      [`/admin/orders/${orderId}`, ''],
      [`/admin/orders/${orderId}`, 'shop_staff=00000000-0000-4000-8000-000000000000.x'],
      ['/admin/orders/999999999', member.cookie],
      ['/admin/orders', member.cookie],
    ] as const) {
      const shell = await get(shop, url, cookie ? { cookie } : {});
      expect(shell.statusCode).toBe(200);
      expect(shell.body).toContain('<div id="root"></div>');
      expect(shell.body).not.toContain('admin-state');
    }
  });

  it('passes a renewed session secret on to the browser, for the API and the pages alike', async () => {
    const member = await signInStaff(shop.app, 'support@example.org');
    const sessionId = member.cookie.split('=')[1]?.split('.')[0];
    await shop.database.db.execute(
      sql`UPDATE staff_sessions SET rotated_at = now() - interval '6 minutes' WHERE id = ${sessionId}`,
    );
    const page = await get(shop, `/admin/orders/${orderId}`, { cookie: member.cookie });
    expect(page.body).toContain('admin-state');
    const cookies = [page.headers['set-cookie']].flat().map(String);
    expect(cookies.map((header) => /; Path=([^;]+)/.exec(header)?.[1])).toEqual([
      '/api/admin',
      '/api/hotel-portal',
      '/admin',
    ]);
    const renewed = cookieOf(cookies);
    expect(renewed).not.toBe(member.cookie);
    // The renewed secret opens the API; after the grace time the old one would end the session.
    expect((await get(shop, '/api/admin/auth/session', { cookie: renewed })).statusCode).toBe(200);
  });

  it('leaves the shop its pages: /administration is not the back office', async () => {
    const answer = await get(shop, '/administration');
    expect(answer.body).not.toContain('<div id="root">');
  });

  it('without a build answers a clear 503 page instead of failing', async () => {
    const answer = await get(unbuilt, '/admin/orders');
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toContain('npm run build');
  });
});
