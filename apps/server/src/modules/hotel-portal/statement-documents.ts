/**
 * The hotel's statement as a document: a PDF to file (A4, one line per redemption, the total, "paid" once
 * it is) and a CSV for the operator's accounting. Both in the reader's language; pure: data in, bytes out.
 */
import type { HotelStatement } from '@shop/contracts/hotel-portal';
import type { Locale } from '@shop/contracts/locale';
import { csvAmount, csvLine } from '#src/modules/admin/csv.ts';
import { drawBrandMark } from '#src/modules/documents/brand-mark.ts';
import { formatCents, formatDocumentDate } from '#src/modules/documents/document-texts.ts';
import { createPdfDocument, fontBold, fontRegular } from '#src/modules/documents/pdf-document.ts';

const texts = {
  de: {
    title: 'Abrechnung eingelöster Gutscheine',
    month: 'Monat',
    hotel: 'Hotel',
    columns: ['Eingelöst', 'Code', 'Gast', 'Aufenthalt', 'Buchungsnr.', 'Nettopreis'],
    csvColumns: [
      'Eingelöst am',
      'Code',
      'Gast',
      'Angebot',
      'Anreise',
      'Abreise',
      'Buchungsnummer',
      'Nettopreis (EUR)',
    ],
    total: 'Summe',
    noRate: 'kein Nettopreis',
    none: 'In diesem Monat wurden keine Gutscheine eingelöst.',
    open: 'Noch nicht bezahlt.',
    openMonth: 'Der Monat läuft noch: diese Abrechnung kann sich noch ändern.',
    paid: (date: string, total: string) => `Bezahlt am ${date}: ${total}.`,
  },
  en: {
    title: 'Statement of redeemed vouchers',
    month: 'Month',
    hotel: 'Hotel',
    columns: ['Redeemed', 'Code', 'Guest', 'Stay', 'Booking ref.', 'Net rate'],
    csvColumns: [
      'Redeemed on',
      'Code',
      'Guest',
      'Offer',
      'Arrival',
      'Departure',
      'Booking reference',
      'Net rate (EUR)',
    ],
    total: 'Total',
    noRate: 'no net rate',
    none: 'No vouchers were redeemed this month.',
    open: 'Not paid yet.',
    openMonth: 'The month is still running: this statement may still change.',
    paid: (date: string, total: string) => `Paid on ${date}: ${total}.`,
  },
  it: {
    title: 'Conteggio dei buoni riscattati',
    month: 'Mese',
    hotel: 'Hotel',
    columns: ['Riscattato', 'Codice', 'Ospite', 'Soggiorno', 'N. prenot.', 'Tariffa netta'],
    csvColumns: [
      'Riscattato il',
      'Codice',
      'Ospite',
      'Offerta',
      'Arrivo',
      'Partenza',
      'Numero di prenotazione',
      'Tariffa netta (EUR)',
    ],
    total: 'Totale',
    noRate: 'nessuna tariffa netta',
    none: 'In questo mese non sono stati riscattati buoni.',
    open: 'Non ancora pagato.',
    openMonth: 'Il mese è ancora in corso: questo conteggio può ancora cambiare.',
    paid: (date: string, total: string) => `Pagato il ${date}: ${total}.`,
  },
} satisfies Record<Locale, unknown>;

const berlinDays = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' });
/** `YYYY-MM-DD` of a time in the shop's zone: a redemption at 00:30 on 1 March is March's. */
export const berlinDay = (iso: string) => berlinDays.format(new Date(iso));

const day = (iso: string, locale: Locale) => formatDocumentDate(new Date(iso), locale);
/** `YYYY-MM-DD` as the reader writes a date (the stay's days have no time zone). */
const calendarDay = (value: string, locale: Locale) =>
  formatDocumentDate(new Date(`${value}T12:00:00Z`), locale);

