import { describe, expect, it } from 'vitest';
import {
  checkInvoiceAmounts,
  type InvoiceAmounts,
  InvoiceCheckError,
  type InvoicePdfInput,
  renderInvoicePdf,
  splitGross,
} from './invoice-pdf.ts';
import { pdfToBuffer } from './pdf-buffer.ts';
import { pageRows, readPdf } from './pdf-inspection.test-support.ts';

function invoice(overrides: Partial<InvoicePdfInput> = {}): InvoicePdfInput {
  return {
    locale: 'de',
    invoiceNumber: 'DEMO-2026-000042',
    issuedAt: new Date('2026-11-24T09:00:00Z'),
    suppliedAt: new Date('2026-11-23T18:00:00Z'),
    orderId: 4711,
    seller: {
      name: 'Ferienglück Touristik GmbH',
      street: 'Leopoldstraße 1',
      postcode: '80802',
      city: 'München',
      country: 'Deutschland',
      vatId: 'DE123456789',
      taxNumber: '143/123/45678',
      register: 'Amtsgericht München HRB 123456',
      managingDirectors: 'Anna Berger',
      email: 'rechnung@ferienglueck.example',
      phone: '+49 89 1234567-0',
    },
    buyer: {
      name: 'Jürgen Groß',
      street: 'Hauptstraße 5',
      postcode: '10115',
      city: 'Berlin',
      country: 'Deutschland',
      email: 'juergen@example.com',
    },
    items: [
      {
        description: "Gutschein Hôtel Château d'Été, 2 Nächte",
        quantity: 1,
        unitCents: 10_700,
        totalCents: 10_700,
      },
    ],
    discounts: [],
    prepaid: [],
    totalCents: 10_700,
    vat: {
      rateBasisPoints: 700,
      rateText: '7 %',
      netCents: 10_000,
      vatCents: 700,
      note: 'Im Gesamtbetrag sind 7 % Umsatzsteuer enthalten.',
    },
    paymentMethod: 'PayPal',
    brand: { name: 'Ferienglück Gutscheine', logoPng: null, primaryColor: '#0b6e4f' },
    specimen: false,
    ...overrides,
  };
}

const render = async (input: InvoicePdfInput) => {
  const pdf = await pdfToBuffer(renderInvoicePdf(input));
  const contents = readPdf(pdf);
  const rows = contents.pages.flatMap((_, index) => pageRows(pdf, index));
  return { pdf, rows, ...contents };
};

