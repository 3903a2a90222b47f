import { readFile } from 'node:fs/promises';
import { expect, test } from 'vitest';
import {
  expectNoBlockingViolations,
  expectNoConsoleErrors,
  openAdmin,
  signInAsOperator,
} from '../support/admin.ts';
import { allOffers, type Offer, offerById, offerPath, parsePrice } from '../support/catalogue.ts';
import { transferOrder } from '../support/checkout.ts';
import { expectText, heading, textOf } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

/**
 * Issue 26, promotions and codes: the operator creates a € 15 code in the back office; a customer
 * applies it in the shop's cart drawer and sees it taken off; an order placed with it is listed on the
 * code's page with a link to the order.
 */

/** An offer on sale whose first choice costs more than the code takes off and has stock. */
async function offerAbove(cents: number): Promise<Offer> {
  for (const summary of (await allOffers()).reverse()) {
    if (summary.isSoldOut) continue;
    const offer = (await offerById(summary.id)) as Offer & { variants: { price: { total: number } }[] };
    const first = offer.variants[0];
    if (!first || first.isSoldOut || first.piecesLeft !== null || first.price.total <= cents) continue;
    return offer;
  }
  throw new Error('no offer above the code’s amount');
}

journey('back office: promotion codes', (shop) => {
  test('the operator creates a code; a customer applies it in the cart; its order is listed on the code', async () => {
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    const page = await openAdmin(shop);
    expectNoConsoleErrors(page);
    await signInAsOperator(shop, page);
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Aktionscodes' })
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/codes');
    await expect.poll(() => heading(page).textContent()).toBe('Aktionscodes');
    await page.getByRole('link', { name: 'Neuer Code' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/codes/new');

    // Saved without a name first: the form names the field and nothing is created.
    await page.getByRole('textbox', { name: /^Code/ }).fill(code);
    await page.getByRole('textbox', { name: /^Rabatt in Euro/ }).fill('15,00');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect
      .poll(() =>
        page.getByRole('textbox', { name: /^Bezeichnung \(deutsch\)/ }).getAttribute('aria-invalid'),
      )
      .toBe('true');
    expect(new URL(page.url()).pathname).toBe('/admin/codes/new');
    await page.getByRole('textbox', { name: /^Bezeichnung \(deutsch\)/ }).fill('Test-Rabatt € 15');
    await page.getByRole('checkbox', { name: 'Nur einmal je Kunde (E-Mail-Adresse)' }).check();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL((url) => /^\/admin\/codes\/\d+$/.test(url.pathname));
    await expect.poll(() => heading(page).textContent()).toBe(`Aktionscode ${code}`);
    await expectNoBlockingViolations(page, 'admin-code');
    const orders = page.getByRole('region', { name: 'Bestellungen mit diesem Code' });
    await expectText(orders.locator('.results-count'), /Noch keine abgeschlossene Bestellung/);

    // A customer in the shop: the code takes € 15 off in the cart drawer.
    const offer = await offerAbove(1_500);
    const customer = (await shop.open(offerPath(offer), { cookieConsent: 'necessary' })).page;
    await customer.getByRole('button', { name: 'In den Warenkorb' }).click();
    const cart = customer.getByRole('dialog', { name: 'Warenkorb' });
    await cart.locator('.order-line').first().waitFor();
    await cart.getByRole('textbox', { name: 'Aktionscode einlösen' }).fill(code.toLowerCase());
    const applied = customer.waitForResponse((response) => response.url().endsWith('/api/order/reduction'));
    await cart.getByRole('button', { name: 'Einlösen' }).click();
    expect((await applied).status()).toBe(200);
    await expectText(cart.locator('.code-applied'), new RegExp(`^${code} – Test-Rabatt`));
    expect(parsePrice(await textOf(cart.locator('.is-discount dd')))).toBe(1_500);

    // An order closed with it shows on the code's page, linked to the order.
    const order = await transferOrder({
      variantId: offer.variants[0]!.id,
      email: `code-e2e-${Date.now()}@example.com`,
      code,
    });
    await page.reload();
    await expectText(orders.locator('.results-count'), '1 Bestellung');
    const link = orders.getByRole('link', { name: /^Bestellung \d+$/ });
    expect(await link.getAttribute('href')).toBe(`/admin/orders/${order.orderId}`);

    // Switched off after a confirmation (the shop then refuses it: promotion-admin.api.test.ts); its
    // order stays listed.
    await page.getByRole('button', { name: 'Ausschalten' }).click();
    const confirm = page.getByRole('dialog', { name: `Aktionscode ${code}` });
    await expectText(confirm, /gilt sofort nicht mehr/);
    await confirm.getByRole('button', { name: 'Ausschalten' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('button', { name: 'Ausschalten' }).count()).toBe(0);
    // The dialog's button is gone: focus is on the page's heading, not lost to the document.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await expect.poll(() => page.getByRole('checkbox', { name: 'Eingeschaltet' }).isChecked()).toBe(false);
    await expectText(orders.locator('.results-count'), '1 Bestellung');
    await link.click();
    await page.waitForURL((url) => url.pathname === `/admin/orders/${order.orderId}`);
  });
  test('single-use codes download as CSV; a promotion with an offer is on the shop within 5 s', async () => {
    const page = await openAdmin(shop);
    expectNoConsoleErrors(page);
    await signInAsOperator(shop, page);
    await page.goto(new URL('/admin/codes', page.url()).toString());
    await expect.poll(() => heading(page).textContent()).toBe('Aktionscodes');
    await expectNoBlockingViolations(page, 'admin-codes');
    const batch = page.getByRole('region', { name: 'Einmal-Codes erzeugen' });
    await batch.getByRole('textbox', { name: /^Anzahl/ }).fill('5');
    await batch.getByRole('textbox', { name: /^Vorsilbe/ }).fill('e2e');
    await batch.getByRole('textbox', { name: /^Bezeichnung \(deutsch\)/ }).fill('Flyer');
    await batch.getByRole('textbox', { name: /^Rabatt in Euro/ }).fill('5');
    const download = page.waitForEvent('download');
    await batch.getByRole('button', { name: 'Erzeugen und herunterladen' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('codes-5.csv');
    const lines = (await readFile(String(await file.path()), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Code');
    expect(new Set(lines.slice(1)).size).toBe(5);
    for (const line of lines.slice(1)) expect(line).toMatch(/^E2E-[A-Z2-9]{10}$/);

    const name = `e2e-${Date.now().toString(36)}`;
    const [offer] = (await allOffers()).filter((summary) => !summary.isSoldOut).slice(-1);
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Aktionen', exact: true })
      .click();
    await page.getByRole('link', { name: 'Neue Aktion' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/promotions/new');
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByRole('textbox', { name: 'Titel (deutsch)' }).fill('Herbst im Test');
    await page.getByRole('textbox', { name: 'Titel (englisch)' }).fill('Autumn in the test');
    await page.getByRole('textbox', { name: 'Beschreibung (deutsch)' }).fill('Goldene Tage.');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.waitForURL((url) => /^\/admin\/promotions\/\d+$/.test(url.pathname));
    await page.getByRole('textbox', { name: 'Angebotsnummer (nur Ziffern)' }).fill(String(offer!.id));
    await page.getByRole('button', { name: 'Hinzufügen' }).click();
    await page.getByRole('button', { name: 'Reihenfolge und Angebote speichern' }).click();
    await expectNoBlockingViolations(page, 'admin-promotion');
    const started = Date.now();
    await expect
      .poll(
        async () => {
          const answer = await page
            .context()
            .request.get(new URL(`/api/offer/promotion/${name}`, page.url()).toString());
          return answer.ok()
            ? ((await answer.json()) as { items: { id: number }[] }).items.map((item) => item.id)
            : [];
        },
        { timeout: 5_000, interval: 200 },
      )
      .toEqual([offer!.id]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
