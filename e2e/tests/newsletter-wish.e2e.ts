import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { newAddress, waitForMail } from '../support/account.ts';
import { formatViolations, isBlocking, runAxe, saveAxeReport } from '../support/axe.ts';
import { expectText, heading } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

/**
 * The newsletter with double opt-in (the footer's box, the confirmation mail, its page, one-click
 * unsubscribe) and the wish form under an empty search result (SPEC §1, issue 12), with their
 * try-later errors and the accessibility of every new page.
 */

async function expectNoBlockingViolations(page: Page, name: string) {
  const violations = await runAxe(page);
  await saveAxeReport(name, violations);
  expect(violations.filter(isBlocking), `${name}:\n${formatViolations(violations)}`).toEqual([]);
}

const focused = (page: Page) =>
  page.evaluate(() => document.activeElement?.id || document.activeElement?.getAttribute('role') || '');

/** A page link of `kind` (confirm, unsubscribe) from a mail's text (not the header's API address), as a path. */
function linkIn(mail: string, kind: 'confirm' | 'unsubscribe'): string {
  const link = new RegExp(`https?://[^/\\s"<>]+/newsletter/${kind}\\?token=[A-Za-z0-9_.-]+`).exec(mail)?.[0];
  expect(link, `no ${kind} link in the mail`).toBeDefined();
  const url = new URL(link ?? '');
  return `${url.pathname}${url.search}`;
}

