/**
 * The JavaScript each kind of page loads on a first visit, gzipped (level 9): issue 13's budget of
 * 135 KB on every page except the map; the back office's sign-in and orders list (issue 25) against
 * its own budget of 200 KB (the demo's support member signs in through the API first). Lighthouse (lighthouse.bench.ts) measures five pages slowly;
 * this loads every page type once in Chromium and sums what the page fetched, scripts only, until the
 * network is idle (the service worker's registration, fetched once the page is idle, included).
 *
 *   npm run build && npx tsx bench/first-view-js.bench.ts     # its own server, the demo catalogue
 *   npx tsx bench/first-view-js.bench.ts --url http://localhost:3000
 *
 * Results go to bench/out/first-view-js.json; bench/RESULTS.md records them.
 */
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/support/config.ts';
import { freePort, requireStorefrontBuild, startServer, writeResults } from './lib.ts';

const { values } = parseArgs({ options: { url: { type: 'string' } } });
const budgetKb = 135;
const adminBudgetKb = 200;
/** The demo database's support member (README): the orders list is measured signed in. */
const demoSupport = { email: 'support@example.org', password: 'demo-support-2026' };
/** The demo's front desk (issue 27): the desk's scan page, whose budget is 150 KB, on a phone. */
const demoDesk = { email: 'rezeption@example.org', password: 'demo-hotel-2026' };
const deskBudgetKb = 150;

requireStorefrontBuild();
const server = values.url ? null : await startServer({ database: 'demo', port: await freePort() });
const baseUrl = (values.url ?? server!.url).replace(/\/$/, '');
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  const pages = await pagePaths(baseUrl);
  const rows = [];
  for (const [name, path] of Object.entries(pages)) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' });
    const { files, gzipKb } = await firstViewJs(await context.newPage(), `${baseUrl}${path}`);
    rows.push({
      page: name,
      path,
      files,
      'JS gzip KB': gzipKb,
      budget: name === 'map' ? 'its own figure' : gzipKb <= budgetKb ? 'within' : 'OVER',
    });
    await context.close();
  }
  for (const [name, path] of Object.entries({
    'admin sign-in': '/admin/login',
    'admin orders': '/admin/orders',
    'hotel desk': '/admin/desk',
  })) {
    const isDesk = path === '/admin/desk';
    const context = await browser.newContext({
      viewport: isDesk ? { width: 390, height: 844 } : { width: 1024, height: 768 },
      locale: 'de-DE',
    });
    if (path !== '/admin/login') {
      // The session cookie (Path=/api/admin) lands in the context: the page opens signed in.
      const login = await context.request.post(`${baseUrl}/api/admin/auth/login`, {
        data: isDesk ? demoDesk : demoSupport,
      });
      if (!login.ok()) throw new Error(`admin sign-in for the bench: HTTP ${login.status()}`);
    }
    const page = await context.newPage();
    const { files, gzipKb } = await firstViewJs(page, `${baseUrl}${path}`);
    const landedOn = new URL(page.url()).pathname;
    if (landedOn !== path) throw new Error(`${path} ended on ${landedOn}: the measure would be another page`);
    rows.push({
      page: name,
      path,
      files,
      'JS gzip KB': gzipKb,
      budget:
        gzipKb <= (isDesk ? deskBudgetKb : adminBudgetKb)
          ? `within ${isDesk ? deskBudgetKb : adminBudgetKb}`
          : 'OVER',
    });
    await context.close();
  }
  console.table(rows);
  await writeResults('first-view-js', { measuredAt: new Date().toISOString(), baseUrl, rows });
} finally {
  await browser.close();
  await server?.stop();
}

/** The scripts a page fetched until the network was idle (and 2 s more), gzip -9, in KB. */
async function firstViewJs(page: Page, url: string): Promise<{ files: number; gzipKb: number }> {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (!/\.m?js(\?|$)/.test(new URL(response.url()).pathname)) return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(response.url(), gzipSync(body, { level: 9 }).length);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // The service worker registers once the page is idle: wait for it like Lighthouse does.
  await page.waitForTimeout(2_000);
  const gzipKb = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0) / 1024;
  return { files: scripts.size, gzipKb: Math.round(gzipKb * 10) / 10 };
}

/** One address per page type, found through the public API (an offer, a hotel, an order of a new cart). */
async function pagePaths(url: string): Promise<Record<string, string>> {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'shop' },
      body: JSON.stringify(body),
    });
    return response.json();
  };
  const search = (await post('/api/offer/search', { page: 1, pageSize: 24 })) as {
    items: { slug: string; isSoldOut: boolean; contact: { slug: string } }[];
  };
  const offer = search.items.find((item) => !item.isSoldOut)!;
  const cart = (await post('/api/order', { currency: 'EUR' })) as { id: number; token: string };
  return {
    home: '/',
    search: '/urlaub-finden?q=Gardasee',
    destination: '/reiseziel/it',
    offer: `/urlaub/${offer.contact.slug}/${offer.slug}`,
    hotel: `/urlaub/${offer.contact.slug}`,
    map: '/urlaub/karte',
    content: '/gutscheinvorteile',
    help: '/faq',
    'not found': '/gibt-es-nicht',
    checkout: '/checkout',
    order: `/view/${cart.id}/${cart.token}`,
    account: '/account',
    register: '/account/register',
    'password forgotten': '/password-forgotten',
  };
}
