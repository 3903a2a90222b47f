/**
 * Draws a QR code into a PDF as filled rectangles: sharp at any zoom and print resolution, and far
 * cheaper than embedding a bitmap. Each run of dark modules in a row is one rectangle, and all of
 * them are filled as one path so renderers leave no hairline seams between modules.
 */
import QRCode from 'qrcode';

/** The light margin around the symbol that scanners need, in modules (ISO/IEC 18004). */
const quietZoneModules = 4;

export function drawQrCode(
  doc: PDFKit.PDFDocument,
  text: string,
  box: { x: number; y: number; size: number },
): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const moduleSize = box.size / (count + 2 * quietZoneModules);
  const origin = { x: box.x + quietZoneModules * moduleSize, y: box.y + quietZoneModules * moduleSize };

  doc.save();
  doc.rect(box.x, box.y, box.size, box.size).fill('#ffffff');
  for (let row = 0; row < count; row++) {
    let runStart = -1;
    for (let column = 0; column <= count; column++) {
      const dark = column < count && modules.get(row, column);
      if (dark && runStart < 0) runStart = column;
      if (!dark && runStart >= 0) {
        doc.rect(
          origin.x + runStart * moduleSize,
          origin.y + row * moduleSize,
          (column - runStart) * moduleSize,
          moduleSize,
        );
        runStart = -1;
      }
    }
  }
  doc.fill('#000000');
  doc.restore();
}
