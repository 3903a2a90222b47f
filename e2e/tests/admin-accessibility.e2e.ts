import { readFile } from 'node:fs/promises';
import { expect, test } from 'vitest';
import {
  demoStaff,
  expectNoBlockingViolations,
  expectNoConsoleErrors,
  openAdmin,
  operatorWithoutSecondFactor,
  signInAsOperator,
  signInToOrders,
  submitPassword,
} from '../support/admin.ts';
import { offerInStock, transferOrder } from '../support/checkout.ts';
import { expectText, heading } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

/**
 * Issue 25: the back office is keyboard-usable and axe-clean (WCAG 2.2 AA, no serious or critical
 * finding) on every screen, on a desktop and on a tablet (768 px), and speaks the chosen language.
 */
const tablet = { width: 768, height: 1024 };

journey('back office: accessibility of every screen', (shop) => {
  test('sign-in, orders list and order page with a confirm dialog (desktop), by keyboard', async () => {
    const { orderId } = await transferOrder({
      variantId: (await offerInStock(9)).variants[0]?.id ?? 0,
      email: `e2e-admin-a11y-${Date.now()}@example.com`,
    });
    const page = await openAdmin(shop);
    await expectText(heading(page), 'Anmelden im Backoffice');
    await expectNoBlockingViolations(page, 'admin-sign-in');
    // A wrong password is refused in the UI's language.
    await submitPassword(page, { email: demoStaff.support.email, password: 'not-the-password' });
    await expectText(page.getByRole('alert'), /E-Mail-Adresse oder Passwort ist nicht korrekt/);
    await expectNoBlockingViolations(page, 'admin-sign-in-refused');
    await signInToOrders(page, demoStaff.support);
    await page.locator('table.grid').waitFor();
    await expectNoBlockingViolations(page, 'admin-orders');

    // By keyboard from the search box to the order: type its number, Enter, Tab to its link.
    await page.getByRole('searchbox', { name: 'Suche' }).fill(String(orderId));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('query') === String(orderId));
    const link = page.getByRole('link', { name: String(orderId), exact: true });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/admin/orders/${orderId}`);
    await expectText(heading(page), `Bestellung ${orderId}`);
    await page.getByRole('region', { name: 'Verlauf' }).waitFor();
    await expectNoBlockingViolations(page, 'admin-order');

    // The confirm dialog: opened by keyboard, the amount prefilled with the total, the note required.
    const trigger = page.getByRole('button', { name: 'Überweisung als bezahlt markieren' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Überweisung als bezahlt markieren' });
    await dialog.waitFor();
    const amount = dialog.getByRole('textbox', { name: 'Eingegangener Betrag in Euro' });
    expect(await amount.inputValue()).toMatch(/^\d+,\d{2}$/);
    await expect.poll(() => amount.evaluate((input) => input === document.activeElement)).toBe(true);
    await dialog.getByRole('button', { name: 'Als bezahlt markieren' }).click();
    await expectText(dialog.getByText(/Bitte geben Sie eine Notiz ein/), /Notiz/);
    await expectNoBlockingViolations(page, 'admin-confirm-dialog');
    // Escape closes it and focus is back on the button that opened it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => trigger.evaluate((button) => button === document.activeElement)).toBe(true);
    await expectText(
      page.locator('[data-order-status]').first().locator('.status').first(),
      'Wartet auf Überweisung',
    );
    expectNoConsoleErrors(page);
  });

  test('orders list on a tablet, in English after switching the language', async () => {
    const page = await openAdmin(shop, '/admin/login', { viewport: tablet });
    await signInToOrders(page, demoStaff.support);
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
    await expectText(heading(page), 'Orders');
    await page.locator('table.grid').waitFor();
    // Nothing wider than the screen but the grid, which scrolls in its own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(tablet.width);
    await expectNoBlockingViolations(page, 'admin-orders-tablet-en');
    expectNoConsoleErrors(page);
  });

  test('the second factor set-up with its QR code', async () => {
    const page = await openAdmin(shop);
    await submitPassword(page, await operatorWithoutSecondFactor(shop));
    await page.waitForURL((url) => url.pathname === '/admin/security');
    await expectNoBlockingViolations(page, 'admin-security');
    await page.getByRole('button', { name: 'Einrichtung beginnen' }).click();
    await page.getByRole('img', { name: 'QR-Code für die Authenticator-App' }).waitFor();
    await expectNoBlockingViolations(page, 'admin-security-qr');
    expectNoConsoleErrors(page);
  });

  test('open holds (support), the audit trail with its filters and a CSV export (operator)', {
    timeout: 150_000,
  }, async () => {
    const { orderId } = await transferOrder({
      variantId: (await offerInStock(9)).variants[0]?.id ?? 0,
      email: `e2e-admin-holds-${Date.now()}@example.com`,
    });
    const page = await openAdmin(shop);
    await signInToOrders(page, demoStaff.support);
    const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
    // The audit trail is not support's: no way there.
    expect(await navigation.getByRole('link', { name: 'Protokoll' }).count()).toBe(0);
    await navigation.getByRole('link', { name: 'Offene Reservierungen' }).click();
    await expectText(heading(page), 'Offene Reservierungen');
    await expectText(
      page.locator('.results-count'),
      /(Bestellung hält|Bestellungen halten) \d+ Gutscheine? im Wert von/,
    );
    const row = page.locator('tbody tr', {
      has: page.getByRole('link', { name: String(orderId), exact: true }),
    });
    await expectText(row, /Wartet auf Überweisung/);
    await expectNoBlockingViolations(page, 'admin-holds');

    // From the list to the order: support may cancel it or mark it paid, but not hold it longer.
    await row.getByRole('link', { name: String(orderId), exact: true }).click();
    await expectText(heading(page), `Bestellung ${orderId}`);
    await page.getByRole('button', { name: 'Bestellung stornieren' }).waitFor();
    expect(await page.getByRole('button', { name: 'Reservierung verlängern' }).count()).toBe(0);
    expectNoConsoleErrors(page);

    // The operator extends the hold (a change the trail records) and reads the trail.
    const operator = await openAdmin(shop);
    await signInAsOperator(shop, operator);
    await shop.goto(operator, `/admin/orders/${orderId}`);
    await operator.getByRole('button', { name: 'Reservierung verlängern' }).click();
    const dialog = operator.getByRole('dialog', { name: 'Reservierung verlängern' });
    await dialog.getByRole('textbox', { name: 'Tage (1 bis 14)' }).fill('3');
    await dialog.getByRole('textbox', { name: /^Notiz/ }).fill('Kundin hat angerufen, überweist am Montag');
    await dialog.getByRole('button', { name: 'Verlängern' }).click();
    await dialog.waitFor({ state: 'detached' });
    await operator.getByRole('link', { name: 'Protokoll' }).click();
    await expectText(heading(operator), 'Protokoll');
    const entries = operator.locator('tbody tr');
    // The operator's own second factor, named by address, and the extension with its note.
    await entries
      .filter({ hasText: 'Zweiten Faktor eingerichtet' })
      .filter({ hasText: 'Konto operator@example.org' })
      .first()
      .waitFor();
    const extension = entries.filter({ hasText: 'Reservierung verlängert' }).first();
    await expectText(extension, /operator@example\.org/);
    await expectText(extension, /Kundin hat angerufen/);
    await expectNoBlockingViolations(operator, 'admin-audit');

    // A kind of change applies at once and goes into the address; a typed order number with Enter.
    await operator.getByRole('combobox', { name: 'Aktion' }).selectOption('order.extend-hold');
    await operator.waitForURL((url) => url.searchParams.get('action') === 'order.extend-hold');
    await expect.poll(() => entries.filter({ hasText: 'Zweiten Faktor eingerichtet' }).count()).toBe(0);
    await operator.getByRole('textbox', { name: 'Bestellnummer' }).fill(String(orderId));
    await operator.keyboard.press('Enter');
    await operator.waitForURL((url) => url.searchParams.get('orderId') === String(orderId));
    await expectText(operator.locator('.results-count'), 'Ein Eintrag');
    await expectText(entries, /Kundin hat angerufen/);

    // The orders awaiting a transfer as a CSV file: a job writes it, the link appears when it is done.
    await shop.goto(operator, '/admin/orders?status=awaiting-payment');
    await operator.locator('table.grid').waitFor();
    await operator.getByRole('button', { name: 'Als CSV exportieren' }).click();
    const download = operator.getByRole('link', { name: /^CSV-Datei herunterladen \(/ });
    await download.waitFor();
    await expectNoBlockingViolations(operator, 'admin-orders-export');
    const [file] = await Promise.all([operator.waitForEvent('download'), download.click()]);
    const csv = (await readFile(await file.path())).toString('utf8');
    expect(csv.startsWith('\uFEFFBestellnummer;Bestellt am;Marke;Status;')).toBe(true);
    const line = csv.split('\r\n').find((row) => row.startsWith(`${orderId};`));
    expect(line).toMatch(/;awaiting-payment;wiretransfer;Erika;Mustermann;/);
    expect(
      csv
        .split('\r\n')
        .slice(1, -1)
        .every((row) => row.includes(';awaiting-payment;')),
    ).toBe(true);
    expectNoConsoleErrors(operator);
  });
});
