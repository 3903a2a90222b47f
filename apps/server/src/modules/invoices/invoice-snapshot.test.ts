import { describe, expect, it } from 'vitest';
import { InvoiceCheckError } from '#src/modules/documents/invoice-pdf.ts';
import {
  type BrandConfig,
  buildInvoiceSnapshot,
  checkInvoiceSnapshot,
  type InvoiceFacts,
  type InvoiceSnapshot,
  invoicePdfInput,
  parseInvoiceSnapshot,
  soundInvoiceSnapshot,
} from './invoice-snapshot.ts';

const facts = (overrides: Partial<InvoiceFacts> = {}): InvoiceFacts => ({
  order_id: 4711,
  brand_id: 1,
  brand_short: 'demo',
  locale: 'it',
  currency: 'EUR',
  payment_type: 'paypal',
  customer_data: {
    firstName: 'Jürgen',
    lastName: 'Groß',
    street: 'Hauptstraße',
    houseNumber: '5',
    postcode: '10115',
    city: 'Berlin',
    country: 'DE',
    email: 'juergen@example.com',
  },
  // 2 × 55,00 + 7,00 − 10,00 (code) − 20,00 (gift card) = 87,00 paid.
  subtotal_cents: 11_700,
  discount_cents: 1_000,
  prepaid_cents: 2_000,
  total_cents: 8_700,
  paid_at: new Date('2026-11-23T18:00:00Z'),
  now: new Date('2026-11-23T18:00:01Z'),
  lines: [
    {
      quantity: 2,
      unit_price_cents: 5_500,
      title: { de: 'Wellness am See', en: 'Spa by the lake' },
      hotel_name: 'Hotel Seeblick',
    },
    { quantity: 1, unit_price_cents: 700, title: { de: 'Frühstück' }, hotel_name: 'Hotel Seeblick' },
  ],
  reduction: { code: 'HERBST10', name: { de: 'Herbstaktion', en: 'Autumn deal', it: 'Autunno' } },
  gift_card_cents: [2_000, 0],
  ...overrides,
});

const config = (overrides: Partial<BrandConfig> = {}): BrandConfig =>
  ({
    short: 'demo',
    storeName: 'Ferienglück Gutscheine',
    logo: { url: '/assets/brands/demo/logo.svg', alt: 'Logo', width: 200, height: 48 },
    colors: { primary: '#0b6e4f', primaryContrast: '#fff', accent: '#f90', accentContrast: '#000' },
    supportMail: 'service@ferienglueck.example',
    supportPhone: '+49 89 1234567-0',
    legal: {
      name: 'Ferienglück Touristik GmbH',
      street: 'Leopoldstraße 8',
      postcode: '80802',
      city: 'München',
      country: 'DE',
      vatId: 'DE301234567',
      taxNumber: null,
      register: 'HRB 234567, Amtsgericht München',
      managingDirectors: 'Anna Berger',
    },
    voucherVat: {
      rateBasisPoints: 700,
      note: { de: 'Enthält 7 % USt.', en: 'Includes 7% VAT.', it: 'IVA 7% inclusa.' },
    },
    ...overrides,
  }) as BrandConfig;

const build = (overrides: { facts?: Partial<InvoiceFacts>; config?: Partial<BrandConfig> } = {}) =>
  buildInvoiceSnapshot({
    facts: facts(overrides.facts),
    config: config(overrides.config),
    invoiceNumber: 'DEMO-2026-000042',
    issuedAt: new Date('2026-11-23T18:00:01Z'),
    origin: 'issue',
  });

