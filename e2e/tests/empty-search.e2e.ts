import { expect, test } from 'vitest';
import { menu } from '../support/catalogue.ts';
import { expectText, heading, navigated, offerCards, textOf } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

const nothing = 'Xyzzyplughwort';

journey('a search without results offers ways on instead of a dead end', (shop) => {
  test('the search field, destinations and themes, top deals and the wish form; a top deal leads to its offer', async () => {
    const { page } = await shop.open(`/search/${nothing}`, { cookieConsent: 'necessary' });
    await expectText(heading(page), `Suche nach „${nothing}“`);
    await page.getByText('Leider gibt es keine Angebote, die zu Ihrer Auswahl passen.').waitFor();
    const main = page.getByRole('main');
    // The keyword route has no keyword field among its refinements: the ways on bring one.
    await main
      .getByRole('search')
      .getByRole('searchbox', { name: 'Reiseziel, Hotel oder Thema suchen' })
      .waitFor();
    const { countries, themes } = await menu();
    const destinations = main.getByRole('list', { name: 'Reiseziele' }).getByRole('link');
    expect(await destinations.count()).toBe(Math.min(8, countries.length));
    expect(await main.getByRole('list', { name: 'Themen' }).getByRole('link').count()).toBe(
      Math.min(8, themes.filter((theme) => theme.value).length),
    );
    await main.getByRole('heading', { name: 'Nicht das Passende dabei?' }).waitFor();

    await main.getByRole('heading', { name: 'Unsere Top-Angebote' }).waitFor();
    const deals = await offerCards(
      page,
      main.locator('section', { has: page.getByRole('heading', { name: 'Unsere Top-Angebote' }) }),
    );
    expect(deals.length).toBeGreaterThan(0);
    const [first] = deals;
    await first!.link.click();
    await navigated(page, (url) => url.pathname.startsWith('/urlaub/'));
    await expectText(heading(page), first!.title);
  });

  test('a new search from the empty result finds offers; a destination link leads to its page', async () => {
    const { page } = await shop.open(`/search/${nothing}`, { cookieConsent: 'necessary' });
    const search = page.getByRole('main').getByRole('search');
    await search.getByRole('searchbox').fill('Gardasee');
    await search.getByRole('button', { name: 'Suchen' }).click();
    await navigated(
      page,
      (url) => url.pathname === '/urlaub-finden' && url.searchParams.get('q') === 'Gardasee',
    );
    expect((await offerCards(page)).length).toBeGreaterThan(0);

    const again = (await shop.open(`/search/${nothing}`, { cookieConsent: 'necessary' })).page;
    const destination = again
      .getByRole('main')
      .getByRole('list', { name: 'Reiseziele' })
      .getByRole('link')
      .first();
    const name = await textOf(destination);
    await destination.click();
    await navigated(again, (url) => url.pathname.startsWith('/reiseziel/'));
    expect(await textOf(heading(again))).toContain(name);
  });
});
