import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { brandConfigs, offerPath, offerWithoutNotices } from '../support/catalogue.ts';
import { journey } from '../support/shop.ts';

const demo = brandConfigs().find((brand) => brand.short === 'demo')!;

/** The page's <head> as a search engine or a link preview reads it. */
async function headOf(page: Page) {
  return page.evaluate(() => {
    const content = (selector: string) =>
      document.head.querySelector(selector)?.getAttribute('content') ?? null;
    const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].flatMap((script) => {
      const data = JSON.parse(script.textContent ?? 'null') as unknown;
      return Array.isArray(data) ? data : [data];
    }) as { '@type': string; [key: string]: unknown }[];
    return {
      title: document.title,
      description: content('meta[name="description"]'),
      canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      hreflang: [...document.head.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) =>
        link.getAttribute('hreflang'),
      ),
      ogTitle: content('meta[property="og:title"]'),
      ogUrl: content('meta[property="og:url"]'),
      ogImage: content('meta[property="og:image"]'),
      types: jsonLd.map((entry) => entry['@type']),
      jsonLd,
    };
  });
}

/** SPEC/issue "findability": what exists so far; sitemap and robots follow with their feature. */
journey('findability: titles, canonical addresses, previews and structured data', (shop) => {
  const pages = [
    { name: 'home', path: async () => '/', types: ['Organization'] },
    {
      name: 'offer',
      path: async () => offerPath(await offerWithoutNotices()),
      types: ['Product', 'BreadcrumbList'],
    },
    {
      name: 'hotel',
      path: async () => `/urlaub/${(await offerWithoutNotices()).contact.slug}`,
      types: ['Hotel', 'BreadcrumbList'],
    },
    { name: 'destination', path: async () => '/reiseziel/it/italien', types: ['BreadcrumbList'] },
  ];
  for (const entry of pages) {
    test(`${entry.name}: title with the store’s name, description, canonical address, Open Graph, JSON-LD`, async () => {
      const path = await entry.path();
      const { page } = await shop.open(`${path}?sort=price-asc`);
      const head = await headOf(page);
      expect(head.title).toContain(demo.storeName);
      expect(head.description?.length ?? 0).toBeGreaterThan(20);
      // One address per page whatever the filters: the canonical drops the query.
      expect(head.canonical).toBe(`${shop.origin()}${path}`);
      expect(head.ogUrl).toBe(head.canonical);
      expect(head.ogTitle).not.toBeNull();
      expect(head.ogImage).toMatch(/^http:\/\/localhost:\d+\//);
      expect(head.hreflang).toEqual(expect.arrayContaining(['de', 'en', 'it', 'x-default']));
      for (const type of entry.types) expect(head.types).toContain(type);
    });
  }

  test('an offer’s Product data carries its price in euros', async () => {
    const offer = await offerWithoutNotices();
    const { page } = await shop.open(offerPath(offer));
    const product = (await headOf(page)).jsonLd.find((entry) => entry['@type'] === 'Product') as unknown as {
      name: string;
      offers:
        | { priceCurrency: string; price: string | number }
        | { priceCurrency: string; price: string | number }[];
    };
    expect(product.name).toBe(offer.title);
    const offers = Array.isArray(product.offers) ? product.offers : [product.offers];
    expect(offers[0]?.priceCurrency).toBe('EUR');
    expect(Number(offers[0]?.price)).toBeGreaterThan(0);
  });

  test('another brand’s pages name that brand and its host', async () => {
    const brand = brandConfigs().find((entry) => entry.short === 'autoclub')!;
    const { page } = await shop.open('/urlaub-finden', { brand: brand.short });
    const head = await headOf(page);
    expect(head.title).toContain(brand.storeName);
    expect(head.canonical).toBe(`${shop.origin(brand.short)}/urlaub-finden`);
  });

  test('sitemap.xml lists the brand’s pages on its own host', async () => {
    const page = await shop.newPage();
    const origin = shop.origin('autoclub');
    // Fetched from a page of the brand's host, not shown: Chromium's XML viewer styles the document
    // inline, which the CSP refuses.
    await page.goto(`${origin}/robots.txt`);
    const read = (url: string) =>
      page.evaluate((address) => fetch(address).then((answer) => answer.text()), url);
    const index = await read(`${origin}/sitemap.xml`);
    expect(index).toContain(`<loc>${origin}/sitemap-pages.xml</loc>`);
    const pages = await read(`${origin}/sitemap-pages.xml`);
    expect(pages).toContain(`<loc>${origin}/ostern</loc>`);
    expect(pages).toContain(`<loc>${origin}/gutscheinvorteile</loc>`);
    expect(pages).not.toContain(`<loc>${shop.origin()}/`);
  });

  test('robots.txt points to the brand’s sitemap', async () => {
    const page = await shop.newPage();
    const origin = shop.origin('autoclub');
    const robots = await (await page.goto(`${origin}/robots.txt`))!.text();
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});
