import type { Page, Request, Route } from 'playwright-core';
import { expect, test } from 'vitest';
import { brandConfigs } from '../support/catalogue.ts';
import { completePage, fillCustomer, pay } from '../support/checkout.ts';
import { expectText } from '../support/page-helpers.ts';
import { hydrated, journey, type PageOptions, type Shop } from '../support/shop.ts';

/**
 * Tracking with consent (SPEC §1, §3, §4; issue 12): every request to another origin is intercepted,
 * recorded and answered with a tiny stub, so the page behaves as with the real tags but nothing leaves
 * the machine. Expectations come from the brands' configuration files: whatever the demo brands
 * configure, a brand loads exactly its own tags, and only after the visitor allowed all cookies.
 */

type TrackingConfig = {
  short: string;
  hasCookieConsent: boolean;
  analyticsId: string | null;
  analyticsType: 'gtag' | 'ua' | 'both' | null;
  tagManager: string | null;
  fbPixel: string | null;
  awinId: string | null;
  adcell: string | null;
  membershipNumber?: { optional?: boolean } | null;
  locales?: string[] | null;
};

const brands = brandConfigs() as unknown as TrackingConfig[];

/** The scripts a brand's tags load, as the vendors document their addresses. */
function expectedScripts(brand: TrackingConfig): string[] {
  if (!brand.hasCookieConsent) return [];
  const scripts: string[] = [];
  const type = brand.analyticsId ? brand.analyticsType : null;
  if (type === 'gtag' || type === 'both') {
    scripts.push(`https://www.googletagmanager.com/gtag/js?id=${brand.analyticsId}`);
  }
  if (type === 'ua' || type === 'both') scripts.push('https://www.google-analytics.com/analytics.js');
  if (brand.tagManager) scripts.push(`https://www.googletagmanager.com/gtm.js?id=${brand.tagManager}`);
  if (brand.fbPixel) scripts.push('https://connect.facebook.net/en_US/fbevents.js');
  if (brand.awinId) scripts.push(`https://www.dwin1.com/${brand.awinId}.js`);
  if (brand.adcell) scripts.push('https://t.adcell.com/js/trad.js');
  return scripts.sort();
}

/** The banner in the brand's first language (German where it speaks German, as most customers do). */
const bannerTexts = {
  de: { region: 'Cookies', allow: 'Cookies erlauben', browser: 'de-DE' },
  en: { region: 'Cookies', allow: 'Allow cookies', browser: 'en-GB' },
  it: { region: 'Cookie', allow: 'Consenti i cookie', browser: 'it-IT' },
} as const;
function languageOf(brand: TrackingConfig): keyof typeof bannerTexts {
  const locales = brand.locales ?? ['de'];
  return locales.includes('de') ? 'de' : (locales[0] as keyof typeof bannerTexts);
}

const withTags = brands.filter((brand) => expectedScripts(brand).length > 0);
const withoutConsent = brands.filter((brand) => !brand.hasCookieConsent);

/** Requests to other origins, as the page made them (time: when the browser asked). */
type Seen = { url: string; at: number; type: string };

/**
 * Answers every request to another origin with a stub: scripts that do nothing (the AWIN mastertag's
 * stub remembers the sale it found, as the real one reads it), pictures as one transparent pixel.
 */
async function interceptThirdParty(page: Page): Promise<Seen[]> {
  const seen: Seen[] = [];
  await page.route(
    (url) => url.hostname !== 'localhost' && !url.hostname.endsWith('.localhost'),
    async (route: Route, request: Request) => {
      seen.push({ url: request.url(), at: Date.now(), type: request.resourceType() });
      if (request.resourceType() === 'script') {
        const body = request.url().startsWith('https://www.dwin1.com/')
          ? 'window.__awinSales=(window.__awinSales||[]).concat(window.AWIN&&AWIN.Tracking&&AWIN.Tracking.Sale?[JSON.parse(JSON.stringify(AWIN.Tracking.Sale))]:[]);'
          : '/* stub */';
        await route.fulfill({ status: 200, contentType: 'application/javascript', body });
      } else {
        await route.fulfill({ status: 200, contentType: 'image/gif', body: pixel });
      }
    },
  );
  return seen;
}

