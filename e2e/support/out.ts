import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { outDir } from './config.ts';

/** e2e/out/ (gitignored) holds what a person looks at after a run: screenshots, axe findings. */
export async function writeJson(relativePath: string, data: unknown): Promise<void> {
  const file = path.join(outDir, relativePath);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(data, null, 2)}\n`);
}

/**
 * Saves the whole page as e2e/out/screenshots/<name>.png (lazy images loaded first, so the picture
 * shows what a customer scrolling down would see) and, as a customer meets it, screen by screen:
 * <name>/01.png … (the first `screens` viewports) and <name>/last.png (the footer end).
 */
export async function screenshot(page: Page, name: string, screens = 4): Promise<string> {
  const file = path.join(outDir, 'screenshots', `${name}.png`);
  const dir = path.join(outDir, 'screenshots', name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await loadLazyImages(page);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const count = Math.min(screens, Math.ceil(height / viewport.height));
  for (let index = 0; index < count; index++) {
    await page.evaluate((top) => window.scrollTo(0, top), index * viewport.height);
    await page.screenshot({
      path: path.join(dir, `${String(index + 1).padStart(2, '0')}.png`),
      animations: 'disabled',
    });
  }
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.screenshot({ path: path.join(dir, 'last.png'), animations: 'disabled' });
  await page.evaluate(() => window.scrollTo(0, 0));
  return file;
}

async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (const image of document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')) {
      image.loading = 'eager';
    }
    await Promise.all(
      [...document.images].map((image) =>
        image.complete
          ? null
          : new Promise((resolve) => {
              image.addEventListener('load', resolve, { once: true });
              image.addEventListener('error', resolve, { once: true });
              setTimeout(resolve, 5_000);
            }),
      ),
    );
    window.scrollTo(0, 0);
  });
}
