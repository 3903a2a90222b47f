import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { formatViolations, isBlocking, runAxe, saveAxeReport } from '../support/axe.ts';
import { offerPath } from '../support/catalogue.ts';
import {
  completePage,
  decideAtProvider,
  erika,
  offerInStock,
  pay,
  startCheckout,
} from '../support/checkout.ts';
import { expectText, textOf } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

/**
 * Travel insurance on the order page (issue 12): a paid voucher offers it, the traveller form names
 * each missing field and sends the focus there, the sandbox insurer's decline is said at the form, and
 * a booking shows the policy number, its PDF and that the mail is on its way.
 */

async function fillTraveller(form: Locator, lastName: string) {
  const traveller = form.getByRole('group', { name: 'Reisende Person 1' });
  const fields: [string, string][] = [
    ['Anrede/Titel', 'Frau'],
    ['Vorname', 'Erika'],
    ['Nachname', lastName],
    ['Straße', 'Hauptstraße'],
    ['Hausnummer', '12a'],
    ['Postleitzahl', '80331'],
    ['Ort', 'München'],
  ];
  for (const [name, value] of fields) await traveller.getByRole('textbox', { name, exact: true }).fill(value);
}

/**
 * The checkout form as support/checkout.ts fills it, within the page's main content: the footer may
 * hold a newsletter box with an "E-Mail-Adresse" field of its own.
 */
async function fillCustomer(page: Page) {
  const main = page.locator('main');
  await main.getByRole('combobox', { name: 'Anrede' }).selectOption(erika.gender);
  const fields: [string, string][] = [
    ['Vorname', erika.first],
    ['Nachname', erika.last],
    ['E-Mail-Adresse', erika.email],
    ['Straße', 'Hauptstraße'],
    ['Hausnummer', '12a'],
    ['Postleitzahl', '80331'],
    ['Ort', 'München'],
  ];
  for (const [name, value] of fields) await main.getByRole('textbox', { name, exact: true }).fill(value);
  await main.getByRole('combobox', { name: 'Land' }).selectOption(erika.country);
  await main.getByRole('checkbox', { name: /Ich akzeptiere die AGB/ }).check();
}

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name'));

