import { expect, test } from 'vitest';
import { allOffers, brandConfigs, offerPath } from '../support/catalogue.ts';
import { expectText, textOf } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

const brands = brandConfigs();
const withConsent = brands.filter((brand) => brand.hasCookieConsent);
const withoutConsent = brands.filter((brand) => !brand.hasCookieConsent);

journey('cookie consent: asked once, where the brand asks', (shop) => {
  test('demo asks on the first visit; "just necessary cookies" is remembered after a reload and on the next page', async () => {
    expect(withConsent.map((brand) => brand.short)).toContain('demo');
    const { page } = await shop.open('/');
    const banner = page.getByRole('region', { name: 'Cookies' });
    await expectText(banner, /notwendige Cookies/);
    expect(await banner.getByRole('button').allInnerTexts()).toEqual([
      'Nur notwendige Cookies',
      'Cookies erlauben',
    ]);

    await banner.getByRole('button', { name: 'Nur notwendige Cookies' }).click();
    await expect.poll(() => banner.count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('false');

    await shop.goto(page, '/');
    expect(await banner.count()).toBe(0);
    await shop.goto(page, '/urlaub-finden');
    expect(await banner.count()).toBe(0);
  });

  test('"allow cookies" is stored as consent', async () => {
    const { page } = await shop.open('/urlaub-finden');
    await page.getByRole('button', { name: 'Cookies erlauben' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('true');
    await shop.goto(page, '/urlaub-finden');
    expect(await page.getByRole('region', { name: 'Cookies' }).count()).toBe(0);
  });

  // Imprint and privacy policy must be readable before deciding; a focused link must not hide under
  // the banner (WCAG 2.2 2.4.11 "focus not obscured").
  for (const viewport of ['desktop', 'mobile'] as const) {
    test(`while the banner shows, the footer links stay reachable at ${viewport === 'desktop' ? 1280 : 375} px`, async () => {
      const { page } = await shop.open('/', { viewport });
      await page.locator('.cookie-banner').waitFor();
      const links = page.getByRole('navigation', { name: 'Rechtliches und Service' }).getByRole('link');
      const covered: string[] = [];
      for (const link of await links.all()) {
        await link.focus();
        const isOnTop = await link.evaluate((element) => {
          element.scrollIntoView({ block: 'nearest' });
          const box = element.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return hit !== null && element.contains(hit);
        });
        if (!isOnTop) covered.push(await textOf(link));
      }
      expect(covered, 'footer links under the cookie banner').toEqual([]);
    });
  }

  test('a toast shown while the banner asks sits above the banner, clear of its buttons', async () => {
    const offer = (await allOffers()).find((summary) => !summary.isSoldOut);
    const { page } = await shop.open(offerPath(offer!));
    const banner = page.getByRole('region', { name: 'Cookies' });
    await banner.waitFor();
    await page.route('**/api/order/items', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'In den Warenkorb' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Bitte überprüfen Sie Ihre Verbindung!' });
    await toast.waitFor();
    const toastBox = await toast.locator('.toast').boundingBox();
    const bannerBox = await banner.boundingBox();
    expect(toastBox!.y + toastBox!.height).toBeLessThanOrEqual(bannerBox!.y);
  });

  test('brands without cookie consent (dealjaeger) show no banner', async () => {
    expect(withoutConsent.map((brand) => brand.short)).toContain('dealjaeger');
    for (const brand of withoutConsent) {
      const { page } = await shop.open('/', { brand: brand.short });
      // Give the client a moment: the banner would appear right after hydration.
      await page.waitForTimeout(300);
      expect(await page.locator('.cookie-banner').count()).toBe(0);
      expect(await page.getByRole('button', { name: /Cookies erlauben|Allow cookies/ }).count()).toBe(0);
    }
  });

  test('every brand with consent asks on its own host', async () => {
    for (const brand of withConsent) {
      const { page } = await shop.open('/', { brand: brand.short });
      await expect.poll(() => page.locator('.cookie-banner').count()).toBe(1);
    }
  });
});
