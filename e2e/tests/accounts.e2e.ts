import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  loginDialog,
  newAddress,
  password,
  registerByApi,
  signInFromHeader,
  signInThroughWindow,
  submitLogin,
  waitForMail,
} from '../support/account.ts';
import { formatViolations, isBlocking, runAxe, saveAxeReport } from '../support/axe.ts';
import { offerPath } from '../support/catalogue.ts';
import {
  cartCount,
  completePage,
  decideAtProvider,
  erika,
  fillCustomer,
  offerInStock,
  pay,
  startCheckout,
  transferOrder,
} from '../support/checkout.ts';
import { screenshot } from '../support/out.ts';
import { expectText, heading, navigated, textOf } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

/**
 * Customer accounts (SPEC §2 account screens, §4 session, §6 roles): registering, signing in through the
 * login window (the guest cart comes along), signing out (the cart is reset), a session that ends in the
 * middle of the checkout (the call is replayed after signing in again), the forgotten password by mail,
 * and the account's orders (closed while signed in, or added by pasting the link from the order mail).
 */

async function expectNoBlockingViolations(page: Page, name: string) {
  const violations = await runAxe(page);
  await saveAxeReport(name, violations);
  expect(violations.filter(isBlocking), `${name}:\n${formatViolations(violations)}`).toEqual([]);
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

journey('accounts: register, sign in and out, sessions, password reset, orders', (shop) => {
  test('register from the login window: checked fields, then signed in on /account; every account screen passes axe', async () => {
    const email = newAddress('register');
    const { page } = await shop.open('/', { cookieConsent: 'necessary' });

    // The login window leads to the registration screen (a real page, reached by keyboard).
    await page.getByRole('button', { name: 'Mein Konto' }).click();
    const dialog = loginDialog(page);
    await dialog.waitFor();
    expect(await focusedId(page)).toBe('login-email');
    await expectNoBlockingViolations(page, 'account-login-dialog');
    await screenshot(page, 'account-login-dialog-1280', 1);
    // Wrong credentials are said in the window, at the alert, with the focus there.
    await submitLogin(page, 'niemand@example.com', 'falsches-passwort');
    await expectText(dialog.getByRole('alert'), 'E-Mail-Adresse oder Passwort ist nicht korrekt.');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert');
    await dialog.getByRole('link', { name: 'Kundenkonto anlegen' }).focus();
    await page.keyboard.press('Enter');
    await navigated(page, (url) => url.pathname === '/account/register');
    await dialog.waitFor({ state: 'hidden' });
    await expectText(heading(page), 'Kundenkonto anlegen');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');

    // Submitted empty: the contract's messages at the fields, focus on the first.
    await page.getByRole('button', { name: 'Konto anlegen' }).click();
    await expect.poll(() => focusedId(page)).toBe('register-salutation');
    await expectText(page.locator('#register-firstName-error'), 'Vorname ist ein Pflichtfeld.');
    expect(await page.getByRole('textbox', { name: 'Vorname' }).getAttribute('aria-describedby')).toBe(
      'register-firstName-error',
    );
    await expectNoBlockingViolations(page, 'account-register-errors');
    await screenshot(page, 'account-register-errors-1280', 2);

    await page.getByRole('combobox', { name: 'Anrede' }).selectOption('20');
    await page.getByRole('textbox', { name: 'Vorname' }).fill('Erika');
    await page.getByRole('textbox', { name: 'Nachname' }).fill('Mustermann');
    await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
    await page.getByLabel(/^Passwort( \*)?$/).fill(password);
    await page.getByLabel('Passwort wiederholen').fill(`${password}!`);
    await page.getByRole('button', { name: 'Konto anlegen' }).click();
    await expectText(
      page.locator('#register-passwordConfirmation-error'),
      'Die Passwörter stimmen nicht überein.',
    );
    await page.getByLabel('Passwort wiederholen').fill(password);
    await page.getByRole('checkbox', { name: /Newsletter/ }).check();
    await page.getByRole('button', { name: 'Konto anlegen' }).click();

    await navigated(page, (url) => url.pathname === '/account');
    await expectText(heading(page), 'Willkommen, Erika Mustermann!');
    await page.getByRole('link', { name: 'Mein Konto (angemeldet)' }).waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('accessToken') ?? '{}'));
    expect(stored.user).toMatchObject({ name: email });
    expect(stored.expiresAt).toBeGreaterThan(Date.now() + 25 * 60_000);
    await expectNoBlockingViolations(page, 'account-overview');
    await screenshot(page, 'account-overview-1280', 2);
    // On a phone: the navigation above the page, nothing wider than the screen.
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'account-overview-375', 2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 800 });

    // "Download my data": everything stored about the account, as a JSON file.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Meine Daten herunterladen' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^meine-daten-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile((await download.path()) ?? '', 'utf8'));
    expect(exported.account).toMatchObject({ userName: email, firstName: 'Erika', newsletter: true });

    // Each page of the account: axe-clean, not cached, not indexed.
    const nav = page.getByRole('navigation', { name: 'Kundenkonto' });
    await nav.getByRole('link', { name: 'Meine Bestellungen' }).click();
    await navigated(page, (url) => url.pathname === '/account/orders');
    await expectText(
      page.locator('.account-main .no-offers'),
      'In Ihrem Konto sind noch keine Bestellungen.',
    );
    await expectNoBlockingViolations(page, 'account-orders');

    await nav.getByRole('link', { name: 'Meine Daten' }).click();
    await navigated(page, (url) => url.pathname === '/account/edit');
    const firstName = page.getByRole('textbox', { name: 'Vorname' });
    await expect.poll(() => firstName.inputValue()).toBe('Erika');
    expect(await page.getByRole('checkbox', { name: /Newsletter/ }).isChecked()).toBe(true);
    await expectNoBlockingViolations(page, 'account-edit');
    await page.getByRole('textbox', { name: 'Ort' }).fill('München');
    await page.getByRole('textbox', { name: 'Postleitzahl' }).fill('8');
    await page.getByRole('button', { name: 'Daten speichern' }).click();
    await expect.poll(() => focusedId(page)).toBe('account-postcode');
    await page.getByRole('textbox', { name: 'Postleitzahl' }).fill('80331');
    await page.getByRole('button', { name: 'Daten speichern' }).click();
    await expectText(
      page.getByRole('status').filter({ hasText: 'gespeichert' }),
      'Ihre Daten wurden gespeichert.',
    );

    await nav.getByRole('link', { name: 'Passwort ändern' }).click();
    await navigated(page, (url) => url.pathname === '/account/change-password');
    await expectNoBlockingViolations(page, 'account-change-password');
    await page.getByLabel('Aktuelles Passwort').fill('nicht-das-passwort');
    await page.getByLabel('Neues Passwort').fill('Herbst-Urlaub-2026');
    await page.getByLabel('Passwort wiederholen').fill('Herbst-Urlaub-2026');
    await page.getByRole('button', { name: 'Passwort ändern' }).click();
    await expectText(page.locator('#password-oldPassword-error'), 'Das aktuelle Passwort ist nicht korrekt.');
    await expect.poll(() => focusedId(page)).toBe('password-oldPassword');

    const answer = await page.request.get('/account/orders');
    expect(answer.headers()['cache-control']).toBe('no-store');

    // Signed out, the page of a forgotten password.
    const { page: visitor } = await shop.open('/password-forgotten', { cookieConsent: 'necessary' });
    await expectText(heading(visitor), 'Passwort vergessen');
    await expectNoBlockingViolations(visitor, 'password-forgotten');
  });

  test('the guest cart comes along when signing in; signing out resets it', async () => {
    const email = newAddress('cart');
    await registerByApi(shop, email);
    const offer = await offerInStock(12);
    const { page } = await shop.open(offerPath(offer), { cookieConsent: 'necessary' });
    await page.getByRole('button', { name: 'In den Warenkorb' }).click();
    const cart = page.getByRole('dialog', { name: 'Warenkorb' });
    await cart.locator('.order-line').first().waitFor();
    const title = await textOf(cart.locator('.order-line-title').first());
    await page.keyboard.press('Escape');
    await cart.waitFor({ state: 'hidden' });
    const guestOrder = await page.evaluate(() => localStorage.getItem('orderId'));

    await signInFromHeader(page, email);
    await expect.poll(() => cartCount(page)).toBe('Warenkorb, 1 Artikel');
    expect(await page.evaluate(() => localStorage.getItem('orderId'))).toBe(guestOrder);
    await page.getByRole('button', { name: 'Warenkorb, 1 Artikel' }).click();
    await expectText(cart.locator('.order-line-title').first(), title);
    await page.keyboard.press('Escape');
    await cart.waitFor({ state: 'hidden' });

    // Still signed in after a reload; the cart is the account's.
    await page.reload();
    await page.getByRole('link', { name: 'Mein Konto (angemeldet)' }).click();
    await navigated(page, (url) => url.pathname === '/account');
    await page
      .getByRole('navigation', { name: 'Kundenkonto' })
      .getByRole('button', { name: 'Abmelden' })
      .click();
    await navigated(page, (url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Mein Konto' }).waitFor();
    await expect.poll(() => cartCount(page)).toBe('Warenkorb, 0 Artikel');
    expect(
      await page.evaluate(() => [localStorage.getItem('orderId'), localStorage.getItem('accessToken')]),
    ).toEqual([null, null]);
    await page.getByRole('button', { name: 'Warenkorb, 0 Artikel' }).click();
    await expectText(cart.getByText('Ihr Warenkorb ist leer.'), 'Ihr Warenkorb ist leer.');

    // The session is over on the server too: the refresh cookie is gone.
    const refresh = await page.request.post('/api/auth/connect/refresh', {
      headers: { 'x-requested-with': 'shop' },
      data: {},
    });
    expect(refresh.status()).toBe(401);
  });

  test('the session cannot be renewed during the checkout: the login window opens, then the checkout goes on to the payment', async () => {
    const email = newAddress('expired');
    await registerByApi(shop, email);
    const page = await startCheckout(shop, offerPath(await offerInStock(13)));
    await signInFromHeader(page, email);

    // Meanwhile the session ends on the server (signed out on another device: every session of the
    // customer ends, and this browser's refresh cookie goes) and the token runs out within minutes, as
    // another tab would have stored it (the page reads it through the storage event).
    const { token } = await page.evaluate(() => JSON.parse(localStorage.getItem('accessToken') ?? '{}'));
    const logout = await page.request.post('/api/auth/logout', {
      headers: { 'x-requested-with': 'shop', authorization: `Bearer ${token}` },
      data: {},
    });
    expect(logout.status()).toBe(204);
    await page.context().clearCookies();
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem('accessToken') ?? '{}');
      localStorage.setItem('accessToken', JSON.stringify({ ...session, expiresAt: Date.now() + 5 * 60_000 }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'accessToken' }));
    });
    await fillCustomer(page, { gender: '20', first: 'Erika', last: 'Mustermann', email, country: 'DE' });
    await pay(page, /^PayPal/);

    // The refresh before the call is refused: token and user are deleted, and the window asks to sign in.
    const dialog = loginDialog(page);
    await dialog.waitFor();
    await expectText(dialog.locator('.notice'), /Ihre Anmeldung ist abgelaufen/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await signInThroughWindow(page, email);

    // The checkout goes on with the new token, to PayPal.
    await decideAtProvider(page, 'Zahlung freigeben');
    await completePage(page);
    await page.locator('[data-order-status="paid"]').waitFor();
    const orderId = new URL(page.url()).pathname.split('/')[2];

    // Closed while signed in: the order is the account's.
    await page.getByRole('link', { name: 'Mein Konto (angemeldet)' }).click();
    await navigated(page, (url) => url.pathname === '/account');
    await page
      .getByRole('navigation', { name: 'Kundenkonto' })
      .getByRole('link', { name: 'Meine Bestellungen' })
      .click();
    const card = page.locator(`[data-order-id="${orderId}"]`);
    await card.waitFor();
    expect(await textOf(card)).toMatch(/Bezahlt/);
  });

  test('a token the server refuses when the order is closed: the call is replayed after signing in again', async () => {
    const email = newAddress('refused');
    await registerByApi(shop, email);
    const page = await startCheckout(shop, offerPath(await offerInStock(15)));
    await signInFromHeader(page, email);
    // A token the server does not know (forged, or of a session ended elsewhere), not yet due for a refresh.
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem('accessToken') ?? '{}');
      localStorage.setItem('accessToken', JSON.stringify({ ...session, token: 'forged.access.token' }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'accessToken' }));
    });
    const closes: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/order/close')) closes.push(response.status());
    });
    await fillCustomer(page, { gender: '10', first: 'Max', last: 'Mustermann', email, country: 'DE' });
    await pay(page, /^PayPal/);

    const dialog = loginDialog(page);
    await dialog.waitFor();
    await expectText(dialog.locator('.notice'), /Ihre Anmeldung ist abgelaufen/);
    await signInThroughWindow(page, email);
    await page.waitForURL(/\/sandbox\//);
    expect(closes).toEqual([401, 200]);
  });

  test('a forgotten password: the link from the mail sets a new one; the old one no longer works', async () => {
    const email = newAddress('reset');
    await registerByApi(shop, email);
    const { page } = await shop.open('/password-forgotten', { cookieConsent: 'necessary' });
    await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
    await page.getByRole('button', { name: 'Link anfordern' }).click();
    const sent = page.getByRole('status').filter({ hasText: 'Link geschickt' });
    await expectText(sent, /Wenn zu dieser Adresse ein Konto besteht/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('status');

    const mail = await waitForMail(shop.e2e.dataDir, email, /password-forgotten\?/);
    const link = /https?:\/\/[^\s"<>]+\/password-forgotten\?[^\s"<>]+/.exec(mail)?.[0] ?? '';
    const url = new URL(link.replace(/&amp;/g, '&'));
    expect(url.searchParams.get('email')).toBe(email);
    expect(url.searchParams.get('token')).toBeTruthy();

    await shop.goto(page, `${url.pathname}${url.search}`);
    await expectText(heading(page), 'Neues Passwort wählen');
    await expectNoBlockingViolations(page, 'password-reset');
    const newPassword = 'Winter-Urlaub-2027';
    await page.getByLabel('Neues Passwort').fill(newPassword);
    await page.getByLabel('Passwort wiederholen').fill(newPassword);
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expectText(
      page.getByRole('status').filter({ hasText: 'gespeichert' }),
      /Ihr neues Passwort ist gespeichert/,
    );

    // The link works once.
    const again = await page.request.put('/api/account/reset-password', {
      headers: { 'x-requested-with': 'shop', 'accept-language': 'de' },
      data: { email, token: url.searchParams.get('token'), newPassword: 'Noch-ein-Passwort-1' },
    });
    expect(again.status()).toBe(400);
    expect((await again.json()).type).toBe('invalid-reset-token');

    await page.getByRole('button', { name: 'Jetzt anmelden' }).click();
    await submitLogin(page, email, password);
    await expectText(loginDialog(page).getByRole('alert'), 'E-Mail-Adresse oder Passwort ist nicht korrekt.');
    await submitLogin(page, email, newPassword);
    await loginDialog(page).waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'Mein Konto (angemeldet)' }).waitFor();
  });

  test('deleting the account asks for the password, then signs out and says it is done', async () => {
    const email = newAddress('delete');
    await registerByApi(shop, email);
    const { page } = await shop.open('/account', { cookieConsent: 'necessary' });
    await signInThroughWindow(page, email);
    await expectText(heading(page), 'Willkommen, Erika Mustermann!');
    await page.getByRole('button', { name: 'Konto löschen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Konto löschen' });
    await dialog.waitFor();
    expect(await focusedId(page)).toBe('delete-account-password');
    await expectNoBlockingViolations(page, 'account-delete-dialog');
    await dialog.getByLabel(/^Passwort/).fill('nicht-mein-passwort');
    await dialog.getByRole('button', { name: 'Konto endgültig löschen' }).click();
    await expectText(dialog.locator('#delete-account-password-error'), /.+/);
    await dialog.getByLabel(/^Passwort/).fill(password);
    await dialog.getByRole('button', { name: 'Konto endgültig löschen' }).click();

    await navigated(page, (url) => url.pathname === '/');
    await expectText(
      page.locator('.toast').filter({ hasText: 'gelöscht' }),
      'Ihr Kundenkonto wurde gelöscht.',
    );
    await page.getByRole('button', { name: 'Mein Konto' }).click();
    await submitLogin(page, email, password);
    await expectText(loginDialog(page).getByRole('alert'), 'E-Mail-Adresse oder Passwort ist nicht korrekt.');
  });

  test('a guest order is added by pasting the link from its mail; after the address is confirmed by mail, another is offered and added', async () => {
    const email = newAddress('claim');
    // Bought as a guest in another browser, with the address the account is registered with afterwards.
    const guest = await startCheckout(shop, offerPath(await offerInStock(14)));
    await fillCustomer(guest, { ...erika, email });
    await pay(guest, /^Vorkasse \(Überweisung\)/);
    await completePage(guest);
    const [, , orderId = '', orderKey = ''] = new URL(guest.url()).pathname.split('/');
    await registerByApi(shop, email);

    // The order mail writes the order's link out, as the claim form asks for it.
    const orderMail = await waitForMail(shop.e2e.dataDir, email, /Link zu Ihrer Bestellung/);
    const orderLink =
      /Link zu Ihrer Bestellung:\s*(https?:\/\/\S+?\/view\/\d+\/[\w-]+)/.exec(orderMail)?.[1] ?? '';
    expect(new URL(orderLink).pathname).toBe(`/view/${orderId}/${orderKey}`);

    const { page } = await shop.open('/account/orders', { cookieConsent: 'necessary' });
    // Signed out on an account page: the login window opens at once, and the page loads after it.
    await signInThroughWindow(page, email);
    await expectText(heading(page), 'Meine Bestellungen');
    await expectText(
      page.locator('.account-main .no-offers'),
      'In Ihrem Konto sind noch keine Bestellungen.',
    );
    // The address is not confirmed yet: nothing says that guest orders exist for it.
    expect(await page.getByRole('region', { name: 'Ihre Bestellungen als Gast' }).count()).toBe(0);

    const claim = page.getByRole('region', { name: 'Bestellung hinzufügen' });
    await expectText(claim.locator('p').first(), /Fügen Sie hier den Link zu Ihrer Bestellung ein/);
    await claim.getByRole('button', { name: 'Zu meinem Konto hinzufügen' }).click();
    await expect.poll(() => focusedId(page)).toBe('claim-orderLink');
    const linkField = claim.getByRole('textbox', { name: /^Link zu Ihrer Bestellung/ });
    // A link that is no order's: said at the field, in German, with the focus there.
    await linkField.fill(`${new URL(orderLink).origin}/account/orders`);
    await claim.getByRole('button', { name: 'Zu meinem Konto hinzufügen' }).click();
    await expectText(page.locator('#claim-orderLink-error'), /Das ist kein Link zu einer Bestellung/);
    await expect.poll(() => focusedId(page)).toBe('claim-orderLink');
    await expectNoBlockingViolations(page, 'account-orders-claim-error');
    await linkField.fill(` ${orderLink} `);
    await claim.getByRole('button', { name: 'Zu meinem Konto hinzufügen' }).click();
    await expectText(claim.getByRole('status'), `Bestellung ${orderId} gehört jetzt zu Ihrem Konto.`);

    const card = page.locator(`[data-order-id="${orderId}"]`);
    await card.waitFor();
    expect(await textOf(card)).toMatch(/Wartet auf Überweisung/);
    await expectNoBlockingViolations(page, 'account-orders-claimed');
    await screenshot(page, 'account-orders-1280', 2);

    // Another guest order with the address, then the link mailed at registration, followed signed in: it
    // confirms the address, and the guest order not yet in the account is offered.
    const second = await transferOrder({ variantId: (await offerInStock(16)).variants[0]?.id ?? 0, email });
    const confirmMail = await waitForMail(shop.e2e.dataDir, email, /account\/orders\?confirm=/);
    const confirmLink = /https?:\/\/[^\s"<>]+\/account\/orders\?confirm=[\w-]+/.exec(confirmMail)?.[0] ?? '';
    await shop.goto(page, new URL(confirmLink).pathname + new URL(confirmLink).search);
    const offer = page.getByRole('region', { name: 'Ihre Bestellungen als Gast' });
    await offer.locator(`[data-guest-order-id="${second.orderId}"]`).waitFor();
    expect(await offer.locator('[data-guest-order-id]').count()).toBe(1);
    // The spent token leaves the address bar.
    await navigated(page, (url) => url.pathname === '/account/orders' && !url.searchParams.has('confirm'));
    await expectNoBlockingViolations(page, 'account-guest-orders-offer');
    await offer.getByRole('button', { name: 'Diese Bestellungen zu meinem Konto hinzufügen' }).click();
    await expectText(offer.getByRole('status'), '1 Bestellung gehört jetzt zu Ihrem Konto.');
    await page.locator(`[data-order-id="${second.orderId}"]`).waitFor();

    await card.getByRole('link', { name: 'Bestellung ansehen' }).click();
    await navigated(page, (url) => url.pathname === `/view/${orderId}/${orderKey}`);
    await page.locator('[data-order-status="awaiting-payment"]').waitFor();
  });
});
