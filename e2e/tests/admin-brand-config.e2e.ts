import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  expectNoBlockingViolations,
  expectNoConsoleErrors,
  openAdmin,
  signInAsOperator,
} from '../support/admin.ts';
import { expectText, heading } from '../support/page-helpers.ts';
import { journey, type Shop } from '../support/shop.ts';

/**
 * Issue 26, brand configuration: the operator changes a brand's support phone and hero title in the
 * form generated from the config's schema, and the running shop shows them without a restart; an
 * invalid address is refused with the message at its field; a restore of version 0 brings the shipped
 * values back, in the shop too. Sparbuch, whose config no other journey changes; restored at the end.
 */
const brand = 'sparbuch';
const shippedPhone = '+49 211 0000-100';
const shippedTitle = 'Sparen beim Reisen';

/** The brand's home page as a visitor sees it now: the hero's title and the footer's phone. */
async function shopShows(shop: Shop): Promise<{ title: string; phone: string }> {
  const { page } = await shop.open('/', { brand, cookieConsent: 'necessary' });
  const title = (await heading(page).textContent()) ?? '';
  const phone = (await page.locator('footer a[href^="tel:"]').first().textContent()) ?? '';
  await page.context().close();
  return { title: title.trim(), phone: phone.trim() };
}

const field = (page: Page, path: string) => page.locator(`#field-${path}`);

journey('back office: a brand’s configuration', (shop) => {
  test('edit the hero text and phone, live in the shop; an invalid field is named; restore the old one', async () => {
    expect(await shopShows(shop)).toEqual({ title: shippedTitle, phone: shippedPhone });

    const page = await openAdmin(shop);
    await signInAsOperator(shop, page);
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Marken' })
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/brands');
    await expect.poll(() => heading(page).textContent()).toBe('Marken');
    await page.getByRole('link', { name: 'Konfiguration bearbeiten von Sparbuch' }).click();
    await page.waitForURL((url) => url.pathname === `/admin/brands/${brand}`);
    await expect.poll(() => heading(page).textContent()).toMatch(/^Konfiguration: Sparbuch/);

    // Labelled fields generated from the schema, filled with the current values.
    const phone = page.getByLabel('Telefon des Kundenservice', { exact: true });
    expect(await phone.inputValue()).toBe(shippedPhone);
    expect(await field(page, 'hero-de-title').inputValue()).toBe(shippedTitle);
    await expectNoBlockingViolations(page, 'admin-brand-config');

    await phone.fill('+49 211 5555-0');
    await field(page, 'hero-de-title').fill('Sparen mit neuem Titel');
    await page.getByLabel('Notiz zur Änderung (optional)').fill('Neue Hotline');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    const versions = page.getByRole('region', { name: 'Versionen' }).locator('table tbody tr');
    await expectText(versions.first().locator('td').first(), '1 (aktuell)');
    await expectText(versions.first().locator('td').nth(3), /Telefon des Kundenservice/);
    await expectText(versions.first().locator('td').nth(3), /Hero-Text › Deutsch › Titel/);

    // The running shop, without a restart, within seconds (every process's change watch).
    await expect
      .poll(() => shopShows(shop), { timeout: 5_000, interval: 500 })
      .toEqual({ title: 'Sparen mit neuem Titel', phone: '+49 211 5555-0' });

    // An invalid address: refused, the message at its field, nothing saved.
    const mail = field(page, 'supportMail');
    await mail.fill('keine-adresse');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expectText(page.locator('#field-supportMail-error'), /.+/);
    expect(await mail.getAttribute('aria-invalid')).toBe('true');
    await expectText(page.getByRole('alert').first(), /E-Mail des Kundenservice/);
    expect(await versions.count()).toBe(2);
    await expectNoBlockingViolations(page, 'admin-brand-config-invalid');

    // One click back to the file's version, confirmed in a dialog: a new version, the shop as before.
    await page.getByRole('button', { name: 'Zurückholen Version 0' }).click();
    const dialog = page.getByRole('dialog', { name: 'Version 0 zurückholen?' });
    await dialog.getByRole('button', { name: 'Zurückholen' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectText(versions.first().locator('td').first(), '2 (aktuell)');
    await expectText(versions.first().locator('td').nth(4), /Version 0 zurückgeholt/);
    expect(await page.getByLabel('Telefon des Kundenservice', { exact: true }).inputValue()).toBe(
      shippedPhone,
    );
    expect(await field(page, 'supportMail').getAttribute('aria-invalid')).toBeNull();
    await expect
      .poll(() => shopShows(shop), { timeout: 5_000, interval: 500 })
      .toEqual({ title: shippedTitle, phone: shippedPhone });
    expectNoConsoleErrors(page);
  });
});