journey('insurance: a paid voucher insured from the order page', (shop) => {
  test('the form names missing fields, a decline is said, a booking shows the policy number', async () => {
    const page = await startCheckout(shop, offerPath(await offerInStock(10)));
    await fillCustomer(page);
    await pay(page, /^PayPal/);
    await decideAtProvider(page, 'Zahlung freigeben');
    await completePage(page);
    await page.locator('[data-order-status="paid"]').waitFor();

    const card = page.getByRole('region', { name: 'Ihre Gutscheine' }).getByRole('article');
    const insurance = card.getByRole('region', { name: 'Reiseversicherung' });
    await insurance.getByRole('button', { name: 'Reiseversicherung hinzufügen' }).click();
    const form = insurance.locator('form.insurance-form');
    await form.waitFor();
    // Both covers with their premiums as the shop shows prices ("€ 29,-").
    const cancellation = form.getByRole('radio', {
      name: /^Reiserücktrittsversicherung: € [\d.]+,(-|\d\d)$/,
    });
    const curtailment = form.getByRole('radio', { name: /^Reiseabbruchversicherung: € [\d.]+,(-|\d\d)$/ });
    expect(await cancellation.isChecked()).toBe(true);
    const types = await textOf(form.locator('.insurance-types'));
    expect(types).toMatch(/höchstens der ersten 8 Tage/);

    // Before booking (issue 24): the insurer, sum insured and premium basis, how and when it is
    // billed, and each tariff's product information sheet and conditions as real PDFs.
    await expectText(
      form.locator('.insurance-insurer'),
      'Versicherer: Alpina Reiseschutz Versicherung AG, Maximilianstraße 40, 80539 München, DE',
    );
    expect(types).toMatch(/Versicherungssumme: € [\d.]+,(-|\d\d) \(der Preis des Gutscheins\)/);
    expect(types).toMatch(/einmal je Gutschein, für bis zu \d+ Reisende – nicht je Person/);
    expect(types).toMatch(
      /Alpina Reiseschutz Versicherung AG stellt Ihnen die Prämie gesondert in Rechnung: innerhalb von 14 Tagen .* per Überweisung/,
    );
    for (const [type, name] of [
      ['cancellation', 'Reiserücktrittsversicherung'],
      ['curtailment', 'Reiseabbruchversicherung'],
    ] as const) {
      for (const [kind, label] of [
        ['product-sheet', 'Produktinformationsblatt'],
        ['conditions', 'Versicherungsbedingungen'],
      ] as const) {
        const link = form.getByRole('link', { name: new RegExp(`^${label} ${name} \\(PDF\\)`) });
        const href = (await link.getAttribute('href')) ?? '';
        expect(href).toBe(`/api/insurance/documents/de/${type}/${kind}.pdf`);
        const document = await page.request.get(new URL(href, page.url()).toString());
        expect(document.status()).toBe(200);
        expect(document.headers()['content-type']).toBe('application/pdf');
        expect((await document.body()).subarray(0, 5).toString()).toBe('%PDF-');
      }
    }

    // The travellers start with what the order knows: the buyer's title, name and address.
    const first = form.getByRole('group', { name: 'Reisende Person 1' });
    const fieldValue = (name: string) => first.getByRole('textbox', { name, exact: true }).inputValue();
    expect(
      await Promise.all(
        ['Anrede/Titel', 'Vorname', 'Nachname', 'Straße', 'Hausnummer', 'Postleitzahl', 'Ort'].map(
          fieldValue,
        ),
      ),
    ).toEqual(['Frau', erika.first, erika.last, 'Hauptstraße', '12a', '80331', 'München']);
    await expectText(form.locator('.insurance-prefilled'), /aus Ihrer Bestellung eingesetzt/);
    const count = form.getByRole('combobox', { name: 'Anzahl der Reisenden' });
    if ((await count.count()) > 0) {
      const second = form.getByRole('group', { name: 'Reisende Person 2' });
      expect(await second.getByRole('textbox', { name: 'Ort', exact: true }).inputValue()).toBe('München');
      await count.selectOption('1');
    }

    const violations = await runAxe(page);
    await saveAxeReport('order-insurance-form', violations);
    expect(violations.filter(isBlocking), formatViolations(violations)).toEqual([]);

    // Every field emptied: each field says so, and the focus goes to the first one.
    for (const field of await first.getByRole('textbox').all()) await field.fill('');
    const submit = form.getByRole('button', { name: 'Versicherung verbindlich abschließen' });
    await submit.click();
    await expectText(form.locator('.field-error').first(), 'Anrede/Titel ist ein Pflichtfeld.');
    expect(await form.locator('.field-error').count()).toBe(7);
    await expect.poll(() => focusedName(page)).toBe('travellers.0.title');
    const city = form.getByRole('textbox', { name: 'Ort', exact: true });
    expect(await city.getAttribute('aria-invalid')).toBe('true');

    // The sandbox insurer declines a traveller named "Decline".
    await fillTraveller(form, 'Decline');
    expect(await form.locator('.field-error').count()).toBe(0);
    await submit.click();
    await expectText(form.getByRole('alert'), /Versicherer hat den Abschluss leider abgelehnt/);

    await curtailment.check();
    await form.getByRole('textbox', { name: 'Nachname', exact: true }).fill('Mustermann');
    await submit.click();
    const policy = insurance.locator('.insurance-policy');
    await expectText(policy, /Ihre Reiseabbruchversicherung ist abgeschlossen\./);
    const number = await textOf(policy.locator('.insurance-policy-number'));
    expect(number).toMatch(/^SBX-[0-9A-Z]{10}$/);
    await expectText(policy.getByRole('status'), 'Eine Bestätigung per E-Mail ist unterwegs.');
    expect(await form.count()).toBe(0);

    const pdfLink = policy.getByRole('link', { name: /Versicherungsschein herunterladen/ });
    const href = (await pdfLink.getAttribute('href')) ?? '';
    expect(href).toMatch(new RegExp(`^/api/insurance/policy/\\d+/[^/]+/${number}\\.pdf$`));
    const pdf = await page.request.get(new URL(href, page.url()).toString());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // The other cover can still be added; the booked one is listed after a reload.
    await page.reload();
    await page.locator('[data-order-status="paid"]').waitFor();
    await expectText(
      page.getByRole('region', { name: 'Reiseversicherung' }).locator('.insurance-policy-number'),
      number,
    );
  });
});
