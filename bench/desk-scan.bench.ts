/**
 * The hotel desk's scan (issue 27's target: from the camera seeing the code to the answer on screen
 * ≤ 1 s on a mid-range phone profile): Chromium's fake camera shows a printed voucher's PDF page
 * (e2e/support/fake-camera.ts), the CPU is slowed 4× (Lighthouse's mid-range mobile factor) and the
 * network throttled to Lighthouse's slow 4G. Measured per scan: from the video's first frame (the
 * camera sees the code from then on) to the answer's heading on screen; and from pressing "scan" to
 * the answer (camera start and the decoder's download included).
 *
 *   npm run build && npx tsx bench/desk-scan.bench.ts --scans 5
 *
 * Its own server on the demo catalogue (embedded database). Results go to bench/out/desk-scan.json.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/support/config.ts';
import { writeCameraVideoOfPdf } from '../e2e/support/fake-camera.ts';
import { approveWithPayPal, capturePayPal, readyCart, shopClient, stopServer } from './fulfilment-lib.ts';
import { freePort, medianOf, startServer, writeResults } from './lib.ts';

const { values } = parseArgs({ options: { scans: { type: 'string', default: '5' } } });
const scans = Number(values.scans);
const server = await startServer({ database: 'demo', port: await freePort() });
const shop = shopClient(server.url);
const browser = { current: null as Awaited<ReturnType<typeof chromium.launch>> | null };
try {
  // A voucher of the demo front desk's hotel, paid, named and printed.
  const home = async () => {
    const login = await shop.request('POST', '/api/admin/auth/login', {
      email: 'rezeption@example.org',
      password: 'demo-hotel-2026',
    });
    const cookie = String([login.headers['set-cookie']].flat()[0]).split(';')[0] ?? '';
    return shop.json<{ hotels: { name: string }[] }>('GET', '/api/hotel-portal/home', undefined, { cookie });
  };
  const hotelName = (await home()).hotels[0]!.name;
  const search = await shop.json<{ items: { id: number; contact: { name: string } }[] }>(
    'POST',
    '/api/offer/search',
    { sort: 'newest', page: 1, pageSize: 48, query: hotelName, facets: false },
  );
  const offerId = search.items.find((item) => item.contact.name === hotelName)!.id;
  const offer = await shop.json<{ variants: { id: number }[] }>('GET', `/api/offer?id=${offerId}`);
  const cart = await readyCart(shop, offer.variants[0]!.id);
  await capturePayPal(shop, cart, await approveWithPayPal(shop, cart));
  const order = await shop.json<{ vouchers: { id: number }[] }>(
    'GET',
    `/api/order/${cart.orderId}/${cart.key}`,
  );
  const voucherId = order.vouchers[0]!.id;
  await shop.json('PUT', `/api/voucher/${cart.orderId}/${cart.key}/${voucherId}`, {
    customer: { firstName: 'Greta', lastName: 'Gast' },
  });
  await shop.json('POST', `/api/voucher/print/${cart.orderId}/${cart.key}/${voucherId}`, {});
  const pdf = await shop.request('GET', `/api/voucher/download/${cart.orderId}/${cart.key}/${voucherId}.pdf`);
  const video = path.join(await mkdtemp(path.join(os.tmpdir(), 'desk-scan-')), 'voucher.y4m');
  await writeCameraVideoOfPdf(pdf.body, video);

  browser.current = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      ...chromiumArgs,
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  const context = await browser.current.newContext({
    baseURL: server.url,
    viewport: { width: 390, height: 844 },
    locale: 'de-DE',
    permissions: ['camera'],
  });
  const page = await context.newPage();
  await page.goto('/admin/login');
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill('rezeption@example.org');
  await page.getByLabel('Passwort', { exact: true }).fill('demo-hotel-2026');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL((url) => url.pathname === '/admin/desk');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  // The first frame the page's video shows, and when the answer's heading appears.
  // (A script as text: the bench compiles without the DOM's types.)
  await page.addInitScript({
    content: `
      const marks = (window.deskMarks = {});
      document.addEventListener('playing', () => { marks.playing ??= performance.now(); }, true);
      new MutationObserver(() => {
        if (document.querySelector('.desk-answer')) marks.answer ??= performance.now();
      }).observe(document, { childList: true, subtree: true });`,
  });
  const results: { seeToAnswerMs: number; pressToAnswerMs: number }[] = [];
  for (let scan = 1; scan <= scans; scan++) {
    // Each scan on a freshly loaded desk: the decoder is compiled every time; its .wasm is downloaded
    // for the first scan only (then the browser's cache has it, as a desk's phone would).
    await page.goto('/admin/desk');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const pressed = (await page.evaluate('performance.now()')) as number;
    await page.getByRole('button', { name: 'Mit der Kamera scannen' }).click();
    await page.locator('.desk-answer').waitFor({ timeout: 60_000 });
    const marks = (await page.evaluate('window.deskMarks')) as Record<string, number>;
    results.push({
      seeToAnswerMs: Math.round((marks.answer ?? 0) - (marks.playing ?? 0)),
      pressToAnswerMs: Math.round((marks.answer ?? 0) - pressed),
    });
    console.log(JSON.stringify(results.at(-1)));
  }
  const summary = {
    scans: results,
    medianSeeToAnswerMs: medianOf(results.map((result) => result.seeToAnswerMs)),
    medianPressToAnswerMs: medianOf(results.map((result) => result.pressToAnswerMs)),
  };
  await writeResults('desk-scan', summary);
  console.table([summary].map(({ scans: _, ...rest }) => rest));
} finally {
  await browser.current?.close();
  shop.close();
  await stopServer(server);
}
