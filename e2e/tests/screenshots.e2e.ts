import { expect, test } from 'vitest';
import { offerPath, offerWithFewPiecesLeft } from '../support/catalogue.ts';
import { screenshot } from '../support/out.ts';
import { journey, type ViewportName, viewports } from '../support/shop.ts';

/**
 * Full-page pictures for a person to look at (e2e/out/screenshots/<screen>-<width>.png). They assert
 * nothing about looks; they fail only when the page does not render or scrolls sideways.
 */
const screens = [
  { name: 'home', path: async () => '/' },
  { name: 'search', path: async () => '/urlaub-finden?q=Gardasee' },
  { name: 'offer', path: async () => offerPath(await offerWithFewPiecesLeft()) },
];

journey('screenshots at 375 and 1280 px', (shop) => {
  for (const viewport of ['mobile', 'desktop'] as ViewportName[]) {
    for (const screen of screens) {
      const width = viewports[viewport].width;
      test(`${screen.name} at ${width} px`, async () => {
        const { page } = await shop.open(await screen.path(), { viewport, cookieConsent: 'necessary' });
        const file = await screenshot(page, `${screen.name}-${width}`);
        expect(file).toMatch(/\.png$/);
        // Nothing wider than the screen (a sideways scroll is the commonest phone layout bug).
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth).toBeLessThanOrEqual(width);
      });
    }
  }

  test('home at 375 px on a first visit (with the cookie banner)', async () => {
    const { page } = await shop.open('/', { viewport: 'mobile' });
    await page.locator('.cookie-banner').waitFor();
    await screenshot(page, 'home-375-first-visit');
  });
});
