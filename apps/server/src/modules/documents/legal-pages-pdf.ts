/**
 * The terms, the withdrawal information and the model withdrawal form as one PDF (docs/decisions/026):
 * the durable medium the order-received mail carries. The pages are the brand's content pages in the
 * order's language with the seller filled in, so the PDF says what the shop's pages say. Renders the
 * content pages' Markdown subset (## headings, "- " lists, paragraphs, **bold**, [links](…), two-space
 * line breaks); a link keeps its words, and an address on the site is written out in full. Each page
 * starts on a new sheet, so the form can be printed on its own. Pure: data in, PDF stream out.
 */
import type { Locale } from '@shop/contracts/locale';
import { createPdfDocument, fontBold, fontRegular } from './pdf-document.ts';

export type LegalPagesPdfInput = {
  locale: Locale;
  /** The shop's name, in the document's metadata and page footers. */
  brandName: string;
  /** Absolute origin, e.g. 'https://autoclub.example': links to the shop's pages are written out. */
  website: string;
  /** When the order was placed: the document's date (same bytes for the same order). */
  createdAt: Date;
  pages: { title: string; body: string }[];
};

const pdfTexts: Record<Locale, { title: string; file: string; page: (n: number, of: number) => string }> = {
  de: {
    file: 'AGB-und-Widerrufsbelehrung.pdf',
    title: 'AGB, Widerrufsbelehrung und Muster-Widerrufsformular',
    page: (n, of) => `Seite ${n} von ${of}`,
  },
  en: {
    file: 'terms-and-withdrawal-information.pdf',
    title: 'Terms, withdrawal information and model withdrawal form',
    page: (n, of) => `Page ${n} of ${of}`,
  },
  it: {
    file: 'condizioni-e-recesso.pdf',
    title: 'Condizioni generali, informazioni sul recesso e modulo di recesso tipo',
    page: (n, of) => `Pagina ${n} di ${of}`,
  },
};

/** The attachment's file name in the reader's language. */
export const legalPagesPdfFile = (locale: Locale) => pdfTexts[locale].file;

const margin = 56;

/** A line's text runs: plain and bold, links replaced by their words (and a site path by its address). */
function runs(text: string, website: string): { text: string; bold: boolean }[] {
  const linked = text.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, words: string, href: string) =>
    href.startsWith('/') ? `${words} (${website}${href})` : words,
  );
  return linked
    .split(/\*\*(.+?)\*\*/)
    .map((part, index) => ({ text: part, bold: index % 2 === 1 }))
    .filter((run) => run.text.length > 0);
}

function writeLine(
  doc: PDFKit.PDFDocument,
  line: string,
  website: string,
  options: PDFKit.Mixins.TextOptions,
  bold = false,
) {
  const parts = runs(line.replace(/\s+$/, ''), website);
  if (parts.length === 0) return;
  parts.forEach((part, index) => {
    doc.font(part.bold || bold ? fontBold : fontRegular).text(part.text, {
      ...options,
      continued: index < parts.length - 1,
    });
  });
}

export function renderLegalPagesPdf(input: LegalPagesPdfInput): PDFKit.PDFDocument {
  const texts = pdfTexts[input.locale];
  const doc = createPdfDocument({
    locale: input.locale,
    title: texts.title,
    author: input.brandName,
    subject: texts.title,
    margins: { top: margin, bottom: margin + 20, left: margin, right: margin },
    bufferPages: true,
    createdAt: input.createdAt,
  });
  const width = doc.page.width - 2 * margin;
  input.pages.forEach((page, index) => {
    if (index > 0) doc.addPage();
    doc.font(fontBold).fontSize(16).fillColor('#111111').text(page.title, { width });
    doc.moveDown(0.6);
    for (const block of page.body.replace(/\r\n/g, '\n').split(/\n{2,}/)) {
      const heading = /^#{2,4}\s+(.*)$/.exec(block);
      if (heading) {
        doc.moveDown(0.4);
        doc.font(fontBold).fontSize(11.5);
        writeLine(doc, heading[1] ?? '', input.website, { width }, true);
        doc.moveDown(0.25);
        continue;
      }
      doc.fontSize(9.5);
      const lines = block.split('\n');
      if (lines.every((line) => /^[-*]\s+/.test(line))) {
        for (const line of lines) {
          const y = doc.y;
          doc.font(fontRegular).text('–', margin, y, { width: 12 });
          doc.y = y;
          doc.x = margin + 14;
          writeLine(doc, line.replace(/^[-*]\s+/, ''), input.website, { width: width - 14 });
          doc.x = margin;
          doc.moveDown(0.5);
        }
      } else {
        for (const line of lines) {
          doc.x = margin;
          writeLine(doc, line, input.website, { width, lineGap: 1.5 });
        }
      }
      doc.x = margin;
      doc.moveDown(0.6);
    }
  });
  const range = doc.bufferedPageRange();
  for (let n = 0; n < range.count; n += 1) {
    doc.switchToPage(range.start + n);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(fontRegular)
      .fontSize(8)
      .fillColor('#555555')
      .text(
        `${input.brandName} · ${texts.title} · ${texts.page(n + 1, range.count)}`,
        margin,
        doc.page.height - margin,
        {
          width,
          align: 'center',
          lineBreak: false,
        },
      );
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return doc;
}
