import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  expectNoBlockingViolations,
  expectNoConsoleErrors,
  openAdmin,
  signInAsOperator,
  submitPassword,
} from '../support/admin.ts';
import { allOffers, offerById, offerPath } from '../support/catalogue.ts';
import { completePage, decideAtProvider, fillCustomer, pay, startCheckout } from '../support/checkout.ts';
import { chromiumArgs, chromiumPath, outDir } from '../support/config.ts';
import { writeCameraVideoOfPdf } from '../support/fake-camera.ts';
import { expectText, heading, textOf } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

const receptionist = { email: 'rezeption@example.org', password: 'demo-hotel-2026' };
const phone = { width: 390, height: 844 };

/** The demo hotel, as its receptionist's desk names it (the demo's front desk works for one hotel). */
async function deskHotelName(origin: string): Promise<string> {
  const login = await fetch(`${origin}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(receptionist),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const home = (await (await fetch(`${origin}/api/hotel-portal/home`, { headers: { cookie } })).json()) as {
    hotels: { name: string }[];
  };
  const [hotel] = home.hotels;
  if (!hotel) throw new Error('the demo front desk works for no hotel');
  return hotel.name;
}

/**
 * Issue 27: a guest buys a voucher for the demo hotel and prints it; the receptionist scans the PDF's
 * QR code with the phone's camera (Chromium's fake camera shows the PDF page), sees the voucher with
 * the guest's name, and redeems it for the stay; the second scan says it is redeemed, with the date;
 * the buyer's order page shows it as used. The demo runs the payments sandbox, so the voucher is a
 * specimen there (redeemable for training); a live installation's "valid" is tested by the API.
 */
journey('hotel desk: scan, redeem, and the buyer sees it used', (shop) => {
  test('the receptionist scans the printed voucher with the camera, redeems it once; the order page says used', async () => {
    const hotelName = await deskHotelName(shop.origin());
    const summary = (await allOffers()).find((offer) => offer.contact.name === hotelName && !offer.isSoldOut);
    if (!summary) throw new Error(`no offer of ${hotelName} on sale`);
    const buyer = await startCheckout(shop, offerPath(await offerById(summary.id)));
    await fillCustomer(buyer);
    await pay(buyer, /^PayPal/);
    await decideAtProvider(buyer, 'Zahlung freigeben');
    await completePage(buyer);
    await buyer.locator('[data-order-status="paid"]').waitFor();

    // The buyer names the guest and prints the voucher: its PDF is what the desk's camera will see.
    const card = buyer.getByRole('region', { name: 'Ihre Gutscheine' }).getByRole('article');
    await card.getByRole('textbox', { name: 'Vorname' }).fill('Greta');
    await card.getByRole('textbox', { name: 'Nachname' }).fill('Gast');
    await card.getByRole('button', { name: 'Gästedaten speichern' }).click();
    await card.locator('.voucher-saved').waitFor();
    const code = (await textOf(card.getByRole('heading', { level: 3 }))).replace(/^Gutschein /, '');
    await card.getByRole('button', { name: /Drucken \/ als PDF herunterladen/ }).click();
    const download = card.getByRole('link', { name: /PDF herunterladen \/ drucken/ });
    const pdf = await (await buyer.request.get((await download.getAttribute('href')) ?? '')).body();
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const video = path.join(outDir, 'camera', `voucher-${Date.now()}.y4m`);
    await mkdir(path.dirname(video), { recursive: true });
    await writeCameraVideoOfPdf(pdf, video);

    // The front desk's phone: a browser whose camera shows the printed page.
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [
        ...chromiumArgs,
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const context = await browser.newContext({
        baseURL: shop.origin(),
        viewport: phone,
        locale: 'de-DE',
        permissions: ['camera'],
        reducedMotion: 'reduce',
      });
      const desk = await context.newPage();
      const errors: string[] = [];
      desk.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          errors.push(message.text());
        }
      });
      await desk.goto('/admin/login');
      await submitPassword(desk, receptionist);
      await desk.waitForURL((url) => url.pathname === '/admin/desk');
      await expectText(heading(desk), 'Gutschein prüfen und einlösen');
      // The desk sees its own screen only: no orders, no catalogue.
      expect(await desk.getByRole('link', { name: 'Bestellungen' }).count()).toBe(0);
      await expectNoBlockingViolations(desk, 'hotel-desk');

      await desk.getByRole('button', { name: 'Mit der Kamera scannen' }).click();
      const answer = desk.getByRole('region', { name: /Ergebnis/ });
      await expectText(
        answer.getByRole('heading', { level: 2 }),
        `Ergebnis: Muster (Testzahlung) ${code}`,
        20_000,
      );
      const facts = await textOf(answer.locator('.facts'));
      expect(facts).toContain('Greta Gast');
      expect(facts).toContain(hotelName);
      await expectNoBlockingViolations(desk, 'hotel-desk-answer');

      // Redeem for the voucher's nights from today (the form's own dates).
      await answer.getByRole('button', { name: 'Gutschein einlösen' }).click();
      await expectText(answer.locator('.desk-state'), 'Schon eingelöst');
      expect(await textOf(answer.locator('.facts').last())).toContain('Rita Rezeption');

      // The same voucher scanned again: already redeemed, when and by whom.
      await answer.getByRole('button', { name: 'Nächsten Gutschein prüfen' }).click();
      await desk.getByRole('button', { name: 'Mit der Kamera scannen' }).click();
      await expectText(answer.locator('.desk-state'), 'Schon eingelöst', 20_000);
      expect(await textOf(answer)).toMatch(/Eingelöst am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
      expect(await answer.getByRole('button', { name: 'Gutschein einlösen' }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }

    // The buyer's order page: the voucher is used, with the date.
    await buyer.reload();
    await buyer.locator('[data-order-status="paid"]').waitFor();
    const facts = buyer.getByRole('region', { name: 'Ihre Gutscheine' }).locator('.voucher-facts');
    await expectText(facts, /Status\s*Eingelöst am \d{1,2}\. \p{L}+ \d{4}/u);
  });

  test('the operator makes the demo hotel an API key (shown once) and reads the statements', async () => {
    const page = await openAdmin(shop);
    await signInAsOperator(shop, page);
    await shop.goto(page, '/admin/catalogue/hotels/1');
    const keys = page.getByRole('region', { name: 'API-Schlüssel für Hotelsysteme' });
    await keys.getByRole('textbox', { name: /Bezeichnung/ }).fill('Buchungsmaschine');
    await keys.getByRole('button', { name: 'Schlüssel erzeugen' }).click();
    const key = await textOf(keys.getByTestId('new-api-key'));
    expect(key).toMatch(/^hk_[\w-]{32}$/);
    await expectText(keys.locator('li').first(), /Buchungsmaschine/);
    await expectNoBlockingViolations(page, 'hotel-api-keys');
    // The key checks a voucher code for its hotel: a well-formed code nobody holds is unknown (404).
    const unknown = await fetch(`${shop.origin()}/api/hotel-portal/vouchers/check`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'ZZZZ-ZZZZ-ZZZV' }),
    });
    expect(unknown.status).toBe(404);
    // Revoked in the dialog: refused from then on.
    await keys.getByRole('button', { name: /^Widerrufen/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Widerrufen' }).click();
    await expectText(keys.locator('li').first(), /widerrufen/);
    const revoked = await fetch(`${shop.origin()}/api/hotel-portal/vouchers/check`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'ZZZZ-ZZZZ-ZZZV' }),
    });
    expect(revoked.status).toBe(401);

    await page.getByRole('link', { name: 'Abrechnungen' }).click();
    await expectText(heading(page), 'Abrechnungen der Hotels');
    await page.getByRole('region', { name: /Verfallene Gutscheine/ }).waitFor();
    await expectNoBlockingViolations(page, 'hotel-statements');

    // The reports count the voucher the desk redeemed today, for its hotel and the brand that sold it.
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Berichte' })
      .click();
    const cells = page
      .getByRole('table', { name: 'In Hotels eingelöst' })
      .locator('tbody tr')
      .first()
      .locator('td');
    await expectText(cells.nth(0), await deskHotelName(shop.origin()));
    expect(await textOf(cells.nth(2))).toBe('1');
    expectNoConsoleErrors(page);
  });

  test('the receptionist undoes the redemption made by mistake: a dialog, and the list says undone', async () => {
    const page = await openAdmin(shop, '/admin/login', { viewport: phone });
    await submitPassword(page, receptionist);
    await page.waitForURL((url) => url.pathname === '/admin/desk');
    const recent = page.getByRole('region', { name: 'Einlösungen der letzten 7 Tage' });
    const undo = recent.getByRole('button', { name: /^Einlösung rückgängig machen/ }).first();
    await undo.click();
    // The dialog's code loads on this first press; then focus is in it, on the reason.
    const dialog = page.getByRole('dialog', { name: 'Einlösung rückgängig machen' });
    const reason = dialog.getByRole('textbox', { name: 'Grund (freiwillig)' });
    await expect.poll(() => reason.evaluate((input) => input === document.activeElement)).toBe(true);
    await expectNoBlockingViolations(page, 'hotel-desk-undo');
    // Escape closes it and gives focus back to the button; nothing is undone.
    await page.keyboard.press('Escape');
    await expect.poll(() => undo.evaluate((button) => button === document.activeElement)).toBe(true);
    await undo.click();
    await reason.fill('Falsches Zimmer gebucht');
    await dialog.getByRole('button', { name: 'Rückgängig machen' }).click();
    await expectText(page.getByTestId('announcement'), /ist rückgängig gemacht/);
    await expectText(recent.locator('li').first(), /Rückgängig gemacht am/);
    // The keyboard's place: the line that says so, not the page's start.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toMatch(/^Rückgängig gemacht am/);
    expectNoConsoleErrors(page);
  });

  test('a typo is caught before any lookup, in the desk’s language, by keyboard', async () => {
    const page = await openAdmin(shop, '/admin/login', { viewport: phone });
    await submitPassword(page, receptionist);
    await page.waitForURL((url) => url.pathname === '/admin/desk');
    const field = page.getByRole('textbox', { name: 'Gutscheincode' });
    await field.focus();
    // 'ZZZZZZZZZZZ' has the check symbol V, not A.
    await page.keyboard.type('zzzz zzzz zzza');
    await page.keyboard.press('Enter');
    await expectText(page.getByTestId('announcement'), /falsch geschrieben/);
    // The error is the field's own: its description holds the hint and the error.
    const described = (await field.getAttribute('aria-describedby')) ?? '';
    const description = await page.evaluate(
      (ids) =>
        ids
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      described,
    );
    expect(description).toContain('falsch geschrieben');
    expect(description).toContain('12 Zeichen');
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    // Switched to English: the same screen in the member's language.
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
    await expectText(heading(page), 'Check and redeem a voucher');
    await expectNoBlockingViolations(page, 'hotel-desk-en');
    expectNoConsoleErrors(page);
  });
});