describe('invoice PDF', () => {
  it('holds what an invoice must: seller, VAT id, buyer, number, dates, items, amounts, VAT note', async () => {
    const { text, rows, pageCount, title, author } = await render(invoice());
    expect(pageCount).toBe(1);
    for (const expected of [
      'Rechnung DEMO-2026-000042',
      'Ferienglück Touristik GmbH',
      'Leopoldstraße 1',
      '80802 München',
      'USt-IdNr. DE123456789',
      'Steuernummer 143/123/45678',
      'Registereintrag Amtsgericht München HRB 123456',
      'Jürgen Groß',
      'Hauptstraße 5',
      '10115 Berlin',
      "Gutschein Hôtel Château d'Été, 2 Nächte",
      'Im Gesamtbetrag sind 7 % Umsatzsteuer enthalten.',
      'Seite 1 von 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(rows).toContain('Rechnungsdatum 24.11.2026');
    expect(rows).toContain('Leistungsdatum 23.11.2026');
    expect(rows).toContain('Bestellnummer 4711');
    expect(rows).toContain('Zahlungsart PayPal');
    expect(rows).toContain("1 Gutschein Hôtel Château d'Été, 2 Nächte 1 € 107,00 € 107,00");
    expect(text).not.toContain('MUSTER');
    expect(title).toBe('Rechnung DEMO-2026-000042');
    expect(author).toBe('Ferienglück Gutscheine');
  });

  it('prints the net and VAT the invoice was issued with: 107,00 at 7 % is 100,00 + 7,00', async () => {
    const { rows } = await render(invoice());
    expect(rows).toContain('Nettobetrag € 100,00');
    expect(rows).toContain('Umsatzsteuer 7 % € 7,00');
    expect(rows).toContain('Gesamtbetrag € 107,00');
    expect(rows).toContain('Bezahlt mit PayPal € 107,00');
  });

  it('rounds the net to the cent and leaves the rest as VAT', () => {
    expect(splitGross(10_700, 700)).toEqual({ netCents: 10_000, vatCents: 700 });
    expect(splitGross(11_900, 1_900)).toEqual({ netCents: 10_000, vatCents: 1_900 });
    expect(splitGross(12_999, 2_200)).toEqual({ netCents: 10_655, vatCents: 2_344 });
    expect(splitGross(1, 700)).toEqual({ netCents: 1, vatCents: 0 });
    for (let gross = 0; gross < 5_000; gross += 7) {
      const { netCents, vatCents } = splitGross(gross, 1_900);
      expect(netCents + vatCents).toBe(gross);
      expect(Math.abs(netCents * 1.19 - gross)).toBeLessThanOrEqual(0.6);
    }
  });

  it('takes discounts off before VAT and gift cards after it, and shows what was paid in money', async () => {
    const { rows } = await render(
      invoice({
        items: [
          { description: 'Gutschein A', quantity: 2, unitCents: 5_500, totalCents: 11_000 },
          { description: 'Gutschein B', quantity: 1, unitCents: 700, totalCents: 700 },
        ],
        discounts: [{ description: 'Aktionscode HERBST10', cents: 1_000 }],
        prepaid: [{ description: 'Geschenkkarte •••• 1234', cents: 2_000 }],
        totalCents: 8_700,
      }),
    );
    expect(rows).toContain('Zwischensumme € 117,00');
    expect(rows).toContain('Aktionscode HERBST10 −€ 10,00');
    expect(rows).toContain('Nettobetrag € 100,00');
    expect(rows).toContain('Umsatzsteuer 7 % € 7,00');
    expect(rows).toContain('Gesamtbetrag € 107,00');
    expect(rows).toContain('Geschenkkarte •••• 1234 −€ 20,00');
    expect(rows).toContain('Bezahlt mit PayPal € 87,00');
  });

  it('shows no VAT amount for a multi-purpose voucher, only the note, verbatim however long', async () => {
    const note =
      `Mehrzweck-Gutschein: Die Umsatzsteuer entsteht erst bei der Einlösung (§ 3 Abs. 15 UStG). ${'Sie wird daher auf dieser Rechnung nicht gesondert ausgewiesen. '.repeat(6)}`.trim();
    const { text, rows } = await render(
      invoice({
        locale: 'en',
        vat: { rateBasisPoints: null, note },
        items: [{ ...invoice().items[0]!, quantity: 1 }],
      }),
    );
    expect(text).toContain(note);
    expect(text).not.toMatch(/Net amount|VAT 7/);
    expect(rows).toContain('Total € 107.00');
    expect(rows).toContain('Invoice date 24 November 2026');
  });

  it('flows 60 items onto further pages with the table header repeated, every item and page numbered', async () => {
    const items = Array.from({ length: 60 }, (_, index) => ({
      description: `Gutschein Nr. ${index + 1}: 2 Nächte im Hotel am See`,
      quantity: 1,
      unitCents: 12_999,
      totalCents: 12_999,
    }));
    const { pages, pageCount, text, rows } = await render(
      invoice({
        locale: 'it',
        items,
        totalCents: 60 * 12_999,
        vat: { rateBasisPoints: 1_000, rateText: '10%', ...splitGross(60 * 12_999, 1_000), note: '' },
        specimen: true,
      }),
    );
    expect(pageCount).toBeGreaterThan(1);
    for (let index = 1; index <= 60; index++) {
      expect(rows).toContain(`${index} Gutschein Nr. ${index}: 2 Nächte im Hotel am See 1 € 129,99 € 129,99`);
    }
    for (const [index, page] of pages.entries()) {
      expect(page).toContain('N. Descrizione Qtà Prezzo unitario Importo');
      expect(page).toContain(`Pagina ${index + 1} di ${pageCount}`);
      expect(page).toContain('FAC-SIMILE – FATTURA NON VALIDA');
      expect(page).toContain('Partita IVA DE123456789');
    }
    expect(text).toContain('Totale € 7.799,40');
    expect(rows).toContain('IVA 10% € 709,04');
  });

  it('refuses to render an invoice whose lines do not add up to what was paid', () => {
    expect(() => renderInvoicePdf(invoice({ totalCents: 10_600 }))).toThrow(/DEMO-2026-000042.*10600/);
    expect(() =>
      renderInvoicePdf(
        invoice({
          vat: { rateBasisPoints: 7.5, rateText: '7,5 %', netCents: 10_000, vatCents: 700, note: '' },
        }),
      ),
    ).toThrow(/VAT rate/);
  });
});

describe('the amount checks before an invoice is issued or rendered', () => {
  /** Two lines, a discount and a gift card that add up: 2 × 55,00 + 7,00 − 10,00 − 20,00 = 87,00. */
  const sound = (): InvoiceAmounts => ({
    invoiceNumber: 'DEMO-2026-000042',
    items: [
      { quantity: 2, unitCents: 5_500, totalCents: 11_000 },
      { quantity: 1, unitCents: 700, totalCents: 700 },
    ],
    discounts: [{ cents: 1_000 }],
    prepaid: [{ cents: 2_000 }],
    totalCents: 8_700,
    vat: { rateBasisPoints: 700, netCents: 10_000, vatCents: 700 },
  });
  const withLine = (line: Partial<InvoiceAmounts['items'][number]>): InvoiceAmounts => {
    const amounts = sound();
    return { ...amounts, items: [amounts.items[0]!, { ...amounts.items[1]!, ...line }] };
  };

  it('passes amounts that hold together, with and without a VAT rate', () => {
    expect(() => checkInvoiceAmounts(sound())).not.toThrow();
    expect(() => checkInvoiceAmounts({ ...sound(), vat: { rateBasisPoints: null } })).not.toThrow();
  });

  it.each<[string, InvoiceAmounts, RegExp]>([
    ['no lines', { ...sound(), items: [], discounts: [], prepaid: [], totalCents: 0 }, /has no lines/],
    ['a line total ≠ quantity × unit price', withLine({ totalCents: 701 }), /line 2: total 701 ≠ 1 × 700/],
    [
      'a line total ≠ quantity × unit price (quantity)',
      withLine({ quantity: 2 }),
      /line 2: total 700 ≠ 2 × 700/,
    ],
    [
      'a quantity of 0',
      withLine({ quantity: 0, totalCents: 0 }),
      /line 2: quantity 0 is not a whole number ≥ 1/,
    ],
    ['a negative quantity', withLine({ quantity: -1, totalCents: -700 }), /line 2: quantity -1 /],
    ['a fractional quantity', withLine({ quantity: 1.5, totalCents: 1_050 }), /line 2: quantity 1.5 /],
    ['a unit price in fractions of a cent', withLine({ unitCents: 700.5 }), /line 2: unit price 700.5 /],
    ['a negative unit price', withLine({ unitCents: -700, totalCents: -700 }), /line 2: unit price -700 /],
    [
      'a line total in fractions of a cent',
      withLine({ totalCents: 700.25 }),
      /line 2: total 700.25 is not whole/,
    ],
    [
      'a discount in fractions of a cent',
      { ...sound(), discounts: [{ cents: 999.5 }] },
      /discount 1: 999.5 /,
    ],
    ['a discount of 0', { ...sound(), discounts: [{ cents: 0 }] }, /discount 1: 0 is not whole cents > 0/],
    ['a negative gift card', { ...sound(), prepaid: [{ cents: -2_000 }] }, /prepaid 1: -2000 /],
    [
      'a total in fractions of a cent',
      { ...sound(), totalCents: 8_700.5 },
      /total 8700.5 is not whole cents/,
    ],
    [
      'discounts larger than the lines',
      { ...sound(), discounts: [{ cents: 12_000 }], prepaid: [], totalCents: -300 },
      /total -300 is not whole cents ≥ 0/,
    ],
    [
      'discounts larger than the lines, paid 0',
      { ...sound(), discounts: [{ cents: 11_700 }, { cents: 1 }], prepaid: [], totalCents: 0 },
      /discounts 11701 exceed the lines 11700/,
    ],
    [
      'lines that do not sum to the total',
      { ...sound(), totalCents: 8_600 },
      /items 11700 − .* 3000 ≠ total 8600/,
    ],
    ['a VAT rate above 100 %', { ...sound(), vat: { ...sound().vat, rateBasisPoints: 10_001 } }, /VAT rate/],
    [
      'net + VAT ≠ gross',
      { ...sound(), vat: { ...sound().vat, vatCents: 701 } },
      /net 10000 \+ VAT 701 ≠ gross 10700/,
    ],
    ['a rate without net and VAT', { ...sound(), vat: { rateBasisPoints: 700 } }, /net NaN and VAT NaN/],
  ])('refuses %s', (_, amounts, message) => {
    expect(() => checkInvoiceAmounts(amounts)).toThrow(InvoiceCheckError);
    expect(() => checkInvoiceAmounts(amounts)).toThrow(message);
  });

  it('names the invoice and the numbers in its message, never the buyer or what was bought', () => {
    const input = invoice({ totalCents: 10_600 });
    let message = '';
    try {
      renderInvoicePdf(input);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invoice DEMO-2026-000042: items 10700/);
    for (const personal of [
      input.buyer.name,
      input.buyer.street!,
      input.buyer.email!,
      input.items[0]!.description,
    ]) {
      expect(message).not.toContain(personal);
    }
  });
});