const pixel = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A page with interception in place before its first request. */
async function openIntercepted(shop: Shop, path: string, options: PageOptions = {}) {
  const page = await shop.newPage(options);
  const seen = await interceptThirdParty(page);
  await shop.goto(page, path);
  return { page, seen };
}

/** Long enough for a tag loader that waits for `load` and idle time to have run. */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 300))));
  await page.waitForTimeout(700);
}

/** The dataLayer, with gtag's Arguments objects as arrays. */
function dataLayerOf(page: Page): Promise<unknown[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((entry) =>
      Object.prototype.toString.call(entry) === '[object Arguments]'
        ? Array.from(entry as ArrayLike<unknown>)
        : entry,
    ),
  );
}

const denied = {
  ad_storage: 'denied',
  analytics_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
};
const granted = {
  ad_storage: 'granted',
  analytics_storage: 'granted',
  ad_user_data: 'granted',
  ad_personalization: 'granted',
};

/** A bookable offer of the brand, found through its own API (offers may belong to one brand only). */
async function brandOfferPath(page: Page, skip: number): Promise<string> {
  return page.evaluate(async (skip) => {
    const response = await fetch('/api/offer/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sort: 'price-desc', page: 1, pageSize: 48 }),
    });
    const { items } = (await response.json()) as {
      items: { slug: string; isSoldOut: boolean; contact: { slug: string } }[];
    };
    const offer = items.filter((item) => !item.isSoldOut)[skip]!;
    return `/urlaub/${offer.contact.slug}/${offer.slug}`;
  }, skip);
}

/** From an offer page to the checkout form, through the cart drawer. */
async function toCheckout(page: Page) {
  await page.getByRole('button', { name: 'In den Warenkorb' }).click();
  const cart = page.getByRole('dialog', { name: 'Warenkorb' });
  await cart.locator('.order-line').first().waitFor();
  await cart.getByRole('link', { name: 'Zur Kasse' }).click();
  await page.waitForURL((url) => url.pathname === '/checkout');
  await page.locator('.checkout-submit').waitFor();
  await hydrated(page);
}