describe('the invoice snapshot', () => {
  it('holds seller, buyer, lines, deductions, totals and the VAT treatment as they are at issue', () => {
    const snapshot = soundInvoiceSnapshot(build(), 'DEMO-2026-000042');
    expect(snapshot).toMatchObject({
      version: 1,
      origin: 'issue',
      invoiceNumber: 'DEMO-2026-000042',
      orderId: 4711,
      issuedAt: '2026-11-23T18:00:01.000Z',
      suppliedAt: '2026-11-23T18:00:00.000Z',
      currency: 'EUR',
      seller: {
        name: 'Ferienglück Touristik GmbH',
        vatId: 'DE301234567',
        email: 'service@ferienglueck.example',
      },
      buyer: {
        name: 'Jürgen Groß',
        street: 'Hauptstraße 5',
        postcode: '10115',
        city: 'Berlin',
        country: 'DE',
      },
      discounts: [
        { description: { de: 'Herbstaktion (HERBST10)', en: 'Autumn deal (HERBST10)' }, cents: 1_000 },
      ],
      prepaid: [{ description: { de: 'Geschenkgutschein' }, cents: 2_000 }],
      totals: {
        subtotalCents: 11_700,
        discountCents: 1_000,
        grossCents: 10_700,
        netCents: 10_000,
        vatCents: 700,
        prepaidCents: 2_000,
        totalCents: 8_700,
      },
      vat: { rateBasisPoints: 700, rateText: { de: '7 %', en: '7%' }, note: { it: 'IVA 7% inclusa.' } },
      payment: { type: 'paypal', label: { en: 'PayPal' } },
    });
    expect(snapshot.lines).toEqual([
      {
        description: {
          de: 'Wellness am See – Hotel Seeblick',
          en: 'Spa by the lake – Hotel Seeblick',
          // Italian falls back to English, then German, as everywhere in the shop.
          it: 'Spa by the lake – Hotel Seeblick',
        },
        quantity: 2,
        unitCents: 5_500,
        totalCents: 11_000,
      },
      {
        description: {
          de: 'Frühstück – Hotel Seeblick',
          en: 'Frühstück – Hotel Seeblick',
          it: 'Frühstück – Hotel Seeblick',
        },
        quantity: 1,
        unitCents: 700,
        totalCents: 700,
      },
    ]);
    // What is stored is plain JSON: it reads back as the same snapshot.
    expect(parseInvoiceSnapshot(JSON.parse(JSON.stringify(snapshot)), 'x')).toEqual(snapshot);
  });

  it('keeps no VAT amounts for a multi-purpose voucher, only the note', () => {
    const snapshot = soundInvoiceSnapshot(
      build({
        config: {
          voucherVat: { rateBasisPoints: null, note: { de: 'Mehrzweck', en: 'MPV', it: 'Multiuso' } },
        },
      }),
      'DEMO-2026-000042',
    );
    expect(snapshot.totals).toMatchObject({ netCents: null, vatCents: null });
    expect(snapshot.vat).toEqual({
      rateBasisPoints: null,
      rateText: null,
      note: { de: 'Mehrzweck', en: 'MPV', it: 'Multiuso' },
    });
  });

  it('is refused without the brand’s company data (decision 015)', () => {
    expect(() => build({ config: { legal: undefined } })).toThrow(/brand demo has no company data/);
    expect(() => build({ config: { voucherVat: undefined } })).toThrow(/brand demo has no company data/);
  });

  it('renders in the language it was issued in (the order’s) from the snapshot alone', () => {
    const snapshot = build();
    expect(snapshot.locale).toBe('it');
    // The order's language as stored today counts only for snapshots taken before the language was.
    const input = invoicePdfInput(snapshot, { orderLocale: 'de', logoPng: null, specimen: false });
    const { locale: _, ...older } = snapshot;
    expect(invoicePdfInput(older, { orderLocale: 'de', logoPng: null, specimen: false }).locale).toBe('de');
    expect(input).toMatchObject({
      locale: 'it',
      invoiceNumber: 'DEMO-2026-000042',
      seller: snapshot.seller,
      buyer: snapshot.buyer,
      items: [
        {
          description: 'Spa by the lake – Hotel Seeblick',
          quantity: 2,
          unitCents: 5_500,
          totalCents: 11_000,
        },
        {},
      ],
      discounts: [{ description: 'Autunno (HERBST10)', cents: 1_000 }],
      prepaid: [{ description: 'Carta regalo', cents: 2_000 }],
      totalCents: 8_700,
      vat: { rateBasisPoints: 700, rateText: '7%', netCents: 10_000, vatCents: 700, note: 'IVA 7% inclusa.' },
      paymentMethod: 'PayPal',
      brand: { name: 'Ferienglück Gutscheine', primaryColor: '#0b6e4f' },
    });
  });
});

