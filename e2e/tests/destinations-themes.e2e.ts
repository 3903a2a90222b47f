import { expect, test } from 'vitest';
import { menu } from '../support/catalogue.ts';
import { expectText, heading, navigated, offerCards, textOf, textsOf } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

journey('destinations and themes from the top bar', (shop) => {
  test('the destinations dropdown lists the menu countries; a country shows only its offers', async () => {
    const { countries } = await menu();
    const { page } = await shop.open('/', { cookieConsent: 'necessary' });
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await nav.getByText('Reiseziele', { exact: true }).click();
    const dropdown = nav.locator('details[open]');
    expect(await textsOf(dropdown.locator('.dropdown-list a'))).toEqual(
      countries.map((country) => country.value),
    );

    await dropdown.getByRole('link', { name: 'Italien', exact: true }).click();
    await navigated(page, (url) => url.pathname === '/reiseziel/it/italien');
    await expectText(heading(page), 'Urlaub in Italien');
    const cards = await offerCards(page);
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card.place).toMatch(/, Italien$/);
    // The country is fixed by the page: no country refinement; the others remain.
    expect(await page.getByLabel('Land').count()).toBe(0);
    expect(await page.getByLabel('Nächte').count()).toBe(1);
    const crumbs = page.getByRole('navigation', { name: 'Brotkrümelnavigation' });
    expect(await textOf(crumbs.locator('[aria-current="page"]'))).toBe('Italien');
  });

  test('the themes dropdown lists themes with a name; a theme page shows its offers', async () => {
    const { themes } = await menu();
    const named = themes.filter((theme) => theme.value);
    const { page } = await shop.open('/', { cookieConsent: 'necessary' });
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await nav.getByText('Themen', { exact: true }).click();
    const dropdown = nav.locator('details[open]');
    expect(await textsOf(dropdown.locator('.dropdown-list a'))).toEqual(named.map((theme) => theme.value));

    const theme = named[0]!;
    await dropdown.getByRole('link', { name: theme.value!, exact: true }).click();
    await navigated(
      page,
      (url) => url.pathname.startsWith('/thema/') && url.pathname.endsWith(`/${theme.key}`),
    );
    await expectText(heading(page), `${theme.value}: Hotelgutscheine`);
    expect((await offerCards(page)).length).toBeGreaterThan(0);
    expect(await page.getByLabel('Thema', { exact: true }).count()).toBe(0);
  });

  test('a destination page reloads with its refinements', async () => {
    const { page } = await shop.open('/reiseziel/at/oesterreich?sort=price-asc&persons=2');
    await expectText(heading(page), 'Urlaub in Österreich');
    expect(await page.getByLabel('Sortierung').inputValue()).toBe('price-asc');
    expect(await page.getByLabel('Personen').inputValue()).toBe('2');
  });
});
