import * as mupdf from 'mupdf';
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

/** A PDF's text as a reader sees it (white space runs as one space). */
function pdfText(pdf: Buffer): string {
  const document = mupdf.Document.openDocument(pdf, 'application/pdf');
  const pages: string[] = [];
  for (let index = 0; index < document.countPages(); index++) {
    pages.push(document.loadPage(index).toStructuredText('preserve-whitespace').asText());
  }
  return pages.join(' ').replace(/\s+/g, ' ');
}

/**
 * Issue 25: a buyer of two vouchers wants one of them refunded. The operator refunds that one in the
 * back office (with a note, confirmed in a dialog): it is void at once, on its PDF and on the buyer's
 * order page; the other stays valid. A brand manager of another brand cannot find the order at all.
 */
journey('back office: the operator refunds one voucher of two', (shop) => {
  test('refund one voucher; its PDF and the buyer’s page say so; another brand’s manager sees nothing', async () => {
    // A guest buys two units of one offer (added twice, like the first) and pays with PayPal.
    const { page: buyer } = await shop.open(offerPath(await offerInStock(18)), {
      cookieConsent: 'necessary',
    });
    const cart = buyer.getByRole('dialog', { name: 'Warenkorb' });
    await buyer.getByRole('button', { name: 'In den Warenkorb' }).click();
    await cart.locator('.order-line').first().waitFor();
    await buyer.keyboard.press('Escape');
    await cart.waitFor({ state: 'detached' });
    await buyer.getByRole('button', { name: 'In den Warenkorb' }).click();
    await cart.locator('.order-line').first().waitFor();
    await expect
      .poll(() => buyer.getByRole('button', { name: /^Warenkorb, \d+ Artikel$/ }).getAttribute('aria-label'))
      .toBe('Warenkorb, 2 Artikel');
    await cart.getByRole('link', { name: 'Zur Kasse' }).click();
    await buyer.waitForURL((url) => url.pathname === '/checkout');
    await buyer.locator('.checkout-submit').waitFor();
    await fillCustomer(buyer);
    await pay(buyer, /^PayPal/);
    await decideAtProvider(buyer, 'Zahlung freigeben');
    await completePage(buyer);
    await buyer.locator('[data-order-status="paid"]').waitFor();
    const [, orderPart, key] = /\/complete\/(\d+)\/([^/]+)$/.exec(new URL(buyer.url()).pathname) ?? [];
    const orderId = Number(orderPart);
    expect(orderId).toBeGreaterThan(0);

    // The operator opens the order: two valid vouchers, no refund yet.
    const page = await openAdmin(shop);
    await signInAsOperator(shop, page);
    await shop.goto(page, `/admin/orders/${orderId}`);
    await expectText(heading(page), `Bestellung ${orderId}`);
    const vouchers = page.getByRole('region', { name: 'Gutscheine' });
    await expect.poll(() => vouchers.locator('tbody tr').count()).toBe(2);
    await expectText(page.getByRole('region', { name: 'Erstattungen' }), /Keine Erstattungen\./);

    await page.getByRole('button', { name: 'Erstatten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erstatten' });
    await dialog.waitFor();
    // Focus moves into the dialog, onto the first voucher.
    await expect
      .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);
    await expectText(dialog, /sofort ungültig/);
    await expectText(dialog, /PayPal und Amazon Pay zahlen das Geld automatisch zurück/);
    const boxes = dialog.getByRole('checkbox');
    expect(await boxes.count()).toBe(2);
    await expectNoBlockingViolations(page, 'admin-refund-dialog');

    // Nothing ticked, no note: the dialog says what is missing and stays open.
    await dialog.getByRole('button', { name: 'Erstatten' }).click();
    await expectText(dialog, /Bitte wählen Sie mindestens einen Gutschein\./);
    await expectText(dialog, /Bitte geben Sie eine Notiz ein/);

    // The first voucher, ticked with the keyboard, and a note.
    const refundedId = Number(await boxes.first().getAttribute('value'));
    const keptId = Number(await boxes.nth(1).getAttribute('value'));
    const labels = dialog.locator('.checkbox code');
    const refundedCode = await textOf(labels.first());
    const keptCode = await textOf(labels.nth(1));
    await boxes.first().focus();
    await page.keyboard.press('Space');
    await expect.poll(() => boxes.first().isChecked()).toBe(true);
    await dialog.getByRole('textbox', { name: /Notiz/ }).fill('Gast kann nicht reisen, Anruf 27.11.');
    await dialog.getByRole('button', { name: 'Erstatten' }).click();
    await dialog.waitFor({ state: 'detached' });

    await expectText(
      page.getByRole('status').filter({ hasText: 'erstattet' }),
      `Ein Gutschein der Bestellung ${orderId} ist erstattet.`,
    );
    const refundedRow = vouchers.locator('tbody tr').filter({ hasText: refundedCode });
    const keptRow = vouchers.locator('tbody tr').filter({ hasText: keptCode });
    await expectText(refundedRow, /Ungültig \(erstattet\)/);
    await expectText(keptRow, /gültig/);
    expect(await textOf(keptRow)).not.toContain('Ungültig');
    const refunds = page.getByRole('region', { name: 'Erstattungen' });
    await expectText(refunds, /Gast kann nicht reisen, Anruf 27\.11\./);
    expect(await textOf(refunds.locator('tbody tr'))).toContain(refundedCode);
    // One voucher is left: the action is still offered.
    expect(await page.getByRole('button', { name: 'Erstatten' }).count()).toBe(1);

    // The voucher's PDF says it is void; the other's does not.
    const pdfOf = async (voucherId: number) => {
      const response = await page.request.get(`/api/voucher/download/${orderId}/${key}/${voucherId}.pdf`);
      expect(response.status()).toBe(200);
      return pdfText(await response.body());
    };
    expect(await pdfOf(refundedId)).toContain('UNGÜLTIG – GUTSCHEIN ERSTATTET');
    expect(await pdfOf(keptId)).not.toContain('ERSTATTET');

    // The buyer's order page says so for that voucher and not for the other.
    await shop.goto(buyer, `/view/${orderId}/${key}`);
    const buyerVouchers = buyer.getByRole('region', { name: 'Ihre Gutscheine' }).getByRole('article');
    const refundedArticle = buyerVouchers.filter({ hasText: refundedCode });
    const keptArticle = buyerVouchers.filter({ hasText: keptCode });
    await expectText(refundedArticle, /wurde am .+ erstattet und ist nicht mehr gültig/);
    expect(await textOf(keptArticle)).not.toMatch(/erstattet und ist nicht mehr gültig/);
    expectNoConsoleErrors(page);

    // The manager of another brand (autoclub) finds nothing of this demo-brand order.
    const manager = await openAdmin(shop);
    await signInToOrders(manager, demoStaff.manager);
    await manager.getByRole('searchbox', { name: 'Suche' }).fill(String(orderId));
    await manager.getByRole('button', { name: 'Suchen' }).click();
    await manager.waitForURL((url) => url.searchParams.get('query') === String(orderId));
    await expectText(manager.locator('.results-count'), '0 Bestellungen gefunden');
    expect(await manager.locator('table.grid tbody tr').count()).toBe(0);
    // Nor by opening it directly: not found, and nothing of the order shown.
    await shop.goto(manager, `/admin/orders/${orderId}`);
    await expectText(manager.getByRole('alert'), /Nicht gefunden\./);
    expect(await manager.getByRole('region', { name: 'Gutscheine' }).count()).toBe(0);
    expect(await manager.getByRole('button', { name: 'Erstatten' }).count()).toBe(0);
    // The page as the server sends it (rendered with its data for those who may see the order) carries
    // nothing of it either: the browser's own cookie for /admin, the API's refusal.
    const served = await (await manager.context().request.get(`/admin/orders/${orderId}`)).text();
    expect(served).toContain('<div id="root"></div>');
    expect(served).not.toContain(refundedCode);
    expect(served).not.toContain('admin-state');
    expectNoConsoleErrors(manager);
  });
});
