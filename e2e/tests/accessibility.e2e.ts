import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { formatViolations, isBlocking, runAxe, saveAxeReport } from '../support/axe.ts';
import {
  brandConfigs,
  contentPages,
  goneOffer,
  menu,
  offerPath,
  offerWithFewPiecesLeft,
  soldOutOffer,
} from '../support/catalogue.ts';
import { hydrated, journey, type PageOptions, type Shop, type ViewportName } from '../support/shop.ts';

/**
 * Every screen type, as a first-time visitor sees it (cookie banner included), at phone and desktop
 * width. Add a screen here when a feature adds one.
 */
type Screen = { name: string; path: () => Promise<string>; options?: PageOptions };

const screens: Screen[] = [
  { name: 'home', path: async () => '/' },
  { name: 'search', path: async () => '/urlaub-finden?q=Gardasee&sort=price-asc' },
  { name: 'search-empty', path: async () => '/search/xqzwvy' },
  {
    name: 'destination',
    path: async () => {
      const { countries } = await menu();
      return `/reiseziel/${countries[0]!.key.toLowerCase()}`;
    },
  },
  {
    name: 'theme',
    path: async () => {
      const theme = (await menu()).themes.find((entry) => entry.value)!;
      return `/thema/${theme.key}`;
    },
  },
  { name: 'offer', path: async () => offerPath(await offerWithFewPiecesLeft()) },
  { name: 'offer-sold-out', path: async () => offerPath(await soldOutOffer()) },
  {
    name: 'offer-gone',
    path: async () => {
      const gone = await goneOffer();
      return `/urlaub/${gone.hotel.slug}/${gone.offer.slug}`;
    },
  },
  { name: 'offer-unknown', path: async () => '/urlaub/kein-hotel/kein-angebot-0' },
  { name: 'hotel', path: async () => `/urlaub/${(await offerWithFewPiecesLeft()).contact.slug}` },
  { name: 'map', path: async () => '/urlaub/karte' },
  {
    name: 'content',
    path: async () => `/${(await contentPages()).pages.find((page) => page.name === 'imprint')!.slug}`,
  },
  { name: 'help', path: async () => '/faq', options: { locale: 'it-IT' } },
  { name: 'not-found', path: async () => '/gibt-es-nicht' },
  { name: 'not-found-deep', path: async () => '/urlaub-finden/zu/tief' },
  { name: 'register', path: async () => '/account/register' },
  { name: 'password-forgotten', path: async () => '/password-forgotten' },
  { name: 'password-reset', path: async () => '/password-forgotten?email=erika%40example.com&token=abc' },
  {
    name: 'landing',
    path: async () => brandConfigs().find((brand) => brand.short === 'autoclub')!.landingPages[0]!.path,
    options: { brand: 'autoclub' },
  },
];

/** Layers opened on top of a page (dialogs, menus) and the brands' own colours. */
type State = { name: string; path: string; options?: PageOptions; open?: (page: Page) => Promise<void> };

const states: State[] = [
  {
    name: 'search-dialog-with-suggestions',
    path: '/',
    open: async (page) => {
      await page.getByRole('button', { name: 'Suche', exact: true }).click();
      await page.getByRole('dialog').getByRole('searchbox').fill('Garda');
      await page.getByRole('list', { name: 'Vorschläge' }).waitFor();
    },
  },
  {
    name: 'cart-drawer',
    path: '/',
    open: async (page) => {
      await page.getByRole('button', { name: /^Warenkorb/ }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'login-dialog',
    path: '/',
    open: async (page) => {
      await page.getByRole('button', { name: 'Mein Konto' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'destinations-dropdown',
    path: '/',
    open: async (page) => {
      await page.locator('#main-nav summary').first().click();
      await page.locator('#main-nav details[open]').waitFor();
    },
  },
  lightboxState('offer-lightbox', 1),
  lightboxState('offer-lightbox-phone', 2, { viewport: 'mobile' }),
  {
    name: 'mobile-menu',
    path: '/',
    options: { viewport: 'mobile' },
    open: async (page) => {
      await page.getByRole('button', { name: 'Menü' }).click();
      await page.locator('#main-nav.is-open').waitFor();
    },
  },
  ...brandConfigs()
    .filter((brand) => brand.short !== 'demo')
    .map((brand) => ({ name: `brand-${brand.short}`, path: '/', options: { brand: brand.short } })),
];

/** An offer's pictures enlarged in the lightbox, opened from the `picture`th one. */
function lightboxState(name: string, picture: number, options?: PageOptions): State {
  return {
    name,
    path: '/',
    options,
    open: async (page) => {
      await page.goto(offerPath(await offerWithFewPiecesLeft()));
      await hydrated(page);
      await page.getByRole('link', { name: `Bild ${picture} von 3 vergrößern` }).click();
      await page.getByRole('dialog', { name: `Bild ${picture} von 3` }).waitFor();
    },
  };
}

async function expectNoBlockingViolations(
  shop: Shop,
  name: string,
  path: string,
  options: PageOptions,
  open?: (page: Page) => Promise<void>,
) {
  const { page } = await shop.open(path, options);
  await open?.(page);
  const violations = await runAxe(page);
  const viewport = options.viewport ?? 'desktop';
  await saveAxeReport(`${name}-${viewport}`, violations);
  const blocking = violations.filter(isBlocking);
  const other = violations.filter((violation) => !isBlocking(violation));
  if (other.length > 0)
    console.log(`axe ${name} (${viewport}) ${path}, minor/moderate:\n${formatViolations(other)}`);
  expect(blocking, `axe on ${path} (${name}, ${viewport}):\n${formatViolations(blocking)}`).toEqual([]);
}

journey('accessibility: axe-core (WCAG 2.2 AA) on every screen', (shop) => {
  for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
    for (const screen of screens) {
      test(`${screen.name} at ${viewport === 'desktop' ? 1280 : 375} px has no serious or critical violation`, async () => {
        await expectNoBlockingViolations(shop, screen.name, await screen.path(), {
          ...screen.options,
          viewport,
        });
      });
    }
  }
  // The same screens in the other two shop languages (their texts and place names differ in length and
  // in the `lang` of what they quote), at the desktop width; the phone width runs in German above.
  for (const locale of ['en-GB', 'it-IT']) {
    for (const screen of screens.filter((candidate) => !candidate.options?.locale)) {
      test(`${screen.name} in ${locale} has no serious or critical violation`, async () => {
        await expectNoBlockingViolations(shop, `${screen.name}-${locale}`, await screen.path(), {
          ...screen.options,
          locale,
        });
      });
    }
  }
  for (const state of states) {
    test(`${state.name} has no serious or critical violation`, async () => {
      await expectNoBlockingViolations(
        shop,
        state.name,
        state.path,
        { cookieConsent: 'necessary', ...state.options },
        state.open,
      );
    });
  }
});
