import { describe, expect, it } from 'vitest';
import { pdfToBuffer } from './pdf-buffer.ts';
import { decodeQrOnPage, readPdf } from './pdf-inspection.test-support.ts';
import { renderVoucherPdf, type VoucherFormat, type VoucherPdfInput } from './voucher-pdf.ts';

function voucher(overrides: Partial<VoucherPdfInput> = {}): VoucherPdfInput {
  return {
    locale: 'de',
    code: 'K7QM-XR4T-9P2W',
    layout: 'gift',
    message: 'Liebe Anna, alles Gute zum Geburtstag! Genieß die Tage am See.',
    guestName: 'Jürgen Groß',
    offerTitle: '3 Tage Wellness am Tegernsee mit Halbpension',
    hotel: {
      name: "Hôtel Château d'Été",
      street: 'Seestraße 12',
      postcode: '83684',
      city: 'Tegernsee',
      country: 'Deutschland',
      phone: '+49 8022 12345',
      email: 'info@chateau-ete.example',
    },
    nights: 2,
    persons: 3,
    board: 'Halbpension',
    inclusions: [],
    arrivalDays: [],
    minStayNights: null,
    blackoutPeriods: [],
    // 23:30 UTC is already the next day in Munich: the voucher must show the local date.
    validUntil: new Date('2029-11-23T23:30:00Z'),
    issuedAt: new Date('2026-11-24T09:15:00Z'),
    orderId: 4711,
    bookingInstructions: [
      'Rufen Sie das Hotel an und nennen Sie Ihren Wunschtermin sowie den Gutscheincode.',
      'Das Hotel bestätigt Ihre Buchung nach Verfügbarkeit.',
    ],
    brand: {
      name: 'Ferienglück Gutscheine',
      logoPng: null,
      primaryColor: '#0b6e4f',
      supportEmail: 'service@ferienglueck.example',
      supportPhone: '+49 89 1234567-0',
      website: 'ferienglueck.example',
    },
    seller: [
      'Ferienglück Touristik GmbH · Leopoldstraße 8, 80802 München, Deutschland',
      'Registereintrag HRB 234567, Amtsgericht München · USt-IdNr. DE301234567',
    ],
    specimen: false,
    preview: false,
    ...overrides,
  };
}

const render = async (input: VoucherPdfInput, format: VoucherFormat = 'a4') => {
  const pdf = await pdfToBuffer(renderVoucherPdf(input, format));
  return { pdf, ...readPdf(pdf) };
};

