import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  expectNoConsoleErrors,
  invitedMember,
  openAdmin,
  operatorWithoutSecondFactor,
  signInToOrders,
  submitPassword,
} from '../support/admin.ts';
import { expectText, heading, textOf } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

/**
 * Issue 25: staff set up their second factor themselves (any authenticator app: here otpauth computes
 * what the app would show) and then sign in with password and code; a wrong code is refused in words.
 */
const codeField = (page: Page) =>
  page.getByRole('textbox', { name: 'Code aus der Authenticator-App oder Wiederherstellungscode' });

/** A six-digit code that is not the app's now (nor of the steps either side, which the server accepts). */
function wrongCode(totp: OTPAuth.TOTP): string {
  const now = Date.now();
  const valid = [-30_000, 0, 30_000].map((offset) => totp.generate({ timestamp: now + offset }));
  for (let candidate = 123_456; ; candidate = (candidate + 111_111) % 1_000_000) {
    const code = String(candidate).padStart(6, '0');
    if (!valid.includes(code)) return code;
  }
}

journey('back office: the second factor', (shop) => {
  test('a staff member sets up TOTP, signs out, and signs in again with password and code', {
    timeout: 120_000,
  }, async () => {
    // A brand manager of its own: the demo manager signs in with the password alone in other journeys.
    const member = await invitedMember(shop, { role: 'brand-manager', brands: ['autoclub'] });
    const page = await openAdmin(shop);
    await signInToOrders(page, member);
    await page.getByRole('link', { name: 'Sicherheit / zweiter Faktor' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/security');
    await expectText(heading(page), 'Anmeldung in zwei Schritten');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await expectText(
      page.getByText('Die Anmeldung in zwei Schritten ist noch nicht eingerichtet.'),
      /eingerichtet/,
    );

    await page.getByRole('button', { name: 'Einrichtung beginnen' }).click();
    const qr = page.getByRole('img', { name: 'QR-Code für die Authenticator-App' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const secret = await textOf(page.locator('.totp-secret'));
    expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });

    // A wrong code is refused with a message; the set-up stays open.
    const setupCode = page.getByRole('textbox', { name: 'Sechsstelliger Code aus der App' });
    await setupCode.fill(wrongCode(totp));
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await expectText(page.getByRole('alert'), /Code/);
    // A right one switches it on and shows the recovery codes, once.
    const confirmedWith = totp.generate();
    await setupCode.fill(confirmedWith);
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await page.getByRole('heading', { name: 'Ihre Wiederherstellungscodes' }).waitFor();
    const recoveryCodes = await page.locator('.recovery-codes li').allTextContents();
    expect(recoveryCodes.length).toBeGreaterThan(0);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}$/);

    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/login');

    // The password alone is not enough now: the sign-in asks for the code, focus is on its field.
    await submitPassword(page, member);
    await codeField(page).waitFor();
    await expect.poll(() => codeField(page).evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);

    await codeField(page).fill(wrongCode(totp));
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expectText(page.getByRole('alert'), /Code/);
    expect(new URL(page.url()).pathname).toBe('/admin/login');

    // Each code counts once (the server refuses a replay): the app's next one, up to 30 s later.
    await expect.poll(() => totp.generate(), { timeout: 35_000, interval: 500 }).not.toBe(confirmedWith);
    await codeField(page).fill(totp.generate());
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/orders');
    await expectText(heading(page), 'Bestellungen');
    expectNoConsoleErrors(page);
  });

  test('an operator without a second factor (production) is sent to the set-up and nowhere else', async () => {
    const page = await openAdmin(shop);
    await submitPassword(page, await operatorWithoutSecondFactor(shop));
    await page.waitForURL((url) => url.pathname === '/admin/security');
    await expectText(page.locator('.notice'), /Bevor Sie weiterarbeiten können/);
    expect(await page.getByRole('link', { name: 'Bestellungen' }).count()).toBe(0);
    await shop.goto(page, '/admin/orders');
    await page.waitForURL((url) => url.pathname === '/admin/security');
    expectNoConsoleErrors(page);
  });
});
