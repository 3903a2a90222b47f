/**
 * Clicks before the client starts (issue 13, point 7), with Chromium's CPU slowed 4× through the DevTools
 * protocol as on a slow phone: a first visit, and a click 300 ms after the first paint on the header's
 * search button and on the cart button (phone width, first visit), and on an offer's "add to cart"
 * (desktop width, cookies answered: on a phone the button is below the fold). Not a test: it measures
 * (e2e/tests/early-click.e2e.ts asserts the same journeys).
 *
 *   npm run build && npx tsx e2e/early-click.bench.ts            # starts its own server (demo catalogue)
 *   npx tsx e2e/early-click.bench.ts --url http://localhost:3000 --runs 5 [--slow4g]
 *
 * Per case: the first paint, the click, when the client took over (hydrated; held input replayed) and
 * when the dialog was open, all in ms since navigation start (medians of the runs).
 */

import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { freePort, requireStorefrontBuild, startServer } from '../bench/lib.ts';
import { chromiumArgs, chromiumPath } from './support/config.ts';
import { clickEarly, type EarlyClick, slowPhone } from './support/early-input.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '5' },
    after: { type: 'string', default: '300' },
    /** Lighthouse's slow 4G as well as the CPU slowdown. */
    slow4g: { type: 'boolean', default: false },
  },
});

requireStorefrontBuild();
const server = values.url ? null : await startServer({ database: 'demo', port: await freePort() });
const baseUrl = (values.url ?? server!.url).replace(/\/$/, '').replace('127.0.0.1', 'localhost');
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });

try {
  const search = (await (
    await fetch(`${baseUrl}/api/offer/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sort: 'price-asc', page: 1, pageSize: 1, facets: false }),
    })
  ).json()) as { items: { slug: string; contact: { slug: string } }[] };
  const offer = search.items[0]!;
  const offerPath = `/urlaub/${offer.contact.slug}/${offer.slug}`;
  const cases = [
    {
      name: 'search button (home)',
      path: '/',
      target: '.topbar-actions button[aria-label="Suche"]',
      opened: 'dialog.search-dialog[open]',
    },
    {
      name: 'cart button (home)',
      path: '/',
      target: '.topbar-actions .cart-button',
      opened: 'dialog.drawer[open]',
    },
    {
      name: 'add to cart (offer)',
      path: offerPath,
      target: 'button.add-to-cart',
      opened: 'dialog.drawer[open] .order-line',
      // On a phone the button is below the fold (and the cookie banner): a desktop visitor who answered it.
      isDesktop: true,
    },
  ];
  const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;
  const rows: string[] = [];
  for (const { name, path, target, opened, isDesktop } of cases) {
    const results: EarlyClick[] = [];
    for (let run = 0; run < Number(values.runs); run++) {
      const context = await browser.newContext({
        locale: 'de-DE',
        viewport: isDesktop ? { width: 1280, height: 800 } : { width: 412, height: 823 },
      });
      const page = await context.newPage();
      if (isDesktop) await page.addInitScript(() => localStorage.setItem('cookieConsent', 'false'));
      await slowPhone(page, { isSlow4g: values.slow4g });
      results.push(await clickEarly(page, `${baseUrl}${path}`, target, opened, Number(values.after)));
      await context.close();
    }
    const early = results.filter((result) => !result.wasClientRunning).length;
    const row = `| ${name} | ${Math.round(median(results.map((r) => r.paintMs)))} | ${Math.round(median(results.map((r) => r.clickMs)))} | ${Math.round(median(results.map((r) => r.clientStartMs)))} | ${Math.round(median(results.map((r) => r.openedMs)))} | ${Math.round(median(results.map((r) => r.openedMs - r.clickMs)))} | ${early}/${results.length} | ${results.filter((r) => Number.isFinite(r.openedMs)).length}/${results.length} |`;
    console.log(row);
    rows.push(row);
  }
  console.log(
    '\n| click | first paint | click | client started | open | click → open | before the client | opened |',
  );
  console.log(
    '| ----- | ----------- | ----- | -------------- | ---- | ------------ | ----------------- | ------ |',
  );
  for (const row of rows) console.log(row);
} finally {
  await browser.close();
  await server?.stop();
}
