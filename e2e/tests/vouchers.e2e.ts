import type { Page, Response } from 'playwright-core';
import { expect, test } from 'vitest';
import { formatViolations, isBlocking, runAxe, saveAxeReport } from '../support/axe.ts';
import { type Offer, offerPath } from '../support/catalogue.ts';
import {
  completePage,
  decideAtProvider,
  fillCustomer,
  offerInStock,
  pay,
  startCheckout,
} from '../support/checkout.ts';
import { expectText, heading, textOf } from '../support/page-helpers.ts';
import { journey, type Shop } from '../support/shop.ts';

/**
 * After paying (SPEC §4): the order page lists one voucher per unit, takes the guest's name, a message
 * and the layout until the voucher is printed, then shows them locked; the invoice is a PDF link.
 */

/** One voucher bought as a guest and paid with PayPal in the payment sandbox: the order page. */
async function buyOneVoucher(shop: Shop, offer: Offer): Promise<Page> {
  const page = await startCheckout(shop, offerPath(offer));
  await fillCustomer(page);
  await pay(page, /^PayPal/);
  await decideAtProvider(page, 'Zahlung freigeben');
  await completePage(page);
  await page.locator('[data-order-status="paid"]').waitFor();
  return page;
}

async function expectNoBlockingViolations(page: Page, name: string) {
  const violations = await runAxe(page);
  await saveAxeReport(name, violations);
  expect(violations.filter(isBlocking), formatViolations(violations)).toEqual([]);
}

journey('vouchers: guest data, printing and the invoice on the order page', (shop) => {
  test('the guest name is saved, the first download locks it, and the invoice is a PDF', async () => {
    const page = await buyOneVoucher(shop, await offerInStock(3));
    await expectText(heading(page), 'Vielen Dank für Ihren Einkauf!');
    const vouchers = page.getByRole('region', { name: 'Ihre Gutscheine' });
    const card = vouchers.getByRole('article');
    await card.getByRole('textbox', { name: 'Vorname' }).waitFor();
    expect(await card.count()).toBe(1);
    const title = await textOf(card.getByRole('heading', { level: 3 }));
    const code = title.replace(/^Gutschein /, '');
    expect(code).not.toBe('');
    expect(await textOf(card.locator('.voucher-facts'))).toMatch(/Gültig bis \d{1,2}\. \p{L}+ \d{4}/u);
    await expectText(card.locator('.notice'), /nicht mehr geändert werden/);
    await expectNoBlockingViolations(page, 'order-vouchers-form');

    // Without a name: the message names the field, is read with it, and the focus goes there.
    const firstName = card.getByRole('textbox', { name: 'Vorname' });
    await card.getByRole('button', { name: 'Gästedaten speichern' }).click();
    await expectText(card.locator('.field-error').first(), 'Vorname ist ein Pflichtfeld.');
    expect(await firstName.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('firstName');

    await firstName.fill('Jürgen');
    await card.getByRole('textbox', { name: 'Nachname' }).fill('Groß');
    await card.getByRole('textbox', { name: 'Persönliche Nachricht' }).fill('Schöne Tage am See!');
    await expectText(card.getByText(/ von 500 Zeichen$/), '19 von 500 Zeichen');
    await card.getByRole('radio', { name: 'Als Geschenk' }).check();
    await card.getByRole('button', { name: 'Gästedaten speichern' }).click();
    await expectText(
      card.locator('.voucher-saved'),
      `Die Gästedaten von Gutschein ${code} wurden gespeichert.`,
    );
    expect(await card.locator('.field-error').count()).toBe(0);

    // The PDF opens in a new tab; that first download locks the guest data, and the card shows it.
    const pdf = page
      .context()
      .waitForEvent('response', (response: Response) => response.url().includes('/api/voucher/download/'));
    await card.getByRole('link', { name: /PDF herunterladen \/ drucken/ }).click();
    const answer = await pdf;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    await expectText(card.locator('.voucher-locked'), /wurde gedruckt/);
    expect(await card.getByRole('textbox').count()).toBe(0);

    // Still locked after a reload, with the saved data read-only.
    await page.reload();
    await page.locator('[data-order-status="paid"]').waitFor();
    const locked = page.getByRole('region', { name: 'Ihre Gutscheine' }).getByRole('article');
    await expectText(locked.locator('.voucher-locked'), /Die Gästedaten können nicht mehr geändert werden/);
    const facts = await textOf(locked);
    expect(facts).toContain('Jürgen Groß');
    expect(facts).toContain('Schöne Tage am See!');
    expect(facts).toContain('Als Geschenk');
    expect(await locked.getByRole('textbox').count()).toBe(0);
    await expectNoBlockingViolations(page, 'order-vouchers-locked');

    const invoice = page.getByRole('link', { name: /Rechnung \(PDF\)/ });
    const href = await invoice.getAttribute('href');
    expect(href).toMatch(/^\/api\/invoice\/download\/\d+\/[^/]+\/[A-Z0-9-]+\.pdf$/);
    expect(await invoice.getAttribute('target')).toBe('_blank');
    const invoicePdf = await page.request.get(href ?? '');
    expect(invoicePdf.headers()['content-type']).toBe('application/pdf');
  });
});
