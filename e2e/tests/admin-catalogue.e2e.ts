import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  demoStaff,
  expectNoBlockingViolations,
  expectNoConsoleErrors,
  openAdmin,
  signInAsOperator,
  signInToOrders,
} from '../support/admin.ts';
import { completePage, decideAtProvider, fillCustomer, pay, startCheckout } from '../support/checkout.ts';
import { startPostgresServer } from '../support/global-setup.ts';
import { expectText, heading } from '../support/page-helpers.ts';
import { journey, type PageOptions, type Shop } from '../support/shop.ts';

/**
 * Issue 26: the catalogue in the back office, on two server processes sharing one PostgreSQL database
 * (what one process takes is live on the other within 5 s). The operator creates a hotel with a
 * cropped picture and an offer with two variants in German and English; a customer finds it by the
 * shop's search and buys it; a brand manager changes their brand's price on the other process and the
 * shop shows it; an offer sold on every brand is refused to them.
 */
type Server = Awaited<ReturnType<typeof startPostgresServer>>;
const adminUrl = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = `shop_e2e_catalogue_${Date.now()}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();

async function onAdminDatabase(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The journey's browser pointed at one of this journey's own servers (its operator's TOTP file too). */
function shopOn(shop: Shop, server: Server): Shop {
  const origin = (brand?: string) =>
    brand && brand !== 'demo'
      ? `http://${brand}.localhost:${server.port}`
      : `http://localhost:${server.port}`;
  const goto = (page: Page, where: string) => {
    const current = page.url().startsWith('http') ? new URL(page.url()) : null;
    const base = current && current.port === String(server.port) ? current.origin : origin();
    return shop.goto(page, new URL(where, base).toString());
  };
  return {
    e2e: { ...shop.e2e, port: server.port, baseUrl: origin(), dataDir: server.dataDir },
    origin,
    newPage: (options?: PageOptions) => shop.newPage(options),
    goto,
    async open(where, options = {}) {
      const page = await shop.newPage(options);
      const response = await shop.goto(page, new URL(where, origin(options.brand)).toString());
      return { page, response };
    },
  };
}

const stamp = Date.now().toString(36);
const hotelName = `Hotel Seeblick ${stamp}`;
const keyword = `Zirbel${stamp}`;
const titleDe = `${keyword} Auszeit am See`;
const titleEn = `${keyword} retreat by the lake`;

