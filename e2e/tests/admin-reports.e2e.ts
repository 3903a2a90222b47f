import { expect, test } from 'vitest';
import {
  demoStaff,
  expectNoBlockingViolations,
  expectNoConsoleErrors,
  openAdmin,
  signInAsOperator,
  signInToOrders,
} from '../support/admin.ts';
import { offerPath } from '../support/catalogue.ts';
import { completePage, decideAtProvider, fillCustomer, offerInStock, pay } from '../support/checkout.ts';
import { expectText, heading, textOf } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

/** Today as the office counts days (the reports' days). */
const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date());

/**
 * Issue 26, reports: a guest buys a voucher; the operator sees the sale in the reports (the totals, the
 * best-selling offers, the CSV per brand and day); a brand manager sees only their brand; support has
 * no reports.
 */
journey('back office: reports', (shop) => {
  test('the operator finds today’s sale in the report and its CSV; a manager sees their brand only', async () => {
    const offer = await offerInStock(22);
    // Three units: the best-selling offers are the day's ten with most vouchers, and the other journeys
    // sell one or two of theirs on the same day (a single unit tied with them and could fall off).
    const { page: buyer } = await shop.open(offerPath(offer), { cookieConsent: 'necessary' });
    const cart = buyer.getByRole('dialog', { name: 'Warenkorb' });
    for (let unit = 1; unit <= 3; unit++) {
      await buyer.getByRole('button', { name: 'In den Warenkorb' }).click();
      await cart.locator('.order-line').first().waitFor();
      await expect
        .poll(() =>
          buyer.getByRole('button', { name: /^Warenkorb, \d+ Artikel$/ }).getAttribute('aria-label'),
        )
        .toBe(`Warenkorb, ${unit} Artikel`);
      if (unit < 3) {
        await buyer.keyboard.press('Escape');
        await cart.waitFor({ state: 'detached' });
      }
    }
    await cart.getByRole('link', { name: 'Zur Kasse' }).click();
    await buyer.waitForURL((url) => url.pathname === '/checkout');
    await buyer.locator('.checkout-submit').waitFor();
    await fillCustomer(buyer);
    await pay(buyer, /^PayPal/);
    await decideAtProvider(buyer, 'Zahlung freigeben');
    await completePage(buyer);
    await buyer.locator('[data-order-status="paid"]').waitFor();

    const page = await openAdmin(shop);
    await signInAsOperator(shop, page);
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Berichte' })
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/reports');
    await expect.poll(() => heading(page).textContent()).toBe('Berichte');
    // The last 30 days by default, up to today.
    expect(await page.getByLabel('Bis', { exact: true }).inputValue()).toBe(today);

    await page
      .getByRole('combobox', { name: 'Marke', exact: true })
      .selectOption({ label: 'Ferienglück Gutscheine' });
    await page.waitForURL((url) => url.searchParams.get('brand') === 'demo');
    const totals = page.getByRole('table', { name: 'Summen' });
    await expect
      .poll(async () => Number((await textOf(totals.locator('tbody td').first())).replace(/\D/g, '')))
      .toBeGreaterThanOrEqual(1);
    // The chart is an image with a summary; its figures are in the tables.
    await page.getByRole('img', { name: /^Umsatz je Tag, .* zusammen € / }).waitFor();
    await expect
      .poll(() => textOf(page.getByRole('table', { name: 'Meistverkaufte Angebote' })))
      .toContain(offer.title);
    await expectNoBlockingViolations(page, 'admin-reports');

    // The CSV: a plain link with the session, German heads, today's row of the demo brand.
    const href = String(
      await page.getByRole('link', { name: 'Als CSV herunterladen', exact: true }).getAttribute('href'),
    );
    const csv = await page.context().request.get(href);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    const lines = (await csv.text()).split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFZeitraum ab;Marke;Bestellungen;Umsatz;Gutscheine;Erstattungen;Erstattet;Eingelöst',
    );
    expect(lines.find((line) => line.startsWith(`${today};demo;`))).toMatch(
      /^[\d-]+;demo;[1-9]\d*;\d+,\d\d;[1-9]\d*;/,
    );

    // A week view keeps the brand and is in the address.
    await page.getByRole('combobox', { name: 'Einteilung', exact: true }).selectOption({ label: 'Wochen' });
    await page.waitForURL(
      (url) => url.searchParams.get('interval') === 'week' && url.searchParams.get('brand') === 'demo',
    );
    await page.getByRole('img', { name: /^Umsatz je Woche/ }).waitFor();
    expectNoConsoleErrors(page);

    // The autoclub manager chooses among their brand only; support has no reports at all.
    const manager = await openAdmin(shop);
    await signInToOrders(manager, demoStaff.manager);
    await manager.getByRole('link', { name: 'Berichte' }).click();
    await manager.waitForURL((url) => url.pathname === '/admin/reports');
    const options = manager.getByRole('combobox', { name: 'Marke', exact: true }).locator('option');
    await expect.poll(() => options.allTextContents()).toEqual(['Alle Marken', 'Autoclub Reisewelt']);
    expectNoConsoleErrors(manager);

    const support = await openAdmin(shop);
    await signInToOrders(support, demoStaff.support);
    expect(await support.getByRole('link', { name: 'Berichte' }).count()).toBe(0);
    await shop.goto(support, '/admin/reports');
    await expectText(support.getByRole('alert'), /nicht erlaubt/);
  });
});