export function statementCsv(statement: HotelStatement, locale: Locale): string {
  const t = texts[locale];
  return (
    csvLine(t.csvColumns) +
    statement.lines
      .map((line) =>
        csvLine([
          berlinDay(line.redeemedAt),
          line.code,
          line.guestName,
          line.offerTitle,
          line.arrival,
          line.departure,
          line.bookingReference,
          line.netRateCents === null ? null : csvAmount(line.netRateCents, locale),
        ]),
      )
      .join('') +
    csvLine([t.total, null, null, null, null, null, null, csvAmount(statement.totalCents, locale)])
  );
}

export function renderStatementPdf(
  statement: HotelStatement,
  locale: Locale,
  seller: { name: string; logoPng: Buffer | null; footer: string[] },
  issuedAt: Date,
): PDFKit.PDFDocument {
  const t = texts[locale];
  const margin = 45;
  const doc = createPdfDocument({
    locale,
    createdAt: issuedAt,
    title: `${t.title} ${statement.hotel.name} ${statement.month}`,
    author: seller.name,
    subject: t.title,
    margins: { top: margin, bottom: margin, left: margin, right: margin },
  });
  const width = doc.page.width - 2 * margin;
  // Who issues it, top right (the logo, else the name), as on the shop's invoices.
  const mark = { width: 150, height: 40 };
  drawBrandMark(
    doc,
    seller,
    { x: margin + width - mark.width, y: margin - 5, ...mark },
    { colour: [51, 51, 51], largest: 14, smallest: 9 },
  );
  doc.fillColor('#000000');
  doc
    .font(fontBold)
    .fontSize(16)
    .text(t.title, margin, margin, { width: width - mark.width - 10 });
  doc.moveDown(0.5).font(fontRegular).fontSize(10);
  // Below the logo: a long hotel name runs the full width.
  doc.y = Math.max(doc.y, margin + mark.height);
  doc.text(`${t.hotel}: ${statement.hotel.name}`);
  doc.text(`${t.month}: ${statement.month}`);
  doc.moveDown(0.5);
  doc.text(
    statement.paid
      ? t.paid(day(statement.paid.at, locale), formatCents(statement.paid.totalCents, locale))
      : statement.isClosed
        ? t.open
        : t.openMonth,
  );
  doc.moveDown();

  // The columns: when, code, guest, stay, booking reference, net rate (right-aligned).
  const widths = [62, 92, 110, 110, 70, width - 444];
  const row = (cells: string[], font: string) => {
    doc.font(font).fontSize(8.5);
    const heights = cells.map((cell, index) =>
      doc.heightOfString(cell, { width: (widths[index] ?? 60) - 6 }),
    );
    const height = Math.max(...heights) + 4;
    if (doc.y + height > doc.page.height - margin - 40) doc.addPage();
    const top = doc.y;
    let x = margin;
    cells.forEach((cell, index) => {
      const cellWidth = widths[index] ?? 60;
      doc.text(cell, x, top, { width: cellWidth - 6, align: index === cells.length - 1 ? 'right' : 'left' });
      x += cellWidth;
    });
    doc.y = top + height;
    doc
      .moveTo(margin, doc.y - 2)
      .lineTo(margin + width, doc.y - 2)
      .lineWidth(0.3)
      .stroke('#b0b4bc');
  };
  row(t.columns, fontBold);
  if (statement.lines.length === 0) {
    doc
      .font(fontRegular)
      .fontSize(10)
      .text(t.none, margin, doc.y + 4, { width });
  }
  for (const line of statement.lines) {
    row(
      [
        day(line.redeemedAt, locale),
        line.code,
        line.guestName ?? '–',
        `${calendarDay(line.arrival, locale)} – ${calendarDay(line.departure, locale)}`,
        line.bookingReference ?? '–',
        line.netRateCents === null ? t.noRate : formatCents(line.netRateCents, locale),
      ],
      fontRegular,
    );
  }
  doc.moveDown(0.5);
  doc
    .font(fontBold)
    .fontSize(11)
    .text(`${t.total}: ${formatCents(statement.totalCents, locale)}`, margin, doc.y, {
      width,
      align: 'right',
    });
  doc.font(fontRegular).fontSize(8).fillColor('#5f6368');
  doc.text(seller.footer.join(' · '), margin, doc.page.height - margin - 20, { width, align: 'center' });
  doc.end();
  return doc;
}
