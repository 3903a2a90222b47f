import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { formatViolations, isBlocking, runAxe } from '../support/axe.ts';
import { offerPath, offerWithoutNotices } from '../support/catalogue.ts';
import { clickEarly, slowPhone } from '../support/early-input.ts';
import { expectText, heading } from '../support/page-helpers.ts';
import { hydrated, journey } from '../support/shop.ts';

/**
 * Holds the page's scripts until `release()`: the page painted and usable, the client not started
 * (what a slow connection does for seconds), for as long as the test needs.
 */
async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const isClientRunning = (page: Page) =>
  page.evaluate(() => performance.getEntriesByName('shop:client-start').length > 0);

journey('before the client starts: clicks and forms wait for it instead of being lost', (shop) => {
  test('a slow phone: the search button tapped 300 ms after the first paint opens the search', async () => {
    const page = await shop.newPage({ viewport: 'mobile' });
    await slowPhone(page, { isSlow4g: true });
    const click = await clickEarly(
      page,
      '/',
      '.topbar-actions button[aria-label="Suche"]',
      'dialog.search-dialog[open]',
    );
    // The tap came before the client: the early-input script held it.
    expect(click.wasClientRunning).toBe(false);
    expect(click.clickMs).toBeLessThan(click.clientStartMs);
    expect(click.openedMs).toBeGreaterThan(0);
    const dialog = page.getByRole('dialog', { name: 'Suche' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // Focus in the dialog's field, as after a click on the hydrated button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('site-search');
  });

  test('the cart button and the menu wait visibly and open once the client is there', async () => {
    const page = await shop.newPage({ viewport: 'mobile' });
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const cartButton = page.locator('.topbar-actions .cart-button');
    await cartButton.click();
    expect(await cartButton.getAttribute('aria-busy')).toBe('true');
    expect(await cartButton.getAttribute('data-waiting')).toBe('');
    expect(await isClientRunning(page)).toBe(false);
    // The waiting button (a spinner, aria-busy) keeps its name and stays within WCAG AA.
    const blocking = (await runAxe(page)).filter(isBlocking);
    expect(blocking, formatViolations(blocking)).toEqual([]);
    release();
    const cart = page.getByRole('dialog', { name: 'Warenkorb' });
    await expect.poll(() => cart.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await cartButton.getAttribute('aria-busy')).toBeNull();
    await page.keyboard.press('Escape');

    // A second page: the mobile menu's toggle.
    const next = await shop.newPage({ viewport: 'mobile' });
    const releaseNext = await holdScripts(next);
    await next.goto('/', { waitUntil: 'domcontentloaded' });
    await next.locator('.menu-toggle').click();
    releaseNext();
    await expect
      .poll(() => next.locator('.menu-toggle').getAttribute('aria-expanded'), { timeout: 15_000 })
      .toBe('true');
    await expect.poll(() => next.getByRole('navigation', { name: 'Hauptnavigation' }).isVisible()).toBe(true);
  });

  test('"add to cart" right after the page loads puts the voucher into the cart', async () => {
    const offer = await offerWithoutNotices();
    const page = await shop.newPage({ cookieConsent: 'necessary' });
    const release = await holdScripts(page);
    await page.goto(offerPath(offer), { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'In den Warenkorb' }).click();
    expect(await isClientRunning(page)).toBe(false);
    // The waiting button (a spinner, aria-busy) keeps its name and stays within WCAG AA.
    const blocking = (await runAxe(page)).filter(isBlocking);
    expect(blocking, formatViolations(blocking)).toEqual([]);
    release();
    const cart = page.getByRole('dialog', { name: 'Warenkorb' });
    await cart.locator('.order-line').first().waitFor({ timeout: 15_000 });
    expect(await cart.locator('.order-line').count()).toBe(1);
  });

  test('a form sent before the client starts is sent with what was typed, once the client is there', async () => {
    const page = await shop.newPage({ cookieConsent: 'necessary' });
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const footer = page.getByRole('contentinfo');
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/newsletter'));
    await footer
      .getByRole('textbox', { name: /Ihre E-Mail für den Newsletter/ })
      .fill(`early-${Date.now()}@example.com`);
    await footer.getByRole('button', { name: 'Newsletter anfordern' }).click();
    // Not sent to the page itself (a form without an address of its own would reload it with the address).
    expect(new URL(page.url()).search).toBe('');
    expect(await footer.locator('form').getAttribute('aria-busy')).toBe('true');
    release();
    const request = await sent;
    expect(request.postDataJSON()).toMatchObject({
      email: expect.stringMatching(/^early-\d+@example\.com$/),
    });
    await expectText(footer.getByText(/Fast geschafft!/), /Bitte sehen Sie in Ihr Postfach/);
  });

  test('the search dialog’s form is a real search form: sent by the browser itself it lands on the search', async () => {
    const { page } = await shop.open('/');
    await page.getByRole('button', { name: 'Suche', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Suche' });
    await dialog.getByRole('searchbox').fill('Gardasee');
    // form.submit(): no submit event, so no client code; what a browser without the client would do.
    await dialog.locator('form').evaluate((form) => (form as HTMLFormElement).submit());
    await page.waitForURL(
      (url) => url.pathname === '/urlaub-finden' && url.searchParams.get('q') === 'Gardasee',
    );
    await hydrated(page);
    await expectText(heading(page), /Gardasee/);
  });
});
