import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseBrandConfig } from '@shop/contracts/brand-config';
import { contentOverviewSchema, menuSchema } from '@shop/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '#src/config.ts';
import { readPdf } from '#src/modules/documents/pdf-inspection.test-support.ts';
import { createTestApp, getJson, type TestApp } from '#src/test/app.ts';
import { exampleCustomer, onBrand, payWithPayPal, readyCart, variantsInStock } from '#src/test/orders.ts';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop?.close());

describe('menu', () => {
  it('lists menu countries by ISO code and themes with names only when in the menu', async () => {
    const { status, body } = await getJson(shop.app, '/api/menu', { 'accept-language': 'en' });
    expect(status).toBe(200);
    const menu = menuSchema.parse(body);
    expect(menu.countries).toContainEqual({ key: 'AT', value: 'Austria' });
    expect(menu.countries.length).toBeGreaterThanOrEqual(10);
    expect(menu.themes.filter((theme) => theme.value !== null).length).toBeGreaterThanOrEqual(8);
    expect(menu.themes.some((theme) => theme.value === null)).toBe(true);
  });
});

describe('content', () => {
  it("lists the brand's pages in the caller language with the footer menu", async () => {
    const { status, body } = await getJson(shop.app, '/api/content', { 'accept-language': 'it' });
    expect(status).toBe(200);
    const content = contentOverviewSchema.parse(body);
    const slugs = content.pages.map((page) => page.slug);
    expect(slugs).toEqual(
      expect.arrayContaining(['impressum', 'datenschutz', 'agb', 'accessibility', 'gutscheinvorteile']),
    );
    expect(content.pages.every((page) => page.locale === 'it')).toBe(true);
    expect(content.extensionPoints.footerMenu).toContain('privacy');
    const names = content.pages.map((page) => page.name);
    expect(content.extensionPoints.footerMenu.every((name) => names.includes(name))).toBe(true);
  });

  it('opens a page by slug case-insensitively and 404s an unknown slug', async () => {
    const page = await getJson(shop.app, '/api/content/AccessiBility', { 'accept-language': 'en' });
    expect(page.status).toBe(200);
    expect(page.body.body).toMatch(/15/);
    expect((await getJson(shop.app, '/api/content/does-not-exist')).status).toBe(404);
  });

  it('has a help page with the questions a voucher buyer asks, in every language, in the footer menu', async () => {
    const pages = await Promise.all(
      (['de', 'en', 'it'] as const).map(async (locale) => {
        const { status, body } = await getJson(shop.app, '/api/content/faq', { 'accept-language': locale });
        expect(status, locale).toBe(200);
        expect(body.locale).toBe(locale);
        return body as { name: string; title: string; body: string };
      }),
    );
    const [de, en, it] = pages as [(typeof pages)[0], (typeof pages)[0], (typeof pages)[0]];
    expect(new Set(pages.map((page) => page.title)).size).toBe(3);
    expect(de.body).toMatch(/Drei Jahre ab dem Kaufdatum/);
    expect(en.body).toMatch(/Three years from the date of purchase/);
    expect(en.body).toMatch(/bank transfer/);
    expect(en.body).toMatch(/within 14 days/);
    expect(en.body).toMatch(/print/);
    expect(it.body).toMatch(/Tre anni dalla data di acquisto/);
    // Every answer is a section of its own; every language has as many.
    const questions = pages.map((page) => page.body.match(/^## /gm)?.length ?? 0);
    expect(questions[0]).toBeGreaterThanOrEqual(7);
    expect(new Set(questions).size).toBe(1);
    for (const host of ['localhost', 'viaggi.localhost', 'sparbuch.localhost']) {
      const { body } = await getJson(shop.app, '/api/content', { host, 'accept-language': 'it' });
      const overview = contentOverviewSchema.parse(body);
      expect(overview.extensionPoints.footerMenu, host).toContain('help');
      expect(overview.pages.find((page) => page.name === 'help')?.slug, host).toBe('faq');
    }
  });

  it("prefers a brand's own page over the shared one", async () => {
    const shared = await getJson(shop.app, '/api/content/impressum');
    const own = await getJson(shop.app, '/api/content/impressum', { host: 'sparbuch.localhost' });
    expect(own.status).toBe(200);
    expect(own.body.body).not.toBe(shared.body.body);
  });

  it('names the brand of the host, with the default brand for unknown hosts', async () => {
    expect((await getJson(shop.app, '/api/brand', { host: 'viaggi.localhost:3000' })).body).toMatchObject({
      short: 'viaggi',
      locales: ['it', 'en'],
    });
    expect((await getJson(shop.app, '/api/brand', { host: 'unknown.example' })).body.short).toBe('demo');
    expect((await getJson(shop.app, '/api/brand', { host: '127.0.0.1:3000' })).body.short).toBe('demo');
  });
});

describe('one seller per brand', () => {
  const brands = ['demo', 'autoclub', 'dealjaeger', 'familyclub', 'sparbuch', 'viaggi'] as const;
  let variants: number[];
  beforeAll(async () => {
    variants = await variantsInStock(shop.database.db, brands.length);
  });

  /** A line of Directive 2011/83/EU Annex I(B) in each language, and the withdrawal period's words. */
  const annex = {
    de: {
      form: 'Hiermit widerrufe(n) ich/wir (*)',
      period: 'vierzehn Tage ab dem Tag des Vertragsabschlusses',
    },
    en: {
      form: 'I/We (*) hereby give notice that I/We (*) withdraw',
      period: 'fourteen days from the day of the conclusion of the contract',
    },
    it: {
      form: 'Con la presente io/noi (*) notifichiamo il recesso',
      period: 'quattordici giorni dal giorno della conclusione del contratto',
    },
  } as const;

  it.each(brands)(
    '%s: terms, withdrawal information and model withdrawal form in each of its languages, naming its company',
    async (short) => {
      const file = path.join(repoRoot, 'assets/brands', short, 'config.json');
      const config = parseBrandConfig(short, JSON.parse(await readFile(file, 'utf8')));
      const legal = config.legal!;
      const locales = config.locales ?? ['de', 'en', 'it'];
      for (const locale of locales) {
        const headers = { host: `${short}.localhost`, 'accept-language': locale };
        const overview = contentOverviewSchema.parse((await getJson(shop.app, '/api/content', headers)).body);
        const slugOf = (name: string) => overview.pages.find((page) => page.name === name)?.slug;
        expect(overview.extensionPoints.footerMenu, `${short} ${locale}`).toContain('withdrawal');
        const pages: Record<string, { locale: string; title: string; body: string }> = {};
        for (const name of ['terms', 'withdrawal', 'withdrawal-form']) {
          const slug = slugOf(name);
          expect(slug, `${short} ${locale} ${name}`).toBeDefined();
          const page = await getJson(shop.app, `/api/content/${slug}`, headers);
          expect(page.status).toBe(200);
          expect(page.body.locale, `${short} ${name}`).toBe(locale);
          pages[name] = page.body;
          for (const fact of [config.company, legal.street, `${legal.postcode} ${legal.city}`]) {
            expect(page.body.body, `${short} ${locale} ${name}: ${fact}`).toContain(fact);
          }
          expect(page.body.body, `${short} ${locale} ${name}`).toContain(config.supportMail);
          expect(page.body.body).not.toContain('{{');
        }
        expect(pages.withdrawal?.body).toContain(annex[locale].period);
        expect(pages['withdrawal-form']?.body).toContain(annex[locale].form);
        // The terms point to both, so that a reader of the terms finds the form.
        expect(pages.terms?.body).toContain(`](/${slugOf('withdrawal')})`);
        expect(pages.terms?.body).toContain(`](/${slugOf('withdrawal-form')})`);
      }
    },
  );

  it.each(brands)(
    '%s: the imprint, an invoice and a voucher name the company of its config',
    async (short) => {
      const file = path.join(repoRoot, 'assets/brands', short, 'config.json');
      const config = parseBrandConfig(short, JSON.parse(await readFile(file, 'utf8')));
      const legal = config.legal!;
      const locale = config.locales?.[0] ?? 'de';
      const headers = { host: `${short}.localhost`, 'accept-language': locale };
      const seller = [
        config.company,
        legal.street,
        `${legal.postcode} ${legal.city}`,
        legal.register!,
        legal.vatId,
      ];

      const imprint = await getJson(shop.app, '/api/content/impressum', headers);
      expect(imprint.status).toBe(200);
      for (const fact of seller) expect(imprint.body.body, `imprint: ${fact}`).toContain(fact);
      // The demo brand's imprint once named another address, register and VAT ID than its invoices.
      expect(imprint.body.body).not.toMatch(/Reisebogen|DE123456789|Landstraße 48/);
      // The terms, privacy and contact pages are shared by the brands: each names the brand's own seller.
      for (const slug of ['agb', 'datenschutz', 'kontakt']) {
        const page = (await getJson(shop.app, `/api/content/${slug}`, headers)).body.body as string;
        expect(page, slug).toContain(config.company);
        if (slug !== 'agb') expect(page, slug).toContain(config.supportMail);
        expect(page, slug).not.toContain('{{');
      }

      const app = onBrand(shop.app, headers);
      // Each brand buys its own variant: one of them may have as few as five units.
      const cart = await readyCart(app, variants[brands.indexOf(short)]!, {
        ...exampleCustomer,
        // Sparbuch's members must give their number (8 digits, mod 11); autoclub's may skip it.
        ...(config.membershipNumber?.optional === false ? { membershipNumber: '12345679' } : {}),
      });
      await payWithPayPal(app, cart);
      const order = (
        await app.inject({ method: 'GET', url: `/api/order/${cart.orderId}/${cart.key}` })
      ).json();
      expect(order.status, JSON.stringify(order)).toBe('paid');
      const base = `${cart.orderId}/${cart.key}`;
      const invoice = await app.inject({
        method: 'GET',
        url: `/api/invoice/download/${base}/${order.invoiceNumber}.pdf`,
      });
      const voucher = await app.inject({
        method: 'GET',
        url: `/api/voucher/download/${base}/${order.vouchers[0].id}.pdf`,
      });
      for (const [name, pdf] of [
        ['invoice', invoice],
        ['voucher', voucher],
      ] as const) {
        expect(pdf.statusCode, name).toBe(200);
        const { text } = readPdf(pdf.rawPayload);
        for (const fact of seller) expect(text, `${name}: ${fact}`).toContain(fact);
      }
    },
  );
});
