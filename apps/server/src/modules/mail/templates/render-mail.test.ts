import { type Locale, locales } from '@shop/contracts/locale';
import { formatPrice } from '@shop/contracts/money';
import { beforeAll, describe, expect, it } from 'vitest';
import { testBrand, visibleHtml } from './mail-test-support.ts';
import {
  type MailMessage,
  type MailOrder,
  type RenderedMail,
  renderMail,
  type WireTransferDetails,
} from './render-mail.ts';

const brand = testBrand;

const order: MailOrder = {
  id: 4711,
  customerName: 'Anna Müller',
  items: [
    { title: 'Wellness in Tirol', hotelName: 'Hotel Alpenrose', quantity: 2, totalCents: 59_800 },
    { title: 'Städtetrip Wien', hotelName: 'Hotel Kaiserhof Wien', quantity: 1, totalCents: 70_100 },
  ],
  discount: { name: 'Willkommensrabatt', code: 'WILLKOMMEN10', cents: 10_000 },
  prepaidCents: 0,
  totalCents: 119_900,
  orderUrl: 'https://autoclub.example/bestellung/4711?key=k3y',
};

const wireTransfer: WireTransferDetails = {
  accountHolder: 'Autoclub Reisewelt GmbH',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  bank: 'Commerzbank',
  reference: 'AR-4711-XK7',
  amountCents: 119_900,
  dueDate: '2026-03-14',
  qrImageCid: 'girocode@shop',
};

const voucherLinks = [
  { code: 'AR7K-22QX', url: 'https://autoclub.example/view/4711/k3y#voucher-1' },
  { code: 'AR9M-31ZP', url: 'https://autoclub.example/view/4711/k3y#voucher-2' },
];
const invoiceUrl = 'https://autoclub.example/rechnung/4711.pdf?key=k3y&download=1';

const legal = {
  pages: [
    { title: 'AGB', url: 'https://autoclub.example/agb' },
    { title: 'Widerrufsbelehrung', url: 'https://autoclub.example/widerruf' },
    { title: 'Muster-Widerrufsformular', url: 'https://autoclub.example/widerrufsformular' },
  ],
  attachment: 'AGB-und-Widerrufsbelehrung.pdf',
};

const messages: Record<MailMessage['kind'], MailMessage> = {
  'order-received': { kind: 'order-received', order, wireTransfer, legal },
  'payment-received': {
    kind: 'payment-received',
    order,
    voucherCount: 2,
    invoiceUrl,
    voucherLinks,
    legal: null,
  },
  'transfer-reminder': { kind: 'transfer-reminder', order, wireTransfer },
  'transfer-expired': { kind: 'transfer-expired', order },
};
const kinds = Object.keys(messages) as MailMessage['kind'][];

const dueDates: Record<Locale, string> = { de: '14.03.2026', en: '14 March 2026', it: '14.03.2026' };

