import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, expect, test } from 'vitest';
import { brandConfigs } from '../support/catalogue.ts';
import { outDir, repoRoot, storefrontBuild } from '../support/config.ts';
import { hydrated, journey } from '../support/shop.ts';

/**
 * The installable shop (issue 12, SPEC §4): the service worker takes over the page, answers a
 * navigation without network with the shop's offline page, and offers a new deploy with a toast whose
 * button activates the new worker and reloads the page into the new build.
 */
const demo = brandConfigs().find((brand) => brand.short === 'demo')!;

/** Resolves once a service worker controls the page (it registers after the page is idle). */
async function controlled(page: Page): Promise<string> {
  const handle = await page.waitForFunction(
    () => navigator.serviceWorker.controller?.scriptURL ?? false,
    null,
    {
      timeout: 20_000,
    },
  );
  return (await handle.jsonValue()) as string;
}

journey('service worker', (shop) => {
  test('is registered after the page is interactive and controls it; the page links the brand manifest', async () => {
    const { page } = await shop.open('/');
    const scriptUrl = await controlled(page);
    expect(new URL(scriptUrl).pathname).toBe('/sw.js');
    // Registered after the load event (decision 009), never as one of the first paint's requests.
    const timing = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const worker = performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/sw.js'));
      return { loadEnd: navigation?.loadEventEnd ?? 0, workerStart: worker?.startTime ?? null };
    });
    if (timing.workerStart !== null) expect(timing.workerStart).toBeGreaterThanOrEqual(timing.loadEnd);

    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.webmanifest?lang=de');
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(demo.colors.primary);
    const manifest = (await (await page.request.get(manifestHref!)).json()) as {
      name: string;
      display: string;
    };
    expect(manifest).toMatchObject({ name: demo.storeName, display: 'standalone' });
  });

  test('answers a navigation without network with the offline page, and the real page once online', async () => {
    const { page } = await shop.open('/');
    await controlled(page);
    // The worker caches the offline pages while it installs: wait until it is active.
    await page.evaluate(() => navigator.serviceWorker.ready);
    const context = page.context();

    await context.setOffline(true);
    await page.goto('/urlaub-finden', { waitUntil: 'domcontentloaded' });
    await expect.poll(() => page.locator('h1').textContent()).toBe('Sie sind offline');
    expect(await page.locator('header').textContent()).toBe(demo.storeName);
    expect(await page.getByRole('link', { name: 'Erneut versuchen' }).count()).toBe(1);
    // The address's language wins over the browser's.
    await page.goto('/?lang=en', { waitUntil: 'domcontentloaded' });
    await expect.poll(() => page.locator('h1').textContent()).toBe('You are offline');

    // Back online the same address is rendered by the server again: no page is ever served from a cache.
    await context.setOffline(false);
    await page.goto('/urlaub-finden', { waitUntil: 'domcontentloaded' });
    await hydrated(page);
    expect(await page.locator('h1').textContent()).not.toBe('Sie sind offline');
    expect(await page.locator('#main').count()).toBe(1);
  });

  test('a new deploy shows the update toast; its button activates the new worker and reloads into the new build', {
    timeout: 240_000,
  }, async () => {
    // Inside the repository: the server build imports React and React Router from node_modules.
    await mkdir(path.join(outDir, 'service-worker'), { recursive: true });
    const work = await mkdtemp(path.join(outDir, 'service-worker', 'deploy-'));
    cleanups.push(() => rm(work, { recursive: true, force: true }));
    const served = path.join(work, 'build');
    const next = path.join(work, 'build-next');
    // Deploy 1: a copy of the shared build (never changed here). Deploy 2: the same sources built
    // with another SHOP_BUILD_ID, into a folder of its own.
    await cp(storefrontBuild, served, { recursive: true });
    buildStorefront(next, 'e2e-second');

    const port = await freePort();
    const dataDir = path.join(work, 'data');
    let server = await startServer({ port, dataDir, buildDir: served });
    cleanups.push(() => server.stop());
    const origin = `http://localhost:${port}`;

    const page = await shop.newPage();
    await page.goto(`${origin}/`, { waitUntil: 'domcontentloaded' });
    await hydrated(page);
    const firstWorker = await controlled(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    expect(await page.locator('meta[name="shop-build"]').count()).toBe(0);

    // The deploy: the server stops, the build folder is replaced, the server starts again.
    await server.stop();
    await rm(served, { recursive: true, force: true });
    await rename(next, served);
    server = await startServer({ port, dataDir, buildDir: served });

    // What the 24-hour timer does, now.
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const toast = page
      .getByRole('status')
      .locator('.toast', { hasText: 'Eine neue Version des Shops ist verfügbar.' });
    await toast.waitFor({ timeout: 20_000 });
    // It stays until the visitor acts (the usual toasts go after 5 s).
    await page.waitForTimeout(6_000);
    expect(await toast.isVisible()).toBe(true);
    // Nothing reloads by itself: the old build is still on screen.
    expect(await page.locator('meta[name="shop-build"]').count()).toBe(0);

    // By keyboard: the button is focusable and Enter works it.
    const button = toast.getByRole('button', { name: 'Jetzt neu laden' });
    await button.focus();
    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    await page.keyboard.press('Enter');
    await reloaded;
    await hydrated(page);
    expect(await page.locator('meta[name="shop-build"]').getAttribute('content')).toBe('e2e-second');
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        controller: navigator.serviceWorker.controller?.scriptURL ?? null,
        waiting: registration?.waiting ?? null,
        activeState: registration?.active?.state ?? null,
      };
    });
    expect(worker).toEqual({ controller: firstWorker, waiting: null, activeState: 'activated' });
    expect(await page.locator('.toast', { hasText: 'Eine neue Version' }).count()).toBe(0);
  });
});

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/** `npm run build` of the storefront into `buildDir` (react-router.config.ts reads STOREFRONT_BUILD_DIR). */
function buildStorefront(buildDir: string, buildId: string): void {
  const result = spawnSync('npx', ['react-router', 'build'], {
    cwd: path.join(repoRoot, 'apps', 'storefront'),
    env: { ...process.env, STOREFRONT_BUILD_DIR: buildDir, SHOP_BUILD_ID: buildId, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`the second build failed:\n${result.stdout}\n${result.stderr}`);
}

/** A production server of our own on `buildDir` (the journeys' shared server keeps its build). */
async function startServer(options: { port: number; dataDir: string; buildDir: string }) {
  await mkdir(outDir, { recursive: true });
  const log = createWriteStream(path.join(outDir, 'service-worker-server.log'), { flags: 'a' });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    STOREFRONT_BUILD_DIR: options.buildDir,
    SEED_ON_START: 'true',
    JOBS_IN_SERVER: 'false',
  };
  delete env.DATABASE_URL;
  delete env.STOREFRONT_DEV;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(repoRoot, 'apps', 'server'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with code ${child.exitCode} (see ${log.path})`);
    const ready = await fetch(`http://127.0.0.1:${options.port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() - started > 150_000) {
      child.kill('SIGKILL');
      throw new Error('the server was not ready within 150 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}
