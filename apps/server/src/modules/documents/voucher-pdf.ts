/**
 * The voucher a buyer downloads for every unit bought: one A4 page with the offer, the hotel, the
 * code (printed and as a QR code the hotel scans) and how to book. Pure: data in, PDF stream out.
 */
import type { Locale } from '@shop/contracts/locale';
import { type BrandColours, brandColours } from './brand-colour.ts';
import { drawBrandMark } from './brand-mark.ts';
import { documentTexts, formatDocumentDate } from './document-texts.ts';
import { createA4Document, fontBold, fontRegular } from './pdf-document.ts';
import { drawFittedText, fittingFontSize } from './pdf-text-fit.ts';
import { drawQrCode } from './qr-vector.ts';
import { drawSpecimenWatermark } from './specimen-watermark.ts';

export type VoucherPdfInput = {
  locale: Locale;
  /** e.g. 'K7QM-XR4T-9P2W': printed big, and as a QR code of exactly this string. */
  code: string;
  /** gift: a band in the brand colour with a ribbon and "Ein Geschenk für Sie"; plain: sober. */
  layout: 'plain' | 'gift';
  /** The buyer's personal message to the recipient (up to 500 characters). */
  message: string | null;
  /** null: a line to write the guest's name on by hand. */
  guestName: string | null;
  offerTitle: string;
  hotel: {
    name: string;
    street: string | null;
    postcode: string | null;
    city: string | null;
    country: string | null;
    phone: string | null;
    email: string | null;
  };
  nights: number;
  persons: number;
  /** e.g. 'Halbpension' (already translated). */
  board: string | null;
  validUntil: Date;
  issuedAt: Date;
  orderId: number;
  /** How to book the stay (already translated paragraphs). */
  bookingInstructions: string[];
  brand: {
    name: string;
    logoPng: Buffer | null;
    primaryColor: string;
    supportEmail: string | null;
    supportPhone: string | null;
    website: string;
  };
  /** The selling company's footer lines (modules/brands/seller.ts: name, address, register, VAT ID). */
  seller: string[];
  /** Paid with the payment sandbox's simulated money: every page says it is not a valid voucher. */
  specimen: boolean;
  /**
   * Not printed yet (its guest data may still change): stamped as a preview, with the code hidden and
   * no QR code, so that no hotel could take it for the voucher.
   */
  preview: boolean;
};

/** What a preview shows in place of the code: its shape, none of its symbols. */
const hiddenCode = 'XXXX-XXXX-XXXX';

const ink = '#1f1f1f';
const muted = '#5f6368';
const margin = 45;
const footerHeight = 76;
const qrSize = 112;

type Page = { doc: PDFKit.PDFDocument; colours: BrandColours; left: number; width: number };

export function renderVoucherPdf(voucher: VoucherPdfInput): PDFKit.PDFDocument {
  const input = voucher.preview ? { ...voucher, code: hiddenCode } : voucher;
  const t = documentTexts[input.locale].voucher;
  const title = `${t.title} ${input.code}`;
  // A preview is not valid whatever paid for it; one stamp says so.
  const stamp = input.preview ? t.preview : input.specimen ? t.specimen : null;
  const doc = createA4Document({
    locale: input.locale,
    title: stamp ? `${stamp}: ${title}` : title,
    author: input.brand.name,
    subject: input.offerTitle,
    // Every block below is placed and sized by hand; a small bottom margin keeps pdfkit from ever
    // starting a second page on its own.
    margins: { top: margin, bottom: 10, left: margin, right: margin },
  });
  const page: Page = {
    doc,
    colours: brandColours(input.brand.primaryColor),
    left: margin,
    width: doc.page.width - 2 * margin,
  };

  let y = input.layout === 'gift' ? drawGiftHeader(page, input) : drawPlainHeader(page, input);
  y = drawOffer(page, input, y);
  y = drawGuest(page, input, y);
  if (input.message?.trim()) y = drawMessage(page, input.message, input.locale, y);
  y = drawStay(page, input, y);
  y = drawCode(page, input, y);
  const footerTop = doc.page.height - footerHeight;
  drawInstructions(page, input, y, footerTop - 12);
  drawFooter(page, input, footerTop);
  if (stamp) drawSpecimenWatermark(doc, stamp);
  doc.end();
  return doc;
}