describe.each(locales)('renderMail in %s', (locale) => {
  describe.each(kinds)('%s', (kind) => {
    let mail: RenderedMail;
    beforeAll(async () => {
      mail = await renderMail(messages[kind], brand, locale);
    });

    it('carries the brand, the order number and the total in subject, HTML and text', () => {
      expect(mail.subject).toContain('Autoclub Reisewelt');
      expect(mail.subject).toContain('4711');
      expect(mail.html).toContain(`<html dir="ltr" lang="${locale}">`);
      for (const part of [mail.html, mail.text]) {
        expect(part).toContain('Autoclub Reisewelt');
        expect(part).toContain('4711');
        expect(part).toContain(formatPrice(order.totalCents, locale));
      }
    });

    it("names each voucher line's hotel and the discount with its code and amount", () => {
      for (const part of [visibleHtml(mail.html), mail.text]) {
        expect(part).toContain('Hotel Alpenrose');
        expect(part).toContain('Hotel Kaiserhof Wien');
        expect(part).toContain('Willkommensrabatt');
        expect(part).toContain('WILLKOMMEN10');
        expect(part).toContain(`−${formatPrice(10_000, locale)}`);
      }
    });

    it('leaks no placeholder, function or missing value', () => {
      for (const part of [mail.subject, mail.html, mail.text]) {
        expect(part).not.toMatch(/\b(?:undefined|NaN|null)\b|\[object |=>|\{\w+\}/);
      }
      // Each mail names its brand company (as its config does) and support contacts in the footer.
      expect(mail.text).toContain('Autoclub Reisewelt GmbH');
      expect(mail.text).toContain('Hansastraße 19, 80686 München');
      expect(mail.text).toContain('HRB 123456, Amtsgericht München');
      expect(mail.text).toContain('DE812345671');
      expect(mail.text).toContain('hilfe@autoclub.example');
      expect(mail.text).toContain('+49 89 123 456-0');
    });
  });

  it.each(['order-received', 'transfer-reminder'] as const)(
    '%s gives the bank details, the due date and the GiroCode',
    async (kind) => {
      const mail = await renderMail(messages[kind], brand, locale);
      for (const part of [mail.html, mail.text]) {
        expect(part).toContain('DE89 3704 0044 0532 0130 00');
        expect(part).toContain('COBADEFFXXX');
        expect(part).toContain('Commerzbank');
        expect(part).toContain('AR-4711-XK7');
        expect(part).toContain(formatPrice(119_900, locale));
        expect(part).toContain(dueDates[locale]);
      }
      expect(mail.html).toMatch(/<img alt="[^"]*GiroCode[^"]*"[^>]* src="cid:girocode@shop"/);
    },
  );

  it('order-received states the right of withdrawal, where to send it, the attachment and the legal pages', async () => {
    const withdrawal: Record<Locale, RegExp> = {
      de: /binnen vierzehn Tagen ab Vertragsschluss ohne Angabe von Gründen widerrufen/,
      en: /withdraw from this contract within fourteen days of the conclusion of the contract/,
      it: /recedere da questo contratto entro quattordici giorni dalla conclusione del contratto/,
    };
    const mail = await renderMail(messages['order-received'], brand, locale);
    const other = await renderMail(messages['payment-received'], brand, locale);
    for (const part of [visibleHtml(mail.html), mail.text]) {
      expect(part).toMatch(withdrawal[locale]);
      expect(part).toContain('hilfe@autoclub.example');
      expect(part).toContain('AGB-und-Widerrufsbelehrung.pdf');
      expect(part).toContain('Muster-Widerrufsformular');
    }
    expect(mail.html).toContain('href="https://autoclub.example/widerrufsformular"');
    expect(other.text).not.toMatch(withdrawal[locale]);
  });

  it('leaves the QR image out when no GiroCode is attached', async () => {
    const message: MailMessage = {
      kind: 'transfer-reminder',
      order,
      wireTransfer: { ...wireTransfer, qrImageCid: null },
    };
    const mail = await renderMail(message, brand, locale);
    expect(mail.html).not.toContain('cid:');
    expect(mail.html).not.toContain('GiroCode');
    expect(mail.text).toContain('DE89 3704 0044 0532 0130 00');
  });

  it('links every voucher, the invoice and the order page in both parts', async () => {
    const mail = await renderMail(messages['payment-received'], brand, locale);
    for (const url of [...voucherLinks.map((voucher) => voucher.url), invoiceUrl, order.orderUrl]) {
      expect(visibleHtml(mail.html)).toContain(`href="${url}"`);
      expect(mail.text).toContain(url);
    }
    for (const voucher of voucherLinks) expect(mail.text).toContain(voucher.code);
  });
});

describe('renderMail texts', () => {
  it.each([
    ['de', 'Link zu Ihrer Bestellung', '„Meine Bestellungen“'],
    ['en', 'Link to your order', '“My orders”'],
    ['it', 'Link al tuo ordine', '«I miei ordini»'],
  ] as const)(
    'writes the order link out in %s where a claim needs it: in the order and the payment mail',
    async (locale, label, where) => {
      for (const kind of ['order-received', 'payment-received'] as const) {
        const mail = await renderMail(messages[kind], brand, locale);
        expect(mail.text, kind).toMatch(
          new RegExp(`${label}:\\s+${order.orderUrl.replace(/[.?]/g, '\\$&')}`),
        );
        expect(mail.text, kind).toContain(where);
      }
    },
  );

  it('writes German by default, formally, with the brand and order in the subject', async () => {
    const mail = await renderMail(messages['order-received'], brand, 'de');
    expect(mail.subject).toBe('Ihre Bestellung 4711 bei Autoclub Reisewelt');
    expect(mail.text).toContain('Guten Tag Anna Müller,');
    expect(mail.text).toContain('Bitte überweisen Sie den Betrag bis zum 14.03.2026');
  });

  it('speaks the language of the order', async () => {
    const english = await renderMail(messages['transfer-expired'], brand, 'en');
    const italian = await renderMail(messages['transfer-expired'], brand, 'it');
    expect(english.subject).toBe('Your order 4711 at Autoclub Reisewelt has been cancelled');
    expect(italian.subject).toBe('Il tuo ordine 4711 su Autoclub Reisewelt è stato annullato');
    expect(english.text).toContain('released the reserved vouchers');
    expect(italian.text).toContain('liberato i voucher riservati');
    for (const mail of [english, italian]) expect(mail.text).not.toMatch(/Bestellung|Gutschein/);
  });

  it.each([
    ['de', /ausgedruckt werden/, /Namen des Gastes eintragen, solange der Gutschein noch nicht gedruckt ist/],
    ['en', /can be printed/, /enter the guest’s name until the voucher is printed/],
    ['it', /puoi stamparli/, /inserire il nome dell’ospite finché il voucher non è stato stampato/],
  ] as const)(
    'tells in %s that the vouchers are ready to print and names can be entered until then',
    async (locale, ready, guestName) => {
      const mail = await renderMail(messages['payment-received'], brand, locale);
      expect(mail.text).toMatch(ready);
      expect(mail.text).toMatch(guestName);
    },
  );

  it('speaks of a single voucher in the singular', async () => {
    const message: MailMessage = {
      kind: 'payment-received',
      order,
      voucherCount: 1,
      invoiceUrl: null,
      voucherLinks: voucherLinks.slice(0, 1),
      legal: null,
    };
    const mail = await renderMail(message, brand, 'de');
    expect(mail.text).toContain('Ihr Gutschein ist fertig');
    expect(mail.text).toContain('Gutschein ansehen und drucken');
  });

  it('shows what gift cards paid of the total and the rest, and no discount line without a discount', async () => {
    const message: MailMessage = {
      kind: 'order-received',
      order: { ...order, discount: null, totalCents: 129_900, prepaidCents: 20_000 },
      wireTransfer: { ...wireTransfer, amountCents: 109_900 },
      legal: null,
    };
    const mail = await renderMail(message, brand, 'en');
    expect(mail.text).not.toContain('Discount');
    expect(mail.text).toMatch(/Total\s+€ 1,299\.00/);
    expect(mail.text).toMatch(/Paid with gift card or credit\s+−€ 200\.00/);
    expect(mail.text).toMatch(/Payment amount\s+€ 1,099\.00/);
  });

  it('keeps umlauts as they are in subject, HTML and text', async () => {
    const message: MailMessage = {
      kind: 'transfer-expired',
      order: { ...order, customerName: 'Jürgen Größe-Äßler' },
    };
    const mail = await renderMail(message, { ...brand, name: 'Bücherstube Reisen' }, 'de');
    expect(mail.subject).toBe('Ihre Bestellung 4711 bei Bücherstube Reisen wurde storniert');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Jürgen Größe-Äßler');
      expect(part).toContain('Städtetrip Wien');
      expect(part).toContain('Herzliche Grüße');
    }
  });
});

