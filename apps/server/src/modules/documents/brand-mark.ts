import type { Rgb } from './brand-colour.ts';
import { fontBold } from './pdf-document.ts';
import { drawFittedText } from './pdf-text-fit.ts';

export type Box = { x: number; y: number; width: number; height: number };

/**
 * The brand's logo in `box`, or its name in `colour` when it has none or it cannot be read: a broken
 * logo in the brand settings must not keep a paid voucher or an invoice from its buyer.
 */
export function drawBrandMark(
  doc: PDFKit.PDFDocument,
  brand: { name: string; logoPng: Buffer | null },
  box: Box,
  name: { colour: Rgb; largest: number; smallest: number; topInset?: number },
): void {
  if (brand.logoPng) {
    try {
      doc.image(brand.logoPng, box.x, box.y, { fit: [box.width, box.height], valign: 'center' });
      return;
    } catch {
      // Drawn as the name below.
    }
  }
  const inset = name.topInset ?? 0;
  doc.fillColor(name.colour);
  drawFittedText(
    doc,
    brand.name,
    { x: box.x, y: box.y + inset },
    {
      font: fontBold,
      size: { largest: name.largest, smallest: name.smallest },
      width: box.width,
      maxHeight: box.height - inset,
    },
  );
}