function drawPlainHeader({ doc, colours, left, width }: Page, input: VoucherPdfInput): number {
  const t = documentTexts[input.locale].voucher;
  drawBrandMark(
    doc,
    input.brand,
    { x: left, y: 34, width: 190, height: 48 },
    { colour: colours.text, largest: 18, smallest: 10, topInset: 8 },
  );
  doc.font(fontBold).fontSize(10).fillColor(colours.text);
  doc.text(t.title.toUpperCase(), left + width - 220, 52, {
    width: 220,
    align: 'right',
    characterSpacing: 0.8,
    lineBreak: false,
  });
  doc
    .moveTo(left, 96)
    .lineTo(left + width, 96)
    .lineWidth(1.5)
    .strokeColor(colours.primary)
    .stroke();
  return 116;
}

function drawGiftHeader({ doc, colours, left, width }: Page, input: VoucherPdfInput): number {
  const t = documentTexts[input.locale].voucher;
  const bandHeight = 140;
  const pageWidth = doc.page.width;
  doc.rect(0, 0, pageWidth, bandHeight).fill(colours.primary);

  // A ribbon across the band with a bow, like the one round a wrapped present.
  const ribbonX = pageWidth - 118;
  doc.save();
  doc.fillColor(colours.onPrimary).fillOpacity(0.28);
  doc.rect(ribbonX - 11, 0, 22, bandHeight).fill();
  const bowX = ribbonX;
  const bowY = 50;
  doc
    .moveTo(bowX, bowY)
    .bezierCurveTo(bowX - 20, bowY - 34, bowX - 52, bowY - 14, bowX - 34, bowY + 4)
    .bezierCurveTo(bowX - 26, bowY + 12, bowX - 10, bowY + 6, bowX, bowY)
    .moveTo(bowX, bowY)
    .bezierCurveTo(bowX + 20, bowY - 34, bowX + 52, bowY - 14, bowX + 34, bowY + 4)
    .bezierCurveTo(bowX + 26, bowY + 12, bowX + 10, bowY + 6, bowX, bowY)
    .fill();
  doc
    .moveTo(bowX - 4, bowY + 2)
    .lineTo(bowX - 26, bowY + 40)
    .lineTo(bowX - 14, bowY + 38)
    .lineTo(bowX - 8, bowY + 48)
    .lineTo(bowX + 2, bowY + 4)
    .moveTo(bowX + 4, bowY + 2)
    .lineTo(bowX + 26, bowY + 40)
    .lineTo(bowX + 14, bowY + 38)
    .lineTo(bowX + 8, bowY + 48)
    .lineTo(bowX - 2, bowY + 4)
    .fill();
  doc.fillOpacity(0.6).circle(bowX, bowY, 7).fill();
  doc.restore();

  // The logo sits on a white card: brand logos are drawn for white backgrounds.
  doc.roundedRect(left, 26, 200, 54, 8).fill('#ffffff');
  drawBrandMark(
    doc,
    input.brand,
    { x: left + 10, y: 31, width: 180, height: 44 },
    { colour: colours.text, largest: 18, smallest: 10, topInset: 8 },
  );
  drawFittedText(
    doc.fillColor(colours.onPrimary),
    t.giftHeadline,
    { x: left, y: 92 },
    {
      font: fontBold,
      size: { largest: 24, smallest: 14 },
      width: ribbonX - 60 - left,
      maxHeight: 30,
    },
  );
  // A frame round the whole sheet, in the brand colour, finishes the gift look.
  doc
    .rect(8, 8, pageWidth - 16, doc.page.height - 16)
    .lineWidth(2)
    .strokeColor(colours.primary)
    .stroke();
  doc.font(fontBold).fontSize(9.5).fillColor(colours.text);
  doc.text(t.title.toUpperCase(), left, bandHeight + 18, { width, characterSpacing: 0.8, lineBreak: false });
  return bandHeight + 36;
}

function drawOffer({ doc, left, width }: Page, input: VoucherPdfInput, y: number): number {
  doc.fillColor(ink);
  const height = drawFittedText(
    doc,
    input.offerTitle,
    { x: left, y },
    { font: fontBold, size: { largest: 18, smallest: 12 }, width, maxHeight: 46 },
  );
  return y + height + 12;
}

function drawGuest({ doc, left }: Page, input: VoucherPdfInput, y: number): number {
  const t = documentTexts[input.locale].voucher;
  doc.font(fontRegular).fontSize(11).fillColor(muted);
  doc.text(`${t.forGuest}:`, left, y + 3, { lineBreak: false });
  const nameX = left + doc.widthOfString(`${t.forGuest}:`) + 10;
  const nameWidth = 360;
  if (input.guestName?.trim()) {
    doc.fillColor(ink);
    drawFittedText(
      doc,
      input.guestName.trim(),
      { x: nameX, y },
      { font: fontBold, size: { largest: 15, smallest: 10 }, width: nameWidth, maxHeight: 19 },
    );
    return y + 32;
  }
  // No name given: a line to write it on, with a hint below what belongs there.
  doc
    .moveTo(nameX, y + 17)
    .lineTo(nameX + nameWidth * 0.75, y + 17)
    .lineWidth(0.75)
    .strokeColor(muted)
    .stroke();
  doc.font(fontRegular).fontSize(7.5).fillColor(muted);
  doc.text(t.guestNameHint, nameX, y + 20, { lineBreak: false });
  return y + 38;
}

