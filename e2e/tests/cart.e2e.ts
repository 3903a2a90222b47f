import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { formatViolations, isBlocking, runAxe, saveAxeReport } from '../support/axe.ts';
import { allOffers, type Offer, offerById, offerPath, parsePrice } from '../support/catalogue.ts';
import { screenshot } from '../support/out.ts';
import { expectText, heading, textOf } from '../support/page-helpers.ts';
import { journey, type ViewportName, viewports } from '../support/shop.ts';

/**
 * The cart (SPEC §2/§4): add from the offer page, the drawer with quantities, removal, promotion
 * codes (SPEC §4 display rule, SPEC §8 invalid code) and the stored cart across page loads.
 */

/**
 * Offers on sale with plenty of every variant (no pieces-left notice), from the end of the catalogue
 * so that other journeys' picks (the first such offer) keep their stock.
 */
async function offersInStock(count: number): Promise<Offer[]> {
  const found: Offer[] = [];
  for (const summary of (await allOffers()).reverse()) {
    if (summary.isSoldOut) continue;
    const offer = await offerById(summary.id);
    if (offer.variants.every((variant) => !variant.isSoldOut && variant.piecesLeft === null))
      found.push(offer);
    if (found.length === count) return found;
  }
  throw new Error(`the demo catalogue has fewer than ${count} offers in stock`);
}

const cartButton = (page: Page) => page.getByRole('button', { name: /^Warenkorb, \d+ Artikel$/ });
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Warenkorb' });

async function addToCart(page: Page) {
  await page.getByRole('button', { name: 'In den Warenkorb' }).click();
  await drawer(page).waitFor();
  await drawer(page).locator('.order-line').first().waitFor();
}

