import { expect, test } from 'vitest';
import { contentPages } from '../support/catalogue.ts';
import { expectText, heading, navigated, textsOf } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

journey('content: pages from the footer', (shop) => {
  test('the footer lists the brand’s content pages and each opens with its title', async () => {
    const content = await contentPages();
    const footerPages = content.extensionPoints.footerMenu
      .map((name) => content.pages.find((page) => page.name === name))
      .filter((page) => page !== undefined);
    expect(footerPages.length).toBeGreaterThan(0);

    const { page } = await shop.open('/', { cookieConsent: 'necessary' });
    const footer = page.getByRole('navigation', { name: 'Rechtliches und Service' });
    expect(await textsOf(footer.getByRole('link'))).toEqual(footerPages.map((entry) => entry.title));

    for (const entry of footerPages) {
      await footer.getByRole('link', { name: entry.title, exact: true }).click();
      await navigated(page, (url) => url.pathname === `/${entry.slug}`);
      await expectText(heading(page), entry.title);
      expect((await textsOf(page.locator('main article'))).join(' ').length).toBeGreaterThan(
        entry.title.length,
      );
    }
  });

  test('a content address is found whatever its case, and reloads', async () => {
    const content = await contentPages();
    const imprint = content.pages.find((page) => page.name === 'imprint')!;
    const { page, response } = await shop.open(`/${imprint.slug.toUpperCase()}`);
    expect(response.status()).toBe(200);
    await expectText(heading(page), imprint.title);
  });

  test('/accessibility and /gutscheinvorteile are pages of their own', async () => {
    const content = await contentPages();
    for (const name of ['accessibility', 'voucher-advantages']) {
      const entry = content.pages.find((page) => page.name === name)!;
      const path = name === 'accessibility' ? '/accessibility' : '/gutscheinvorteile';
      const { page, response } = await shop.open(path);
      expect(response.status()).toBe(200);
      await expectText(heading(page), entry.title);
    }
  });
});
