/**
 * Reads rendered PDFs back the way a person (or a hotel's scanner) would, for the document tests:
 * mupdf extracts the text and rasterises a page, jsQR reads QR codes from the pixels.
 */
import jsQR from 'jsqr';
import * as mupdf from 'mupdf';

export type PdfContents = {
  pageCount: number;
  /** Each page's text with runs of white space (line ends included) as one space. */
  pages: string[];
  /** Each page's width and height in points. */
  pageSizes: { width: number; height: number }[];
  text: string;
  title: string | undefined;
  author: string | undefined;
};

export function readPdf(pdf: Buffer): PdfContents {
  const document = mupdf.Document.openDocument(pdf, 'application/pdf');
  const pages: string[] = [];
  const pageSizes: PdfContents['pageSizes'] = [];
  for (let index = 0; index < document.countPages(); index++) {
    const page = document.loadPage(index);
    pages.push(page.toStructuredText('preserve-whitespace').asText().replace(/\s+/g, ' ').trim());
    const [x0, y0, x1, y1] = page.getBounds();
    pageSizes.push({ width: x1 - x0, height: y1 - y0 });
  }
  return {
    pageCount: pages.length,
    pages,
    pageSizes,
    text: pages.join(' '),
    title: document.getMetaData('info:Title'),
    author: document.getMetaData('info:Author'),
  };
}

type StructuredLine = { text: string; bbox: { x: number; y: number; h: number } };
type StructuredText = { blocks: { lines?: StructuredLine[] }[] };

/**
 * A page's text as the rows a reader sees: pieces on the same baseline joined left to right, so a
 * label and the amount printed beside it ("Nettobetrag … € 100,00") come out as one row.
 */
export function pageRows(pdf: Buffer, pageIndex: number): string[] {
  const document = mupdf.Document.openDocument(pdf, 'application/pdf');
  const json = JSON.parse(
    document.loadPage(pageIndex).toStructuredText('preserve-whitespace').asJSON(),
  ) as StructuredText;
  const lines = json.blocks.flatMap((block) => block.lines ?? []);
  const rows: { y: number; pieces: { x: number; text: string }[] }[] = [];
  for (const line of lines) {
    const y = line.bbox.y + line.bbox.h;
    const row = rows.find((candidate) => Math.abs(candidate.y - y) < 2);
    if (row) row.pieces.push({ x: line.bbox.x, text: line.text });
    else rows.push({ y, pieces: [{ x: line.bbox.x, text: line.text }] });
  }
  return rows
    .sort((a, b) => a.y - b.y)
    .map((row) =>
      row.pieces
        .sort((a, b) => a.x - b.x)
        .map((piece) => piece.text)
        .join(' '),
    );
}

/** Renders a page at `dpi` and decodes the QR code on it, or null when there is none to read. */
export function decodeQrOnPage(pdf: Buffer, pageIndex: number, dpi = 200): string | null {
  const document = mupdf.Document.openDocument(pdf, 'application/pdf');
  const scale = dpi / 72;
  const pixmap = document
    .loadPage(pageIndex)
    .toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false);
  return decodeQr(toRgba(pixmap.getPixels(), pixmap.getWidth() * pixmap.getHeight(), 3), pixmap.getWidth());
}

export function decodeQr(rgba: Uint8ClampedArray, width: number): string | null {
  // jsqr is CommonJS with a `default` export in its types; Node hands ESM the whole module object.
  return jsQR.default(rgba, width, rgba.length / 4 / width)?.data ?? null;
}

export function toRgba(pixels: Uint8Array | Uint8ClampedArray, pixelCount: number, channels: number) {
  if (channels === 4) return new Uint8ClampedArray(pixels.buffer, pixels.byteOffset, pixelCount * 4);
  const rgba = new Uint8ClampedArray(pixelCount * 4);
  for (let pixel = 0; pixel < pixelCount; pixel++) {
    for (let channel = 0; channel < 3; channel++) {
      rgba[pixel * 4 + channel] = pixels[pixel * channels + (channels === 1 ? 0 : channel)]!;
    }
    rgba[pixel * 4 + 3] = 255;
  }
  return rgba;
}
