import { expect, test } from 'vitest';
import { allOffers, offerPath, offerWithoutNotices } from '../support/catalogue.ts';
import { expectText, heading, textOf } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

/**
 * A purchase on a 390 px phone (issue 13, point 2): the pictures come first, and the bar with the
 * chosen voucher's price and the add-to-cart button stays at the bottom of the screen while the
 * visitor reads the details, above the cookie banner while that asks.
 */

const phone = { width: 390, height: 844 };

journey('offer page on a phone: pictures first, a buy bar that stays', (shop) => {
  test('the bar stays while scrolling into the details and buys the chosen voucher', async () => {
    const offer = await offerWithoutNotices();
    const { page } = await shop.open(offerPath(offer), { cookieConsent: 'necessary', viewport: phone });
    await expectText(heading(page), offer.title);

    // Pictures before the buy box.
    const gallery = page.getByRole('region', { name: 'Bilder' });
    const buyBox = page.getByRole('complementary', { name: 'Wählen Sie Ihren Gutschein' });
    expect((await gallery.boundingBox())!.y).toBeLessThan((await buyBox.boundingBox())!.y);

    // One add-to-cart button on the page, in the bar at the bottom of the screen.
    const bar = page.getByRole('region', { name: 'Gutschein kaufen' });
    const add = page.getByRole('button', { name: 'In den Warenkorb' });
    expect(await add.count()).toBe(1);
    expect(await bar.getByRole('button', { name: 'In den Warenkorb' }).count()).toBe(1);
    const atBottom = async () => {
      const box = (await bar.boundingBox())!;
      return Math.round(box.y + box.height);
    };
    expect(await atBottom()).toBe(phone.height);

    // Choose the dearest voucher: the bar's price follows.
    const dearest = [...offer.variants].sort((a, b) => b.price.total - a.price.total)[0]!;
    await buyBox.locator(`input[value="${dearest.id}"]`).check();
    await expectText(bar.locator('.offer-buy-bar-price strong'), dearest.price.display);

    // Deep in the details (the FAQ), the bar is still there.
    await page.getByRole('heading', { name: 'Häufige Fragen' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(phone.height);
    expect(await atBottom()).toBe(phone.height);

    await add.click();
    const drawer = page.getByRole('dialog', { name: 'Warenkorb' });
    const line = drawer.locator('.order-line');
    await line.first().waitFor();
    await expectText(line.getByRole('heading'), offer.title);
    expect(await textOf(line)).toContain(dearest.price.display);
  });

  test('at 375 px the voucher table of the dearest offer fits its buy box in every language', async () => {
    const dearest = (await allOffers())
      .filter((offer) => !offer.isSoldOut)
      .sort((a, b) => b.price.total - a.price.total)[0]!;
    const page = await shop.newPage({ cookieConsent: 'necessary', viewport: 'mobile' });
    for (const locale of ['de', 'en', 'it']) {
      await shop.goto(page, `${offerPath(dearest)}?lang=${locale}`);
      const overhang = await page.evaluate(() => {
        const table = document.querySelector('.variant-table')!.getBoundingClientRect();
        const box = document.querySelector('.offer-buy')!.getBoundingClientRect();
        return Math.max(table.right - box.right, document.documentElement.scrollWidth - window.innerWidth);
      });
      expect(overhang, locale).toBeLessThanOrEqual(0);
    }
  });

  test('while the cookie banner asks, the bar sits above it', async () => {
    const offer = await offerWithoutNotices();
    const { page } = await shop.open(offerPath(offer), { viewport: phone });
    const banner = page.locator('.cookie-banner');
    await banner.waitFor();
    const bar = page.getByRole('region', { name: 'Gutschein kaufen' });
    await expect
      .poll(async () => {
        const barBox = (await bar.boundingBox())!;
        return barBox.y + barBox.height <= (await banner.boundingBox())!.y + 1;
      })
      .toBe(true);
  });
});