journey('back office: catalogue on two processes', (shop) => {
  let first: Server | undefined;
  let second: Server | undefined;
  let shopA: Shop;
  let shopB: Shop;
  let sharedOfferId = 0;

  beforeAll(async () => {
    await onAdminDatabase(`CREATE DATABASE ${databaseName}`);
    first = await startPostgresServer(databaseUrl, { logName: 'catalogue-server-a.log' });
    // The second process neither seeds (the first did) nor runs the jobs: it serves and takes changes.
    second = await startPostgresServer(databaseUrl, {
      logName: 'catalogue-server-b.log',
      env: { JOBS_IN_SERVER: 'false' },
    });
    shopA = shopOn(shop, first);
    shopB = shopOn(shop, second);
  }, 360_000);

  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await onAdminDatabase(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  }, 60_000);

  test('the operator creates a hotel with a cropped picture and an offer with two variants; a customer finds and buys it', async () => {
    const page = await openAdmin(shopA);
    await signInAsOperator(shopA, page);
    await page.getByRole('link', { name: 'Katalog' }).click();
    await expectText(heading(page), 'Angebote');
    await page.locator('table.grid').waitFor();
    await expectNoBlockingViolations(page, 'admin-catalogue-offers');
    await page.getByRole('navigation', { name: 'Katalog' }).getByRole('link', { name: 'Hotels' }).click();
    await expectText(heading(page), 'Hotels');
    await page.getByRole('link', { name: 'Neues Hotel' }).click();
    await expectText(heading(page), 'Neues Hotel');

    const form = page.getByRole('form', { name: 'Neues Hotel' });
    const fill = (label: string, value: string) =>
      form.getByRole('textbox', { name: label, exact: true }).fill(value);
    await fill('Name', hotelName);
    await fill('Anbieter (Vertragspartner)', 'Seeblick GmbH');
    await fill('Straße', 'Seestraße');
    await fill('Hausnummer', '4');
    await fill('Postleitzahl', '87629');
    await fill('Ort (Deutsch)', 'Füssen');
    await fill('Ort (Englisch)', 'Fuessen');
    await form.getByRole('combobox', { name: 'Land' }).selectOption('DE');
    await fill('Breitengrad', '47,5698');
    await fill('Längengrad', '10,7004');
    // The map (its own chunk, tiles from our origin) centres on the typed place; a click there sets both.
    await form.getByRole('button', { name: 'Auf der Karte wählen' }).click();
    const map = form.locator('.coordinate-map.leaflet-container');
    await map.waitFor();
    const box = await map.boundingBox();
    await page.mouse.click(
      (box?.x ?? 0) + (box?.width ?? 0) / 2 + 40,
      (box?.y ?? 0) + (box?.height ?? 0) / 2,
    );
    await expect
      .poll(() => form.getByRole('textbox', { name: 'Längengrad', exact: true }).inputValue())
      .toMatch(/^10,7\d+$/);
    expect(await form.getByRole('textbox', { name: 'Längengrad', exact: true }).inputValue()).not.toBe(
      '10,7004',
    );
    expect(await form.getByRole('textbox', { name: 'Breitengrad', exact: true }).inputValue()).toMatch(
      /^47,5[67]\d*$/,
    );
    await expectNoBlockingViolations(page, 'admin-catalogue-hotel-map');
    await form.getByRole('button', { name: 'Karte schließen' }).click();
    await fill('Telefon', '+49 8362 1234');
    await fill('E-Mail-Adresse', 'info@seeblick.example');
    await fill('Beschreibung (Deutsch)', 'Ein Haus am See mit Blick auf die Berge.');
    await fill('Beschreibung (Englisch)', 'A house by the lake facing the mountains.');
    await form.getByRole('checkbox', { name: /^1 / }).check();

    // A 1600 × 1000 picture: the frame starts as the largest 3:2 box and moves by keyboard.
    const picture = path.join(os.tmpdir(), `catalogue-${stamp}.jpg`);
    await writeFile(
      picture,
      await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#3a7bd5' } })
        .jpeg()
        .toBuffer(),
    );
    await form.getByLabel('Bild wählen').setInputFiles(picture);
    const frame = form.getByRole('button', { name: 'Bildausschnitt' });
    await frame.waitFor();
    expect(await form.getByRole('spinbutton', { name: 'Ausschnitt Breite (Pixel)' }).inputValue()).toBe(
      '1500',
    );
    await frame.focus();
    await page.keyboard.press('-');
    await page.keyboard.press('ArrowLeft');
    const left = form.getByRole('spinbutton', { name: 'Ausschnitt links (Pixel)' });
    await expect.poll(() => left.inputValue()).toBe('42');
    expect(await form.getByRole('spinbutton', { name: 'Ausschnitt Breite (Pixel)' }).inputValue()).toBe(
      '1484',
    );
    await expectNoBlockingViolations(page, 'admin-catalogue-hotel-crop');
    await form.getByRole('button', { name: 'Ausschnitt hochladen' }).click();
    await form.getByRole('img', { name: `Bild 1 von ${hotelName}` }).waitFor();
    await rm(picture, { force: true });
    await form.getByRole('button', { name: 'Hotel anlegen' }).click();
    await page.waitForURL((url) => /^\/admin\/catalogue\/hotels\/\d+$/.test(url.pathname));
    const hotelId = Number(new URL(page.url()).pathname.split('/').pop());
    await expectText(heading(page), `Hotel ${hotelName}`);
    await expectText(page.getByTestId('announcement'), `Hotel ${hotelName} ist gespeichert.`);
    // The stored picture is served by the media route in the shop's sizes.
    const thumbnail = await page.getByRole('img', { name: `Bild 1 von ${hotelName}` }).getAttribute('src');
    expect((await fetch(`${shopA.origin()}${thumbnail}`)).headers.get('content-type')).toMatch(/^image\//);
    await expectNoBlockingViolations(page, 'admin-catalogue-hotel');

    // The offer: the hotel found by its name, German and English, a text, two variants.
    await page.goto(`${shopA.origin()}/admin/catalogue/offers/new`);
    await expectText(heading(page), 'Neues Angebot');
    const offerForm = page.getByRole('form', { name: 'Neues Angebot' });
    await offerForm.getByRole('searchbox', { name: /^Hotel suchen/ }).fill(stamp);
    const hotels = offerForm.getByRole('listbox', { name: 'Hotel' });
    await hotels.locator(`option[value="${hotelId}"]`).waitFor({ state: 'attached' });
    await hotels.selectOption(String(hotelId));
    await expectText(offerForm.getByText(/^Gewählt:/), `Gewählt: ${hotelName}`);
    expect(await offerForm.getByRole('combobox', { name: 'Marke' }).inputValue()).toBe('');
    const field = (label: string) => offerForm.getByRole('textbox', { name: label, exact: true });
    await field('Titel (Deutsch)').fill(titleDe);
    await field('Titel (Englisch)').fill(titleEn);
    await field('Untertitel (Deutsch)').fill(`Zwei Nächte am See, ${keyword}`);
    await field('Untertitel (Englisch)').fill(`Two nights by the lake, ${keyword}`);
    await offerForm.getByRole('button', { name: 'Text hinzufügen' }).click();
    const text = offerForm.getByRole('group', { name: 'Text 1' });
    await text.getByRole('textbox', { name: 'Überschrift (Deutsch)' }).fill('Ihr Aufenthalt');
    await text.getByRole('textbox', { name: 'Überschrift (Englisch)' }).fill('Your stay');
    await text
      .getByRole('textbox', { name: 'Text (Deutsch)', exact: true })
      .fill('Frühstück, Sauna und Seeblick.');
    await text
      .getByRole('textbox', { name: 'Text (Englisch)', exact: true })
      .fill('Breakfast, sauna and a lake view.');
    const variant1 = offerForm.getByRole('group', { name: 'Variante 1' });
    await variant1.getByRole('textbox', { name: 'Preis in Euro', exact: true }).fill('299,00');
    await variant1.getByRole('textbox', { name: 'Statt-Preis in Euro', exact: true }).fill('349,00');
    await variant1.getByRole('textbox', { name: 'Bestand', exact: true }).fill('20');
    await offerForm.getByRole('button', { name: 'Variante hinzufügen' }).click();
    const variant2 = offerForm.getByRole('group', { name: 'Variante 2' });
    await variant2.getByRole('textbox', { name: 'Nächte', exact: true }).fill('3');
    // A typing slip is named at its field, not sent.
    await variant2.getByRole('textbox', { name: 'Preis in Euro', exact: true }).fill('399,0,0');
    await offerForm.getByRole('button', { name: 'Angebot anlegen' }).click();
    await expectText(variant2.locator('.field-error'), 'Bitte einen Betrag in Euro eingeben, z. B. 299,00.');
    await variant2.getByRole('textbox', { name: 'Preis in Euro', exact: true }).fill('399,00');
    await offerForm.getByRole('button', { name: 'Angebot anlegen' }).click();
    await page.waitForURL((url) => /^\/admin\/catalogue\/offers\/\d+$/.test(url.pathname));
    const created = Date.now();
    sharedOfferId = Number(new URL(page.url()).pathname.split('/').pop());
    await expectText(heading(page), `Angebot ${titleDe}`);
    const variants = page.getByRole('region', { name: 'Varianten' });
    await variants.getByRole('row', { name: /2 Nächte, 2 Personen/ }).waitFor();
    await variants.getByRole('row', { name: /3 Nächte, 2 Personen/ }).waitFor();
    await expectNoBlockingViolations(page, 'admin-catalogue-offer');
    expectNoConsoleErrors(page);

    // The customer finds it by the shop's search within 5 s (German, then English).
    const { page: search } = await shopA.open(`/urlaub-finden?q=${keyword}`, { cookieConsent: 'necessary' });
    // The result list's link: the search box's suggestions may name the offer too (and lead to /to/{id}).
    const resultLink = search.locator('.offer-grid').getByRole('link', { name: new RegExp(titleDe) });
    await expect
      .poll(
        async () => {
          if ((await resultLink.count()) > 0) return true;
          await shopA.goto(search, `/urlaub-finden?q=${keyword}`);
          return false;
        },
        { timeout: Math.max(500, 5_000 - (Date.now() - created)), interval: 200 },
      )
      .toBe(true);
    const offerPath = await resultLink.first().getAttribute('href');
    expect(offerPath).toMatch(/^\/urlaub\//);
    // The English customer sees the English title.
    const english = await fetch(`${shopA.origin()}/api/offer/slug/${offerPath?.split('/').pop()}`, {
      headers: { 'accept-language': 'en' },
    });
    expect(((await english.json()) as { title: string }).title).toBe(titleEn);

    // ...and buys it in the sandbox.
    const checkout = await startCheckout(shopA, offerPath ?? '');
    await fillCustomer(checkout, {
      gender: '20',
      first: 'Erika',
      last: 'Mustermann',
      email: `e2e-catalogue-${stamp}@example.com`,
      country: 'DE',
    });
    await pay(checkout, /^PayPal/);
    await decideAtProvider(checkout, 'Zahlung freigeben');
    await completePage(checkout);
    await expectText(heading(checkout), 'Vielen Dank für Ihren Einkauf!');
    await expectText(checkout.locator('main'), new RegExp(titleDe));

    // Copy (the copy starts switched off), then switch the original off: the shop answers 410.
    await page.getByRole('button', { name: 'Kopieren' }).click();
    await page.waitForURL((url) => url.pathname !== `/admin/catalogue/offers/${sharedOfferId}`);
    await expectText(page.locator('.notice'), 'Dieses Angebot ist abgeschaltet: Der Shop zeigt es nicht.');
    expect(await page.getByRole('checkbox', { name: 'Aktiv: im Shop zu kaufen' }).isChecked()).toBe(false);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === `/admin/catalogue/offers/${sharedOfferId}`);
    await page.getByRole('button', { name: 'Abschalten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Angebot abschalten' });
    await dialog.waitFor();
    await expectNoBlockingViolations(page, 'admin-catalogue-switch-off');
    await dialog.getByRole('button', { name: 'Abschalten' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectText(page.locator('.notice'), 'Dieses Angebot ist abgeschaltet: Der Shop zeigt es nicht.');
    const switchedOff = Date.now();
    await expect
      .poll(async () => (await fetch(`${shopA.origin()}${offerPath}`)).status, {
        timeout: Math.max(500, 5_000 - (Date.now() - switchedOff)),
        interval: 200,
      })
      .toBe(410);
    expectNoConsoleErrors(page);
  });

  test('a brand manager changes their brand’s price on the other process; the shop shows it on both within 5 s', async () => {
    const page = await openAdmin(shopB);
    await signInToOrders(page, demoStaff.manager);
    await page.getByRole('link', { name: 'Katalog' }).click();
    await expectText(heading(page), 'Angebote');
    await page.getByRole('combobox', { name: 'Marke' }).selectOption('autoclub');
    await page.getByRole('combobox', { name: 'Stand' }).selectOption('active');
    await page.waitForURL((url) => url.searchParams.get('state') === 'active');
    // An offer sold on this brand alone (the list's brand column names it; "Jede Marke" is every brand).
    const own = page
      .locator('table.grid tbody tr')
      .filter({ has: page.locator('td:nth-child(3)', { hasText: /^autoclub$/ }) });
    await own.first().waitFor();
    await own.first().getByRole('link').click();
    await page.waitForURL((url) => /^\/admin\/catalogue\/offers\/\d+$/.test(url.pathname));
    const offerId = Number(new URL(page.url()).pathname.split('/').pop());
    const variants = page.getByRole('region', { name: 'Varianten' });
    const prices = variants.getByRole('textbox', { name: /^Preis in Euro, / });
    await prices.first().waitFor();
    const values = (
      await prices.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))
    ).map((value) => Math.round(Number(value.replace(',', '.')) * 100));
    const cheapest = values.indexOf(Math.min(...values));
    // Cheaper by 1,11 €: still the cheapest, so the offer page's price shows it.
    const newCents = Math.max(100, (values[cheapest] ?? 0) - 111);
    const euros = `${Math.floor(newCents / 100)},${String(newCents % 100).padStart(2, '0')}`;
    await prices.nth(cheapest).fill(euros);
    await variants
      .getByRole('button', { name: /^Speichern / })
      .nth(cheapest)
      .click();
    await expectText(page.getByTestId('announcement'), /^Variante .* ist gespeichert\.$/);
    const saved = Date.now();
    await expectNoBlockingViolations(page, 'admin-catalogue-variants');

    // German prices: "€ 1.234,56", whole euros as "€ 188,-".
    const grouped = euros.replace(/^(\d+)(\d{3}),/, '$1.$2,');
    const shown = new RegExp(
      `€ ${grouped.endsWith(',00') ? `${grouped.slice(0, -3)},(-|00)` : grouped}(?!\\d)`,
    );
    const slug = await page.evaluate(async (id) => {
      const response = await fetch(`/api/admin/offers/${id}`, { headers: { accept: 'application/json' } });
      return ((await response.json()) as { shopPath: string }).shopPath;
    }, offerId);
    for (const target of [shopA, shopB]) {
      const { page: offerPage } = await target.open(slug, { brand: 'autoclub', cookieConsent: 'necessary' });
      const price = offerPage
        .getByRole('complementary', { name: 'Wählen Sie Ihren Gutschein' })
        .locator('.offer-price');
      await expect
        .poll(
          async () => {
            if (shown.test((await price.textContent()) ?? '')) return true;
            await target.goto(offerPage, slug);
            return false;
          },
          { timeout: Math.max(500, 5_000 - (Date.now() - saved)), interval: 200 },
        )
        .toBe(true);
    }

    // An offer sold on every brand is the operator's: the manager's change is refused, and said so.
    await page.goto(`${shopB.origin()}/admin/catalogue/offers/${sharedOfferId}`);
    await expectText(heading(page), `Angebot ${titleDe}`);
    const shared = page.getByRole('region', { name: 'Varianten' });
    await shared.getByRole('textbox', { name: /^Preis in Euro, 2 Nächte/ }).fill('199,00');
    await shared.getByRole('button', { name: /^Speichern 2 Nächte/ }).click();
    await shared.getByRole('alert').waitFor();
    await expectText(shared.getByRole('alert'), /Dieses Angebot wird auf allen Marken verkauft/);
    await expectNoBlockingViolations(page, 'admin-catalogue-refused');
    expectNoConsoleErrors(page);
  });
});
