import { expect, test } from 'vitest';
import { brandConfigs } from '../support/catalogue.ts';
import { expectText, heading, navigated } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

const demo = brandConfigs().find((brand) => brand.short === 'demo')!;

journey('not found: unknown addresses', (shop) => {
  for (const path of [
    '/gibt-es-nicht',
    '/404',
    '/urlaub-finden/zu/tief',
    '/reiseziel/xx',
    '/thema/gibts-nicht/999999',
  ]) {
    test(`${path} answers 404 and shows "Oops" with a link home`, async () => {
      const { page, response } = await shop.open(path);
      expect(response.status()).toBe(404);
      await expectText(heading(page), 'Oops – diese Seite gibt es nicht.');
      // The shop's frame stays: header and footer are there to go on from.
      expect(await page.getByRole('navigation', { name: 'Hauptnavigation' }).count()).toBe(1);
    });
  }

  test('the link home leads to the home page', async () => {
    const { page } = await shop.open('/gibt-es-nicht');
    await page.getByRole('main').getByRole('link', { name: 'Zur Startseite' }).click();
    await navigated(page, (url) => url.pathname === '/');
    await expectText(heading(page), demo.hero.de!.title);
  });

  test('a landing route of another brand is unknown here', async () => {
    const other = brandConfigs().find((brand) => brand.short !== 'demo' && brand.landingPages.length > 0)!;
    const { response } = await shop.open(other.landingPages[0]!.path);
    expect(response.status()).toBe(404);
  });
});
