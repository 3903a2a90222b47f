import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { formatViolations, isBlocking, runAxe, saveAxeReport } from '../support/axe.ts';
import { offerPath } from '../support/catalogue.ts';
import {
  brandOfferPath,
  cartCount,
  completePage,
  decideAtProvider,
  erika,
  fillCustomer,
  offerInStock,
  pay,
  startCheckout,
  submitButton,
  wireDetails,
} from '../support/checkout.ts';
import { screenshot } from '../support/out.ts';
import { expectText, heading, textOf } from '../support/page-helpers.ts';
import { journey, type ViewportName, viewports } from '../support/shop.ts';

/**
 * Buying as a guest (SPEC §4 order flow): customer data → prepare → close, with each payment type
 * against the server's payment sandbox (PayPal and Amazon Pay simulators), promotion codes and gift
 * cards; then the order page (/complete, /view) with its bank details.
 */

journey('checkout: buying as a guest', (shop) => {
  test('steps say where the buyer is; the checkout keeps only the logo and support line on top; the order names the billing country', async () => {
    const page = await startCheckout(shop, offerPath(await offerInStock(16)));
    const steps = page.getByRole('navigation', { name: 'Bestellschritte' });
    expect(await steps.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('Warenkorb'),
      expect.stringContaining('Ihre Daten'),
      expect.stringContaining('Zahlung'),
      expect.stringContaining('Fertig'),
    ]);
    await expectText(steps.locator('[aria-current="step"]'), /Ihre Daten/);
    expect(await textOf(steps.getByRole('listitem').first())).toContain('erledigt');
    // The reduced top bar: the logo leads home and the phone number helps; nothing else leads away.
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: /Anrufen:/ }).waitFor();
    for (const name of ['Suche', 'Menü', /^Warenkorb, \d+ Artikel$/]) {
      expect(await banner.getByRole('button', { name }).count(), String(name)).toBe(0);
    }
    expect(await banner.getByRole('navigation').count()).toBe(0);
    // Where the buyer confirms: the terms in the box to tick, the withdrawal information and the model
    // form right above the buy button, each opening in a new tab (docs/decisions/026).
    const form = page.locator('.checkout-form');
    await form.getByRole('link', { name: /^AGB/ }).waitFor();
    expect(await form.getByRole('link', { name: /^AGB/ }).getAttribute('href')).toBe('/agb');
    const withdrawal = page.locator('.checkout-withdrawal');
    for (const [name, href] of [
      [/^Widerrufsbelehrung/, '/widerruf'],
      [/^Muster-Widerrufsformular/, '/widerrufsformular'],
    ] as const) {
      const link = withdrawal.getByRole('link', { name });
      expect(await link.getAttribute('href')).toBe(href);
      expect(await link.getAttribute('target')).toBe('_blank');
    }
    const [note, button] = [await withdrawal.boundingBox(), await submitButton(page).boundingBox()];
    expect(button!.y - (note!.y + note!.height)).toBeLessThan(48);
    expect(
      await withdrawal.evaluate((element) =>
        element.nextElementSibling?.classList.contains('checkout-submit'),
      ),
    ).toBe(true);

    await fillCustomer(page, { ...erika, country: 'AT' });
    await pay(page, /^Vorkasse/);
    await completePage(page);
    // A transfer not yet paid: the payment is the step still open (not "done").
    await expectText(
      page.getByRole('navigation', { name: 'Bestellschritte' }).locator('[aria-current="step"]'),
      /Zahlung/,
    );
    await expectText(page.locator('.customer-address'), /Österreich/);
    // Done: the whole top bar is back, to shop on.
    await page.getByRole('banner').getByRole('button', { name: 'Suche' }).waitFor();
  });

  test('wire transfer: bank details with reference, amount and due date; the page opens again by its link', async () => {
    const page = await startCheckout(shop, offerPath(await offerInStock()));
    const toPay = await textOf(page.locator('.checkout-total strong'));
    await fillCustomer(page);
    await pay(page, /^Vorkasse \(Überweisung\)/);
    await completePage(page);

    await expectText(heading(page), 'Vielen Dank für Ihre Bestellung!');
    expect(await page.locator('[data-order-status]').getAttribute('data-order-status')).toBe(
      'awaiting-payment',
    );
    const details = await wireDetails(page);
    expect(details.Kontoinhaber).toBeTruthy();
    expect(details.IBAN).toMatch(/^[A-Z]{2}\d{2}[\d ]+$/);
    expect(details.BIC).toMatch(/^[A-Z0-9]{8,11}$/);
    expect(details.Verwendungszweck).toBeTruthy();
    expect(details.Betrag).toBe(toPay);
    expect(details['Zahlbar bis']).toMatch(/^\d{1,2}\. \p{L}+ \d{4}$/u);
    await expectText(page.getByRole('region', { name: 'Rechnungsadresse' }), /Erika Mustermann/);

    // The order is closed: the stored cart is gone, the next add starts a new one.
    await expect.poll(() => cartCount(page)).toBe('Warenkorb, 0 Artikel');
    expect(await page.evaluate(() => localStorage.getItem('orderId'))).toBeNull();

    // Its own link (/view) shows the same order after a full reload.
    const link = page.locator('.order-link-url');
    const viewPath = new URL(await textOf(link)).pathname;
    expect(viewPath).toMatch(/^\/view\/\d+\/[^/]+$/);
    await shop.goto(page, viewPath);
    await page.reload();
    await page.locator('[data-order-status]').waitFor();
    await expectText(heading(page), 'Vielen Dank für Ihre Bestellung!');
    expect(await textOf(page.locator('.wire-details'))).toContain(details.Verwendungszweck);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
  });

  test('the form: errors name their field, are read with it, and focus moves to the first one', async () => {
    const page = await startCheckout(shop, offerPath(await offerInStock(1)));
    await submitButton(page).click();
    await page.getByText('Sie müssen die AGB akzeptieren!').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('checkout-gender');
    const firstName = page.getByRole('textbox', { name: 'Vorname', exact: true });
    expect(await firstName.getAttribute('aria-invalid')).toBe('true');
    const errorId = await firstName.getAttribute('aria-describedby');
    expect(await textOf(page.locator(`[id="${errorId}"]`))).toBe('Vorname ist ein Pflichtfeld.');
    await page.getByText('Bitte wählen Sie eine Zahlungsart.').waitFor();

    // Fixing a field takes its message away while typing.
    await firstName.fill('Erika');
    await expect.poll(() => firstName.getAttribute('aria-invalid')).toBeNull();

    // An invalid e-mail address and postcode, everything else right.
    await fillCustomer(page);
    await page.getByRole('textbox', { name: 'E-Mail-Adresse', exact: true }).fill('erika@');
    await page.getByRole('textbox', { name: 'Postleitzahl', exact: true }).fill('1');
    await pay(page, /^Vorkasse/);
    await page.getByText('E-Mail-Adresse muss eine gültige E-Mail-Adresse sein.').waitFor();
    await page
      .getByText('Postleitzahl muss aus 3 bis 10 Buchstaben, Ziffern, Leerzeichen oder - bestehen.')
      .waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('checkout-email');
    expect(page.url()).toMatch(/\/checkout$/);

    const violations = await runAxe(page);
    await saveAxeReport('checkout-with-errors', violations);
    expect(violations.filter(isBlocking), formatViolations(violations)).toEqual([]);
  });

  test('PayPal: approved in the sandbox, back through /checkout/authorize to a paid order', async () => {
    const page = await startCheckout(shop, offerPath(await offerInStock(2)));
    await fillCustomer(page);
    await pay(page, /^PayPal/);
    await decideAtProvider(page, 'Zahlung freigeben');
    await completePage(page);
    await expectText(heading(page), 'Vielen Dank für Ihren Einkauf!');
    expect(await page.locator('[data-order-status]').getAttribute('data-order-status')).toBe('paid');
    expect(await page.locator('.wire-transfer').count()).toBe(0);
    await expectText(page.locator('.order-customer'), /Zahlungsart: PayPal/);
    await expect.poll(() => cartCount(page)).toBe('Warenkorb, 0 Artikel');
  });

  test('PayPal cancelled: the customer is told it was cancelled (not that it failed) and pays by wire transfer instead', async () => {
    const page = await startCheckout(shop, offerPath(await offerInStock(3)));
    await fillCustomer(page);
    await pay(page, /^PayPal/);
    await decideAtProvider(page, 'Abbrechen');
    await page.waitForURL(/\/checkout\/authorize\?.*cancelled=1/);
    await expectText(heading(page), 'Zahlung abgebrochen');
    await page
      .getByText(
        'Sie haben die Zahlung bei PayPal abgebrochen. Es wurde nichts abgebucht, Ihre Bestellung ist gespeichert. Sie können erneut mit PayPal oder mit einer anderen Zahlungsart bezahlen.',
      )
      .waitFor();
    // The same page in English.
    const back = page.url();
    await page.goto(`${back}&lang=en`);
    await expectText(heading(page), 'Payment cancelled');
    await page
      .getByText(
        'You cancelled the payment at PayPal. Nothing was charged and your order has been kept. You can pay again with PayPal or choose another payment method.',
      )
      .waitFor();
    await page.goto(`${back}&lang=it`);
    await expectText(heading(page), 'Pagamento annullato');
    await page.goto(`${back}&lang=de`);
    await expectText(heading(page), 'Zahlung abgebrochen');
    // The order waits for its payment; the cart still holds it (this browser still keeps it).
    expect(await page.evaluate(() => localStorage.getItem('orderId'))).not.toBeNull();
    await page.getByRole('link', { name: 'Zurück zur Kasse' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    await page.getByText('Zahlung noch offen').waitFor();
    // The customer's data is still there; only the terms are asked again.
    expect(await page.getByRole('textbox', { name: 'Vorname', exact: true }).inputValue()).toBe('Erika');
    await page.getByRole('checkbox', { name: /Ich akzeptiere die AGB/ }).check();
    await pay(page, /^Vorkasse/);
    await completePage(page);
    expect(await page.locator('[data-order-status]').getAttribute('data-order-status')).toBe(
      'awaiting-payment',
    );
    await page.getByRole('region', { name: 'Bitte überweisen Sie den Betrag' }).waitFor();
  });

  test('PayPal declined: "PayPal declined, nothing charged, pay otherwise", then it goes through on a second try', async () => {
    const page = await startCheckout(shop, offerPath(await offerInStock(4)));
    await fillCustomer(page);
    await pay(page, /^PayPal/);
    await decideAtProvider(page, 'Ablehnen');
    await page.waitForURL(/\/checkout\/authorize\?/);
    await expectText(heading(page), 'Zahlung abgelehnt');
    await page
      .getByText(
        'PayPal hat die Zahlung abgelehnt. Es wurde nichts abgebucht. Bitte wählen Sie bei PayPal ein anderes Zahlungsmittel oder bezahlen Sie mit einer anderen Zahlungsart.',
      )
      .waitFor();
    await expectHeadingsInEachLanguage(page, { en: 'Payment declined', it: 'Pagamento rifiutato' });
    await paysAgainWithPayPal(page);
  });

  test('PayPal timed out: "no answer, nothing charged twice, try again in a few minutes" (and in Italian), with a way to ask again', async () => {
    const page = await startCheckout(shop, offerPath(await offerInStock(9)));
    await fillCustomer(page);
    await pay(page, /^PayPal/);
    await decideAtProvider(page, 'Zeitüberschreitung');
    await page.waitForURL(/\/checkout\/authorize\?/);
    await expectText(heading(page), 'Keine Antwort von PayPal');
    await page
      .getByText(
        'PayPal hat nicht rechtzeitig geantwortet, daher wissen wir noch nicht, ob die Zahlung durchgegangen ist. Es wird nichts doppelt abgebucht; ist sie durchgegangen, erhalten Sie die Bestellbestätigung per E-Mail. Bitte versuchen Sie es in ein paar Minuten erneut.',
      )
      .waitFor();
    await page.getByRole('button', { name: 'Erneut versuchen' }).waitFor();
    await page.goto(`${page.url()}&lang=en`);
    await expectText(heading(page), 'No answer from PayPal');
    await page.goto(page.url().replace('&lang=en', '&lang=it'));
    await expectText(heading(page), 'Nessuna risposta da PayPal');
    await page
      .getByText(
        'PayPal non ha risposto in tempo, quindi non sappiamo ancora se il pagamento è andato a buon fine. Non verrà addebitato nulla due volte; se è andato a buon fine, riceverà la conferma dell’ordine via e-mail. Si prega di riprovare tra qualche minuto.',
      )
      .waitFor();
    await page.getByRole('button', { name: 'Riprova' }).waitFor();
  });

  test('PayPal approved too late: "approval no longer valid, nothing charged, pay again", not "declined"; then paid', async () => {
    const page = await startCheckout(shop, offerPath(await offerInStock(10)));
    await fillCustomer(page);
    await pay(page, /^PayPal/);
    await decideAtProvider(page, 'Zu spät freigeben');
    await page.waitForURL(/\/checkout\/authorize\?/);
    await expectText(heading(page), 'Freigabe nicht mehr gültig');
    await page
      .getByText(
        'Ihre Freigabe bei PayPal gilt nicht mehr: Sie ist abgelaufen, oder die Bestellung wurde inzwischen geändert, zum Beispiel in einem anderen Fenster. Es wurde nichts abgebucht. Bitte prüfen Sie Ihre Bestellung in der Kasse und bezahlen Sie erneut.',
      )
      .waitFor();
    await expectHeadingsInEachLanguage(page, {
      en: 'Approval no longer valid',
      it: 'Autorizzazione non più valida',
    });
    await paysAgainWithPayPal(page);
  });

  test('the cart changed in another tab: the new amount is shown and confirmed again before PayPal asks for it', async () => {
    const page = await startCheckout(shop, offerPath(await offerInStock(17)));
    await fillCustomer(page);
    const confirmed = await textOf(page.locator('.checkout-total strong'));
    // The second tab (same browser, same cart) adds another unit.
    const changed = await page.evaluate(async () => {
      const orderId = Number(localStorage.getItem('orderId'));
      const key = localStorage.getItem('orderToken');
      const order = (await (await fetch(`/api/order/${orderId}/${key}`)).json()) as {
        items: { variantId: number }[];
      };
      const added = await fetch('/api/order/items', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ orderId, key, variantId: order.items[0]?.variantId }),
      });
      return ((await added.json()) as { summary: { total: { display: string } } }).summary.total.display;
    });
    expect(changed).not.toBe(confirmed);
    await pay(page, /^PayPal/);
    // Not sent to PayPal: the checkout says the cart changed, with the new amount, and shows it to pay.
    await page
      .getByText(
        `Ihr Warenkorb hat sich geändert, zum Beispiel in einem anderen Fenster. Der Betrag ist jetzt ${changed}. Bitte prüfen Sie Ihre Bestellung und bestätigen Sie sie erneut.`,
      )
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/checkout');
    await expectText(page.locator('.checkout-total strong'), changed);
    // Confirmed again: the provider asks for the amount the buyer saw.
    await submitButton(page).click();
    await page.waitForURL(/\/sandbox\//);
    await expectText(page.locator('.amount'), changed);
  });

  test('prepare changed the order: the order-adjusted toast (5 s, bottom-right) and the changes, no payment', async () => {
    const page = await startCheckout(shop, offerPath(await offerInStock(11)));
    // The server found an item sold out while the customer typed (simulated on the real answer).
    await page.route('**/api/order/prepare/**', async (route) => {
      const response = await route.fetch();
      const result = await response.json();
      await route.fulfill({
        response,
        json: {
          ...result,
          validForSale: false,
          itemSoldOut: true,
          reductionInvalidated: true,
          notifications: [
            { kind: 'NotAvailable', params: {}, text: 'Ein Angebot ist nicht mehr verfügbar.' },
          ],
        },
      });
    });
    await fillCustomer(page);
    await pay(page, /^Vorkasse/);
    const toast = page
      .locator('.toasts')
      .getByRole('alert')
      .filter({ hasText: 'Die Bestellung wurde geändert.' });
    await toast.waitFor();
    expect(await textOf(toast)).toBe(
      'Die Bestellung wurde geändert. Ein ausverkaufter Artikel wurde entfernt. Der Aktionscode ist nicht mehr gültig. ' +
        'Bitte prüfen Sie die geänderte Bestellung, bevor Sie fortfahren.',
    );
    const box = await toast.locator('.toast').boundingBox();
    expect(box && box.x + box.width > 1280 - 450 && box.y + box.height > 800 - 200).toBe(true);
    await page.getByText('Ein Angebot ist nicht mehr verfügbar.').waitFor();
    expect(page.url()).toMatch(/\/checkout$/);
    // It goes away by itself after 5 seconds.
    await toast.waitFor({ state: 'detached', timeout: 8000 });
  });

  test('Amazon Pay: approved in the sandbox, a paid order', async () => {
    const page = await startCheckout(shop, offerPath(await offerInStock(5)));
    await fillCustomer(page, { ...erika, first: 'Max', gender: '10', country: 'AT' });
    await pay(page, /^Amazon Pay/);
    await decideAtProvider(page, 'Zahlung freigeben');
    await completePage(page);
    await expectText(heading(page), 'Vielen Dank für Ihren Einkauf!');
    await expectText(page.locator('.order-customer'), /Zahlungsart: Amazon Pay/);
  });

  test('a promotion code goes through to the order and the purchase event (with analytics allowed)', async () => {
    const page = await startCheckout(shop, offerPath(await offerInStock(6)), { cookieConsent: 'all' });
    await page.getByRole('button', { name: 'Warenkorb bearbeiten' }).click();
    const cart = page.getByRole('dialog', { name: 'Warenkorb' });
    await cart.getByRole('textbox', { name: 'Aktionscode einlösen' }).fill('WILLKOMMEN10');
    await cart.getByRole('button', { name: 'Einlösen' }).click();
    await cart.locator('.code-applied').waitFor();
    await page.keyboard.press('Escape');
    await expectText(page.locator('.checkout-summary .is-discount dt'), 'Rabatt (WILLKOMMEN10)');
    await fillCustomer(page, { ...erika, email: 'promo@example.com' });
    await pay(page, /^Vorkasse/);
    await completePage(page);
    await expectText(page.locator('.order-items .is-discount dt'), 'Rabatt (WILLKOMMEN10)');
    const affiliate = JSON.parse(
      (await page.locator('[data-affiliate]').getAttribute('data-affiliate')) ?? '{}',
    );
    expect(affiliate).toMatchObject({ currency: 'EUR', customer: 0, usedReduction: 'WILLKOMMEN10' });
    const events = await page.evaluate(() =>
      ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? [])
        .map((entry) => entry.event)
        .filter(Boolean),
    );
    // One document from the offer page on (client navigations): view, add, checkout start, purchase;
    // the offer page's similar offers report their impression (view_item_list) besides.
    expect(events.filter((event) => event !== 'view_item_list')).toEqual([
      'view_item',
      'add_to_cart',
      'begin_checkout',
      'purchase',
    ]);
    const purchase = await page.evaluate(() =>
      ((window as unknown as { dataLayer: Record<string, unknown>[] }).dataLayer ?? []).find(
        (entry) => entry.event === 'purchase',
      ),
    );
    expect(purchase).toMatchObject({
      ecommerce: { currency: 'EUR', coupon: 'WILLKOMMEN10', transaction_id: String(affiliate.id) },
      affiliate: { usedReduction: 'WILLKOMMEN10' },
    });
  });

  test('without analytics consent nothing reaches the dataLayer', async () => {
    const page = await startCheckout(shop, offerPath(await offerInStock(7)), { cookieConsent: 'necessary' });
    expect(
      await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer?.length ?? 0),
    ).toBe(0);
  });

  test('the billing countries are the brand’s: viaggi lists Italy, Switzerland and Austria, Italy preselected', async () => {
    const page = await shop.newPage({ brand: 'viaggi', cookieConsent: 'necessary' });
    await shop.goto(page, '/');
    const path = await brandOfferPath(page, 4);
    await shop.goto(page, path);
    await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    const cart = page.getByRole('dialog', { name: 'Carrello' });
    await cart.locator('.order-line').first().waitFor();
    await cart.getByRole('link', { name: 'Vai alla cassa' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    await page.locator('.checkout-submit').waitFor();
    const country = page.getByRole('main').getByRole('combobox', { name: /^Paese/ });
    const options = await country.locator('option:not([value=""])').allTextContents();
    expect(options).toEqual(['Italia', 'Svizzera', 'Austria']);
    expect(await country.inputValue()).toBe('IT');
  });

  test('gift cards (familyclub): one covering everything leaves credit as the only payment; paid at once', async () => {
    const page = await shop.newPage({ brand: 'familyclub', cookieConsent: 'necessary' });
    await shop.goto(page, '/');
    const path = await brandOfferPath(page, 2);
    await shop.goto(page, path);
    await page.getByRole('button', { name: 'In den Warenkorb' }).click();
    const cart = page.getByRole('dialog', { name: 'Warenkorb' });
    await cart.locator('.order-line').waitFor();
    const giftCard = cart.getByRole('textbox', { name: 'Geschenkgutschein einlösen' });

    // A malformed code is refused before asking; an unknown one by the server.
    await giftCard.fill('x');
    await cart.getByRole('button', { name: 'Einlösen' }).last().click();
    await cart.getByText('Bitte geben Sie einen gültigen Code ein!').waitFor();
    await giftCard.fill('GC-UNKNOWN-1');
    await cart.getByRole('button', { name: 'Einlösen' }).last().click();
    await cart.getByText('Der Gutscheincode ist abgelaufen oder ungültig.').waitFor();

    await giftCard.fill('GC-DEMO-100000');
    await cart.getByRole('button', { name: 'Einlösen' }).last().click();
    await cart.getByText('Geschenkgutschein …0000 eingelöst').waitFor();
    await expectText(cart.locator('.order-total dd'), '€ 0,-');
    await expectText(cart.locator('.order-totals .is-discount dt').last(), 'Geschenkgutschein …0000');

    // After a reload the drawer lists the card from the order (masked) and can take it off.
    await page.reload();
    await expect.poll(() => cartCount(page)).toBe('Warenkorb, 1 Artikel');
    await page.getByRole('button', { name: 'Warenkorb, 1 Artikel' }).click();
    const removeCard = cart.getByRole('button', { name: 'Geschenkgutschein …0000 entfernen' });
    await removeCard.click();
    await expect.poll(() => removeCard.count()).toBe(0);
    await expect.poll(() => textOf(cart.locator('.order-total dd'))).not.toBe('€ 0,-');
    await giftCard.fill('GC-DEMO-100000');
    await cart.getByRole('button', { name: 'Einlösen' }).last().click();
    await cart.getByText('Geschenkgutschein …0000 eingelöst').waitFor();
    await expectText(cart.locator('.order-total dd'), '€ 0,-');

    await cart.getByRole('link', { name: 'Zur Kasse' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    await submitButton(page).waitFor();
    // Nothing left to pay: only the credit, already chosen.
    const methods = page.getByRole('radio');
    expect(await methods.count()).toBe(1);
    expect(await methods.first().isChecked()).toBe(true);
    await expectText(page.locator('.payment-option'), /^Guthaben/);
    // familyclub has no newsletter opt-in.
    expect(await page.getByRole('checkbox', { name: /Newsletter/ }).count()).toBe(0);
    await fillCustomer(page);
    await submitButton(page).click();
    await completePage(page);
    expect(await page.locator('[data-order-status]').getAttribute('data-order-status')).toBe('paid');
    await expectText(page.locator('.order-items .order-total dd'), '€ 0,-');
    await expectText(page.getByRole('banner').locator('.brand-name'), /Familienclub/i);
  });

  test('a partner brand with membership numbers (autoclub): optional, checked by pattern and check digit', async () => {
    const page = await shop.newPage({ brand: 'autoclub', cookieConsent: 'necessary' });
    await shop.goto(page, '/');
    await page.locator('.offer-grid > li a').first().click();
    await page.getByRole('button', { name: 'In den Warenkorb' }).click();
    const cart = page.getByRole('dialog', { name: 'Warenkorb' });
    await cart.getByRole('link', { name: 'Zur Kasse' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    await submitButton(page).waitFor();
    // This brand asks for the newsletter opt-in too.
    expect(await page.getByRole('checkbox', { name: /Newsletter/ }).count()).toBe(1);
    await fillCustomer(page);
    const member = page.getByRole('textbox', { name: 'Mitgliedsnummer', exact: true });
    // Its format beside it, and a phone's numeric keypad (the brand's numbers are digits only).
    expect(await member.getAttribute('inputmode')).toBe('numeric');
    expect(await member.getAttribute('aria-describedby')).toContain('checkout-membershipNumber-hint');
    expect(await textOf(page.locator('#checkout-membershipNumber-hint'))).toContain(
      'Format: z. B. 123 456 782.',
    );
    // Nine digits, but the check digit is wrong.
    await member.fill('123456789');
    await pay(page, /^Vorkasse/);
    await page.getByText('Mitgliedsnummer ist ungültig.').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe('checkout-membershipNumber');
    const guardCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/guard/number')) guardCalls.push(request.postData() ?? '');
    });
    await member.fill('1234 5678 2');
    await submitButton(page).click();
    await completePage(page);
    expect(await page.locator('[data-order-status]').getAttribute('data-order-status')).toBe(
      'awaiting-payment',
    );
    // The brand's guard was asked before the order was placed.
    expect(guardCalls).toEqual([JSON.stringify({ number: '1234 5678 2' })]);
    // The order page shows the number the order carries.
    await expectText(page.locator('.order-customer'), /Mitgliedsnummer: 123456782/);
  });

  test('in Italian: labels, errors and the terms message in Italian', async () => {
    const page = await startCheckout(
      shop,
      `${offerPath(await offerInStock(8))}?lang=it`,
      {},
      {
        add: 'Aggiungi al carrello',
        cart: 'Carrello',
        toCheckout: 'Vai alla cassa',
      },
    );
    expect(await page.locator('html').getAttribute('lang')).toBe('it');
    await page.getByRole('button', { name: 'Acquista ora' }).click();
    await page.getByText('È necessario accettare i termini e condizioni!').waitFor();
    await page.getByText('Il campo Nome è obbligatorio.').waitFor();
    await expectText(heading(page), 'Cassa');
    expect(await textOf(page.locator('.checkout-form'))).not.toMatch(/Pflichtfeld|Zahlungsart|Vorname/);
    await page
      .locator('.checkout-withdrawal')
      .getByRole('link', { name: /^modulo di recesso tipo/ })
      .waitFor();
  });
});

journey('checkout: accessibility and screenshots', (shop) => {
  for (const viewport of ['mobile', 'desktop'] as ViewportName[]) {
    const width = viewports[viewport].width;
    test(`checkout and the order page at ${width} px: no serious or critical violations, no sideways scroll`, async () => {
      const page = await startCheckout(
        shop,
        offerPath(await offerInStock(12 + (viewport === 'mobile' ? 0 : 1))),
        {
          viewport,
        },
      );
      let violations = await runAxe(page);
      await saveAxeReport(`checkout-${width}`, violations);
      expect(violations.filter(isBlocking), formatViolations(violations)).toEqual([]);
      await screenshot(page, `checkout-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await fillCustomer(page);
      await pay(page, /^Vorkasse/);
      await completePage(page);
      violations = await runAxe(page);
      await saveAxeReport(`order-complete-${width}`, violations);
      expect(violations.filter(isBlocking), formatViolations(violations)).toEqual([]);
      await screenshot(page, `order-complete-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }
});

/** The payment return page says the same outcome in English and Italian, then is back in German. */
async function expectHeadingsInEachLanguage(page: Page, headings: { en: string; it: string }) {
  const back = page.url();
  for (const [lang, text] of Object.entries(headings)) {
    await page.goto(`${back}&lang=${lang}`);
    await expectText(heading(page), text);
  }
  await page.goto(`${back}&lang=de`);
}

/** From the payment return page back to the checkout, and paid with PayPal on the second try. */
async function paysAgainWithPayPal(page: Page) {
  await page.getByRole('link', { name: 'Zurück zur Kasse' }).click();
  await page.waitForURL((url) => url.pathname === '/checkout');
  await page.getByRole('checkbox', { name: /Ich akzeptiere die AGB/ }).check();
  await pay(page, /^PayPal/);
  await decideAtProvider(page, 'Zahlung freigeben');
  await completePage(page);
  expect(await page.locator('[data-order-status]').getAttribute('data-order-status')).toBe('paid');
}
