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
 * and the layout until the voucher is printed (its print button, never a fetch of its PDF link), then
 * shows them locked; the invoice is a PDF link.
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
  test('the guest name is saved, printing locks it (a fetched link does not), and the invoice is a PDF', async () => {
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

    // What a mail scanner does with the voucher's PDF link: HEAD and GET. That prints (locks) nothing.
    const previewLink = card.getByRole('link', { name: /Vorschau ansehen/ });
    const pdfPath = (await previewLink.getAttribute('href')) ?? '';
    expect(pdfPath).toMatch(/^\/api\/voucher\/download\/\d+\/[^/]+\/\d+\.pdf$/);
    expect((await page.request.head(pdfPath)).status()).toBe(200);
    expect((await page.request.get(pdfPath)).headers()['content-type']).toBe('application/pdf');

    // Printing without a guest's name is refused where the button is, and opens nothing.
    const print = card.getByRole('button', { name: /Drucken \/ als PDF herunterladen/ });
    const pagesBefore = page.context().pages().length;
    await print.focus();
    await page.keyboard.press('Enter');
    await expectText(
      card.getByRole('alert'),
      'Bitte tragen Sie zuerst den Namen des Gastes ein und speichern Sie ihn.',
    );
    expect(await print.getAttribute('aria-describedby')).toContain(
      (await card.getByRole('alert').getAttribute('id')) ?? 'none',
    );
    expect(page.context().pages()).toHaveLength(pagesBefore);

    // Without a name: the message names the field, is read with it, and the focus goes there.
    const firstName = card.getByRole('textbox', { name: 'Vorname' });
    await card.getByRole('button', { name: 'Gästedaten speichern' }).click();
    await expectText(card.locator('.voucher-form .field-error').first(), 'Vorname ist ein Pflichtfeld.');
    expect(await firstName.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('firstName');

    await firstName.fill('Jürgen');
    await card.getByRole('textbox', { name: 'Nachname' }).fill('Groß');
    await card.getByRole('textbox', { name: 'Persönliche Nachricht' }).fill('Schöne Tage am See!');
    await expectText(card.getByText(/ von 500 Zeichen$/), '19 von 500 Zeichen');
    await card.getByRole('radio', { name: 'Als Geschenk' }).check();
    // Printed is what is saved: a name typed but not saved is not printed.
    await print.click();
    await expectText(
      card.getByRole('alert'),
      'Bitte speichern Sie zuerst Ihre Änderungen an den Gästedaten.',
    );
    await card.getByRole('button', { name: 'Gästedaten speichern' }).click();
    await expectText(
      card.locator('.voucher-saved'),
      `Die Gästedaten von Gutschein ${code} wurden gespeichert.`,
    );
    expect(await card.locator('.voucher-form .field-error').count()).toBe(0);

    // The scanner's fetches left it open: after a reload the form is still there.
    await page.reload();
    await page.locator('[data-order-status="paid"]').waitFor();
    const reloaded = page.getByRole('region', { name: 'Ihre Gutscheine' }).getByRole('article');
    await reloaded.getByRole('textbox', { name: 'Vorname' }).waitFor();
    expect(await reloaded.getByRole('textbox', { name: 'Vorname' }).inputValue()).toBe('Jürgen');

    // Printing (by keyboard) locks the guest data, then opens the voucher's PDF in a new tab.
    const pdf = page
      .context()
      .waitForEvent('response', (response: Response) => response.url().includes('/api/voucher/download/'));
    await reloaded.getByRole('button', { name: /Drucken \/ als PDF herunterladen/ }).focus();
    await page.keyboard.press('Enter');
    const answer = await pdf;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    await expectText(reloaded.locator('.voucher-locked'), /wurde gedruckt/);
    expect(await reloaded.getByRole('textbox').count()).toBe(0);
    const download = reloaded.getByRole('link', { name: /PDF herunterladen \/ drucken/ });
    await expect.poll(() => download.evaluate((link) => link === document.activeElement)).toBe(true);

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
    expect(await locked.getByRole('button', { name: /Drucken/ }).count()).toBe(0);
    // Beside the A4 sheet, the same voucher laid out to show at the desk on a phone.
    const phoneLink = locked.getByRole('link', { name: /Für das Handy: Gutschein zum Vorzeigen/ });
    const phoneHref = (await phoneLink.getAttribute('href')) ?? '';
    expect(phoneHref).toMatch(/^\/api\/voucher\/download\/\d+\/[^/]+\/\d+-phone\.pdf$/);
    const phonePdf = await page.request.get(phoneHref);
    expect(phonePdf.status()).toBe(200);
    expect(phonePdf.headers()['content-type']).toBe('application/pdf');
    await expectNoBlockingViolations(page, 'order-vouchers-locked');

    const invoice = page.getByRole('link', { name: /Rechnung \(PDF\)/ });
    const href = await invoice.getAttribute('href');
    expect(href).toMatch(/^\/api\/invoice\/download\/\d+\/[^/]+\/[A-Z0-9-]+\.pdf$/);
    expect(await invoice.getAttribute('target')).toBe('_blank');
    const invoicePdf = await page.request.get(href ?? '');
    expect(invoicePdf.headers()['content-type']).toBe('application/pdf');

    // The payment mail links each voucher to its card: the page opens there, its title focused.
    const anchor = await page.locator('li.voucher-card').first().getAttribute('id');
    expect(anchor).toMatch(/^voucher-\d+$/);
    await page.goto(`${page.url().split('#')[0]}#${anchor}`);
    await page.reload();
    await page.locator('[data-order-status="paid"]').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('li')?.id ?? null))
      .toBe(anchor);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H3');
  });
});