function drawMessage(
  { doc, colours, left, width }: Page,
  message: string,
  locale: Locale,
  y: number,
): number {
  const t = documentTexts[locale].voucher;
  const padding = 12;
  const textWidth = width - 2 * padding - 4;
  // Blank lines beyond one in a row only push the words out of the box.
  const text = message
    .trim()
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n');
  const box = {
    font: fontRegular,
    size: { largest: 10.5, smallest: 8 },
    width: textWidth,
    maxHeight: 112,
    lineGap: 1.5,
  };
  doc.font(fontRegular).fontSize(fittingFontSize(doc, text, box));
  const textHeight = Math.min(doc.heightOfString(text, { width: textWidth, lineGap: 1.5 }), box.maxHeight);
  const boxHeight = padding + 14 + textHeight + padding;

  doc.rect(left, y, width, boxHeight).fill(colours.tint);
  doc.rect(left, y, 3, boxHeight).fill(colours.primary);
  doc.font(fontBold).fontSize(9).fillColor(colours.text);
  doc.text(t.message, left + padding + 4, y + padding, { lineBreak: false });
  doc.fillColor(ink);
  drawFittedText(doc, text, { x: left + padding + 4, y: y + padding + 14 }, box);
  return y + boxHeight + 14;
}

function drawStay({ doc, colours, left, width }: Page, input: VoucherPdfInput, y: number): number {
  const t = documentTexts[input.locale].voucher;
  const hotelWidth = Math.round(width * 0.58);
  const stayX = left + hotelWidth + 24;
  const stayWidth = left + width - stayX;

  doc.font(fontBold).fontSize(8.5).fillColor(colours.text);
  doc.text(t.hotel.toUpperCase(), left, y, { characterSpacing: 0.8, lineBreak: false });
  let hotelY = y + 14;
  doc.fillColor(ink);
  hotelY +=
    drawFittedText(
      doc,
      input.hotel.name,
      { x: left, y: hotelY },
      { font: fontBold, size: { largest: 12.5, smallest: 9 }, width: hotelWidth, maxHeight: 45 },
    ) + 3;
  const { hotel } = input;
  const place = [hotel.postcode, hotel.city].filter(Boolean).join(' ');
  const contact = [hotel.phone && `${t.phone} ${hotel.phone}`, hotel.email && `${t.email} ${hotel.email}`];
  const lines = [
    [hotel.street, place, hotel.country].filter(Boolean).join(', '),
    contact.filter(Boolean).join(' · '),
  ];
  doc.fillColor(muted);
  for (const line of lines.filter(Boolean)) {
    hotelY += drawFittedText(
      doc,
      line,
      { x: left, y: hotelY },
      { font: fontRegular, size: { largest: 9.5, smallest: 7.5 }, width: hotelWidth, maxHeight: 24 },
    );
    hotelY += 2;
  }

  doc.font(fontBold).fontSize(8.5).fillColor(colours.text);
  doc.text(t.stay.toUpperCase(), stayX, y, { width: stayWidth, characterSpacing: 0.8, lineBreak: false });
  let stayY = y + 14;
  doc.fillColor(ink);
  stayY += drawFittedText(
    doc,
    `${t.nights(input.nights)} · ${t.persons(input.persons)}`,
    { x: stayX, y: stayY },
    { font: fontBold, size: { largest: 12.5, smallest: 9 }, width: stayWidth, maxHeight: 32 },
  );
  if (input.board) {
    doc.fillColor(muted);
    stayY +=
      3 +
      drawFittedText(
        doc,
        `${t.board}: ${input.board}`,
        { x: stayX, y: stayY + 3 },
        { font: fontRegular, size: { largest: 9.5, smallest: 7.5 }, width: stayWidth, maxHeight: 24 },
      );
  }
  return Math.max(hotelY, stayY) + 14;
}

