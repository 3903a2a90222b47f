import { expect, test } from 'vitest';
import {
  demoStaff,
  expectNoBlockingViolations,
  expectNoConsoleErrors,
  openAdmin,
  signInAsOperator,
  signInToOrders,
} from '../support/admin.ts';
import { expectText, heading, textOf } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

/**
 * Issue 26, service records: a visitor signs up for the newsletter and leaves a wish; the operator finds
 * the sign-up with its evidence, unsubscribes it at the person's request and deletes the wish, both in
 * the audit trail without the deleted data; the CSV has the records; a brand manager sees only their
 * brand's records.
 */
journey('back office: the brand services’ records', (shop) => {
  test('find a sign-up, unsubscribe it, delete a wish on request, export; managers see their brand only', async () => {
    const email = `records.${Date.now()}@example.org`;
    const visitor = await shop.newPage();
    for (const [path, data] of [
      ['/api/newsletter', { email }],
      ['/api/wish', { email, kind: 'region', text: 'Mehr Hotels an der Ostsee' }],
    ] as const) {
      const answer = await visitor.context().request.post(path, { data });
      expect(answer.status(), `${path} ${await answer.text()}`).toBeLessThan(300);
    }

    const page = await openAdmin(shop);
    await signInAsOperator(shop, page);
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Kundendaten' })
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/records');
    await expect.poll(() => heading(page).textContent()).toBe('Kundendaten der Markendienste');
    await page.getByRole('textbox', { name: 'E-Mail-Adresse oder ihr Anfang' }).fill(email);
    await page.getByRole('button', { name: 'Suchen' }).click();
    await page.waitForURL((url) => url.searchParams.get('query') === email);
    await expectText(page.locator('.results-count'), '1 Eintrag gefunden');
    const row = page.locator('table.grid tbody tr');
    await expectText(row.locator('td').nth(3), 'angefragt, nicht bestätigt');
    expect(await textOf(row)).toMatch(/Quelle\s*footer/);
    await expectNoBlockingViolations(page, 'admin-records');

    // Unsubscribed at the person's request, with a note, confirmed in a dialog.
    await row.getByRole('button', { name: `Abmelden für ${email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Vom Newsletter abmelden' });
    await dialog.getByRole('textbox', { name: /Notiz/ }).fill('Anruf am Telefon');
    await dialog.getByRole('button', { name: 'Abmelden' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectText(row.locator('td').nth(3), 'abgemeldet');
    expect(await row.getByRole('button', { name: /^Abmelden/ }).count()).toBe(0);

    // The CSV of what the filter finds.
    const href = String(await page.getByRole('link', { name: 'Als CSV herunterladen' }).getAttribute('href'));
    const csv = await (await page.context().request.get(href)).text();
    expect(csv.split('\r\n')[1]).toContain(`;demo;`);
    expect(csv).toContain(`;${email};unsubscribed;`);

    // The wish, deleted on request: gone, and the trail says so without the address or the text.
    await page.getByRole('link', { name: 'Wünsche' }).click();
    await page.waitForURL((url) => url.searchParams.get('kind') === 'wishes');
    await page.getByRole('textbox', { name: 'E-Mail-Adresse oder ihr Anfang' }).fill(email);
    await page.getByRole('button', { name: 'Suchen' }).click();
    await expectText(page.locator('.results-count'), '1 Eintrag gefunden');
    await page.getByRole('button', { name: `Löschen für ${email}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Auf Wunsch löschen' });
    await confirm
      .getByRole('textbox', { name: /Notiz/ })
      .fill('Löschung nach Art. 17, Mail vom heutigen Tag');
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expectText(page.locator('.results-count'), '0 Einträge gefunden');

    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Protokoll' })
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/audit');
    const deletion = page
      .locator('table.grid tbody tr')
      .filter({ hasText: 'Eintrag gelöscht (auf Wunsch)' })
      .first();
    await expectText(deletion, /Wunsch Nr\. \d+/);
    expect(await textOf(deletion)).not.toContain(email);
    expect(await textOf(deletion)).not.toContain('Ostsee');
    await expectText(
      page.locator('table.grid tbody tr').filter({ hasText: 'Vom Newsletter abgemeldet' }).first(),
      /Anruf am Telefon/,
    );
    expectNoConsoleErrors(page);

    // The autoclub manager finds nothing of the demo brand's sign-up.
    const manager = await openAdmin(shop);
    await signInToOrders(manager, demoStaff.manager);
    await shop.goto(manager, `/admin/records?kind=newsletter&query=${encodeURIComponent(email)}`);
    await expectText(manager.locator('.results-count'), '0 Einträge gefunden');
    expectNoConsoleErrors(manager);
  });
});
