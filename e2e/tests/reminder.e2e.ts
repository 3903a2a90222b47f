import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { formatViolations, isBlocking, runAxe, saveAxeReport } from '../support/axe.ts';
import { offerPath, soldOutOffer } from '../support/catalogue.ts';
import { expectText, heading } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

/**
 * The back-in-stock reminder on a sold-out offer (SPEC §1): the "notify me" form by keyboard, its field
 * message, the thanks that takes the focus, and the try-later message when the call fails.
 */

async function expectNoBlockingViolations(page: Page, name: string) {
  const violations = await runAxe(page);
  await saveAxeReport(name, violations);
  expect(violations.filter(isBlocking), `${name}:\n${formatViolations(violations)}`).toEqual([]);
}

const focusedRole = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('role') ?? document.activeElement?.id ?? '');

journey('reminder: notify me when a sold-out offer is back', (shop) => {
  test('the form is reached by keyboard, checks the address and thanks with the focus on the thanks', async () => {
    const offer = await soldOutOffer();
    const { page } = await shop.open(offerPath(offer), { cookieConsent: 'necessary' });
    await expectText(heading(page), offer.title);
    const field = page.getByLabel('E-Mail-Adresse');
    const submit = page.getByRole('button', { name: 'Benachrichtigen, wenn wieder verfügbar' });
    await expectNoBlockingViolations(page, 'reminder-form');

    // A wrong address is said at the field, which keeps the focus.
    await field.focus();
    await page.keyboard.type('keine-adresse');
    await page.keyboard.press('Enter');
    await expectText(page.locator('#reminder-email-error'), /gültige E-Mail-Adresse/);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('reminder-email');
    await expectNoBlockingViolations(page, 'reminder-form-error');

    // Tab from the field to the button, Enter: the thanks replaces the form and is focused.
    const email = `reminder-${Date.now()}@example.com`;
    await field.fill(email);
    await page.keyboard.press('Tab');
    expect(await submit.evaluate((button) => button === document.activeElement)).toBe(true);
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/reminder'));
    await page.keyboard.press('Enter');
    expect((await answer).status()).toBe(202);
    const thanks = page.getByRole('status').filter({ hasText: email });
    await expectText(thanks, /Danke! Wir schreiben Ihnen an/);
    await expect.poll(() => focusedRole(page)).toBe('status');
    await expectNoBlockingViolations(page, 'reminder-success');
  });

  test('when the shop cannot be reached, the form says to try again later', async () => {
    const offer = await soldOutOffer();
    const { page } = await shop.open(`${offerPath(offer)}?lang=it`, { cookieConsent: 'necessary' });
    await page.route('**/api/reminder', (route) => route.abort('internetdisconnected'));
    await page.getByLabel('Indirizzo e-mail').fill('mario.rossi@example.it');
    await page.getByRole('button', { name: 'Avvisami quando è disponibile' }).click();
    await expectText(page.locator('.reminder-form [role="alert"]'), /Si prega di riprovare più tardi/);
    await expect.poll(() => focusedRole(page)).toBe('alert');

    // A server error says the same.
    await page.unroute('**/api/reminder');
    await page.route('**/api/reminder', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'service-unavailable', title: 'Servizio non disponibile', status: 503 }),
      }),
    );
    await page.getByRole('button', { name: 'Avvisami quando è disponibile' }).click();
    await expectText(page.locator('.reminder-form [role="alert"]'), /Si prega di riprovare più tardi/);
  });
});
