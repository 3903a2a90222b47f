/**
 * Text of unknown length in a box of known size: the font shrinks step by step down to a floor,
 * and only text that does not fit even then is cut with an ellipsis. So a long hotel name or a
 * 500-character message wraps inside its box and never pushes the page onto a second sheet.
 */
export type TextBox = {
  font: string;
  /** Largest and smallest font size to try, in points. */
  size: { largest: number; smallest: number };
  width: number;
  maxHeight: number;
  lineGap?: number;
  align?: 'left' | 'center' | 'right';
  characterSpacing?: number;
};

const step = 0.5;

export function fittingFontSize(doc: PDFKit.PDFDocument, text: string, box: TextBox): number {
  doc.font(box.font);
  for (let size = box.size.largest; size > box.size.smallest; size -= step) {
    if (doc.fontSize(size).heightOfString(text, textOptions(box)) <= box.maxHeight) return size;
  }
  return box.size.smallest;
}

/** Draws the text at the largest size that fits and returns the height it took. */
export function drawFittedText(
  doc: PDFKit.PDFDocument,
  text: string,
  position: { x: number; y: number },
  box: TextBox,
): number {
  const size = fittingFontSize(doc, text, box);
  doc.font(box.font).fontSize(size);
  const height = Math.min(doc.heightOfString(text, textOptions(box)), box.maxHeight);
  // pdfkit drops the line that would end past `height`; the small allowance keeps a line that ends
  // exactly at the limit, which heightOfString said fits.
  doc.text(text, position.x, position.y, {
    ...textOptions(box),
    height: box.maxHeight + 0.5,
    ellipsis: true,
  });
  return height;
}

function textOptions(box: TextBox): PDFKit.Mixins.TextOptions {
  return {
    width: box.width,
    lineGap: box.lineGap ?? 0,
    align: box.align ?? 'left',
    characterSpacing: box.characterSpacing ?? 0,
  };
}
