import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { waitForMail } from '../support/account.ts';
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

const invitePattern = /https?:\/\/[^\s"<>]+\/admin\/invite#[A-Za-z0-9_-]{20,}/;

/** Sets the password on the invitation page (it must show the form) and submits it. */
async function setPassword(page: Page, password: string, repeat = password): Promise<void> {
  await page.getByLabel('Neues Passwort', { exact: true }).fill(password);
  await page.getByLabel('Neues Passwort wiederholen', { exact: true }).fill(repeat);
  await page.getByRole('button', { name: 'Passwort festlegen' }).click();
}

/**
 * Issue 25: the operator invites a support member with a limit; the member sets a password through
 * the mailed link, signs in, works with orders but not with staff accounts, ends a session of theirs
 * left open in another browser; the operator switches the member off and their session ends.
 */
journey('back office: staff accounts, the invitation, own sessions', (shop) => {
  test('invite a support member, set the password, end another session, switch the member off', {
    timeout: 180_000,
  }, async () => {
    const member = { name: 'Sina Support', email: `e2e-staff-${Date.now()}@example.org` };
    const password = 'Sommer-Backoffice-2026';

    // The operator opens the staff list from the navigation.
    const operator = await openAdmin(shop);
    await signInAsOperator(shop, operator);
    // Just set up (the first journey to sign the operator in): on from the recovery codes.
    const onward = operator.getByRole('button', { name: 'Weiter zu den Bestellungen' });
    if ((await onward.count()) > 0) await onward.click();
    await operator.waitForURL((url) => url.pathname === '/admin/orders');
    await operator.getByRole('link', { name: 'Mitarbeiter', exact: true }).click();
    await operator.waitForURL((url) => url.pathname === '/admin/staff');
    await expectText(heading(operator), 'Mitarbeiter');
    const rows = operator.locator('table.staff-grid tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(3);
    await expectText(rows.filter({ hasText: demoStaff.support.email }), /Kundenservice/);
    await expectNoBlockingViolations(operator, 'admin-staff-list');

    // The invitation: nothing filled in is refused in words; then a support member with 250 €.
    await operator.getByRole('button', { name: 'Mitarbeiter einladen' }).click();
    const dialog = operator.getByRole('dialog', { name: 'Mitarbeiter einladen' });
    await dialog.waitFor();
    await expect
      .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);
    expect(await dialog.getByRole('combobox', { name: 'Rolle' }).inputValue()).toBe('support');
    await expectNoBlockingViolations(operator, 'admin-staff-invite-dialog');
    const limit = dialog.getByRole('textbox', { name: /Höchstbetrag/ });
    await limit.fill('zweihundert');
    await dialog.getByRole('button', { name: 'Einladung senden' }).click();
    await expectText(dialog.getByText(/E-Mail-Adresse ist ein Pflichtfeld/), /Pflichtfeld/);
    await expectText(dialog.getByText(/Bitte geben Sie einen Namen ein/), /Namen/);
    await expectText(dialog.getByText(/Betrag in Euro/), /250,00/);
    // A brand manager without a brand is refused before asking the API.
    await dialog.getByRole('combobox', { name: 'Rolle' }).selectOption('brand-manager');
    await dialog.getByRole('button', { name: 'Einladung senden' }).click();
    await expectText(dialog.getByText(/mindestens eine Marke\.$/), /Marke/);
    // A hotel's desk: hotels found by the catalogue's search; removing one keeps the keyboard's place.
    await dialog.getByRole('combobox', { name: 'Rolle' }).selectOption('hotel');
    const found = dialog.getByRole('listbox', { name: 'Hotel' });
    await dialog.getByRole('searchbox', { name: /^Hotel suchen/ }).fill('Hotel');
    await expect.poll(() => found.locator('option').count()).toBeGreaterThanOrEqual(2);
    const [firstHotel, secondHotel] = await found
      .locator('option')
      .evaluateAll((options) => options.slice(0, 2).map((option) => (option as HTMLOptionElement).value));
    await found.selectOption(String(firstHotel));
    await found.selectOption(String(secondHotel));
    const remove = dialog.locator('.chosen-hotels').getByRole('button');
    await expect.poll(() => remove.count()).toBe(2);
    const focused = () => operator.evaluate(() => document.activeElement?.textContent ?? '');
    const secondName = (await textOf(remove.nth(1))).replace(/ entfernen$/, '');
    await remove.first().click();
    await expect.poll(focused).toBe(`${secondName} entfernen`);
    await operator.keyboard.press('Enter');
    await expect.poll(focused).toBe('Hotels');
    await dialog.getByRole('combobox', { name: 'Rolle' }).selectOption('support');
    await dialog.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(member.email);
    await dialog.getByRole('textbox', { name: 'Name' }).fill(member.name);
    await limit.fill('250');
    await dialog.getByRole('button', { name: 'Einladung senden' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectText(operator.getByTestId('announcement'), `Die Einladung an ${member.email} wird gesendet.`);
    const memberRow = rows.filter({ hasText: member.email });
    await expectText(memberRow, /Kundenservice/);
    const memberCells = memberRow.locator('td');
    expect(await textOf(memberCells.nth(2))).toMatch(/^€ 250/);
    expect(await textOf(memberCells.nth(4))).toBe('eingeladen');

    // The same address again: the API's refusal, in the dialog, in German.
    await operator.getByRole('button', { name: 'Mitarbeiter einladen' }).click();
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(member.email);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Noch einmal');
    await dialog.getByRole('button', { name: 'Einladung senden' }).click();
    await expectText(dialog.getByRole('alert'), 'Für diese Adresse gibt es schon einen Zugang.');
    await operator.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The mail with the link; the token is in the fragment.
    const mail = await waitForMail(shop.e2e.dataDir, member.email, invitePattern);
    const link = new URL(invitePattern.exec(mail)?.[0] ?? '');
    const invitePath = `${link.pathname}${link.hash}`;

    // In a fresh browser: the token leaves the address bar; short and different passwords are refused.
    const first = await openAdmin(shop, invitePath);
    await expectText(heading(first), 'Passwort festlegen');
    await expect.poll(() => new URL(first.url()).hash).toBe('');
    await expectNoBlockingViolations(first, 'admin-invite');
    await setPassword(first, 'zu-kurz');
    await expectText(first.getByText(/mindestens 12 Zeichen\.$/), /12 Zeichen/);
    await setPassword(first, password, `${password}!`);
    await expectText(first.getByText('Die beiden Passwörter stimmen nicht überein.'), /überein/);
    await setPassword(first, password);
    await first.waitForURL((url) => url.pathname === '/admin/login');
    await expectText(first.locator('.notice'), /Ihr Passwort ist festgelegt/);
    await signInToOrders(first, { email: member.email, password });
    // Orders yes, staff no: no link, and the address itself says it is not theirs.
    expect(await first.getByRole('link', { name: 'Mitarbeiter', exact: true }).count()).toBe(0);
    await shop.goto(first, '/admin/staff');
    await expectText(first.getByRole('alert'), 'Die Mitarbeiterverwaltung ist den Betreibern vorbehalten.');
    expect(await first.locator('table.staff-grid').count()).toBe(0);
    expectNoConsoleErrors(first);

    // The link counts once.
    const again = await openAdmin(shop, invitePath);
    await setPassword(again, 'Ein-anderes-Passwort-2026');
    await expectText(again.getByRole('alert'), /ungültig, schon benutzt oder abgelaufen/);

    // A second browser signed in as the member; the first ends that session from the security screen.
    const second = await openAdmin(shop);
    await signInToOrders(second, { email: member.email, password });
    await first.getByRole('link', { name: 'Sicherheit / zweiter Faktor' }).click();
    await first.waitForURL((url) => url.pathname === '/admin/security');
    const sessions = first.getByRole('region', { name: 'Ihre Sitzungen' });
    await expect.poll(() => sessions.locator('tbody tr').count()).toBe(2);
    await expectText(sessions.locator('tbody tr[data-current-session="true"]'), /diese Sitzung/);
    await expectNoBlockingViolations(first, 'admin-security-sessions');
    const end = sessions.getByRole('button', { name: /^Beenden/ });
    expect(await end.count()).toBe(1);
    await end.click();
    const endDialog = first.getByRole('dialog', { name: 'Sitzung beenden' });
    await endDialog.getByRole('button', { name: 'Sitzung beenden' }).click();
    await endDialog.waitFor({ state: 'detached' });
    await expectText(first.getByTestId('announcement'), 'Die Sitzung ist beendet.');
    await expect.poll(() => sessions.locator('tbody tr').count()).toBe(1);
    // The second browser's next call finds its session ended: back to the sign-in.
    await second.getByRole('link', { name: 'Sicherheit / zweiter Faktor' }).click();
    await second.waitForURL((url) => url.pathname === '/admin/login');
    await expectText(heading(second), 'Anmelden im Backoffice');

    // The operator cannot switch themselves off; the API's reason is shown in the dialog.
    await shop.goto(operator, '/admin/staff');
    const ownRow = rows.filter({ hasText: demoStaff.operator.email });
    await ownRow.getByRole('button', { name: /^Sperren/ }).click();
    const selfDialog = operator.getByRole('dialog', { name: /sperren$/ });
    await selfDialog.getByRole('button', { name: 'Zugang sperren' }).click();
    await expectText(selfDialog.getByRole('alert'), /Die eigene Rolle oder den eigenen Zugang/);
    await operator.keyboard.press('Escape');
    await selfDialog.waitFor({ state: 'detached' });

    // The operator switches the member off: their session ends at once.
    await expectText(memberRow.locator('td').nth(4), 'aktiv');
    await memberRow.getByRole('button', { name: `Sperren (${member.name})` }).click();
    const disable = operator.getByRole('dialog', { name: `Zugang von ${member.name} sperren` });
    await expectText(disable, /alle ihre Sitzungen enden sofort/);
    await disable.getByRole('button', { name: 'Zugang sperren' }).click();
    await disable.waitFor({ state: 'detached' });
    await expectText(memberRow.locator('td').nth(4), 'gesperrt');
    await expectText(operator.getByTestId('announcement'), `Der Zugang von ${member.name} ist gesperrt.`);
    expectNoConsoleErrors(operator);

    await first.getByRole('link', { name: 'Bestellungen' }).click();
    await first.waitForURL((url) => url.pathname === '/admin/login');
    // And the password no longer signs in.
    await first.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(member.email);
    await first.getByLabel('Passwort', { exact: true }).fill(password);
    await first.getByRole('button', { name: 'Anmelden' }).click();
    await first.getByRole('alert').waitFor();
    expect(new URL(first.url()).pathname).toBe('/admin/login');
  });
});
