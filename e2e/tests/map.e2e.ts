import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { formatViolations, isBlocking, runAxe, saveAxeReport } from '../support/axe.ts';
import { offerPath, offerWithFewPiecesLeft } from '../support/catalogue.ts';
import { outDir } from '../support/config.ts';
import { startServer } from '../support/global-setup.ts';
import { screenshot } from '../support/out.ts';
import { expectText, heading, navigated, textOf } from '../support/page-helpers.ts';
import { hydrated, journey, type Shop } from '../support/shop.ts';

const mapPath = '/urlaub/karte';

/** The map page with Leaflet started (its chunk loaded, pins drawn). */
async function openMap(shop: Shop, options: Parameters<Shop['open']>[1] = {}) {
  const { page } = await shop.open(mapPath, options);
  const region = page.getByRole('region', { name: 'Karte der Hotels' });
  await region.locator('.map-box[data-map-ready]').waitFor();
  await region.locator('.map-pin, .map-cluster').first().waitFor();
  return { page, region };
}

/** How many hotels the pins and clusters in the page stand for. */
async function hotelsOnPins(region: Locator): Promise<number> {
  const pins = await region.locator('a.map-pin').count();
  const clusters = await region.locator('button.map-cluster').allTextContents();
  return pins + clusters.reduce((sum, text) => sum + Number(text), 0);
}

/** Pins and clusters drawn: more as the map zooms in and hotels stand apart. */
const pinCount = (region: Locator) => region.locator('.map-pin, .map-cluster').count();

/** Screen position of a pin, to see the map move under it. */
async function positionOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x, y: box.y };
}

/** A pin wholly inside the map's box (one at the edge is partly cut off). */
async function pinInside(region: Locator, selector: string): Promise<Locator | null> {
  const frame = await region.locator('.map-box').boundingBox();
  if (!frame) throw new Error('no map');
  const pins = region.locator(selector);
  for (let index = 0; index < (await pins.count()); index++) {
    const box = await pins.nth(index).boundingBox();
    if (
      box &&
      box.x > frame.x &&
      box.y > frame.y &&
      box.x + box.width < frame.x + frame.width &&
      box.y + box.height < frame.y + frame.height
    ) {
      return pins.nth(index);
    }
  }
  return null;
}

/** Whether the outline canvas has drawn land (a pixel that is neither transparent nor the sea). */
async function outlinesDrawn(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('.leaflet-outlines-pane canvas');
    const context = canvas?.getContext('2d');
    if (!canvas || !context || canvas.width === 0) return false;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    for (let index = 3; index < data.length; index += 4 * 97) if ((data[index] ?? 0) > 0) return true;
    return false;
  });
}

