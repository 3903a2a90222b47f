import { expect, test } from 'vitest';
import { buildCamt053 } from '../../apps/server/src/modules/bank/testing/camt053-statement.ts';
import { waitForMail } from '../support/account.ts';
import {
  expectNoBlockingViolations,
  expectNoConsoleErrors,
  openAdmin,
  signInAsOperator,
} from '../support/admin.ts';
import { offerPath, parsePrice } from '../support/catalogue.ts';
import {
  completePage,
  erika,
  fillCustomer,
  offerInStock,
  pay,
  startCheckout,
  wireDetails,
} from '../support/checkout.ts';
import { expectText, heading, textOf } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

/**
 * Issue 25: a buyer pays a bank transfer but writes something else than the reference. The operator
 * uploads the bank's camt.053 statement in the back office, follows its import (queued, importing,
 * done), finds the credit unmatched and assigns it to the order with a note: the order is paid in the
 * back office and on the buyer's page (vouchers there, their PDF downloads), and the vouchers' mail goes out.
 */
journey('back office: a bank statement uploaded, an unmatched credit assigned by hand', (shop) => {
  // A whole journey (checkout, back office, the import job, the buyer's page, the mail job): more than
  // the usual minute when the machine is busy.
  test('upload a camt.053 file, see the credit unmatched, assign it to the order: paid everywhere', {
    timeout: 120_000,
  }, async () => {
    // A guest buys one voucher paying by bank transfer: the order waits for the money.
    const email = `e2e-admin-bank-${Date.now()}@example.com`;
    const buyer = await startCheckout(shop, offerPath(await offerInStock(21)));
    await fillCustomer(buyer, { ...erika, email });
    await pay(buyer, /^Vorkasse \(Überweisung\)/);
    await completePage(buyer);
    await buyer.locator('[data-order-status="awaiting-payment"]').waitFor();
    const buyerPath = new URL(buyer.url()).pathname;
    const orderId = Number(/\/complete\/(\d+)\//.exec(buyerPath)?.[1]);
    expect(orderId).toBeGreaterThan(0);
    const details = await wireDetails(buyer);
    const reference = details.Verwendungszweck ?? '';
    expect(reference).toMatch(/^DEMO-\d{8}$/);
    const amountCents = parsePrice(details.Betrag ?? '');
    expect(amountCents).toBeGreaterThan(0);

    // The transfer arrived with the right amount but without the reference: nothing can match it.
    const remittance = `Gutschein Erika Mustermann ${orderId}x`;
    const statement = buildCamt053({
      iban: 'DE89370400440532013000',
      statementId: `E2E-UPLOAD-${reference}`,
      date: new Date().toISOString().slice(0, 10),
      entries: [
        { amountCents, remittance, debtorName: 'Erika Mustermann', acctSvcrRef: `UP-${reference}` },
        // And a credit that pays no order at all (the insurer's refund of a fee): to be marked handled.
        {
          amountCents: 1_250,
          remittance: `Erstattung Gebühr ${reference.slice(-4)}`,
          debtorName: 'Versicherung AG',
          acctSvcrRef: `UP-FEE-${reference}`,
        },
      ],
    });
    const fileName = `kontoauszug-${reference}.xml`;

    // The operator opens the bank statements from the navigation (shown to operators).
    const page = await openAdmin(shop);
    await signInAsOperator(shop, page);
    await shop.goto(page, '/admin/orders');
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Kontoauszüge' })
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/bank');
    await expectText(heading(page), 'Kontoauszüge');
    const fileInput = page.getByLabel('Kontoauszug (camt.053, XML-Datei)');
    await fileInput.waitFor();
    await expectNoBlockingViolations(page, 'admin-bank');

    // No file chosen: the form says so, at the field, in German.
    await page.getByRole('button', { name: 'Hochladen' }).click();
    await expectText(page.locator('.upload-form'), /Bitte wählen Sie eine XML-Datei aus\./);
    expect(await fileInput.getAttribute('aria-invalid')).toBe('true');
    // An empty file: the API's problem, in German.
    await fileInput.setInputFiles({ name: 'leer.xml', mimeType: 'application/xml', buffer: Buffer.from('') });
    await page.getByRole('button', { name: 'Hochladen' }).click();
    await expectText(page.locator('.upload-form [role="alert"]'), /Die Datei ist leer\./);
    await expectNoBlockingViolations(page, 'admin-bank-problem');

    // The statement, uploaded: its page follows the import until it is done, with its counts.
    await fileInput.setInputFiles({
      name: fileName,
      mimeType: 'application/xml',
      buffer: Buffer.from(statement),
    });
    await page.getByRole('button', { name: 'Hochladen' }).click();
    await page.waitForURL((url) => /^\/admin\/bank\/\d+$/.test(url.pathname));
    await expectText(heading(page), `Kontoauszug ${fileName}`);
    await page.locator('[data-statement-status="done"]').waitFor({ timeout: 30_000 });
    const overview = page.getByRole('region', { name: 'Import' });
    await expectText(overview, /Importiert/);
    await expectText(overview, /Nicht zugeordnet: 2/);
    await expectText(overview, /Hochgeladen/);
    await expectText(overview, /operator@example\.org/);

    // The entry: unmatched, with the payer's text and the amount, and the actions to decide about it.
    const entries = page.getByRole('region', { name: 'Buchungen' });
    const row = entries.locator('tbody tr').filter({ hasText: remittance });
    await expectText(row, /Nicht zugeordnet/);
    expect(await row.getAttribute('data-outcome')).toBe('unmatched');
    expect(parsePrice(await textOf(row.locator('td.numeric')))).toBe(amountCents);
    await row.getByRole('button', { name: /^Als erledigt markieren – Eingang über/ }).waitFor();
    await expectNoBlockingViolations(page, 'admin-bank-statement');

    // The fee's refund pays nothing: marked handled with a note, its actions are gone.
    const feeRow = entries.locator('tbody tr').filter({ hasText: 'Erstattung Gebühr' });
    await feeRow
      .getByRole('button', { name: /^Als erledigt markieren – Eingang über €\s12,50 vom / })
      .click();
    const handleDialog = page.getByRole('dialog', { name: 'Als erledigt markieren' });
    await handleDialog.waitFor();
    await handleDialog
      .getByRole('textbox', { name: 'Notiz (Pflicht)' })
      .fill('Rückerstattung der Versicherung, keine Bestellung');
    await handleDialog.getByRole('button', { name: 'Als erledigt markieren' }).click();
    await handleDialog.waitFor({ state: 'detached' });
    await expectText(page.getByTestId('announcement'), 'Der Eingang ist als erledigt markiert.');
    await expectText(feeRow, /Rückerstattung der Versicherung, keine Bestellung/);
    await expect.poll(() => feeRow.getByRole('button').count()).toBe(0);
    expect(await textOf(feeRow)).toContain('Nicht zugeordnet');

    // Assign: the dialog takes the focus on the order number; both fields are required.
    await row.getByRole('button', { name: /^Zuordnen – Eingang über .+ vom / }).click();
    const dialog = page.getByRole('dialog', { name: 'Eingang einer Bestellung zuordnen' });
    await dialog.waitFor();
    expect(await textOf(dialog)).toContain(`Verwendungszweck „${remittance}“`);
    const orderField = dialog.getByRole('textbox', { name: 'Bestellnummer' });
    await expect.poll(() => orderField.evaluate((input) => input === document.activeElement)).toBe(true);
    await dialog.getByRole('button', { name: 'Zuordnen' }).click();
    await expectText(dialog, /Bitte geben Sie eine Bestellnummer ein/);
    await expectText(dialog, /Bitte geben Sie eine Notiz ein/);
    await expectNoBlockingViolations(page, 'admin-bank-assign-dialog');

    // An order that does not exist: the API's problem is shown in the dialog, which stays open.
    await orderField.fill('99999999');
    await dialog
      .getByRole('textbox', { name: 'Notiz (Pflicht)' })
      .fill('Verwendungszweck ohne Referenz, Kundin hat angerufen');
    await dialog.getByRole('button', { name: 'Zuordnen' }).click();
    await expectText(dialog.getByRole('alert'), /Nicht gefunden/);

    // The right order: the dialog closes, the entry is assigned, by whom, with the note.
    await orderField.fill(String(orderId));
    await dialog.getByRole('button', { name: 'Zuordnen' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectText(
      page.getByTestId('announcement'),
      `Der Eingang ist der Bestellung ${orderId} zugeordnet; sie ist bezahlt.`,
    );
    await expectText(row, /Von Hand zugeordnet/);
    await expectText(row, /operator@example\.org/);
    await expectText(row, /Verwendungszweck ohne Referenz, Kundin hat angerufen/);
    expect(await row.getByRole('button').count()).toBe(0);
    expectNoConsoleErrors(page);

    // The order, opened from the entry: paid, and the trail says the bank credit was assigned.
    await row.getByRole('link', { name: String(orderId), exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/admin/orders/${orderId}`);
    await page.locator('[data-order-status="paid"]').waitFor();
    await expectText(page.getByRole('region', { name: 'Verlauf' }), /Kontoeingang zugeordnet/);
    // Back in the list, the file is imported, with its counts and who uploaded it.
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Kontoauszüge' })
      .click();
    const listed = page.locator('table.grid tbody tr').filter({ hasText: fileName });
    await expect.poll(() => listed.getAttribute('data-statement-status')).toBe('done');
    await expectText(listed, /Hochgeladen.*Importiert.*Nicht zugeordnet: 2.*operator@example\.org/);
    expectNoConsoleErrors(page);

    // The buyer's page: paid, one voucher, its PDF downloads.
    await shop.goto(buyer, buyerPath);
    await buyer.locator('[data-order-status="paid"]').waitFor();
    const card = buyer.getByRole('region', { name: 'Ihre Gutscheine' }).getByRole('article');
    await card.getByRole('textbox', { name: 'Vorname' }).waitFor();
    expect(await card.count()).toBe(1);
    const pdfPath = (await card.getByRole('link', { name: /Vorschau ansehen/ }).getAttribute('href')) ?? '';
    expect(pdfPath).toMatch(/^\/api\/voucher\/download\/\d+\/[^/]+\/\d+\.pdf$/);
    const pdf = await buyer.request.get(pdfPath);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    // And the mail with the vouchers reaches the buyer.
    const mail = await waitForMail(shop.e2e.dataDir, email, /Ihre Zahlung ist eingegangen/);
    expect(mail).toContain(String(orderId));
  });
});