function drawCode({ doc, colours, left, width }: Page, input: VoucherPdfInput, y: number): number {
  const t = documentTexts[input.locale].voucher;
  const padding = 8;
  const boxHeight = qrSize + 2 * padding;
  doc.roundedRect(left, y, width, boxHeight, 8).lineWidth(1.5).strokeColor(colours.primary).stroke();
  if (!input.preview) {
    drawQrCode(doc, input.code, { x: left + width - padding - qrSize, y: y + padding, size: qrSize });
  }

  const textX = left + 18;
  const textWidth = width - qrSize - 2 * padding - 30;
  doc.font(fontBold).fontSize(8.5).fillColor(muted);
  doc.text(t.code.toUpperCase(), textX, y + 18, { characterSpacing: 0.8, lineBreak: false });
  doc.fillColor(ink);
  drawFittedText(
    doc,
    input.code,
    { x: textX, y: y + 32 },
    {
      font: fontBold,
      size: { largest: 26, smallest: 12 },
      width: textWidth,
      maxHeight: 32,
      characterSpacing: 2,
    },
  );
  doc.font(fontBold).fontSize(12).fillColor(colours.text);
  doc.text(`${t.validUntil} ${formatDocumentDate(input.validUntil, input.locale)}`, textX, y + 74, {
    width: textWidth,
    lineBreak: false,
  });
  doc.font(fontRegular).fontSize(8).fillColor(muted);
  doc.text(
    `${t.issuedAt} ${formatDocumentDate(input.issuedAt, input.locale)} · ${t.orderNumber} ${input.orderId}`,
    textX,
    y + 96,
    { width: textWidth, lineBreak: false },
  );
  return y + boxHeight + 16;
}

/**
 * The booking steps take the room left above the footer: smaller type when they are long, and only
 * text that would not fit even at the smallest size is cut.
 */
function drawInstructions(
  { doc, left, width }: Page,
  input: VoucherPdfInput,
  top: number,
  bottom: number,
): void {
  const paragraphs = input.bookingInstructions.map((paragraph) => paragraph.trim()).filter(Boolean);
  if (paragraphs.length === 0 || bottom - top < 30) return;
  const t = documentTexts[input.locale].voucher;
  doc.font(fontBold).fontSize(11).fillColor(ink);
  doc.text(t.howToBook, left, top, { width, lineBreak: false });

  const indent = paragraphs.length > 1 ? 16 : 0;
  const textWidth = width - indent;
  const gap = 4;
  const heightAt = (size: number) => {
    doc.font(fontRegular).fontSize(size);
    return paragraphs.reduce(
      (sum, p) => sum + doc.heightOfString(p, { width: textWidth, lineGap: 1 }) + gap,
      0,
    );
  };
  let y = top + 20;
  let size = 9.5;
  while (size > 7 && heightAt(size) > bottom - y) size -= 0.5;

  doc.fillColor(ink);
  for (const [index, paragraph] of paragraphs.entries()) {
    const room = bottom - y;
    doc.font(fontRegular).fontSize(size);
    if (room < doc.currentLineHeight(true)) break;
    if (indent) doc.text(`${index + 1}.`, left, y, { lineBreak: false });
    const height = Math.min(doc.heightOfString(paragraph, { width: textWidth, lineGap: 1 }), room);
    doc.text(paragraph, left + indent, y, { width: textWidth, lineGap: 1, height: room, ellipsis: true });
    y += height + gap;
  }
}

function drawFooter({ doc, colours, left, width }: Page, input: VoucherPdfInput, top: number): void {
  const t = documentTexts[input.locale].voucher;
  const { brand } = input;
  doc
    .moveTo(left, top)
    .lineTo(left + width, top)
    .lineWidth(0.5)
    .strokeColor(colours.primary)
    .stroke();
  doc.fillColor(ink);
  drawFittedText(
    doc,
    `${brand.name} · ${brand.website}`,
    { x: left, y: top + 8 },
    { font: fontBold, size: { largest: 8.5, smallest: 6.5 }, width, maxHeight: 12, align: 'center' },
  );
  const support = [brand.supportEmail, brand.supportPhone].filter(Boolean).join(' · ');
  if (support) {
    doc.fillColor(muted);
    drawFittedText(
      doc,
      `${t.questions} ${support}`,
      { x: left, y: top + 22 },
      { font: fontRegular, size: { largest: 8, smallest: 6.5 }, width, maxHeight: 11, align: 'center' },
    );
  }
  if (input.seller.length > 0) {
    doc.fillColor(muted);
    drawFittedText(
      doc,
      input.seller.join('\n'),
      { x: left, y: top + 36 },
      {
        font: fontRegular,
        size: { largest: 7, smallest: 5.5 },
        width,
        maxHeight: 22,
        lineGap: 1,
        align: 'center',
      },
    );
  }
}