journey('newsletter (double opt-in) and wish form', (shop) => {
  test('subscribe in the footer, confirm once from the mail’s link, unsubscribe; every page passes axe', async () => {
    const email = newAddress('newsletter');
    const { page } = await shop.open('/', { cookieConsent: 'necessary' });
    const box = page.getByRole('region', { name: 'Unser Newsletter' });
    await expectText(box, /zuerst eine E-Mail mit einem Bestätigungslink/);

    // Sent empty: the server's message at the field, the focus on it.
    await box.getByRole('button', { name: 'Newsletter anfordern' }).click();
    await expectText(page.locator('#newsletter-email-error'), 'E-Mail-Adresse ist ein Pflichtfeld.');
    await expect.poll(() => focused(page)).toBe('newsletter-email');
    expect(
      await box
        .getByRole('textbox', { name: 'Ihre E-Mail für den Newsletter' })
        .getAttribute('aria-describedby'),
    ).toBe('newsletter-email-error');

    await box.getByRole('textbox', { name: 'Ihre E-Mail für den Newsletter' }).fill(email);
    await box.getByRole('button', { name: 'Newsletter anfordern' }).click();
    await expectText(box.getByRole('status'), /Fast geschafft!.*Bestätigungslink/);
    await expect.poll(() => focused(page)).toBe('status');
    await expectNoBlockingViolations(page, 'newsletter-footer-sent');

    // The confirmation mail: a link to the confirmation page, and the one-click unsubscribe headers
    // (folded or not).
    const mail = await waitForMail(shop.e2e.dataDir, email, /newsletter\/confirm\?token=/);
    expect(mail).toMatch(/List-Unsubscribe:\s*<http:\/\/localhost:\d+\/api\/newsletter\/unsubscribe\?token=/);
    expect(mail).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);

    // Opening the link (as a mail scanner would) confirms nothing: the page asks first.
    const confirmPath = linkIn(mail, 'confirm');
    const { page: confirming } = await shop.open(confirmPath, { cookieConsent: 'necessary' });
    await expectText(heading(confirming), 'Newsletter-Anmeldung bestätigen');
    expect(await confirming.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    await expectNoBlockingViolations(confirming, 'newsletter-confirm');
    await confirming.getByRole('button', { name: 'Anmeldung bestätigen' }).click();
    await expectText(confirming.getByRole('status'), /Ihre Anmeldung ist bestätigt/);
    await expect.poll(() => focused(confirming)).toBe('status');
    await expectNoBlockingViolations(confirming, 'newsletter-confirmed');

    // The link works once: a second use (the mail's link clicked again: a new tab) says so.
    const { page: again } = await shop.open(confirmPath, { cookieConsent: 'necessary' });
    await again.getByRole('button', { name: 'Anmeldung bestätigen' }).click();
    await expectText(again.getByRole('status'), /bereits verwendet/);

    // The mail's unsubscribe link, for people (a new tab, as from a mail program): the page asks, the
    // button unsubscribes.
    const { page: leaving } = await shop.open(linkIn(mail, 'unsubscribe'), { cookieConsent: 'necessary' });
    await expectText(heading(leaving), 'Vom Newsletter abmelden');
    await expectNoBlockingViolations(leaving, 'newsletter-unsubscribe');
    await leaving.getByRole('button', { name: 'Abmelden' }).click();
    await expectText(
      leaving.getByRole('status'),
      /Sie sind abgemeldet und erhalten keinen Newsletter mehr\./,
    );

    // A made-up token is refused, said at the page.
    const { page: forged } = await shop.open(
      '/newsletter/confirm?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      {
        cookieConsent: 'necessary',
      },
    );
    await forged.getByRole('button', { name: 'Anmeldung bestätigen' }).click();
    await expectText(forged.getByRole('alert'), /ungültig oder abgelaufen/);
  });

  test('the footer says "try again later" when the server fails or cannot be reached', async () => {
    const { page } = await shop.open('/', { cookieConsent: 'necessary', locale: 'en-GB' });
    await page.route('**/api/newsletter', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'service-unavailable', title: 'Service unavailable', status: 503 }),
      }),
    );
    const box = page.getByRole('region', { name: 'Our newsletter' });
    await box.getByRole('textbox', { name: 'Your e-mail for the newsletter' }).fill(newAddress('later'));
    await box.getByRole('button', { name: 'Get the newsletter' }).click();
    await expectText(box.getByRole('alert'), 'Sorry, that did not work. Please try again later.');
    await expect.poll(() => focused(page)).toBe('alert');
  });

  test('a brand without newsletter opt-in shows no newsletter box', async () => {
    const { page } = await shop.open('/', { brand: 'dealjaeger', cookieConsent: 'necessary' });
    await page.locator('footer').waitFor();
    expect(await page.locator('.footer-newsletter').count()).toBe(0);
  });

  test('a wish from an empty search result: field messages, then thanks; try later when offline; axe', async () => {
    const { page } = await shop.open('/search/xqzwvy', { cookieConsent: 'necessary' });
    const wish = page.getByRole('region', { name: 'Nicht das Passende dabei?' });
    await wish.waitFor();

    await wish.getByRole('button', { name: 'Wunsch senden' }).click();
    await expect.poll(() => focused(page)).toBe('wish-kind');
    await expectText(page.locator('#wish-kind-error'), 'Art des Wunsches ist ein Pflichtfeld.');
    await expectText(page.locator('#wish-text-error'), 'Ihr Wunsch ist ein Pflichtfeld.');
    await expectNoBlockingViolations(page, 'wish-errors');

    await wish.getByRole('combobox', { name: 'Art des Wunsches' }).selectOption('region');
    await wish.getByRole('textbox', { name: 'Ihr Wunsch' }).fill('Mehr Hotels an der Ostsee, bitte!');
    await wish.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(newAddress('wish'));

    // No connection: the SPEC's try-later message at the form.
    await page.route('**/api/wish', (route) => route.abort('internetdisconnected'));
    await wish.getByRole('button', { name: 'Wunsch senden' }).click();
    await expectText(wish.getByRole('alert'), /Bitte versuchen Sie es später noch einmal/);
    await page.unroute('**/api/wish');

    await wish.getByRole('button', { name: 'Wunsch senden' }).click();
    await expectText(wish.getByRole('status'), 'Vielen Dank! Wir haben Ihren Wunsch erhalten.');
    await expect.poll(() => focused(page)).toBe('status');
    await expectNoBlockingViolations(page, 'wish-sent');
  });
});
