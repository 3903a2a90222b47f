import { writeFile } from 'node:fs/promises';
import * as mupdf from 'mupdf';

/**
 * A camera that sees a PDF page: the page rendered (mupdf) into one frame of a Y4M video, which
 * Chromium plays as its camera with `--use-fake-device-for-media-stream
 * --use-file-for-fake-video-capture=<file>`. `scale` is pixels per PDF point (2: about 144 dpi).
 */
export async function writeCameraVideoOfPdf(pdf: Buffer, file: string, scale = 2): Promise<void> {
  const document = mupdf.Document.openDocument(pdf, 'application/pdf');
  const pixmap = document
    .loadPage(0)
    .toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
  // 4:2:0 halves both directions: even sizes.
  const width = pixmap.getWidth() & ~1;
  const height = pixmap.getHeight() & ~1;
  const stride = pixmap.getStride();
  const channels = pixmap.getNumberOfComponents() + (pixmap.getAlpha() ? 1 : 0);
  const rgb = pixmap.getPixels();
  const luma = Buffer.alloc(width * height);
  const chroma = Buffer.alloc((width / 2) * (height / 2));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * stride + x * channels;
      const [r, g, b] = [rgb[at] ?? 0, rgb[at + 1] ?? 0, rgb[at + 2] ?? 0];
      // BT.601, full range (C420jpeg).
      luma[y * width + x] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
    }
  }
  // A page is black on white: the colour planes stay neutral (128).
  chroma.fill(128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  await writeFile(file, Buffer.concat([header, frame]));
}