describe('voucher PDF', () => {
  it('prints the code, guest, hotel, stay, validity, brand and message on one page, umlauts intact', async () => {
    const { text, pageCount, title, author } = await render(voucher());
    expect(pageCount).toBe(1);
    for (const expected of [
      'K7QM-XR4T-9P2W',
      'Für: Jürgen Groß',
      "Hôtel Château d'Été",
      'Seestraße 12, 83684 Tegernsee, Deutschland',
      '3 Tage Wellness am Tegernsee mit Halbpension',
      '2 Nächte · 3 Personen',
      'Verpflegung: Halbpension',
      'Gültig bis 24.11.2029',
      'Ausgestellt am 24.11.2026 · Bestellnummer 4711',
      'Ferienglück Gutscheine',
      'Liebe Anna, alles Gute zum Geburtstag! Genieß die Tage am See.',
      'Ein Geschenk für Sie',
      '2. Das Hotel bestätigt Ihre Buchung nach Verfügbarkeit.',
      'service@ferienglueck.example',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('MUSTER');
    expect(title).toBe('Hotelgutschein K7QM-XR4T-9P2W');
    expect(author).toBe('Ferienglück Gutscheine');
  });

  it('carries a QR code a scanner reads as exactly the code', async () => {
    const { pdf } = await render(voucher({ code: 'ZX9A-7PQR-2M4K' }));
    expect(decodeQrOnPage(pdf, 0)).toBe('ZX9A-7PQR-2M4K');
  });

  it('marks a sandbox voucher as a specimen in the buyer’s language, and a real one not', async () => {
    const german = await render(voucher({ specimen: true }));
    expect(german.text).toContain('MUSTER – KEIN GÜLTIGER GUTSCHEIN');
    expect(german.title).toContain('MUSTER');
    expect(decodeQrOnPage(german.pdf, 0)).toBe('K7QM-XR4T-9P2W');
    expect((await render(voucher({ locale: 'en', specimen: true }))).text).toContain(
      'SPECIMEN – NOT A VALID VOUCHER',
    );
    expect((await render(voucher({ locale: 'it', specimen: true }))).text).toContain(
      'FAC-SIMILE – BUONO NON VALIDO',
    );
    for (const locale of ['de', 'en', 'it'] as const) {
      const { text } = await render(voucher({ locale }));
      expect(text).not.toMatch(/MUSTER|SPECIMEN|FAC-SIMILE/);
    }
  });

  it('stamps a voucher not printed yet as a preview, without its code or QR code, in every language', async () => {
    for (const [locale, stamp] of [
      ['de', 'VORSCHAU – NOCH KEIN GÜLTIGER GUTSCHEIN'],
      ['en', 'PREVIEW – NOT YET A VALID VOUCHER'],
      ['it', 'ANTEPRIMA – NON ANCORA UN BUONO VALIDO'],
    ] as const) {
      const preview = await render(voucher({ locale, preview: true }));
      expect(preview.text).toContain(stamp);
      expect(preview.title).toContain(stamp);
      expect(preview.text).toContain('XXXX-XXXX-XXXX');
      expect(`${preview.text} ${preview.title}`).not.toContain('K7QM-XR4T-9P2W');
    }
    // A sandbox preview is stamped once, as the preview it is, and has no QR code to scan.
    const sandbox = await render(voucher({ preview: true, specimen: true }));
    expect(sandbox.text).toContain('VORSCHAU');
    expect(sandbox.text).not.toContain('MUSTER');
    expect(decodeQrOnPage(sandbox.pdf, 0)).toBeNull();
  });

  it('speaks English and Italian with their own dates', async () => {
    const english = await render(voucher({ locale: 'en', nights: 1, persons: 1 }));
    expect(english.text).toContain('Valid until 24 November 2029');
    expect(english.text).toContain('1 night · 1 person');
    expect(english.text).toContain('A gift for you');
    const italian = await render(voucher({ locale: 'it' }));
    expect(italian.text).toContain('Valido fino al 24.11.2029');
    expect(italian.text).toContain('2 notti · 3 persone');
    expect(italian.text).toContain('Trattamento: Halbpension');
  });

  it('leaves a line to write the guest’s name on when none is given', async () => {
    const { text } = await render(voucher({ guestName: null }));
    expect(text).toContain('Für: Name des Gastes');
    expect(text).not.toContain('Jürgen');
  });

  it('keeps the plain layout sober but still prints a given message', async () => {
    const { text } = await render(voucher({ layout: 'plain' }));
    expect(text).not.toContain('Ein Geschenk für Sie');
    expect(text).toContain('Genieß die Tage am See.');
    const withoutMessage = await render(voucher({ layout: 'plain', message: null }));
    expect(withoutMessage.text).not.toContain('Persönliche Nachricht');
  });

  it('wraps a 500-character message and a very long hotel name without leaving the page', async () => {
    const message = 'Liebe Oma, vielen Dank für alles – genieß die Auszeit am See! '
      .repeat(10)
      .slice(0, 499)
      .concat('!');
    const hotelName =
      "Hôtel Château d'Été – Romantik- und Wellnesshotel am Schlossberg mit Seeblick, eigenem Bootssteg und Almhütte, Familie Müller-Lüdenscheidt seit 1892";
    const { pdf, text, pageCount } = await render(
      voucher({
        message,
        hotel: { ...voucher().hotel, name: hotelName },
        offerTitle: `${'Traumhafte Wellnesstage am Tegernsee '.repeat(3)}mit Halbpension`,
      }),
    );
    expect(message).toHaveLength(500);
    expect(pageCount).toBe(1);
    expect(text).toContain(message.replace(/\s+/g, ' ').trim());
    // A line may break after the hyphen of "Müller-Lüdenscheidt"; read back, the break is a space.
    const hyphensJoined = (words: string) => words.replace(/- /g, '-');
    expect(hyphensJoined(text)).toContain(hyphensJoined(hotelName));
    expect(text).toContain('Gültig bis 24.11.2029');
    expect(decodeQrOnPage(pdf, 0)).toBe('K7QM-XR4T-9P2W');
  });

  it('fits long booking instructions into the room left, still on one page', async () => {
    const paragraph =
      'Bitte buchen Sie Ihren Aufenthalt direkt beim Hotel und nennen Sie dabei den Gutscheincode. ';
    const { text, pageCount } = await render(
      voucher({ bookingInstructions: Array.from({ length: 8 }, () => paragraph.repeat(4)) }),
    );
    expect(pageCount).toBe(1);
    expect(text).toContain(`1. ${paragraph.repeat(4).trim()}`);
    expect(text).toContain('Ferienglück Gutscheine · ferienglueck.example');
  });

  it('carries what the front desk needs, in full and on one page, even with every block at its longest (issue 24)', async () => {
    const longest = longestVoucher();
    for (const layout of ['gift', 'plain'] as const) {
      const { pdf, text, pageCount, pageSizes } = await render({ ...longest, layout });
      expect(pageCount, layout).toBe(1);
      expect(pageSizes[0]!.width, layout).toBeCloseTo(595.28, 1);
      expect(pageSizes[0]!.height, layout).toBeCloseTo(841.89, 1);
      for (const expected of deskFacts) expect(text, layout).toContain(expected);
      expect(text, layout).not.toContain('…');
      expect(decodeQrOnPage(pdf, 0), layout).toBe('K7QM-XR4T-9P2W');
    }
    // English and Italian say the same.
    const english = (await render({ ...longest, locale: 'en' })).text;
    expect(english).toContain('only on Friday, Saturday and Sunday');
    expect(english).toContain('Easter');
    expect(english).toContain('Sold by: Ferienglück Touristik GmbH');
    const italian = (await render({ ...longest, locale: 'it' })).text;
    expect(italian).toContain('solo venerdì, sabato e domenica');
    expect(italian).toContain('Pasqua');
    expect(italian).toContain('Venduto da: Ferienglück Touristik GmbH');
  });

  it('lays the same voucher out for a phone screen: one narrow page as long as its content, the QR code first', async () => {
    const longest = longestVoucher();
    for (const layout of ['gift', 'plain'] as const) {
      for (const locale of ['de', 'en', 'it'] as const) {
        const { pdf, text, pageCount, pageSizes, pages } = await render(
          { ...longest, layout, locale },
          'phone',
        );
        expect(pageCount, `${layout} ${locale}`).toBe(1);
        const [size] = pageSizes;
        // A phone's viewer fits the width to the screen: a narrow sheet is read at about twice A4's type size.
        expect(size?.width, layout).toBe(300);
        expect(size!.height / size!.width, layout).toBeGreaterThan(2);
        expect(text, `${layout} ${locale}`).not.toContain('…');
        if (locale === 'de') {
          expect(decodeQrOnPage(pdf, 0), layout).toBe('K7QM-XR4T-9P2W');
          for (const expected of deskFacts) expect(text, layout).toContain(expected);
        }
        // The code and its validity come before the hotel, the stay and the terms: on the first screen.
        const page = pages[0]!;
        const code = page.indexOf('K7QM-XR4T-9P2W');
        expect(code, layout).toBeGreaterThan(-1);
        expect(code, layout).toBeLessThan(page.indexOf(longest.hotel.name));
      }
    }
    // The plain, short voucher is short too: its sheet ends where its content does.
    const short = await render(voucher({ layout: 'plain', message: null }), 'phone');
    expect(short.pageSizes[0]!.height).toBeLessThan(
      (await render(longest, 'phone')).pageSizes[0]!.height - 100,
    );
  });

  it('keeps a preview on a phone a preview: stamped, no code, no QR code', async () => {
    const { pdf, text } = await render(voucher({ preview: true }), 'phone');
    expect(text).toContain('VORSCHAU – NOCH KEIN GÜLTIGER GUTSCHEIN');
    expect(text).not.toContain('K7QM-XR4T-9P2W');
    expect(decodeQrOnPage(pdf, 0)).toBeNull();
  });

  it('is the same bytes however often it is rendered: dated by its issue, not by the hour of the download', async () => {
    const first = await pdfToBuffer(renderVoucherPdf(voucher()));
    await new Promise((resolve) => setImmediate(resolve));
    const second = await pdfToBuffer(renderVoucherPdf(voucher()));
    expect(second.equals(first)).toBe(true);
    const phone = () => pdfToBuffer(renderVoucherPdf(voucher(), 'phone'));
    expect((await phone()).equals(await phone())).toBe(true);
  });
});

const board = 'All inclusive: alle Mahlzeiten, Snacks und Getränke';

/** Every block at its longest: the most a voucher ever has to carry. */
function longestVoucher(): VoucherPdfInput {
  const inclusions = [
    { label: 'Begrüßungsgetränk', quantity: 1, per: 'person' },
    { label: 'Eintritt in den Wellnessbereich', quantity: 1, per: 'night' },
    { label: 'Teilkörpermassage (25 Min.)', quantity: 1, per: 'person' },
    { label: 'Candle-Light-Dinner (4 Gänge)', quantity: 1, per: 'stay' },
    { label: 'Greenfee', quantity: 2, per: 'person' },
    { label: 'Parkplatz am Hotel', quantity: 1, per: 'night' },
  ] as const;
  const blackoutPeriods = [2027, 2028, 2029].flatMap((year) => [
    { from: `${year}-03-28`, to: `${year}-04-02`, reason: 'easter' as const },
    { from: `${year}-07-15`, to: `${year}-08-31`, reason: 'peak-season' as const },
    { from: `${year}-12-23`, to: `${year + 1}-01-06`, reason: 'christmas-new-year' as const },
  ]);
  return voucher({
    message: 'Alles Liebe zum Hochzeitstag – genießt die Tage in den Bergen! '.repeat(8).slice(0, 500),
    offerTitle: '4–7 Nächte Wellness und Kulinarik in Südtirol mit All inclusive und Teilkörpermassage',
    board,
    inclusions: [...inclusions],
    arrivalDays: [5, 6, 7],
    minStayNights: 2,
    blackoutPeriods,
  });
}

/** What the desk reads off the longest voucher (German). */
const deskFacts = [
  'Tel. +49 8022 12345',
  'E-Mail info@chateau-ete.example',
  `Verpflegung: ${board}`,
  'Begrüßungsgetränk (pro Person)',
  'Eintritt in den Wellnessbereich (täglich)',
  'Teilkörpermassage (25 Min.) (pro Person)',
  'Candle-Light-Dinner (4 Gänge) (einmal pro Aufenthalt)',
  '2 × Greenfee (pro Person)',
  'Parkplatz am Hotel (täglich)',
  'nur Freitag, Samstag und Sonntag',
  'mindestens 2 Nächten',
  '28.03.2027 – 02.04.2027 (Ostern)',
  '23.12.2029 – 06.01.2030 (Weihnachten und Neujahr)',
  'Verkauft von: Ferienglück Touristik GmbH · Leopoldstraße 8, 80802 München, Deutschland',
  'Registereintrag HRB 234567, Amtsgericht München · USt-IdNr. DE301234567',
  'Fragen zum Gutschein? service@ferienglueck.example · +49 89 1234567-0',
  'Jürgen Groß',
];