journey('map: all hotels on an interactive map and as a list', (shop) => {
  test('the destinations menu leads to the map; its pins and the list name the same hotels', async () => {
    const { page } = await shop.open('/');
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await nav.getByText('Reiseziele', { exact: true }).click();
    await nav.getByRole('link', { name: 'Alle Hotels auf der Karte' }).click();
    await navigated(page, (url) => url.pathname === mapPath);

    await expectText(heading(page), 'Hotels auf der Karte');
    const intro = await textOf(page.locator('main p').first());
    const hotelCount = Number(/^(\d+) Hotels/.exec(intro)?.[1]);
    expect(hotelCount).toBeGreaterThan(10);

    // The list: every hotel once, grouped by country, with its cheapest offer's price.
    const list = page.getByRole('region', { name: 'Alle Hotels nach Ländern' });
    const listed = list.locator('.hotel-list > li > a:first-child');
    expect(await listed.count()).toBe(hotelCount);
    expect(await list.getByRole('heading', { level: 3 }).count()).toBeGreaterThan(3);
    // Each hotel with an offer on sale has a price link to it (a hotel whose offers are all sold out not).
    const priceLinks = await list
      .getByRole('link', { name: /^ab €\s[\d.]+,(-|\d\d)\s?, günstigstes Angebot: / })
      .count();
    expect(priceLinks).toBeGreaterThan(hotelCount * 0.9);
    expect(priceLinks).toBeLessThanOrEqual(hotelCount);

    // The map: every hotel on a price pin or in a cluster.
    const region = page.getByRole('region', { name: 'Karte der Hotels' });
    await region.locator('.map-box[data-map-ready]').waitFor();
    await region.locator('.map-pin, .map-cluster').first().waitFor();
    expect(await hotelsOnPins(region)).toBe(hotelCount);

    // A hotel from the list opens its page.
    const first = listed.first();
    const name = await textOf(first);
    await first.click();
    await navigated(page, (url) => url.pathname.startsWith('/urlaub/') && url.pathname !== mapPath);
    await expectText(heading(page), name);
  });

  test('zoom buttons and dragging move the map; a cluster opens into its hotels; a price pin leads to its offer', async () => {
    const { page, region } = await openMap(shop, { cookieConsent: 'necessary' });
    await screenshot(page, 'map-desktop', 2);

    // Dragging moves the map under the pins.
    const pin = region.locator('.map-pin, .map-cluster').first();
    const before = await positionOf(pin);
    const box = await region.locator('.map-box').boundingBox();
    if (!box) throw new Error('no map');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 80, box.y + box.height / 2 - 40, { steps: 8 });
    await page.mouse.up();
    await expect.poll(async () => before.x - (await positionOf(pin)).x).toBeGreaterThan(60);
    expect(page.url()).toMatch(/\/urlaub\/karte$/);

    // Zoom in: the map spreads, more pins stand apart; zoom out again.
    const pinsAtStart = await pinCount(region);
    await region.getByRole('button', { name: 'Vergrößern' }).click();
    await region.getByRole('button', { name: 'Vergrößern' }).click();
    await expect.poll(() => pinCount(region)).toBeGreaterThan(pinsAtStart);
    await region.getByRole('button', { name: 'Verkleinern' }).click();
    await region.getByRole('button', { name: 'Verkleinern' }).click();
    await expect.poll(() => pinCount(region)).toBe(pinsAtStart);

    // A cluster opens: zoomed in, its hotels stand on pins (or smaller clusters) of their own.
    const clusters = region.locator('button.map-cluster');
    expect(await clusters.count()).toBeGreaterThan(0);
    const biggest = (await clusters.allTextContents()).map(Number).sort((a, b) => b - a)[0] ?? 0;
    const cluster = clusters.filter({ hasText: new RegExp(`^${biggest}$`) }).first();
    const label = (await cluster.getAttribute('aria-label')) ?? '';
    expect(label).toMatch(new RegExp(`^${biggest} Hotels bei .+: näher heranzoomen$`));
    const pinsBefore = await pinCount(region);
    await cluster.click();
    await expect.poll(() => region.getByRole('button', { name: label }).count()).toBe(0);
    expect(await pinCount(region)).toBeGreaterThan(1);
    expect(await pinCount(region)).not.toBe(pinsBefore);

    // A price pin leads to that offer, at that price (clusters opened until one stands alone in view).
    let pricePin = await pinInside(region, 'a.map-pin');
    for (let step = 0; step < 6 && !pricePin; step++) {
      const next = await pinInside(region, 'button.map-cluster');
      const nextLabel = (await next?.getAttribute('aria-label')) ?? '';
      await next?.click();
      await expect.poll(() => region.getByRole('button', { name: nextLabel }).count()).toBe(0);
      pricePin = await pinInside(region, 'a.map-pin');
    }
    if (!pricePin) throw new Error('no price pin inside the map');
    const price = /^ab (€ [\d.]+,(-|\d\d))/.exec(await textOf(pricePin))?.[1];
    expect(price).toBeTruthy();
    await pricePin.click();
    await navigated(page, (url) => /^\/urlaub\/[^/]+\/[^/]+$/.test(url.pathname));
    await heading(page).waitFor();
    expect(await textOf(page.locator('.offer-detail'))).toContain(`ab ${price}`);
  });

  test('by keyboard only: past the map to the list, or into it: zoom, open a cluster, follow a pin', async () => {
    const { page, region } = await openMap(shop, { cookieConsent: 'necessary' });
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        return element?.getAttribute('aria-label') || element?.textContent?.trim() || element?.id || '';
      });
    // From the heading on, Tab reaches the skip link first.
    await heading(page).evaluate((element) => {
      element.setAttribute('tabindex', '-1');
      element.focus();
    });
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Karte überspringen, zur Liste');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('hotel-list');

    // Into the map: the map itself (arrow keys pan it), then its zoom buttons, then the pins.
    await heading(page).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Karte: mit den Pfeiltasten verschieben, mit Plus und Minus zoomen');
    const pin = region.locator('.map-pin, .map-cluster').first();
    const before = await positionOf(pin);
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => before.x - (await positionOf(pin)).x).toBeGreaterThan(50);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Vergrößern');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Verkleinern');

    // Tab on to a cluster and open it with Enter: it zooms in (the focus lands on a pin of its hotels) or,
    // where its hotels share one spot even at the deepest zoom, lists them under the map (focus there).
    let name = '';
    for (let step = 0; step < 60 && !/näher heranzoomen$/.test(name); step++) {
      await page.keyboard.press('Tab');
      name = await focused();
    }
    const count = Number(/^(\d+) Hotels bei .+: näher heranzoomen$/.exec(name)?.[1]);
    expect(count).toBeGreaterThan(1);
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.matches('.map-pin, .map-cluster, #map-spot-heading')),
      )
      .toBe(true);
    expect(await focused()).not.toBe(name);
    if (await page.evaluate(() => document.activeElement?.id === 'map-spot-heading')) {
      const spot = page.getByRole('region', { name: 'Hotels an dieser Stelle' });
      expect(await spot.getByRole('link').count()).toBe(count);
      await page.keyboard.press('Tab');
    }

    // Tab to a price pin (or a price in the spot's list) and follow it with Enter.
    name = await focused();
    for (let step = 0; step < 60 && !/^ab €/.test(name); step++) {
      await page.keyboard.press('Tab');
      name = await focused();
    }
    expect(name).toMatch(/^ab €\s/);
    await page.keyboard.press('Enter');
    await navigated(page, (url) => /^\/urlaub\/[^/]+\/[^/]+$/.test(url.pathname));
  });

  test('hotels in one spot that no zoom separates: their cluster lists them under the map, each with its price link', async () => {
    const { page, region } = await openMap(shop, { cookieConsent: 'necessary' });
    const spot = page.getByRole('region', { name: 'Hotels an dieser Stelle' });
    let count = 0;
    for (let step = 0; step < 12 && (await spot.count()) === 0; step++) {
      const cluster = await pinInside(region, 'button.map-cluster');
      if (!cluster) break;
      count = Number(await textOf(cluster));
      const label = (await cluster.getAttribute('aria-label')) ?? '';
      await cluster.click();
      // Either it zoomed in (the cluster is gone) or it listed its hotels.
      await expect
        .poll(
          async () =>
            (await spot.count()) === 1 || (await region.getByRole('button', { name: label }).count()) === 0,
        )
        .toBe(true);
    }
    await spot.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('map-spot-heading');
    await spot.screenshot({ path: path.join(outDir, 'screenshots', 'map-spot.png') });
    const links = spot.getByRole('link');
    expect(await links.count()).toBe(count);
    // Each link names its hotel too (the visible name beside it is not part of the link).
    expect(await textOf(links.first())).toMatch(/^ab €\s[\d.]+,(-|\d\d)\s?, .+, .+$/);
    await spot.getByRole('button', { name: 'Liste schließen' }).click();
    expect(await spot.count()).toBe(0);
  });

  test('a 390 px phone: the map fits the screen, its buttons are finger-sized, pins open by tapping', async () => {
    const { page, region } = await openMap(shop, {
      viewport: { width: 390, height: 844 },
      cookieConsent: 'necessary',
    });
    await screenshot(page, 'map-phone-390', 2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = await region.locator('.map-box').boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(390);
    expect(box?.height).toBeGreaterThanOrEqual(320);
    const zoomIn = await region.getByRole('button', { name: 'Vergrößern' }).boundingBox();
    expect(zoomIn?.width).toBeGreaterThanOrEqual(44);
    expect(zoomIn?.height).toBeGreaterThanOrEqual(44);
    const clusters = region.locator('button.map-cluster');
    const biggest = (await clusters.allTextContents()).map(Number).sort((a, b) => b - a)[0] ?? 0;
    const cluster = clusters.filter({ hasText: new RegExp(`^${biggest}$`) }).first();
    const clusterBox = await cluster.boundingBox();
    expect(clusterBox?.height).toBeGreaterThanOrEqual(44);
    const label = (await cluster.getAttribute('aria-label')) ?? '';
    await cluster.click();
    await expect.poll(() => region.getByRole('button', { name: label }).count()).toBe(0);

    const violations = await runAxe(page);
    await saveAxeReport('map-ready-mobile', violations);
    expect(violations.filter(isBlocking), formatViolations(violations.filter(isBlocking))).toEqual([]);
  });

  test('without tile server the map is drawn from country outlines; nothing is asked of a third party', async () => {
    const page = await shop.newPage();
    const foreign: string[] = [];
    page.on('request', (request) => {
      const { hostname } = new URL(request.url());
      if (hostname !== 'localhost' && !hostname.endsWith('.localhost')) foreign.push(request.url());
    });
    await shop.goto(page, mapPath);
    const region = page.getByRole('region', { name: 'Karte der Hotels' });
    await region.locator('.map-box[data-map-ready]').waitFor();
    // The tiles come through our own origin, which cannot reach the tile server here.
    await expectText(region.getByRole('status'), /^Die Kartenbilder sind gerade nicht erreichbar\./, 30_000);
    await expect.poll(() => outlinesDrawn(page)).toBe(true);
    await expectText(region.locator('.map-credit'), 'Ländergrenzen: Natural Earth');
    await screenshot(page, 'map-outlines', 1);
    expect(await hotelsOnPins(region)).toBeGreaterThan(10);
    expect(foreign).toEqual([]);

    const violations = await runAxe(page);
    await saveAxeReport('map-ready-desktop', violations);
    expect(violations.filter(isBlocking), formatViolations(violations.filter(isBlocking))).toEqual([]);
  });

  test("the offer page shows its hotel's place on a small map, loaded once scrolled to", async () => {
    const offer = await offerWithFewPiecesLeft();
    const { page } = await shop.open(offerPath(offer), { cookieConsent: 'necessary' });
    const location = page.locator('.offer-location');
    expect(await location.locator('.leaflet-container').count()).toBe(0);
    await location.scrollIntoViewIfNeeded();
    const region = page.getByRole('region', { name: /^Lage von .+ auf der Karte$/ });
    await region.locator('.map-box[data-map-ready]').waitFor();
    const pin = region.locator('a.map-pin');
    await pin.first().waitFor();
    expect(await pin.count()).toBe(1);
    expect(await pin.getAttribute('href')).toBe(`/urlaub/${offer.contact.slug}`);
    await expect.poll(() => outlinesDrawn(page)).toBe(true);
    await region.screenshot({ path: path.join(outDir, 'screenshots', 'offer-location-map.png') });

    const violations = await runAxe(page);
    await saveAxeReport('offer-location-map', violations);
    expect(violations.filter(isBlocking), formatViolations(violations.filter(isBlocking))).toEqual([]);
  });
});

