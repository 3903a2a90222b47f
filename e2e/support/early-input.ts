import type { Page } from 'playwright-core';

/**
 * Clicks before the client starts (docs/decisions/009: the page paints before its scripts run).
 * Shared by the early-click journey and e2e/early-click.bench.ts.
 */

/**
 * A slow phone through the DevTools protocol: Chromium's CPU slowed 4×, and with `isSlow4g` the
 * connection of Lighthouse's mobile preset (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), under
 * which the page's scripts are still on their way when the visitor first taps.
 */
export async function slowPhone(page: Page, { isSlow4g = false } = {}): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  if (!isSlow4g) return;
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

/**
 * A tap at (x, y) as the browser receives it: press and release sent at once. (Playwright's mouse
 * waits for the page to acknowledge each step, and a page busy starting its client acknowledges late,
 * which would move the tap itself later.)
 */
async function tap(page: Page, x: number, y: number): Promise<void> {
  const session = await page.context().newCDPSession(page);
  const event = { x, y, button: 'left' as const, clickCount: 1 };
  await Promise.all([
    session.send('Input.dispatchMouseEvent', { type: 'mousePressed', ...event }),
    session.send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...event }),
  ]);
}

export type EarlyClick = {
  /** First contentful paint, ms since navigation start. */
  paintMs: number;
  /** When the click reached the page. */
  clickMs: number;
  /** Whether the client had started (hydrated and replayed held input) when the visitor clicked. */
  wasClientRunning: boolean;
  /** When what the click opens was open; NaN when it did not open within 10 s. */
  openedMs: number;
  /** When the client had started (the `shop:client-start` mark). */
  clientStartMs: number;
};

/**
 * Loads `path` (with the CPU already slowed), waits for the first paint and then `afterPaintMs`, taps
 * the middle of `targetSelector` and waits until `openSelector` (what the click opens) is in the page. Times are the page's own clock.
 */
export async function clickEarly(
  page: Page,
  path: string,
  targetSelector: string,
  openSelector: string,
  afterPaintMs = 300,
): Promise<EarlyClick> {
  await page.addInitScript(() => {
    const clicks: { at: number; beforeClient: boolean }[] = [];
    (window as unknown as { earlyClicks: typeof clicks }).earlyClicks = clicks;
    // Registered before the page's own scripts: sees every click first.
    document.addEventListener(
      'click',
      (event) => {
        if (!event.isTrusted) return;
        const beforeClient = performance.getEntriesByName('shop:client-start').length === 0;
        // timeStamp: when the finger touched (a busy page handles the event later).
        clicks.push({ at: event.timeStamp, beforeClient });
      },
      true,
    );
  });
  await page.goto(path, { waitUntil: 'commit' });
  // The paint, the page's clock and the target's place in one look: each look at a busy page costs time.
  const seen = await (
    await page.waitForFunction(
      (selector) => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        const box = document.querySelector(selector)?.getBoundingClientRect();
        return paint && box
          ? {
              paintMs: paint.startTime,
              now: performance.now(),
              x: box.x + box.width / 2,
              y: box.y + box.height / 2,
            }
          : false;
      },
      targetSelector,
      { polling: 10 },
    )
  ).jsonValue();
  if (!seen) throw new Error('no first paint');
  // Waited out here, not in the page: a page busy starting its client would run its own timer late.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, seen.paintMs + afterPaintMs - seen.now)));
  await tap(page, seen.x, seen.y);
  // NaN: not open 10 s after the tap (the click was lost).
  const openedMs = await page
    .waitForFunction(
      (selector) => document.querySelector(selector) !== null && performance.now(),
      openSelector,
      {
        polling: 'raf',
        timeout: 10_000,
      },
    )
    .then((handle) => handle.jsonValue().then(Number))
    .catch(() => Number.NaN);
  const { click, clientStartMs } = await page.evaluate(() => ({
    click: (window as unknown as { earlyClicks: { at: number; beforeClient: boolean }[] }).earlyClicks[0],
    clientStartMs: performance.getEntriesByName('shop:client-start')[0]?.startTime ?? Number.NaN,
  }));
  if (!click) throw new Error('the click did not reach the page');
  return {
    paintMs: seen.paintMs,
    clickMs: click.at,
    wasClientRunning: !click.beforeClient,
    openedMs,
    clientStartMs,
  };
}