describe('renderMail safety', () => {
  it('escapes markup in names and titles', async () => {
    const script = '<script>alert(1)</script>';
    const message: MailMessage = {
      kind: 'order-received',
      order: {
        ...order,
        customerName: script,
        items: [
          { title: `<img src=x onerror=alert(2)>`, hotelName: '<i>Hotel</i>', quantity: 1, totalCents: 100 },
        ],
      },
      wireTransfer: { ...wireTransfer, reference: '"><b>4711</b>' },
      legal: null,
    };
    const mail = await renderMail(message, brand, 'de');
    expect(mail.html).not.toContain('<script');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).not.toContain('<i>Hotel');
    expect(mail.html).not.toContain('<b>4711');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.text).toContain(`Guten Tag ${script},`);
  });

  it('falls back to neutral colours when a brand colour is not a plain hex colour', async () => {
    const hostile = {
      ...brand,
      colors: { primary: 'red;background-image:url(https://evil.example/x)', primaryContrast: '#fff' },
    };
    const mail = await renderMail(messages['transfer-expired'], hostile, 'de');
    expect(mail.html).not.toContain('evil.example');
    expect(mail.html).toContain('background-color:#1f2937');
  });

  it('refuses amounts that are not integer cents and dates that do not exist', async () => {
    const halfCent: MailMessage = { kind: 'transfer-expired', order: { ...order, totalCents: 1299.5 } };
    const noSuchDay: MailMessage = {
      kind: 'transfer-reminder',
      order,
      wireTransfer: { ...wireTransfer, dueDate: '2026-02-30' },
    };
    await expect(renderMail(halfCent, brand, 'de')).rejects.toThrow(/integer cents/);
    await expect(renderMail(noSuchDay, brand, 'de')).rejects.toThrow(/calendar date/);
  });
});

describe('renderMail branding', () => {
  it('shows the logo with the brand name as alt text, and the name as text without one', async () => {
    const withLogo = await renderMail(
      messages['transfer-expired'],
      { ...brand, logoUrl: 'https://cdn.autoclub.example/logo.png' },
      'en',
    );
    const withoutLogo = await renderMail(messages['transfer-expired'], brand, 'en');
    expect(withLogo.html).toMatch(
      /<img alt="Autoclub Reisewelt"[^>]* src="https:\/\/cdn\.autoclub\.example\/logo\.png"/,
    );
    expect(withoutLogo.html).not.toContain('<img');
    expect(withoutLogo.html).toMatch(/<p style="[^"]*color:#ffffff[^"]*">Autoclub Reisewelt<\/p>/);
  });

  it('puts the brand colours on the button and links the shop from the cancellation', async () => {
    const mail = await renderMail(messages['transfer-expired'], brand, 'en');
    expect(mail.html).toMatch(
      /<a href="https:\/\/autoclub\.example"[^>]*background-color:#003366;color:#ffffff/,
    );
    expect(mail.text).toContain('Visit the shop https://autoclub.example');
  });

  it('leaves out the contact lines a brand does not have', async () => {
    const mail = await renderMail(
      messages['transfer-expired'],
      { ...brand, supportEmail: null, supportPhone: null },
      'de',
    );
    expect(mail.html).not.toContain('mailto:');
    expect(mail.html).not.toContain('tel:');
    expect(mail.text).not.toContain('Wir helfen Ihnen gern');
    expect(mail.text).toContain('Autoclub Reisewelt GmbH');
  });
});