describe('the snapshot checks', () => {
  const changed = (change: (snapshot: InvoiceSnapshot) => void) => {
    const snapshot = structuredClone(build());
    change(snapshot);
    return snapshot;
  };

  it('pass a snapshot built from an order that adds up', () => {
    expect(() => checkInvoiceSnapshot(build())).not.toThrow();
  });

  it.each<[string, (snapshot: InvoiceSnapshot) => void, RegExp]>([
    [
      'an empty seller name',
      (s) => {
        s.seller.name = ' ';
      },
      /the seller's name is empty/,
    ],
    [
      'an empty VAT id',
      (s) => {
        s.seller.vatId = '';
      },
      /the seller's vatId is empty/,
    ],
    [
      'a line without description in a language',
      (s) => {
        s.lines[0]!.description.it = '';
      },
      /line 1 has no description in it/,
    ],
    [
      'a line total ≠ quantity × unit price',
      (s) => {
        s.lines[1]!.totalCents = 800;
      },
      /line 2: total 800 ≠ 1 × 700/,
    ],
    [
      'a fractional quantity',
      (s) => {
        s.lines[0]!.quantity = 2.5;
      },
      /line 1: quantity 2.5/,
    ],
    [
      'a subtotal that is not the lines’ sum',
      (s) => {
        s.totals.subtotalCents = 11_600;
      },
      /subtotal 11600 ≠ the lines' 11700/,
    ],
    [
      'a discount total unlike its lines',
      (s) => {
        s.totals.discountCents = 900;
      },
      /discount 900 ≠ the discount lines' 1000/,
    ],
    [
      'a prepaid total unlike its lines',
      (s) => {
        s.totals.prepaidCents = 1_000;
      },
      /prepaid 1000 ≠ the prepaid lines' 2000/,
    ],
    [
      'a gross ≠ subtotal − discount',
      (s) => {
        s.totals.grossCents = 10_800;
      },
      /gross 10800 ≠ subtotal 11700 − discount 1000/,
    ],
    [
      'a paid total ≠ lines − deductions',
      (s) => {
        s.totals.totalCents = 8_800;
      },
      /items 11700 − discounts and prepaid 3000 ≠ total 8800/,
    ],
    [
      'net + VAT ≠ gross',
      (s) => {
        s.totals.vatCents = 600;
      },
      /net 10000 \+ VAT 600 ≠ gross 10700/,
    ],
    [
      'VAT amounts without a rate',
      (s) => {
        s.vat = { ...s.vat, rateBasisPoints: null };
      },
      /net, VAT and rate text must be there exactly when a VAT rate is/,
    ],
  ])('refuse %s', (_, change, message) => {
    const snapshot = changed(change);
    expect(() => checkInvoiceSnapshot(snapshot)).toThrow(InvoiceCheckError);
    expect(() => checkInvoiceSnapshot(snapshot)).toThrow(message);
  });

  it('refuse a stored snapshot of the wrong shape, naming where but not what (it may be the buyer’s)', () => {
    const stored = JSON.parse(JSON.stringify(build()));
    stored.buyer.name = { first: 'Jürgen' };
    stored.currency = 'USD';
    delete stored.totals.totalCents;
    expect(() => parseInvoiceSnapshot(stored, 'DEMO-2026-000042')).toThrow(
      /^Invoice DEMO-2026-000042: stored snapshot is malformed at currency, buyer.name, totals.totalCents$/,
    );
    try {
      parseInvoiceSnapshot(stored, 'DEMO-2026-000042');
    } catch (error) {
      expect((error as Error).message).not.toMatch(/Jürgen|USD/);
    }
    expect(() => parseInvoiceSnapshot(null, 'DEMO-2026-000042')).toThrow(/malformed at \(root\)/);
  });
});
