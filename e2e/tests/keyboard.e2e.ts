import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { expectText, heading, navigated, offerCards } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

/** The focused element as a customer's screen reader would name it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName.toLowerCase() ?? '',
      id: element?.id ?? '',
      text: (element?.getAttribute('aria-label') ?? element?.textContent ?? '').replace(/\s+/g, ' ').trim(),
    };
  });

/** Presses Tab until the focused element's text matches (at most `limit` times). */
async function tabTo(page: Page, text: string | RegExp, limit = 40) {
  for (let step = 0; step < limit; step++) {
    await page.keyboard.press('Tab');
    const current = (await focused(page)).text;
    if (typeof text === 'string' ? current === text : text.test(current)) return;
  }
  throw new Error(`Tab never reached "${text}"`);
}

journey('keyboard: the shop without a mouse', (shop) => {
  test('with the cookie banner open the first Tab lands in it; Tab goes on past it to the skip link', async () => {
    // A first visit: the banner asks, and is first in the focus order (no trap: it is not a modal).
    const { page } = await shop.open('/');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'button', text: 'Nur notwendige Cookies' });
    expect(await page.evaluate(() => document.activeElement?.closest('.cookie-banner') !== null)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'button', text: 'Cookies erlauben' });
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'a', text: 'Zum Inhalt springen' });
    // Back with Shift+Tab into the banner; an answer closes it and focus goes to the page.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.locator('.cookie-banner').waitFor({ state: 'detached' });
    expect((await focused(page)).id).toBe('main');
  });

  test('the first Tab reaches the skip link; it shows and moves focus to the main content', async () => {
    const { page } = await shop.open('/', { cookieConsent: 'necessary' });
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'a', text: 'Zum Inhalt springen' });
    const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
    const box = await skip.boundingBox();
    expect(box && box.width > 1 && box.height > 1 && box.y >= 0 && box.y < 800).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).id).toBe('main');
    // The next Tab continues inside the main content, not in the top bar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.getElementById('main')?.contains(document.activeElement))).toBe(
      true,
    );
  });

  test('after a page change focus is on the new page’s heading, without a ring; not on the first load', async () => {
    const { page } = await shop.open('/', { cookieConsent: 'necessary' });
    expect((await focused(page)).tag).toBe('body');
    // By mouse from the top bar: the heading takes the focus, and shows no focus ring.
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Urlaub finden' })
      .click();
    await navigated(page, /\/urlaub-finden$/);
    await expect.poll(async () => (await focused(page)).tag).toBe('h1');
    expect((await focused(page)).text).toBe('Urlaub finden');
    expect(
      await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement as Element);
        return { outline: style.outlineStyle, shadow: style.boxShadow };
      }),
    ).toEqual({ outline: 'none', shadow: 'none' });
    // By keyboard into an offer: its heading has the focus, and the next Tab starts in the page.
    const cards = await offerCards(page);
    const card = cards[0]!;
    await card.link.focus();
    await page.keyboard.press('Enter');
    await navigated(page, /\/urlaub\/[^/]+\/[^/]+$/);
    await expect.poll(async () => (await focused(page)).tag).toBe('h1');
    expect((await focused(page)).text).toBe(card.title);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.getElementById('main')?.contains(document.activeElement))).toBe(
      true,
    );
    // Back: the list's heading again.
    await page.goBack();
    await navigated(page, /\/urlaub-finden$/);
    await expect.poll(async () => (await focused(page)).text).toBe('Urlaub finden');
  });

  test('the top-bar dropdowns open with Enter and Space, Escape closes them and focus returns', async () => {
    const { page } = await shop.open('/', { cookieConsent: 'necessary' });
    const destinations = page.locator('#main-nav details').filter({ hasText: 'Reiseziele' });
    await tabTo(page, 'Reiseziele');
    await page.keyboard.press('Enter');
    await expect.poll(() => destinations.getAttribute('open')).not.toBeNull();
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Belgien');
    expect(await destinations.getByRole('link', { name: 'Belgien' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => destinations.getAttribute('open')).toBeNull();
    expect((await focused(page)).text).toBe('Reiseziele');

    // Themes with Space; its first theme by keyboard.
    const themes = page.locator('#main-nav details').filter({ hasText: 'Themen' });
    await tabTo(page, 'Themen');
    await page.keyboard.press('Space');
    await expect.poll(() => themes.getAttribute('open')).not.toBeNull();
    await page.keyboard.press('Tab');
    const theme = (await focused(page)).text;
    await page.keyboard.press('Enter');
    await navigated(page, /\/thema\//);
    await expectText(heading(page), `${theme}: Hotelgutscheine`);
    await expect.poll(() => themes.getAttribute('open')).toBeNull();
  });

  test('leaving an open dropdown with Tab closes it', async () => {
    const { page } = await shop.open('/', { cookieConsent: 'necessary' });
    const destinations = page.locator('#main-nav details').filter({ hasText: 'Reiseziele' });
    await tabTo(page, 'Reiseziele');
    await page.keyboard.press('Enter');
    await tabTo(page, 'Themen', 60);
    expect(await destinations.getAttribute('open')).toBeNull();
  });

  test('the search modal: opens from the top bar, Enter runs the search, Escape closes and returns focus', async () => {
    const { page } = await shop.open('/', { cookieConsent: 'necessary' });
    await tabTo(page, 'Suche');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Suche' });
    await dialog.waitFor();
    expect((await focused(page)).id).toBe('site-search');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect((await focused(page)).text).toBe('Suche');

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.type('Gardasee');
    // Suggestions as you type; the arrow key walks into them.
    await dialog.getByRole('list', { name: 'Vorschläge' }).waitFor();
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.closest('.suggestions') !== null)).toBe(true);
    await page.keyboard.press('ArrowUp');
    expect((await focused(page)).id).toBe('site-search');
    await page.keyboard.press('Enter');
    await navigated(page, (url) => url.pathname === '/search/Gardasee');
    await expectText(heading(page), 'Suche nach „Gardasee“');
    expect(await dialog.isVisible()).toBe(false);
  });

  test('on a phone the menu button opens the navigation and Escape closes it', async () => {
    const { page } = await shop.open('/', { viewport: 'mobile', cookieConsent: 'necessary' });
    const toggle = page.getByRole('button', { name: 'Menü' });
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(await nav.getByRole('link', { name: 'Urlaub finden' }).isVisible()).toBe(false);
    await tabTo(page, 'Menü');
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Urlaub finden');
    await page.keyboard.press('Escape');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect((await focused(page)).text).toBe('Menü');
  });
});
