/**
 * The diagonal "MUSTER – …" stamp on documents paid with the payment sandbox's simulated money (and
 * "VORSCHAU – …" on a voucher not printed yet). It is
 * drawn over the content, translucent, so it cannot be hidden behind a white box and the page stays
 * readable, and repeated as a plain line at the top edge in case the page is cropped.
 */
import { fontBold } from './pdf-document.ts';

export function drawSpecimenWatermark(doc: PDFKit.PDFDocument, text: string): void {
  const { width, height } = doc.page;
  const cursor = { x: doc.x, y: doc.y };
  const diagonal = Math.hypot(width, height);
  doc.save();
  doc.font(fontBold).fontSize(100);
  const fontSize = Math.min(64, (100 * diagonal * 0.78) / doc.widthOfString(text));
  doc.fontSize(fontSize);
  const textWidth = doc.widthOfString(text);
  doc.rotate((-Math.atan2(height, width) * 180) / Math.PI, { origin: [width / 2, height / 2] });
  doc
    .fillColor('#c62828')
    .fillOpacity(0.22)
    .text(text, (width - textWidth) / 2, height / 2 - fontSize * 0.6, { lineBreak: false });
  doc.restore();

  doc.save();
  doc.font(fontBold).fontSize(8);
  doc
    .fillColor('#c62828')
    .text(text, (width - doc.widthOfString(text)) / 2, 12, { lineBreak: false, characterSpacing: 0.5 });
  doc.restore();
  doc.x = cursor.x;
  doc.y = cursor.y;
}
