import { expect, test } from 'vitest';
import { brandConfigs } from '../support/catalogue.ts';
import { expectText, heading, navigated, offerCards } from '../support/page-helpers.ts';
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

  test('besides the link home: a search, destinations and themes, and top deals that lead on', async () => {
    const { page } = await shop.open('/gibt-es-nicht', { cookieConsent: 'necessary' });
    const main = page.getByRole('main');
    expect(await main.getByRole('list', { name: 'Reiseziele' }).getByRole('link').count()).toBeGreaterThan(0);
    expect(await main.getByRole('list', { name: 'Themen' }).getByRole('link').count()).toBeGreaterThan(0);
    const deals = await offerCards(page, main);
    expect(deals.length).toBeGreaterThan(0);
    await deals[0]!.link.click();
    await navigated(page, (url) => url.pathname.startsWith('/urlaub/'));
    await expectText(heading(page), deals[0]!.title);

    const again = (await shop.open('/gibt/es/nicht', { cookieConsent: 'necessary' })).page;
    const search = again.getByRole('main').getByRole('search');
    await search.getByRole('searchbox', { name: 'Reiseziel, Hotel oder Thema suchen' }).fill('Gardasee');
    await search.getByRole('button', { name: 'Suchen' }).click();
    await navigated(
      again,
      (url) => url.pathname === '/urlaub-finden' && url.searchParams.get('q') === 'Gardasee',
    );
    expect((await offerCards(again)).length).toBeGreaterThan(0);
  });

  test('a landing route of another brand is unknown here', async () => {
    const other = brandConfigs().find((brand) => brand.short !== 'demo' && brand.landingPages.length > 0)!;
    const { response } = await shop.open(other.landingPages[0]!.path);
    expect(response.status()).toBe(404);
  });
});