journey(
  'map: tiles asked of a third-party tile server (MAP_TILES_PROXY=false) only after consent',
  (shop) => {
    const tileHost = 'tiles.example.test';
    let server: Awaited<ReturnType<typeof startServer>> | undefined;
    beforeAll(async () => {
      server = await startServer({
        env: { MAP_TILES_PROXY: 'false', MAP_TILES_URL: `https://${tileHost}/{z}/{x}/{y}.png` },
        logName: 'map-direct-tiles-server.log',
      });
    }, 180_000);
    afterAll(async () => {
      await server?.stop();
    });

    test('before "allow cookies" the outlines are the map and the tile server is never asked; after it, tiles load', async () => {
      const page = await shop.newPage();
      const asked: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).hostname === tileHost) asked.push(request.url());
      });
      const response = await page.goto(`http://localhost:${server?.port}${mapPath}`, {
        waitUntil: 'domcontentloaded',
      });
      // The policy allows the tile server for pictures only (and the journey fails on any violation).
      const policy = response?.headers()['content-security-policy'] ?? '';
      expect(policy).toMatch(new RegExp(`img-src [^;]*https://${tileHost.replaceAll('.', '\\.')}`));
      expect(policy).not.toMatch(new RegExp(`(script|connect)-src [^;]*${tileHost.replaceAll('.', '\\.')}`));
      await hydrated(page);
      const region = page.getByRole('region', { name: 'Karte der Hotels' });
      await region.locator('.map-box[data-map-ready]').waitFor();
      await expect.poll(() => outlinesDrawn(page)).toBe(true);
      await expectText(
        region.locator('.map-note'),
        `Die Kartenbilder kommen von ${tileHost} und laden erst, wenn Sie Cookies erlauben. Bis dahin zeigt die Karte die Ländergrenzen. Cookie-Einstellungen`,
      );
      await page.waitForTimeout(1_000);
      expect(asked).toEqual([]);

      // "Only necessary cookies": still nothing.
      const banner = page.getByRole('region', { name: 'Cookies', exact: true });
      await banner.getByRole('button', { name: 'Nur notwendige Cookies' }).click();
      await page.waitForTimeout(500);
      expect(asked).toEqual([]);

      // The map's own link reopens the question; "allow cookies" starts the tiles at once.
      await region.getByRole('button', { name: 'Cookie-Einstellungen' }).click();
      await banner.getByRole('button', { name: 'Cookies erlauben' }).click();
      await expect.poll(() => asked.length).toBeGreaterThan(0);
      expect(asked.every((url) => /^https:\/\/tiles\.example\.test\/\d+\/\d+\/\d+\.png$/.test(url))).toBe(
        true,
      );
      expect(await region.locator('.map-note', { hasText: 'laden erst' }).count()).toBe(0);
    });

    test('a brand that asks no cookie question never loads third-party tiles, and its policy does not allow them', async () => {
      const page = await shop.newPage();
      const asked: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).hostname === tileHost) asked.push(request.url());
      });
      const response = await page.goto(`http://dealjaeger.localhost:${server?.port}${mapPath}`, {
        waitUntil: 'domcontentloaded',
      });
      expect(response?.headers()['content-security-policy']).not.toContain(tileHost);
      await hydrated(page);
      await page.locator('.map-box[data-map-ready]').waitFor();
      await expect.poll(() => outlinesDrawn(page)).toBe(true);
      await page.waitForTimeout(1_000);
      expect(asked).toEqual([]);
      expect(await page.locator('.map-note').count()).toBe(0);
    });
  },
);
