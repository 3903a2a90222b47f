import { describe, expect, it } from 'vitest';
import { pdfToBuffer } from './pdf-buffer.ts';
import { createPdfDocument, fontBold } from './pdf-document.ts';
import { readPdf } from './pdf-inspection.test-support.ts';

const margins = { top: 50, bottom: 50, left: 50, right: 50 };

async function render(lines: string[], font?: string): Promise<string> {
  const doc = createPdfDocument({
    locale: 'de',
    title: 'Test',
    author: 'Shop',
    subject: 'Test',
    margins,
    createdAt: new Date('2026-11-24T09:15:00Z'),
  });
  if (font) doc.font(font);
  const pdf = pdfToBuffer(doc);
  for (const line of lines) doc.text(line);
  doc.end();
  return readPdf(await pdf).text;
}

describe('shop documents', () => {
  // DejaVu draws Ü from the glyphs of U and the diaeresis. Embedding Ü once made the shared font keep
  // U without its character, so every later document's U could not be copied or searched ("�StG").
  it('keep every letter copyable, whatever an earlier document contained', async () => {
    for (const font of [undefined, fontBold]) {
      expect(await render(['Übernachtung, Ärger, Öl, Èze, Ça'], font)).toContain('Übernachtung');
      const text = await render(
        ['USt-IdNr.: DE123456789', 'Umsatzsteuer (UStG), Aachen, Ordner, Einkauf, Celle'],
        font,
      );
      expect(text).toContain('USt-IdNr.: DE123456789');
      expect(text).toContain('Umsatzsteuer (UStG), Aachen, Ordner, Einkauf, Celle');
    }
  });
});
