import { expect, test } from 'vitest';
import { brandConfigs } from '../support/catalogue.ts';
import { expectText, heading, navigated, offerCards, textOf } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

/** Every demo brand from its config: adding a brand adds its checks. */
const brands = brandConfigs();

journey('brands: each host shows its own shop', (shop) => {
  for (const brand of brands) {
    const language = brand.locales?.includes('de') || !brand.locales ? 'de' : brand.locales[0]!;

    test(`${brand.short}: name, logo, colours, hero and support phone`, async () => {
      const { page } = await shop.open('/', { brand: brand.short, cookieConsent: 'necessary' });
      const header = page.getByRole('banner');
      await expectText(header.locator('.brand-name'), brand.storeName);
      const logo = header.locator('.brand-link img');
      expect(await logo.getAttribute('src')).toBe(brand.logo.url);
      await expect
        .poll(() => logo.evaluate((image) => (image as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      const primary = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
      );
      expect(primary.toLowerCase()).toBe(brand.colors.primary.toLowerCase());
      await expectText(heading(page), brand.hero[language]!.title);
      // The brand's hero picture, offered in its five configured sizes.
      const hero = page.locator('.hero-image');
      expect((await hero.getAttribute('srcset'))?.split(',').length).toBe(5);
      await expect
        .poll(() => hero.evaluate((image) => (image as HTMLImageElement).naturalWidth), { timeout: 15_000 })
        .toBeGreaterThan(0);
      expect(await textOf(page.getByRole('contentinfo'))).toContain(brand.supportPhone);
      expect(await page.title()).toContain(brand.storeName);
    });

    if (brand.landingPages.length > 0) {
      test(`${brand.short}: landing routes ${brand.landingPages.map((page) => page.path).join(' ')} list their promotion’s offers`, async () => {
        const page = await shop.newPage({ brand: brand.short, cookieConsent: 'all' });
        for (const landing of brand.landingPages) {
          const response = await shop.goto(page, landing.path);
          expect(response.status(), landing.path).toBe(200);
          const title = await textOf(heading(page));
          expect(title.length, landing.path).toBeGreaterThan(0);
          expect(await page.title()).toContain(title);
          expect((await offerCards(page)).length, landing.path).toBeGreaterThan(0);
          await expectText(page.getByRole('banner').locator('.brand-name'), brand.storeName);
        }
      });
    }
  }

  test('an offer opened on a brand’s host stays in that brand’s shop', async () => {
    const brand = brands.find((entry) => entry.short === 'autoclub')!;
    const { page } = await shop.open('/', { brand: brand.short, cookieConsent: 'all' });
    const [card] = await offerCards(page);
    await card!.link.click();
    await navigated(page, /\/urlaub\/[^/]+\/[^/]+$/);
    expect(new URL(page.url()).host).toBe(`autoclub.localhost:${shop.e2e.port}`);
    await expectText(page.getByRole('banner').locator('.brand-name'), brand.storeName);
  });
});
