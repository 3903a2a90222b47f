/**
 * What every shop document shares: a pdfkit document (A4 unless a document says otherwise) with DejaVu Sans embedded (it covers
 * ä ö ü ß, à è é ì ò ù and €, which the 14 standard PDF fonts do not embed), its metadata, and the
 * language readers and screen readers should assume.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Locale, localeIso } from '@shop/contracts/locale';
import PDFDocument from 'pdfkit';

export const fontRegular = 'DejaVuSans';
export const fontBold = 'DejaVuSans-Bold';

type FontSource = PDFKit.Mixins.PDFFontSource;

const require = createRequire(import.meta.url);
const fontBytes = (file: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));

// pdfkit's own fontkit (its dependency, so always the version pdfkit understands).
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as {
  create(bytes: Buffer): { characterSet: number[]; glyphForCodePoint(codePoint: number): unknown };
};

/**
 * pdfkit parses a font handed over as bytes anew for every document, and DejaVu's large layout tables
 * make that ~30 ms of a ~35 ms voucher. `registerFont` takes a parsed fontkit font (pdfkit's CHANGELOG):
 * parse each font once per process. Each document builds its own subset from it, but fontkit keeps
 * every glyph it creates, with the characters of its first use. Embedding "Ü" creates "U" as a bare part
 * of it, without a character, so every later document's ToUnicode map lost U and its text read "�StG"
 * when copied or searched. Creating every mapped glyph with its character first makes what the font
 * keeps the same whatever a process renders first.
 */
function parsedOnce(bytes: Buffer): FontSource {
  const font = fontkit.create(bytes);
  for (const codePoint of font.characterSet) font.glyphForCodePoint(codePoint);
  return font as unknown as FontSource;
}

const regular = parsedOnce(fontBytes('DejaVuSans.ttf'));
const bold = parsedOnce(fontBytes('DejaVuSans-Bold.ttf'));

export type DocumentOptions = {
  locale: Locale;
  title: string;
  author: string;
  subject: string;
  margins: { top: number; bottom: number; left: number; right: number };
  /** Keep all pages open to draw footers and watermarks once the page count is known. */
  bufferPages?: boolean;
  /**
   * When the document was issued: its creation date, from which pdfkit also derives the file's ID.
   * So every download of one issued document is the same bytes (issue 24), not stamped with its hour.
   */
  createdAt: Date;
  /** Width and height in points; A4 when not given (the voucher for a phone screen is narrow and long). */
  size?: [number, number];
};

export function createPdfDocument(options: DocumentOptions): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: options.size ?? 'A4',
    margins: options.margins,
    bufferPages: options.bufferPages ?? false,
    pdfVersion: '1.7',
    lang: localeIso[options.locale],
    displayTitle: true,
    // The default would be Helvetica, parsed for every document though never used.
    font: regular as string,
    info: {
      Title: options.title,
      Author: options.author,
      Subject: options.subject,
      Creator: options.author,
      CreationDate: options.createdAt,
    },
  });
  doc.registerFont(fontRegular, regular);
  doc.registerFont(fontBold, bold);
  doc.font(fontRegular);
  return doc;
}