journey('cart: add, change, codes and the stored cart', (shop) => {
  test('an add opens the drawer with the chosen variant; +/−, remove and the count in the top bar', async () => {
    const [offer] = await offersInStock(1);
    const { page } = await shop.open(offerPath(offer!), { cookieConsent: 'necessary' });
    await expectText(cartButton(page), /./);
    expect(await cartButton(page).getAttribute('aria-label')).toBe('Warenkorb, 0 Artikel');

    // The cheapest variant is chosen; the visitor picks the last one instead.
    const choices = page.getByRole('radio');
    expect(await choices.count()).toBe(offer!.variants.length);
    const last = offer!.variants[offer!.variants.length - 1]!;
    await choices.last().check();
    await addToCart(page);

    const cart = drawer(page);
    // Focus moved into the drawer (the modal makes the page behind it inert).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('dialog') !== null))
      .toBe(true);
    const line = cart.locator('.order-line');
    expect(await line.count()).toBe(1);
    await expectText(line.getByRole('heading'), offer!.title);
    // The hotel (and its town) is named under the title: it is who takes the voucher.
    expect(await textOf(line.locator('.order-line-hotel'))).toMatch(
      new RegExp(`^${literal(offer!.contact.name)}, `),
    );
    await expectText(line.locator('.order-line-facts'), new RegExp(`^${last.nights} N`));
    expect(await cartButton(page).getAttribute('aria-label')).toBe('Warenkorb, 1 Artikel');

    await cart.getByRole('button', { name: `Einen mehr: ${offer!.title}` }).click();
    await expectText(line.locator('.quantity-value'), '2');
    await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Warenkorb, 2 Artikel');
    await expectText(line.locator('.order-line-price'), /^2 × € [\d.]+,[-\d]+ = € [\d.]+,[-\d]+$/);
    const total = await textOf(cart.locator('.order-total dd'));
    await cart.getByRole('button', { name: `Einen weniger: ${offer!.title}` }).click();
    await expectText(line.locator('.quantity-value'), '1');
    expect(await textOf(cart.locator('.order-total dd'))).not.toBe(total);

    // The cart survives a page load (stored order id and key) and shows its count after hydration.
    await page.keyboard.press('Escape');
    await shop.goto(page, '/');
    await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Warenkorb, 1 Artikel');
    await cartButton(page).click();
    await cart.locator('.order-line').waitFor();

    await cart.getByRole('button', { name: `${offer!.title} entfernen` }).click();
    await expectText(cart.getByText('Ihr Warenkorb ist leer.'), 'Ihr Warenkorb ist leer.');
    await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Warenkorb, 0 Artikel');
  });

  test('promotion codes: an invalid one is marked until the cart changes; a valid one takes its share off', async () => {
    const [offer] = await offersInStock(1);
    const { page } = await shop.open(offerPath(offer!), { cookieConsent: 'necessary' });
    await addToCart(page);
    const cart = drawer(page);
    const codeField = cart.getByRole('textbox', { name: 'Aktionscode einlösen' });

    await codeField.fill('ABGELAUFEN');
    await cart.getByRole('button', { name: 'Einlösen' }).click();
    const message = cart.getByText('Dieser Aktionscode ist abgelaufen.');
    await message.waitFor();
    expect(await codeField.getAttribute('aria-invalid')).toBe('true');
    // The message is read with the field.
    const describedBy = await codeField.getAttribute('aria-describedby');
    expect(await cart.locator(`[id="${describedBy}"]`).innerText()).toContain('abgelaufen');
    // SPEC §4: the invalid flag resets when the cart changes.
    await cart.getByRole('button', { name: `Einen mehr: ${offer!.title}` }).click();
    await message.waitFor({ state: 'detached' });
    expect(await codeField.getAttribute('aria-invalid')).toBeNull();

    const subtotalText = await textOf(cart.locator('.order-totals > div').first().locator('dd'));
    await codeField.fill('WILLKOMMEN10');
    await cart.getByRole('button', { name: 'Einlösen' }).click();
    await expectText(cart.locator('.code-applied'), /^WILLKOMMEN10 – .*: −10 %$/);
    await expectText(cart.locator('.is-discount dt'), 'Rabatt (WILLKOMMEN10)');
    const subtotal = parsePrice(subtotalText);
    const discount = parsePrice(await textOf(cart.locator('.is-discount dd')));
    expect(discount).toBe(Math.round(subtotal * 0.1));
    expect(parsePrice(await textOf(cart.locator('.order-total dd')))).toBe(subtotal - discount);

    await cart.getByRole('button', { name: 'Aktionscode WILLKOMMEN10 entfernen' }).click();
    await cart.getByRole('textbox', { name: 'Aktionscode einlösen' }).waitFor();
    expect(await cart.locator('.is-discount').count()).toBe(0);
  });

  test('the drawer has no serious or critical accessibility violations (desktop and phone)', async () => {
    const [offer] = await offersInStock(1);
    for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
      const { page } = await shop.open(offerPath(offer!), { viewport, cookieConsent: 'necessary' });
      await addToCart(page);
      await drawer(page).getByRole('textbox', { name: 'Aktionscode einlösen' }).fill('ABGELAUFEN');
      await drawer(page).getByRole('button', { name: 'Einlösen' }).click();
      await drawer(page).locator('.field-error').waitFor();
      const violations = await runAxe(page);
      await saveAxeReport(`cart-drawer-with-items-${viewport}`, violations);
      expect(violations.filter(isBlocking), formatViolations(violations)).toEqual([]);
      const width = viewports[viewport].width;
      await screenshot(page, `cart-drawer-${width}`, 1);
      const overflow = await page.evaluate(() => {
        const dialog = document.querySelector('dialog[open]');
        return dialog ? dialog.scrollWidth - dialog.clientWidth : 0;
      });
      expect(overflow, 'the drawer scrolls sideways').toBeLessThanOrEqual(0);
    }
  });

  test('answers the shop cannot foresee: sold out since the page loaded, and no connection', async () => {
    const [offer] = await offersInStock(1);
    const { page } = await shop.open(offerPath(offer!), { cookieConsent: 'necessary' });
    // Someone else bought the last unit meanwhile: the server answers 409 sold-out.
    await page.route('**/api/order/items', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 409,
            contentType: 'application/problem+json',
            body: JSON.stringify({
              type: 'sold-out',
              title: 'Dieser Gutschein ist leider ausverkauft.',
              status: 409,
            }),
          })
        : route.fallback(),
    );
    const add = page.getByRole('button', { name: 'In den Warenkorb' });
    await add.click();
    const message = page.getByRole('alert').filter({ hasText: 'Dieser Gutschein ist leider ausverkauft.' });
    await message.waitFor();
    // The message is tied to the button and the drawer stays shut.
    const describedBy = await add.getAttribute('aria-describedby');
    expect(await textOf(page.locator(`[id="${describedBy}"]`))).toBe(
      'Dieser Gutschein ist leider ausverkauft.',
    );
    expect(await drawer(page).isVisible()).toBe(false);
    await page.unroute('**/api/order/items');

    // The add works; then the connection drops while changing the quantity.
    await addToCart(page);
    await page.route('**/api/order/items', (route) => route.abort('internetdisconnected'));
    await drawer(page)
      .getByRole('button', { name: `Einen mehr: ${offer!.title}` })
      .click();
    // The toast is shown inside the open drawer (the page behind a modal is inert) and announced.
    const toast = drawer(page)
      .getByRole('alert')
      .filter({ hasText: 'Bitte überprüfen Sie Ihre Verbindung!' });
    await toast.waitFor();
    const box = await toast.locator('.toast').boundingBox();
    expect(box && box.x + box.width > 1280 - 450 && box.y > 400).toBe(true);
    await expectText(drawer(page).locator('.quantity-value'), '1');
    // The site lock is lifted again.
    await expect.poll(() => page.locator('main').getAttribute('aria-busy')).toBeNull();
  });

  test('the page title and heading stay the offer’s while the drawer is open', async () => {
    const [offer] = await offersInStock(1);
    const { page } = await shop.open(offerPath(offer!), { cookieConsent: 'necessary' });
    await addToCart(page);
    await expectText(heading(page), offer!.title);
    await page.keyboard.press('Escape');
    await drawer(page).waitFor({ state: 'hidden' });
    // Focus returns to the button that opened it.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('In den Warenkorb');
  });
});

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
