import { expect, test } from 'vitest';
import { offerPath, offerWithoutNotices } from '../support/catalogue.ts';
import { startCheckout, submitButton } from '../support/checkout.ts';
import { expectText, heading, navigated, offerCards } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

type Box = { x: number; y: number; width: number; height: number };

/** The frame around every page (SPEC §2 layout): dialogs of the top bar, scrolling, the site lock. */
journey('layout: top-bar dialogs, scrolling and the loading overlay', (shop) => {
  test('the cart icon opens the cart drawer and the account icon the login dialog; Escape closes them', async () => {
    const { page } = await shop.open('/', { cookieConsent: 'necessary' });
    const cartButton = page.getByRole('button', { name: /^Warenkorb, 0 Artikel$/ });
    await cartButton.click();
    const cart = page.getByRole('dialog', { name: 'Warenkorb' });
    await cart.waitFor();
    await expectText(cart.getByText('Ihr Warenkorb ist leer.'), 'Ihr Warenkorb ist leer.');
    await page.keyboard.press('Escape');
    await cart.waitFor({ state: 'hidden' });
    expect(await cartButton.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.getByRole('button', { name: 'Mein Konto' }).click();
    const login = page.getByRole('dialog', { name: 'Anmelden' });
    await login.waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-email');
    await login.getByRole('button', { name: 'Schließen' }).click();
    await login.waitFor({ state: 'hidden' });
  });

  test('a new page starts at the top; back returns to where the visitor was', async () => {
    const { page } = await shop.open('/urlaub-finden', { cookieConsent: 'necessary' });
    const cards = await offerCards(page);
    const card = cards[cards.length - 1]!;
    await card.link.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(500);
    await card.link.click();
    await navigated(page, /\/urlaub\/[^/]+\/[^/]+$/);
    await expectText(heading(page), card.title);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await navigated(page, /\/urlaub-finden$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 50);
  });

  test('the scroll-to-top control appears further down and brings the visitor back up', async () => {
    const { page } = await shop.open('/urlaub-finden', { cookieConsent: 'necessary' });
    const control = page.locator('button.scroll-top');
    expect(await control.count()).toBe(0);
    await page.mouse.wheel(0, 3000);
    await control.waitFor();
    await control.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  });

  test('on a phone the scroll-to-top control covers neither the buy button nor the order button', async () => {
    const overlaps = (a: Box | null, b: Box | null) =>
      Boolean(
        a && b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height,
      );
    const offer = await offerWithoutNotices();
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 360, height: 740 },
    ]) {
      // The offer page: its buy bar stays at the bottom while the visitor reads far down.
      const { page } = await shop.open(offerPath(offer), { cookieConsent: 'necessary', viewport });
      await page.getByRole('heading', { name: 'Häufige Fragen' }).scrollIntoViewIfNeeded();
      const control = page.locator('button.scroll-top');
      await control.waitFor();
      const add = page
        .getByRole('region', { name: 'Gutschein kaufen' })
        .getByRole('button', { name: 'In den Warenkorb' });
      expect(
        overlaps(await control.boundingBox(), await add.boundingBox()),
        `${viewport.width} px: offer`,
      ).toBe(false);
      await page.close();

      // The checkout: the order button at the bottom of the screen, far enough down for the control.
      const checkout = await startCheckout(shop, offerPath(offer), { viewport });
      const submit = submitButton(checkout);
      await checkout.evaluate(() => {
        const button = document.querySelector('.checkout-submit')!;
        const box = button.getBoundingClientRect();
        window.scrollTo({ top: window.scrollY + box.bottom - window.innerHeight + 8, behavior: 'instant' });
      });
      expect(await checkout.evaluate(() => window.scrollY > window.innerHeight)).toBe(true);
      // Two frames: the control decides on the next one after a scroll.
      await checkout.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const scrollTop = checkout.locator('button.scroll-top');
      const shown = (await scrollTop.count()) > 0 && (await scrollTop.isVisible());
      expect(
        shown && overlaps(await scrollTop.boundingBox(), await submit.boundingBox()),
        `${viewport.width} px: checkout`,
      ).toBe(false);
      await checkout.close();
    }
  });

  test('a slow page change shows the loading overlay and marks the page busy until it arrives', async () => {
    const { page } = await shop.open('/', { cookieConsent: 'necessary' });
    // Client navigations fetch the next page's data; hold it back for a second.
    await page.route(
      (url) => url.pathname.endsWith('.data'),
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await route.continue();
      },
    );
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Urlaub finden' })
      .click();
    await page.locator('.loading-overlay').waitFor({ timeout: 900 });
    expect(await page.locator('#main').getAttribute('aria-busy')).toBe('true');
    await navigated(page, /\/urlaub-finden$/);
    await expectText(heading(page), 'Urlaub finden');
    expect(await page.locator('.loading-overlay').count()).toBe(0);
    expect(await page.locator('#main').getAttribute('aria-busy')).toBeNull();
  });
});
