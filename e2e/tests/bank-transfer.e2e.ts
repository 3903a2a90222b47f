import { expect, test } from 'vitest';
import {
  bankInboxDir,
  dropIntoInbox,
  waitForInboxReport,
} from '../../apps/server/src/modules/bank/inbox-files.ts';
import { buildCamt053 } from '../../apps/server/src/modules/bank/testing/camt053-statement.ts';
import { formatViolations, isBlocking, runAxe } from '../support/axe.ts';
import { api, offerPath, parsePrice } from '../support/catalogue.ts';
import {
  apiCart,
  completePage,
  erika,
  fillCustomer,
  type OrderAccess,
  offerInStock,
  orderCall,
  pay,
  startCheckout,
  wireDetails,
} from '../support/checkout.ts';
import { screenshot } from '../support/out.ts';
import { expectText, heading, textOf } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

/**
 * Paying by bank transfer (SPEC §4): the buyer transfers the amount with the order's reference; the
 * operator's bank statement (camt.053) reaches the running shop through its inbox
 * (DATA_DIR/bank-inbox, what `npm run bank-import` does while the shop runs), and the order is paid:
 * its page shows the vouchers.
 */
journey('bank transfer: paid by an imported bank statement', (shop) => {
  test('a bank-transfer order paid by a statement dropped into the inbox shows its vouchers', async () => {
    const page = await startCheckout(shop, offerPath(await offerInStock(9)));
    await fillCustomer(page);
    await pay(page, /^Vorkasse \(Überweisung\)/);
    await completePage(page);
    expect(await page.locator('[data-order-status]').getAttribute('data-order-status')).toBe(
      'awaiting-payment',
    );
    const details = await wireDetails(page);
    const reference = details.Verwendungszweck ?? '';
    expect(reference).toMatch(/^DEMO-\d{8}$/);
    const amountCents = parsePrice(details.Betrag ?? '');
    expect(amountCents).toBeGreaterThan(0);
    expect(await page.getByRole('region', { name: 'Ihre Gutscheine' }).count()).toBe(0);

    // Unpaid: the step bar's current step is the payment, not done.
    const steps = page.getByRole('navigation', { name: 'Bestellschritte' });
    await expectText(steps.locator('[aria-current="step"]'), /Zahlung/);
    expect(await textOf(steps.locator('li').filter({ hasText: 'Zahlung' }))).not.toMatch(/erledigt/);
    // Which number is for what: the order number for questions, the reference for the transfer.
    await expectText(
      page.locator('.order-number'),
      /Bestellnummer \d+.*Bitte geben Sie sie an, wenn Sie uns/,
    );
    const bank = page.getByRole('region', { name: 'Bitte überweisen Sie den Betrag' });
    await expectText(bank, /Geben Sie bei Ihrer Überweisung genau diesen Verwendungszweck an/);
    // The GiroCode for a banking app, and copy buttons for IBAN, reference and amount.
    const giroCode = bank.getByRole('img', { name: 'GiroCode für Ihre Banking-App' });
    expect(await giroCode.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(
      await giroCode.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
    ).toBe(true);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const copied = async (name: string) => {
      await bank.getByRole('button', { name }).click();
      return page.evaluate(() => navigator.clipboard.readText());
    };
    expect(await copied('IBAN kopieren')).toBe((details.IBAN ?? '').replace(/\s+/g, ''));
    await expectText(page.locator('.toasts'), /Kopiert: IBAN\./);
    expect(await copied('Verwendungszweck kopieren')).toBe(reference);
    expect(await copied('Betrag kopieren')).toBe(
      `${Math.trunc(amountCents / 100)},${String(amountCents % 100).padStart(2, '0')}`,
    );
    const blocking = (await runAxe(page)).filter(isBlocking);
    expect(blocking, formatViolations(blocking)).toEqual([]);

    // The buyer's transfer, in the statement the operator's bank exports; the shop imports it from its inbox.
    const name = `statement-${reference}.xml`;
    const statement = buildCamt053({
      iban: 'DE89370400440532013000',
      statementId: `E2E-${reference}`,
      entries: [
        {
          amountCents,
          remittance: ['Urlaubsgutschein', reference],
          debtorName: 'Erika Mustermann',
          acctSvcrRef: `E2E-${reference}`,
        },
      ],
    });
    const inbox = bankInboxDir(shop.e2e.dataDir);
    await dropIntoInbox(inbox, name, statement);
    const found = await waitForInboxReport(inbox, name, { timeoutMs: 30_000, intervalMs: 250 });
    expect(found?.report).toMatchObject({ status: 'imported', movedTo: `done/${name}`, counts: { paid: 1 } });

    // The buyer opens the order page again: paid, one voucher to fill in and print, the invoice.
    await shop.goto(page, new URL(page.url()).pathname);
    await page.locator('[data-order-status="paid"]').waitFor();
    await expectText(heading(page), 'Vielen Dank für Ihren Einkauf!');
    expect(await page.getByRole('region', { name: 'Bitte überweisen Sie den Betrag' }).count()).toBe(0);
    const card = page.getByRole('region', { name: 'Ihre Gutscheine' }).getByRole('article');
    await card.getByRole('textbox', { name: 'Vorname' }).waitFor();
    expect(await card.count()).toBe(1);
    // Vouchers there: the page does not say they are being created; the invoice number says what it is.
    await expectText(
      page.locator('.order-status'),
      'Ihre Zahlung ist eingegangen. Ihre Gutscheine finden Sie unten.',
    );
    await expectText(
      page.getByRole('region', { name: 'Rechnung' }),
      /Rechnungsnummer \S+.*Für Ihre Unterlagen/,
    );
    expect(await textOf(card.getByRole('heading', { level: 3 }))).toMatch(/^Gutschein \S{10,}$/);
    await expectText(page.locator('.order-customer'), /Zahlungsart: Vorkasse/);
    expect(await page.getByRole('link', { name: /Rechnung \(PDF\)/ }).getAttribute('href')).toMatch(
      /^\/api\/invoice\/download\/\d+\/[^/]+\/[A-Z0-9-]+\.pdf$/,
    );
  });

  test('more units than a bank transfer may hold: the checkout says how many and to pay at once, the cart stays', async () => {
    // 31 units: more than one buyer may hold unpaid of any demo variant (10 % of at most 300, or 4).
    const units = 31;
    let found: { title: string; cart: OrderAccess } | undefined;
    for (let skip = 12; !found; skip++) {
      const offer = await offerInStock(skip);
      const cart = await apiCart(offer.variants[0]!.id);
      const [line] = (await readOrder(cart)).items;
      const changed = await orderCall('PUT', '/api/order/items', {
        ...cart,
        itemId: line?.id,
        quantity: units,
      })
        // Fewer units in stock: the next offer.
        .catch(() => null);
      if (changed) found = { title: offer.title, cart };
    }
    const { title, cart } = found;
    const page = await shop.newPage({ cookieConsent: 'necessary' });
    await page.addInitScript((access) => {
      localStorage.setItem('orderId', String(access.orderId));
      localStorage.setItem('orderToken', access.key);
    }, cart);
    await shop.goto(page, '/checkout');
    await page.locator('.checkout-submit').waitFor();
    await fillCustomer(page, { ...erika, email: `many-units-${Date.now()}@example.com` });
    await pay(page, /^Vorkasse \(Überweisung\)/);

    const message = page.locator('.error-summary li');
    await message.waitFor();
    const said = await textOf(message);
    expect(said.startsWith(`Per Überweisung können wir von „${title}“ derzeit höchstens `)).toBe(true);
    expect(said).toMatch(
      / \d+ Stück für Sie reservieren\. Bitte verringern Sie die Anzahl oder bezahlen Sie sofort mit PayPal oder Amazon Pay\.$/,
    );
    // The summary took the focus, so a screen reader reads the message; the buyer is still at the checkout.
    expect(await page.evaluate(() => document.activeElement?.classList.contains('error-summary'))).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/checkout');
    await screenshot(page, 'checkout-transfer-limit', 1);
    const blocking = (await runAxe(page)).filter(isBlocking);
    expect(blocking, formatViolations(blocking)).toEqual([]);

    // Nothing was held: the order is still a cart with every unit, ready to be paid another way.
    const order = await readOrder(cart);
    expect(order.status).toBe('cart');
    expect(order.items.map((item) => item.quantity)).toEqual([units]);
  });
});

/** The order as its buyer's browser reads it. */
const readOrder = (cart: OrderAccess) =>
  api<{ status: string; items: { id: number; quantity: number }[] }>(
    `/api/order/${cart.orderId}/${cart.key}`,
  );
