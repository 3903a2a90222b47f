import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { api, offerPath } from '../support/catalogue.ts';
import { completePage, fillCustomer, offerInStock, pay, startCheckout } from '../support/checkout.ts';
import { screenshot } from '../support/out.ts';
import { expectText, heading, navigated, textOf, textsOf } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

type Language = 'de' | 'en' | 'it';
type Summary = { id: number; slug: string; contact: { slug: string; city: string } };
type OfferData = {
  texts: { title: string; body: string }[];
  hotel: {
    description: string;
    address: { city: string; region: string | null; country: { name: string } };
  };
};

/** The catalogue texts of one offer as the API answers them in `locale`. */
async function catalogueTexts(slug: string, locale: Language): Promise<string[]> {
  const offer = await api<{ id: number; title: string; subtitle: string }>(
    `/api/offer/slug/${slug}`,
    undefined,
    locale,
  );
  const data = await api<OfferData>(`/api/offer/data?id=${offer.id}`, undefined, locale);
  const { address } = data.hotel;
  return [
    offer.title,
    offer.subtitle,
    ...data.texts.flatMap((text) => [text.title, text.body]),
    data.hotel.description,
    address.city,
    address.region ?? '',
    address.country.name,
  ];
}

/**
 * German and English catalogue texts of the offers that `page` (in Italian) shows, where they differ from
 * the Italian ones: none of them may be on the page. `slugs` are the offers to compare.
 */
async function foreignTextsOn(page: Page, slugs: string[], fields: (texts: string[]) => string[]) {
  const body = await textOf(page.locator('body'));
  const found: string[] = [];
  for (const slug of slugs) {
    const italian = fields(await catalogueTexts(slug, 'it'));
    for (const locale of ['de', 'en'] as const) {
      const foreign = fields(await catalogueTexts(slug, locale));
      foreign.forEach((text, index) => {
        // Only what differs, and is no part of the Italian text ("Merano" is both English and Italian).
        const own = italian[index] ?? '';
        if (text === '' || text === own || own.includes(text)) return;
        if (body.includes(text)) found.push(`${slug} (${locale}): ${text}`);
      });
    }
    // The Italian texts are there, so the comparison looked at the right offers.
    expect(body, slug).toContain(italian[0]);
  }
  return found;
}

const slugsOnPage = (page: Page) =>
  page
    .locator('.offer-grid > li a[href^="/urlaub/"]')
    .evaluateAll((links) => [
      ...new Set(links.map((link) => new URL((link as HTMLAnchorElement).href).pathname.split('/')[3]!)),
    ]);

journey('catalogue language: offers, places and dates in the visitor language', (shop) => {
  test('the Italian home page shows no German or English title, town, region or country of its offers', async () => {
    const { page } = await shop.open('/', { locale: 'it-IT' });
    expect(await page.locator('html').getAttribute('lang')).toBe('it');
    const slugs = await slugsOnPage(page);
    expect(slugs.length).toBeGreaterThanOrEqual(12);
    // The cards show title, town and country.
    const titleTownCountry = (texts: string[]) => [texts[0]!, texts.at(-3)!, texts.at(-1)!];
    expect(await foreignTextsOn(page, slugs, titleTownCountry)).toEqual([]);
  });

  test('an Italian offer page in South Tyrol shows no German or English catalogue text', async () => {
    const result = await api<{ items: Summary[] }>(
      '/api/offer/search',
      { query: 'Alto Adige', sort: 'relevance', page: 1, pageSize: 24, facets: false },
      'it',
    );
    // A town with a name of its own in Italian (Dobbiaco, Bressanone…), the region's too.
    const offer = result.items.find((item) => !/^(Rom|Wien)$/.test(item.contact.city));
    expect(offer).toBeDefined();
    const german = await catalogueTexts(offer!.slug, 'de');
    const { page } = await shop.open(offerPath(offer!), { locale: 'it-IT' });
    expect(await page.locator('html').getAttribute('lang')).toBe('it');
    expect(await foreignTextsOn(page, [offer!.slug], (texts) => texts)).toEqual([]);
    const body = await textOf(page.locator('body'));
    expect(body).toContain('Alto Adige');
    await screenshot(page, 'offer-it', 2);
    expect(body).not.toContain(german.at(-2)!);
  });

  test('the footer leads to the help page, in the language of each brand', async () => {
    for (const [brand, locale, title, question] of [
      ['viaggi', 'it-IT', 'Aiuto e domande frequenti', 'Per quanto tempo è valido il voucher?'],
      ['demo', 'en-GB', 'Help and frequently asked questions', 'How long is the voucher valid?'],
      ['sparbuch', 'de-DE', 'Hilfe und häufige Fragen', 'Wie lange ist der Gutschein gültig?'],
    ] as const) {
      const { page } = await shop.open('/', { brand, locale, cookieConsent: 'necessary' });
      await page.locator('footer').getByRole('link', { name: title, exact: true }).click();
      await navigated(page, (url) => url.pathname === '/faq');
      await expectText(heading(page), title);
      expect(await textsOf(page.getByRole('heading', { level: 2 })), brand).toContain(question);
      if (brand === 'viaggi') {
        await screenshot(page, 'help-it-desktop');
        const { page: phone } = await shop.open('/faq', { brand, locale, viewport: 'mobile' });
        await screenshot(phone, 'help-it-phone', 2);
      }
    }
  });

  test('English dates are British ("23 November 2026"), German and Italian their own', async () => {
    const page = await startCheckout(shop, offerPath(await offerInStock(5)));
    await fillCustomer(page);
    await pay(page, /^Vorkasse \(Überweisung\)/);
    await completePage(page);
    const path = new URL(page.url()).pathname;
    const months = {
      en: 'January|February|March|April|May|June|July|August|September|October|November|December',
      de: 'Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember',
      it: 'gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre',
    };
    // The order number's line: "Bestellnummer 12 · 23. November 2026", then the hint what to quote it for.
    const forms: Record<Language, RegExp> = {
      en: new RegExp(`· \\d{1,2} (${months.en}) \\d{4}(?!\\d)`),
      de: new RegExp(`· \\d{1,2}\\. (${months.de}) \\d{4}(?!\\d)`),
      it: new RegExp(`· \\d{1,2} (${months.it}) \\d{4}(?!\\d)`),
    };
    for (const language of ['en', 'de', 'it'] as const) {
      await shop.goto(page, `${path}?lang=${language}`);
      await page.locator('[data-order-status]').waitFor();
      const orderLine = await textOf(page.locator('.order-number'));
      expect(orderLine, language).toMatch(forms[language]);
      // The bank details name the due date the same way (and never "November 23, 2026").
      const bank = await textOf(page.locator('.wire-details'));
      expect(bank, language).toMatch(new RegExp(`\\d{1,2}\\.? (${months[language]}) \\d{4}`));
      expect(bank).not.toMatch(new RegExp(`(${months.en}) \\d{1,2}, \\d{4}`));
    }
  });
});