journey(
  'tracking with consent: tags only after "allow", exactly the brand’s, stopped on withdrawal',
  (shop) => {
    test('the demo brands cover at least two different tag configurations and a brand without consent', () => {
      const configurations = new Set(withTags.map((brand) => expectedScripts(brand).join(' ')));
      expect(configurations.size).toBeGreaterThanOrEqual(2);
      expect(withoutConsent.length).toBeGreaterThanOrEqual(1);
    });

    test('before an answer nothing goes to a third party: home, search, hotel map, offer and checkout', async () => {
      // The brand with the most tags: the one with the most to leak.
      const brand = [...withTags].sort((a, b) => expectedScripts(b).length - expectedScripts(a).length)[0]!;
      const { page, seen } = await openIntercepted(shop, '/', { brand: brand.short });
      await page.getByRole('region', { name: 'Cookies' }).waitFor();
      await settle(page);
      await shop.goto(page, '/urlaub-finden');
      await settle(page);
      // The map's tiles come through the shop's own origin, not from the tile server.
      await shop.goto(page, '/urlaub/karte');
      await page.locator('.map-pin, .map-cluster').first().waitFor();
      await settle(page);
      await shop.goto(page, await brandOfferPath(page, 1));
      await settle(page);
      await toCheckout(page);
      await settle(page);
      expect(seen.map((request) => request.url)).toEqual([]);
      expect(await dataLayerOf(page)).toEqual([]);
      // And still asking: the banner was never answered.
      expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBeNull();
    });

    for (const brand of withTags) {
      test(`${brand.short}: "allow cookies" loads exactly its tags (${expectedScripts(brand).length}), Consent Mode first, and is stored as evidence`, async () => {
        const language = languageOf(brand);
        const texts = bannerTexts[language];
        const { page, seen } = await openIntercepted(shop, '/', {
          brand: brand.short,
          locale: texts.browser,
        });
        const banner = page.getByRole('region', { name: texts.region, exact: true });
        await banner.waitFor();
        await settle(page);
        expect(seen).toEqual([]);
        const evidence = page.waitForRequest(
          (request) => request.url().endsWith('/api/consent') && request.method() === 'POST',
        );
        await banner.getByRole('button', { name: texts.allow }).click();
        const record = (await evidence).postDataJSON();
        expect(record).toMatchObject({
          choice: 'all',
          language,
          banner: { version: expect.any(String) },
        });
        expect(record.banner.textHash).toMatch(/^[0-9a-f]{64}$/);
        expect(record.visitorId).toMatch(/^[0-9a-f-]{36}$/);
        expect(record.banner.services.length).toBeGreaterThan(0);

        const expected = expectedScripts(brand);
        await expect.poll(() => seen.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(expected.length);
        await settle(page);
        expect(seen.map((request) => request.url).sort()).toEqual(expected);

        // Consent Mode v2: all denied by default, then granted, before any tag's own command.
        const layer = await dataLayerOf(page);
        expect(layer[0]).toEqual(['consent', 'default', { ...denied, wait_for_update: 500 }]);
        expect(layer[1]).toEqual(['consent', 'update', granted]);
        if (brand.analyticsType === 'gtag' || brand.analyticsType === 'both') {
          expect(layer).toContainEqual([
            'config',
            brand.analyticsId,
            expect.objectContaining({ anonymize_ip: true }),
          ]);
        }
        if (brand.analyticsType === 'ua' || brand.analyticsType === 'both') {
          const queue = await page.evaluate(() =>
            ((window as unknown as { ga?: { q?: ArrayLike<unknown>[] } }).ga?.q ?? []).map((entry) =>
              Array.from(entry),
            ),
          );
          expect(queue).toContainEqual(['create', brand.analyticsId, 'auto']);
          expect(queue).toContainEqual(['set', 'anonymizeIp', true]);
        }
      });
    }

    test('a returning visitor who allowed all: the tags load only after the page has loaded, once', async () => {
      const brand = withTags[0]!;
      const { page, seen } = await openIntercepted(shop, '/urlaub-finden', {
        brand: brand.short,
        cookieConsent: 'all',
      });
      expect(await page.getByRole('region', { name: 'Cookies' }).count()).toBe(0);
      await expect.poll(() => seen.length, { timeout: 10_000 }).toBeGreaterThan(0);
      await settle(page);
      const loadEnd = await page.evaluate(
        () =>
          performance.timeOrigin +
          (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
      );
      for (const request of seen) expect(request.at).toBeGreaterThanOrEqual(Math.floor(loadEnd));
      expect(seen.map((request) => request.url).sort()).toEqual(expectedScripts(brand));
    });

    test('declining later from the footer: focus moves to the question, Consent Mode is denied, nothing loads any more', async () => {
      const brand = withTags.find((candidate) => candidate.analyticsId) ?? withTags[0]!;
      const { page, seen } = await openIntercepted(shop, '/', { brand: brand.short, cookieConsent: 'all' });
      await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(expectedScripts(brand).length);

      const settings = page.getByRole('button', { name: 'Cookie-Einstellungen' });
      await settings.focus();
      await page.keyboard.press('Enter');
      const banner = page.getByRole('region', { name: 'Cookies' });
      await banner.waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('cookie-title');
      await expectText(banner, /Ihre aktuelle Wahl: alle Cookies erlaubt/);

      // What the page told the tags just before it is loaded again (see tag-loader.ts: unloadTags).
      await page.evaluate(() => {
        window.addEventListener('pagehide', () => {
          const layer = ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((entry) =>
            Object.prototype.toString.call(entry) === '[object Arguments]'
              ? Array.from(entry as ArrayLike<unknown>)
              : entry,
          );
          const flags = Object.keys(window).filter((key) => key.startsWith('ga-disable-'));
          sessionStorage.setItem('beforeReload', JSON.stringify({ layer, flags }));
        });
      });
      const evidence = page.waitForRequest((request) => request.url().endsWith('/api/consent'));
      const reloaded = page.waitForEvent('load');
      await page.keyboard.press('Tab');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe('Nur notwendige Cookies');
      await page.keyboard.press('Enter');
      expect((await evidence).postDataJSON()).toMatchObject({ choice: 'necessary' });
      await reloaded;
      await hydrated(page);

      const before = JSON.parse(
        (await page.evaluate(() => sessionStorage.getItem('beforeReload'))) ?? '{}',
      ) as { layer: unknown[]; flags: string[] };
      const consentCommands = before.layer.filter((entry) => Array.isArray(entry) && entry[0] === 'consent');
      expect(consentCommands.at(-1)).toEqual(['consent', 'update', denied]);
      if (brand.analyticsId) expect(before.flags).toContain(`ga-disable-${brand.analyticsId}`);

      expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('false');
      seen.length = 0;
      await settle(page);
      await shop.goto(page, '/urlaub-finden');
      await settle(page);
      expect(seen.map((request) => request.url)).toEqual([]);
      expect(await dataLayerOf(page)).toEqual([]);
    });

    test('brands without cookie consent show no banner, no settings and load nothing, even with a stored "true"', async () => {
      expect(withoutConsent.map((brand) => brand.short)).toContain('dealjaeger');
      for (const brand of withoutConsent) {
        const { page, seen } = await openIntercepted(shop, '/', { brand: brand.short, cookieConsent: 'all' });
        await settle(page);
        expect(await page.locator('.cookie-banner').count()).toBe(0);
        expect(await page.getByRole('button', { name: /Cookie-Einstellungen|Cookie settings/ }).count()).toBe(
          0,
        );
        await shop.goto(page, '/urlaub-finden');
        await settle(page);
        expect(seen.map((request) => request.url)).toEqual([]);
        expect(await dataLayerOf(page)).toEqual([]);
      }
    });

    // A brand whose checkout needs no membership number, for each affiliate network the demo brands use.
    const buyable = (brand: TrackingConfig) => !brand.membershipNumber || brand.membershipNumber.optional;
    const affiliateBrands = [
      withTags.find((brand) => brand.awinId && buyable(brand)),
      withTags.find((brand) => brand.adcell && buyable(brand)),
    ].filter((brand, index, list): brand is TrackingConfig => !!brand && list.indexOf(brand) === index);

    test('the demo brands have AWIN and adcell on brands one can buy from', () => {
      expect(affiliateBrands.some((brand) => brand.awinId)).toBe(true);
      expect(affiliateBrands.some((brand) => brand.adcell)).toBe(true);
    });

    for (const [index, brand] of affiliateBrands.entries()) {
      test(`${brand.short}: a purchase fires the conversion tags once, with the order's affiliate summary`, async () => {
        const page = await shop.newPage({ brand: brand.short, cookieConsent: 'all' });
        const seen = await interceptThirdParty(page);
        await shop.goto(page, '/');
        await shop.goto(page, await brandOfferPath(page, 4 + index));
        await toCheckout(page);
        await fillCustomer(page, {
          gender: '20',
          first: 'Erika',
          last: 'Mustermann',
          // A new address: the affiliate summary then says "new customer" (0).
          email: `tracking.${Date.now()}.${index}@example.com`,
          country: 'DE',
        });
        await pay(page, /^Vorkasse/);
        await completePage(page);
        const [, id, key] = /\/complete\/(\d+)\/([^/]+)$/.exec(page.url()) ?? [];
        const meta = await page.evaluate(
          async ([id, key]) => (await fetch(`/api/order/meta/${id}/${key}`)).json(),
          [id!, key!],
        );
        const affiliate = meta.affiliate as {
          id: number;
          total: number;
          currency: string;
          customer: number;
          usedReduction: string | null;
        };
        expect(affiliate).toMatchObject({ id: Number(id), currency: 'EUR', customer: 0 });
        const amount = (affiliate.total / 100).toFixed(2);

        const conversions = () =>
          seen
            .map((request) => new URL(request.url))
            .filter(
              (url) =>
                (url.hostname === 'www.awin1.com' && url.pathname === '/sread.img') ||
                (url.hostname === 't.adcell.com' && url.pathname === '/t/track'),
            );
        const expectedCount = (brand.awinId ? 1 : 0) + (brand.adcell ? 1 : 0);
        await expect.poll(() => conversions().length, { timeout: 10_000 }).toBe(expectedCount);

        if (brand.awinId) {
          const awin = conversions().find((url) => url.hostname === 'www.awin1.com')!;
          expect(Object.fromEntries(awin.searchParams)).toMatchObject({
            merchant: brand.awinId,
            amount,
            ref: String(affiliate.id),
            cr: 'EUR',
            parts: `DEFAULT:${amount}`,
            customeracquisition: 'NEW',
          });
          // The mastertag ran with the sale in place.
          await expect
            .poll(() =>
              page.evaluate(() => (window as unknown as { __awinSales?: unknown[] }).__awinSales ?? []),
            )
            .toContainEqual(
              expect.objectContaining({ orderRef: String(affiliate.id), amount, currency: 'EUR' }),
            );
        }
        if (brand.adcell) {
          const adcell = conversions().find((url) => url.hostname === 't.adcell.com')!;
          expect(Object.fromEntries(adcell.searchParams)).toMatchObject({
            pid: brand.adcell,
            referenz: String(affiliate.id),
            betrag: amount,
          });
        }
        // GA4's purchase, with the same summary for tag managers.
        const layer = await dataLayerOf(page);
        expect(layer).toContainEqual(
          expect.objectContaining({
            event: 'purchase',
            affiliate,
            ecommerce: expect.objectContaining({ transaction_id: String(affiliate.id), currency: 'EUR' }),
          }),
        );
        if (brand.analyticsType === 'gtag' || brand.analyticsType === 'both') {
          expect(layer).toContainEqual([
            'event',
            'purchase',
            expect.objectContaining({ transaction_id: String(affiliate.id) }),
          ]);
        }

        // Reloading the confirmation reports nothing again.
        const before = conversions().length;
        await page.reload();
        await page.locator('[data-order-status]').waitFor();
        await settle(page);
        expect(conversions()).toHaveLength(before);
        expect(
          (await dataLayerOf(page)).filter((entry) => (entry as { event?: string })?.event === 'purchase'),
        ).toEqual([]);
      });
    }

    test('the cookie settings are reachable by keyboard and labelled; "allow" from them returns focus to the footer', async () => {
      const { page } = await openIntercepted(shop, '/', { cookieConsent: 'necessary' });
      expect(await page.getByRole('region', { name: 'Cookies' }).count()).toBe(0);
      const settings = page.getByRole('navigation', { name: 'Rechtliches und Service' }).getByRole('button', {
        name: 'Cookie-Einstellungen',
      });
      await settings.click();
      const banner = page.getByRole('region', { name: 'Cookies' });
      await banner.waitFor();
      await expectText(banner, /Ihre aktuelle Wahl: nur notwendige Cookies/);
      await banner.getByRole('button', { name: 'Cookies erlauben' }).click();
      await expect.poll(() => banner.count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('cookie-settings');
      expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('true');
    });
  },
);
