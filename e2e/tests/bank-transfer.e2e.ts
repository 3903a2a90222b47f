import { expect, test } from 'vitest';
import {
  bankInboxDir,
  dropIntoInbox,
  waitForInboxReport,
} from '../../apps/server/src/modules/bank/inbox-files.ts';
import { buildCamt053 } from '../../apps/server/src/modules/bank/testing/camt053-statement.ts';
import { offerPath, parsePrice } from '../support/catalogue.ts';
import {
  completePage,
  fillCustomer,
  offerInStock,
  pay,
  startCheckout,
  wireDetails,
} from '../support/checkout.ts';
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
    expect(await textOf(card.getByRole('heading', { level: 3 }))).toMatch(/^Gutschein \S{10,}$/);
    await expectText(page.locator('.order-customer'), /Zahlungsart: Vorkasse/);
    expect(await page.getByRole('link', { name: /Rechnung \(PDF\)/ }).getAttribute('href')).toMatch(
      /^\/api\/invoice\/download\/\d+\/[^/]+\/[A-Z0-9-]+\.pdf$/,
    );
  });
});
