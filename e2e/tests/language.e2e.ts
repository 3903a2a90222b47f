import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { brandConfigs } from '../support/catalogue.ts';
import { expectText, heading, navigated, textOf } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

const demo = brandConfigs().find((brand) => brand.short === 'demo')!;

/** What the top bar and the search screen say in each language. */
const ui = {
  de: {
    find: 'Urlaub finden',
    destinations: 'Reiseziele',
    themes: 'Themen',
    sort: 'Sortierung',
    apply: 'Anzeigen',
  },
  en: {
    find: 'Find a holiday',
    destinations: 'Destinations',
    themes: 'Themes',
    sort: 'Sort by',
    apply: 'Show results',
  },
  it: {
    find: 'Trova la vacanza',
    destinations: 'Destinazioni',
    themes: 'Temi',
    sort: 'Ordina per',
    apply: 'Mostra risultati',
  },
} as const;
type Language = keyof typeof ui;
const names: Record<Language, string> = { de: 'Deutsch', en: 'English', it: 'Italiano' };
const current: Record<Language, string> = { de: 'Sprache', en: 'Language', it: 'Lingua' };

async function switchTo(page: Page, from: Language, to: Language) {
  const nav = page.getByRole('navigation', {
    name: /Hauptnavigation|Main navigation|Navigazione principale/,
  });
  await nav.getByText(`${current[from]}: ${names[from]}`).click();
  await nav.getByRole('link', { name: names[to], exact: true }).click();
  // Each language has its own address (?lang=xx); the choice is also remembered for later pages.
  await navigated(page, (url) => url.searchParams.get('lang') === to);
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(to);
}

/** On the home page: the top bar, the search screen and the brand's hero in that language. */
async function expectLanguage(page: Page, language: Language) {
  expect(await page.locator('html').getAttribute('lang')).toBe(language);
  const words = ui[language];
  const nav = page.locator('#main-nav');
  await expectText(nav.getByRole('link', { name: words.find, exact: true }), words.find);
  expect(await textOf(nav.locator('summary').nth(0))).toBe(words.destinations);
  expect(await textOf(nav.locator('summary').nth(1))).toBe(words.themes);
  await expectText(page.getByText(words.sort, { exact: true }), words.sort);
  await expectText(page.getByRole('button', { name: words.apply }), words.apply);
  await expectText(heading(page), demo.hero[language]!.title);
}

journey('language: German, English, Italian', (shop) => {
  test('the language selector switches to English and Italian; the choice survives a reload and a new page', async () => {
    const { page } = await shop.open('/');
    await expectLanguage(page, 'de');

    await switchTo(page, 'de', 'en');
    expect(new URL(page.url()).pathname).toBe('/');
    await expectLanguage(page, 'en');
    await page.reload();
    await navigated(page, (url) => url.pathname === '/');
    await expectLanguage(page, 'en');

    await switchTo(page, 'en', 'it');
    await expectLanguage(page, 'it');
    // Another page of the same visit keeps Italian.
    await shop.goto(page, '/urlaub-finden');
    expect(await page.locator('html').getAttribute('lang')).toBe('it');
    await expectText(heading(page), 'Trova la vacanza');

    await switchTo(page, 'it', 'de');
    expect(new URL(page.url()).pathname).toBe('/urlaub-finden');
    await expectText(heading(page), 'Urlaub finden');
  });

  test('the switch keeps the page and its refinements', async () => {
    const { page } = await shop.open('/urlaub-finden?country=IT&sort=price-asc');
    await switchTo(page, 'de', 'en');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/urlaub-finden');
    expect(Object.fromEntries(url.searchParams)).toEqual({ country: 'IT', sort: 'price-asc', lang: 'en' });
    expect(await page.getByLabel('Country').inputValue()).toBe('IT');
  });

  test('the browser language chooses the first language; no German is left on an Italian page', async () => {
    const { page } = await shop.open('/urlaub-finden', { locale: 'it-IT' });
    expect(await page.locator('html').getAttribute('lang')).toBe('it');
    const text = await textOf(page.locator('body'));
    for (const german of [
      'Urlaub finden',
      'Reiseziele',
      'Sortierung',
      'Anzeigen',
      'Angebote',
      'Nächte',
      'Zum Inhalt',
    ]) {
      expect(text, `German "${german}" on the Italian page`).not.toContain(german);
    }
  });

  test('a brand with one language shows no language selector', async () => {
    const single = brandConfigs().find((brand) => brand.locales?.length === 1);
    expect(single).toBeDefined();
    const { page } = await shop.open('/', { brand: single!.short });
    expect(await page.locator('html').getAttribute('lang')).toBe(single!.locales![0]);
    expect(await page.getByText(/^(Sprache|Language|Lingua):/).count()).toBe(0);
  });
});
