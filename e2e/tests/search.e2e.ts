import { expect, test } from 'vitest';
import { brandConfigs } from '../support/catalogue.ts';
import {
  expectText,
  heading,
  isAscending,
  navigated,
  nightsRange,
  offerCards,
  optionValues,
  pricesOf,
  textOf,
} from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

const demo = brandConfigs().find((brand) => brand.short === 'demo')!;
const keyword = 'Gardasee';

journey('search: home → keyword → refine and sort', (shop) => {
  test('a keyword typed on the home page lists matching offers; refinements and sort live in the URL and survive a reload', async () => {
    const { page } = await shop.open('/');
    await expectText(heading(page), demo.hero.de!.title);

    // Keyword search from the hero.
    await page.getByRole('search').getByRole('searchbox').fill(keyword);
    await page.keyboard.press('Enter');
    await navigated(
      page,
      (url) => url.pathname === '/urlaub-finden' && url.searchParams.get('q') === keyword,
    );
    await expectText(heading(page), `Suche nach „${keyword}“`);
    const total = Number(/(\d+) Angebote?/.exec(await textOf(page.locator('.result-count')))?.[1]);
    expect(total).toBeGreaterThan(0);
    const found = await offerCards(page);
    expect(found.length).toBe(Math.min(total, 24));
    expect(found.some((card) => `${card.title} ${card.place}`.includes(keyword))).toBe(true);

    // Refine: country, nights; sort by price.
    const refine = page.getByRole('form', { name: 'Ergebnisse verfeinern' });
    await refine.getByLabel('Land').selectOption('IT');
    const nights = await optionValues(refine.getByLabel('Nächte'));
    expect(nights.length).toBeGreaterThan(0);
    const chosenNights = nights.includes('3') ? '3' : nights[0]!;
    await refine.getByLabel('Nächte').selectOption(chosenNights);
    await refine.getByLabel('Sortierung').selectOption('price-asc');
    await refine.getByRole('button', { name: 'Anzeigen' }).click();
    await navigated(page, (url) => url.searchParams.get('sort') === 'price-asc');

    const refinedUrl = new URL(page.url());
    expect(Object.fromEntries(refinedUrl.searchParams)).toEqual({
      q: keyword,
      country: 'IT',
      nights: chosenNights,
      sort: 'price-asc',
    });
    const expectRefinedScreen = async () => {
      expect(await refine.getByLabel('Land').inputValue()).toBe('IT');
      expect(await refine.getByLabel('Nächte').inputValue()).toBe(chosenNights);
      expect(await refine.getByLabel('Sortierung').inputValue()).toBe('price-asc');
      const cards = await offerCards(page);
      expect(cards.length).toBeGreaterThan(0);
      for (const card of cards) {
        expect(card.place).toMatch(/, Italien$/);
        const [min, max] = nightsRange(card.facts);
        expect(Number(chosenNights)).toBeGreaterThanOrEqual(min);
        expect(Number(chosenNights)).toBeLessThanOrEqual(max);
      }
      // Sold-out offers come last whatever the sort; the others by price.
      const soldOut = await page.locator('.offer-grid > li .offer-card.is-sold-out').count();
      const onSale = cards.slice(0, cards.length - soldOut);
      expect(await page.locator('.offer-grid > li').nth(onSale.length).locator('.is-sold-out').count()).toBe(
        soldOut > 0 ? 1 : 0,
      );
      const prices = pricesOf(onSale.map((card) => card.price));
      expect(isAscending(prices), `prices ascending: ${prices.join(', ')}`).toBe(true);
      return cards.map((card) => card.title);
    };
    const titles = await expectRefinedScreen();

    // A reload (or a shared link) shows the same screen.
    await page.reload();
    await navigated(page, refinedUrl.href);
    expect(await expectRefinedScreen()).toEqual(titles);

    // "Reset filters" goes back to the plain search page.
    await page.getByRole('link', { name: 'Filter zurücksetzen' }).click();
    await navigated(page, (url) => url.pathname === '/urlaub-finden' && url.search === '');
    await expectText(heading(page), 'Urlaub finden');
    expect(await refine.getByLabel('Land').inputValue()).toBe('');
  });

  test('the keyword route /search/:keyword shows the same results as the search form', async () => {
    const { page } = await shop.open(`/search/${keyword}`);
    await expectText(heading(page), `Suche nach „${keyword}“`);
    const viaRoute = (await offerCards(page)).map((card) => card.title);
    await shop.goto(page, `/urlaub-finden?q=${keyword}`);
    const viaForm = (await offerCards(page)).map((card) => card.title);
    expect(viaRoute.length).toBeGreaterThan(0);
    expect(viaRoute).toEqual(viaForm);
    // The keyword is fixed by the route: no separate keyword field to contradict it.
    await shop.goto(page, `/search/${keyword}`);
    expect(await page.getByLabel('Suchbegriff').count()).toBe(0);
  });

  test('paging keeps the sort and continues the order', async () => {
    const { page } = await shop.open('/urlaub-finden?sort=price-desc');
    const firstPage = pricesOf((await offerCards(page)).map((card) => card.price));
    expect(firstPage.length).toBe(24);
    expect(isAscending([...firstPage].reverse())).toBe(true);
    await page
      .getByRole('navigation', { name: 'Seiten' })
      .getByRole('link', { name: 'Nächste Seite' })
      .click();
    await navigated(page, (url) => url.searchParams.get('page') === '2');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('price-desc');
    const current = page.getByRole('navigation', { name: 'Seiten' }).locator('[aria-current="page"]');
    // The address moves before the new page's cards render: wait for them, not read once.
    await expectText(current, '2');
    const secondPage = pricesOf((await offerCards(page)).map((card) => card.price));
    expect(secondPage[0]).toBeLessThanOrEqual(firstPage.at(-1)!);
  });

  test('a search without results says so and suggests changing it', async () => {
    const { page, response } = await shop.open('/search/xqzwvy');
    expect(response.status()).toBe(200);
    await expectText(page.locator('.result-count'), '0 Angebote');
    await expectText(
      page.getByRole('status').filter({ hasText: 'keine Angebote' }),
      /Leider gibt es keine Angebote, die zu Ihrer Auswahl passen\./,
    );
    // No result cards; the top deals below are offered under their own heading (empty-search.e2e.ts).
    expect(await page.locator('.search-screen > .offer-grid > li').count()).toBe(0);
    await page.getByRole('heading', { name: 'Unsere Top-Angebote' }).waitFor();
  });
});
