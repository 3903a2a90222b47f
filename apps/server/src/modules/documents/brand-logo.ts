/**
 * A brand's SVG logo as the PNG the documents embed. Render it once per brand and keep the Buffer:
 * rasterising costs far more than a whole voucher.
 */
import sharp from 'sharp';

/**
 * Flattened on white: pdfkit copies an opaque PNG's image data into the PDF as it is, but must
 * inflate a transparent one and deflate colour and alpha apart again for every document. The
 * documents place logos on white, so nothing is lost. 180 px high prints sharp at the ~44 pt
 * (15 mm) the layouts give a logo.
 */
export function brandLogoPng(svg: Buffer | string, heightPx = 180): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 600 })
    .resize({ height: heightPx })
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
}
