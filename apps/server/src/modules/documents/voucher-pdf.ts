/**
 * The voucher a buyer downloads for every unit bought, with everything a hotel's front desk needs
 * (issue 24): the hotel and how to reach it, the stay with its board in full, every inclusion, the
 * arrival days and blackout dates, the guest, the code (printed and as a QR code the hotel scans), its
 * validity, how to book and who sold it. Texts wrap and are never cut. Two layouts of the same content:
 * - `a4`: one A4 page to print; when it would overflow, the whole body is set smaller until it fits;
 * - `phone`: one narrow page as long as its content, to show at the desk on a phone: a phone's PDF
 *   viewer fits the page's width to the screen, so its type is about twice the A4 sheet's there, and
 *   the QR code comes right after the guest's name, on the first screen.
 * Pure: data in, PDF stream out.
 */
import type { Locale } from '@shop/contracts/locale';
import { type BrandColours, brandColours } from './brand-colour.ts';
import { drawBrandMark } from './brand-mark.ts';
import { documentTexts, formatDocumentDate, formatWeekdays } from './document-texts.ts';
import { createPdfDocument, fontBold, fontRegular } from './pdf-document.ts';
import { drawFittedText, fittingFontSize } from './pdf-text-fit.ts';
import { drawQrCode } from './qr-vector.ts';
import { drawSpecimenWatermark } from './specimen-watermark.ts';

export type VoucherFormat = 'a4' | 'phone';

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
  /** The board in full, e.g. 'Halbpension: Frühstück und Abendessen' (already translated). */
  board: string | null;
  /** What the price includes besides nights and board; the label already translated. */
  inclusions: { label: string; quantity: number; per: 'stay' | 'night' | 'person' }[];
  /** ISO weekdays (1 = Monday … 7 = Sunday) a stay may start on; empty: any day. */
  arrivalDays: number[];
  /** Fewest nights per stay when the nights may be split; null: all nights in one stay. */
  minStayNights: number | null;
  /** Inclusive ISO dates; those over before the voucher was issued or starting after it expires are left out. */
  blackoutPeriods: {
    from: string;
    to: string;
    reason: 'christmas-new-year' | 'easter' | 'peak-season' | 'local-event';
  }[];
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
  /** Refunded: void, and stamped so (before any other stamp); the code stays readable for the records. */
  voided?: boolean;
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
const footerHeight = 72;

/** Each format's sheet and the sizes that depend on it. */
const formats = {
  a4: { margin: 45, qrSize: 112 },
  // 300 pt wide: on a 390 px phone screen the body's 9.5 pt read as about 12 px, the QR code is 5 cm.
  phone: { width: 300, margin: 18, qrSize: 190, footerGap: 14 },
} as const;

/** The phone sheet's height while it is measured: more than any voucher's content. */
const measuringHeight = 6000;

type Page = {
  doc: PDFKit.PDFDocument;
  format: VoucherFormat;
  colours: BrandColours;
  left: number;
  width: number;
  /** 1: the full sizes; below 1 the body's type and gaps are set smaller so that it fits the page. */
  scale: number;
};

/** The body's sizes from the full ones down to where it stays legible at a hotel desk (7.5 pt). */
const scales = [1, 0.94, 0.88, 0.82, 0.77, 0.72];

export function renderVoucherPdf(voucher: VoucherPdfInput, format: VoucherFormat = 'a4'): PDFKit.PDFDocument {
  const input = voucher.preview ? { ...voucher, code: hiddenCode } : voucher;
  const t = documentTexts[input.locale].voucher;
  const title = `${t.title} ${input.code}`;
  // A preview is not valid whatever paid for it; one stamp says so.
  const stamp = input.voided ? t.voided : input.preview ? t.preview : input.specimen ? t.specimen : null;
  const { margin } = formats[format];
  const create = (size?: [number, number]) =>
    createPdfDocument({
      locale: input.locale,
      createdAt: input.issuedAt,
      title: stamp ? `${stamp}: ${title}` : title,
      author: input.brand.name,
      subject: input.offerTitle,
      // Every block below is placed by hand and the body set smaller when it would overflow; a small
      // bottom margin keeps pdfkit from starting a second page on its own.
      margins: { top: margin, bottom: 10, left: margin, right: margin },
      size,
    });
  const doc = format === 'phone' ? drawPhoneSheet(create, input) : drawA4Sheet(create, input);
  if (stamp) drawSpecimenWatermark(doc, stamp);
  doc.end();
  return doc;
}

type CreateDocument = (size?: [number, number]) => PDFKit.PDFDocument;

/**
 * The largest sizes whose body ends above the footer: mostly the first try; a sheet that overflows is
 * dropped (never ended, never sent) and the body set again smaller.
 */
function drawA4Sheet(create: CreateDocument, input: VoucherPdfInput): PDFKit.PDFDocument {
  let doc = create();
  let page = pageOf(doc, 'a4', input, scales[0] as number);
  for (const [index, scale] of scales.entries()) {
    if (index > 0) {
      doc = create();
      page = pageOf(doc, 'a4', input, scale);
    }
    if (drawBody(page, input) <= footerTopOf(doc) - 6) break;
  }
  drawFooter(page, input, footerTopOf(doc));
  return doc;
}

/**
 * The phone sheet is as long as its content: drawn once on a sheet longer than any voucher to measure
 * it (that sheet is dropped), then on one of exactly that height. One page, never split, never set smaller.
 */
function drawPhoneSheet(create: CreateDocument, input: VoucherPdfInput): PDFKit.PDFDocument {
  const { width, margin, footerGap } = formats.phone;
  const draw = (doc: PDFKit.PDFDocument) => {
    const page = pageOf(doc, 'phone', input, 1);
    return drawFooter(page, input, drawBody(page, input) + footerGap);
  };
  const height = Math.ceil(draw(create([width, measuringHeight])) + margin);
  const doc = create([width, height]);
  draw(doc);
  return doc;
}

function pageOf(doc: PDFKit.PDFDocument, format: VoucherFormat, input: VoucherPdfInput, scale: number): Page {
  const { margin } = formats[format];
  return {
    doc,
    format,
    colours: brandColours(input.brand.primaryColor),
    left: margin,
    width: doc.page.width - 2 * margin,
    scale,
  };
}

const footerTopOf = (doc: PDFKit.PDFDocument) => doc.page.height - footerHeight;

/** Everything above the footer; returns where it ends. On a phone the code comes first, after the guest. */
function drawBody(page: Page, input: VoucherPdfInput): number {
  let y = input.layout === 'gift' ? drawGiftHeader(page, input) : drawPlainHeader(page, input);
  y = drawOffer(page, input, y);
  y = drawGuest(page, input, y);
  if (page.format === 'phone') y = drawPhoneCode(page, input, y);
  if (input.message?.trim()) y = drawMessage(page, input.message, input.locale, y);
  y = drawStay(page, input, y);
  y = drawIncluded(page, input, y);
  y = drawTerms(page, input, y);
  if (page.format === 'a4') y = drawCode(page, input, y);
  return drawInstructions(page, input, y);
}

/** Wrapped text at a fixed size, never cut; returns the height it took. */
function drawText(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  options: {
    font: string;
    size: number;
    width: number;
    lineGap?: number;
    colour: PDFKit.Mixins.ColorValue;
    align?: 'left' | 'center';
    characterSpacing?: number;
  },
): number {
  doc.font(options.font).fontSize(options.size).fillColor(options.colour);
  const textOptions = {
    width: options.width,
    lineGap: options.lineGap ?? 0.5,
    align: options.align ?? 'left',
    characterSpacing: options.characterSpacing ?? 0,
  };
  const height = doc.heightOfString(text, textOptions);
  doc.text(text, x, y, textOptions);
  return height;
}

/** A small capitalised heading above a block, in the brand colour. */
function drawLabel({ doc, colours, scale }: Page, text: string, x: number, y: number, width: number): number {
  doc
    .font(fontBold)
    .fontSize(8.5 * scale)
    .fillColor(colours.text);
  doc.text(text.toUpperCase(), x, y, { width, characterSpacing: 0.8, lineBreak: false });
  return 13 * scale;
}

/** Where the plain header's parts go on each sheet. */
const plainHeaders = {
  a4: { markY: 34, markWidth: 190, markHeight: 48, titleY: 52, titleWidth: 220, titleSize: 10, ruleY: 96 },
  phone: {
    markY: 18,
    markWidth: 150,
    markHeight: 40,
    titleY: 33,
    titleWidth: 110,
    titleSize: 8.5,
    ruleY: 68,
  },
} as const;

function drawPlainHeader({ doc, format, colours, left, width }: Page, input: VoucherPdfInput): number {
  const t = documentTexts[input.locale].voucher;
  const at = plainHeaders[format];
  drawBrandMark(
    doc,
    input.brand,
    { x: left, y: at.markY, width: at.markWidth, height: at.markHeight },
    { colour: colours.text, largest: 18, smallest: 10, topInset: 8 },
  );
  doc.fillColor(colours.text);
  drawFittedText(
    doc,
    t.title.toUpperCase(),
    { x: left + width - at.titleWidth, y: at.titleY },
    {
      font: fontBold,
      size: { largest: at.titleSize, smallest: 7 },
      width: at.titleWidth,
      maxHeight: at.titleSize * 1.3,
      align: 'right',
      characterSpacing: 0.8,
    },
  );
  doc
    .moveTo(left, at.ruleY)
    .lineTo(left + width, at.ruleY)
    .lineWidth(1.5)
    .strokeColor(colours.primary)
    .stroke();
  return at.ruleY + 20;
}

/** Where the gift header's parts go on each sheet. */
const giftHeaders = {
  a4: {
    bandHeight: 140,
    ribbonInset: 118,
    cardY: 26,
    cardWidth: 200,
    cardHeight: 54,
    headlineY: 92,
    frame: 8,
  },
  phone: {
    bandHeight: 118,
    ribbonInset: 52,
    cardY: 16,
    cardWidth: 170,
    cardHeight: 48,
    headlineY: 76,
    frame: 5,
  },
} as const;

function drawGiftHeader({ doc, format, colours, left, width }: Page, input: VoucherPdfInput): number {
  const t = documentTexts[input.locale].voucher;
  const at = giftHeaders[format];
  const { bandHeight } = at;
  const pageWidth = doc.page.width;
  doc.rect(0, 0, pageWidth, bandHeight).fill(colours.primary);

  // A ribbon across the band with a bow, like the one round a wrapped present.
  const ribbonX = pageWidth - at.ribbonInset;
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
  doc.roundedRect(left, at.cardY, at.cardWidth, at.cardHeight, 8).fill('#ffffff');
  drawBrandMark(
    doc,
    input.brand,
    { x: left + 10, y: at.cardY + 5, width: at.cardWidth - 20, height: at.cardHeight - 10 },
    { colour: colours.text, largest: 18, smallest: 10, topInset: 8 },
  );
  drawFittedText(
    doc.fillColor(colours.onPrimary),
    t.giftHeadline,
    { x: left, y: at.headlineY },
    {
      font: fontBold,
      size: { largest: 24, smallest: 14 },
      width: ribbonX - 40 - left,
      maxHeight: 30,
    },
  );
  // A frame round the whole sheet, in the brand colour, finishes the gift look.
  doc
    .rect(at.frame, at.frame, pageWidth - 2 * at.frame, doc.page.height - 2 * at.frame)
    .lineWidth(2)
    .strokeColor(colours.primary)
    .stroke();
  doc.font(fontBold).fontSize(9.5).fillColor(colours.text);
  doc.text(t.title.toUpperCase(), left, bandHeight + 18, { width, characterSpacing: 0.8, lineBreak: false });
  return bandHeight + 36;
}

function drawOffer({ doc, left, width, scale }: Page, input: VoucherPdfInput, y: number): number {
  const size = fittingFontSize(doc, input.offerTitle, {
    font: fontBold,
    size: { largest: 17 * scale, smallest: 12 * scale },
    width,
    maxHeight: 44 * scale,
  });
  const height = drawText(doc, input.offerTitle, left, y, { font: fontBold, size, width, colour: ink });
  return y + height + 10 * scale;
}

function drawGuest({ doc, left, width, scale }: Page, input: VoucherPdfInput, y: number): number {
  const t = documentTexts[input.locale].voucher;
  doc
    .font(fontRegular)
    .fontSize(11 * scale)
    .fillColor(muted);
  doc.text(`${t.forGuest}:`, left, y + 3 * scale, { lineBreak: false });
  const nameX = left + doc.widthOfString(`${t.forGuest}:`) + 10;
  const nameWidth = left + width - nameX;
  const name = input.guestName?.trim();
  if (name) {
    // The name as entered, whole: it wraps rather than being cut.
    const height = drawText(doc, name, nameX, y, {
      font: fontBold,
      size: 14 * scale,
      width: nameWidth,
      colour: ink,
    });
    return y + Math.max(height, 19 * scale) + 10 * scale;
  }
  // No name given: a line to write it on, with a hint below what belongs there.
  doc
    .moveTo(nameX, y + 17 * scale)
    .lineTo(nameX + Math.min(270, nameWidth), y + 17 * scale)
    .lineWidth(0.75)
    .strokeColor(muted)
    .stroke();
  doc.font(fontRegular).fontSize(7.5).fillColor(muted);
  doc.text(t.guestNameHint, nameX, y + 20 * scale, { lineBreak: false });
  return y + 36 * scale;
}

function drawMessage(page: Page, message: string, locale: Locale, y: number): number {
  const { doc, colours, left, width, scale } = page;
  const t = documentTexts[locale].voucher;
  const padding = 10 * scale;
  const textWidth = width - 2 * padding - 4;
  // Blank lines beyond one in a row only push the words out of the box.
  const text = message
    .trim()
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n');
  const size = fittingFontSize(doc, text, {
    font: fontRegular,
    size: { largest: 10 * scale, smallest: 8 * scale },
    width: textWidth,
    maxHeight: 80 * scale,
    lineGap: 1,
  });
  doc.font(fontRegular).fontSize(size);
  const textHeight = doc.heightOfString(text, { width: textWidth, lineGap: 1 });
  const boxHeight = padding + 13 * scale + textHeight + padding;

  doc.rect(left, y, width, boxHeight).fill(colours.tint);
  doc.rect(left, y, 3, boxHeight).fill(colours.primary);
  doc
    .font(fontBold)
    .fontSize(9 * scale)
    .fillColor(colours.text);
  doc.text(t.message, left + padding + 4, y + padding, { lineBreak: false });
  drawText(doc, text, left + padding + 4, y + padding + 13 * scale, {
    font: fontRegular,
    size,
    width: textWidth,
    lineGap: 1,
    colour: ink,
  });
  return y + boxHeight + 12 * scale;
}

/**
 * Two blocks side by side on A4 (the first a little wider), one below the other on a phone: where
 * each goes.
 */
function blockColumns({ format, left, width, scale }: Page) {
  if (format === 'phone') {
    return { firstWidth: width, secondX: left, secondWidth: width, stacked: true, gap: 10 * scale };
  }
  const firstWidth = Math.round(width * 0.52);
  const secondX = left + firstWidth + 20;
  return { firstWidth, secondX, secondWidth: left + width - secondX, stacked: false, gap: 0 };
}

/** The hotel with everything to reach it (left) and the stay the voucher pays for (right). */
function drawStay(page: Page, input: VoucherPdfInput, y: number): number {
  const { doc, left, scale } = page;
  const t = documentTexts[input.locale].voucher;
  const columns = blockColumns(page);
  const hotelWidth = columns.firstWidth;
  const stayX = columns.secondX;
  const stayWidth = columns.secondWidth;
  const small = 9.5 * scale;

  let hotelY = y + drawLabel(page, t.hotel, left, y, hotelWidth);
  hotelY +=
    drawText(doc, input.hotel.name, left, hotelY, {
      font: fontBold,
      size: 12.5 * scale,
      width: hotelWidth,
      colour: ink,
    }) +
    3 * scale;
  const { hotel } = input;
  const place = [hotel.postcode, hotel.city].filter(Boolean).join(' ');
  const lines = [
    [hotel.street, place, hotel.country].filter(Boolean).join(', '),
    hotel.phone && `${t.phone} ${hotel.phone}`,
    hotel.email && `${t.email} ${hotel.email}`,
  ];
  for (const line of lines) {
    if (!line) continue;
    hotelY += drawText(doc, line, left, hotelY, {
      font: fontRegular,
      size: small,
      width: hotelWidth,
      colour: ink,
    });
    hotelY += 2 * scale;
  }

  const stayTop = columns.stacked ? hotelY + columns.gap : y;
  let stayY = stayTop + drawLabel(page, t.stay, stayX, stayTop, stayWidth);
  stayY += drawText(doc, `${t.nights(input.nights)} · ${t.persons(input.persons)}`, stayX, stayY, {
    font: fontBold,
    size: 12.5 * scale,
    width: stayWidth,
    colour: ink,
  });
  const stayLines = [
    input.board && `${t.board}: ${input.board}`,
    input.minStayNights === null ? t.minStayWhole : t.minStaySplit(input.minStayNights),
  ];
  for (const line of stayLines) {
    if (!line) continue;
    stayY += 3 * scale;
    stayY += drawText(doc, line, stayX, stayY, {
      font: fontRegular,
      size: small,
      width: stayWidth,
      colour: ink,
    });
  }
  return Math.max(hotelY, stayY) + 12 * scale;
}

/** Every inclusion, as a list in two columns when there are more than two. */
function drawIncluded(page: Page, input: VoucherPdfInput, y: number): number {
  if (input.inclusions.length === 0) return y;
  const { doc, left, width, scale } = page;
  const t = documentTexts[input.locale].voucher;
  const items = input.inclusions.map(
    (inclusion) =>
      `${inclusion.quantity > 1 ? `${inclusion.quantity} × ` : ''}${inclusion.label} (${t.per[inclusion.per]})`,
  );
  const top = y + drawLabel(page, t.included, left, y, width);
  const columns = items.length > 2 && page.format === 'a4' ? 2 : 1;
  const gap = 20;
  const columnWidth = (width - (columns - 1) * gap) / columns;
  const perColumn = Math.ceil(items.length / columns);
  let bottom = top;
  for (let column = 0; column < columns; column++) {
    let itemY = top;
    const x = left + column * (columnWidth + gap);
    for (const item of items.slice(column * perColumn, (column + 1) * perColumn)) {
      drawText(doc, '✓', x, itemY, {
        font: fontRegular,
        size: 9.5 * scale,
        width: 12,
        colour: page.colours.text,
      });
      itemY +=
        drawText(doc, item, x + 13, itemY, {
          font: fontRegular,
          size: 9.5 * scale,
          width: columnWidth - 13,
          colour: ink,
        }) +
        2 * scale;
    }
    bottom = Math.max(bottom, itemY);
  }
  return bottom + 10 * scale;
}

/** When the voucher can be used: arrival days (left) and the dates it cannot (right). */
function drawTerms(page: Page, input: VoucherPdfInput, y: number): number {
  const { doc, left, scale } = page;
  const t = documentTexts[input.locale].voucher;
  const columns = blockColumns(page);
  const arrivalWidth = columns.firstWidth;
  const blackoutX = columns.secondX;
  const blackoutWidth = columns.secondWidth;
  const size = 9.5 * scale;

  let arrivalY = y + drawLabel(page, t.arrival, left, y, arrivalWidth);
  const days =
    input.arrivalDays.length === 0 || input.arrivalDays.length === 7
      ? t.arrivalAny
      : t.arrivalOnly(formatWeekdays(input.arrivalDays, input.locale));
  arrivalY += drawText(doc, days, left, arrivalY, {
    font: fontRegular,
    size,
    width: arrivalWidth,
    colour: ink,
  });

  const blackoutTop = columns.stacked ? arrivalY + columns.gap : y;
  let blackoutY = blackoutTop + drawLabel(page, t.blackouts, blackoutX, blackoutTop, blackoutWidth);
  const periods = input.blackoutPeriods.map((period) => {
    const from = formatDocumentDate(new Date(`${period.from}T12:00:00Z`), input.locale);
    const to = formatDocumentDate(new Date(`${period.to}T12:00:00Z`), input.locale);
    return `${from} – ${to} (${t.blackoutReasons[period.reason]})`;
  });
  const blackouts = periods.length ? periods.join('; ') : t.blackoutsNone;
  blackoutY += drawText(doc, blackouts, blackoutX, blackoutY, {
    font: fontRegular,
    size,
    width: blackoutWidth,
    colour: ink,
  });
  return Math.max(arrivalY, blackoutY) + 12 * scale;
}

function drawCode({ doc, colours, left, width, scale }: Page, input: VoucherPdfInput, y: number): number {
  const t = documentTexts[input.locale].voucher;
  const { qrSize } = formats.a4;
  const padding = 8;
  const size = Math.round(qrSize * Math.max(scale, 0.85));
  const boxHeight = size + 2 * padding;
  doc.roundedRect(left, y, width, boxHeight, 8).lineWidth(1.5).strokeColor(colours.primary).stroke();
  if (!input.preview) {
    drawQrCode(doc, input.code, { x: left + width - padding - size, y: y + padding, size });
  }

  const textX = left + 18;
  const textWidth = width - size - 2 * padding - 30;
  const unit = boxHeight / (qrSize + 2 * padding);
  doc.font(fontBold).fontSize(8.5).fillColor(muted);
  doc.text(t.code.toUpperCase(), textX, y + 18 * unit, { characterSpacing: 0.8, lineBreak: false });
  doc.fillColor(ink);
  drawFittedText(
    doc,
    input.code,
    { x: textX, y: y + 32 * unit },
    {
      font: fontBold,
      size: { largest: 26, smallest: 12 },
      width: textWidth,
      maxHeight: 32,
      characterSpacing: 2,
    },
  );
  doc.font(fontBold).fontSize(12).fillColor(colours.text);
  doc.text(`${t.validUntil} ${formatDocumentDate(input.validUntil, input.locale)}`, textX, y + 72 * unit, {
    width: textWidth,
    lineBreak: false,
  });
  doc.font(fontRegular).fontSize(8).fillColor(muted);
  doc.text(
    `${t.issuedAt} ${formatDocumentDate(input.issuedAt, input.locale)} · ${t.orderNumber} ${input.orderId}`,
    textX,
    y + 94 * unit,
    { width: textWidth, lineBreak: false },
  );
  return y + boxHeight + 14 * scale;
}

/**
 * The phone's code block: the QR code large and centred (a desk scanner or camera reads it off the
 * screen), the code, validity and order below it, each line centred and wrapped rather than cut.
 */
function drawPhoneCode({ doc, colours, left, width }: Page, input: VoucherPdfInput, y: number): number {
  const t = documentTexts[input.locale].voucher;
  const { qrSize } = formats.phone;
  const padding = 12;
  const innerWidth = width - 2 * padding;
  const centred = (
    text: string,
    top: number,
    font: string,
    size: number,
    colour: PDFKit.Mixins.ColorValue,
    spacing = 0,
  ) =>
    drawText(doc, text, left + padding, top, {
      font,
      size,
      width: innerWidth,
      colour,
      align: 'center',
      characterSpacing: spacing,
    });
  let bottom = y + padding;
  if (!input.preview) {
    drawQrCode(doc, input.code, { x: left + (width - qrSize) / 2, y: bottom, size: qrSize });
    bottom += qrSize + 8;
  }
  bottom += centred(t.code.toUpperCase(), bottom, fontBold, 8.5, muted, 0.8) + 2;
  bottom += centred(input.code, bottom, fontBold, 20, ink, 1.5) + 6;
  bottom +=
    centred(
      `${t.validUntil} ${formatDocumentDate(input.validUntil, input.locale)}`,
      bottom,
      fontBold,
      12,
      colours.text,
    ) + 4;
  const issued = `${t.issuedAt} ${formatDocumentDate(input.issuedAt, input.locale)} · ${t.orderNumber} ${input.orderId}`;
  bottom += centred(issued, bottom, fontRegular, 8, muted) + padding;
  doc
    .roundedRect(left, y, width, bottom - y, 8)
    .lineWidth(1.5)
    .strokeColor(colours.primary)
    .stroke();
  return bottom + 14;
}

/** The booking steps, numbered, in full; returns where they end. */
function drawInstructions(page: Page, input: VoucherPdfInput, top: number): number {
  const { doc, left, width, scale } = page;
  const paragraphs = input.bookingInstructions.map((paragraph) => paragraph.trim()).filter(Boolean);
  if (paragraphs.length === 0) return top;
  const t = documentTexts[input.locale].voucher;
  doc
    .font(fontBold)
    .fontSize(11 * scale)
    .fillColor(ink);
  doc.text(t.howToBook, left, top, { width, lineBreak: false });

  const indent = paragraphs.length > 1 ? 16 : 0;
  let y = top + 17 * scale;
  for (const [index, paragraph] of paragraphs.entries()) {
    if (indent) {
      doc
        .font(fontRegular)
        .fontSize(9.5 * scale)
        .fillColor(ink);
      doc.text(`${index + 1}.`, left, y, { lineBreak: false });
    }
    y +=
      drawText(doc, paragraph, left + indent, y, {
        font: fontRegular,
        size: 9.5 * scale,
        width: width - indent,
        lineGap: 1,
        colour: ink,
      }) +
      4 * scale;
  }
  return y;
}

/**
 * Who sold the voucher and how to reach them; returns where it ends. On A4 each line is fitted into the
 * footer's fixed height; on a phone's narrow sheet the lines wrap (the sheet grows with them).
 */
function drawFooter(
  { doc, format, colours, left, width }: Page,
  input: VoucherPdfInput,
  top: number,
): number {
  const t = documentTexts[input.locale].voucher;
  const { brand, seller } = input;
  doc
    .moveTo(left, top)
    .lineTo(left + width, top)
    .lineWidth(0.5)
    .strokeColor(colours.primary)
    .stroke();
  doc.fillColor(ink);
  const nameHeight = drawFittedText(
    doc,
    `${brand.name} · ${brand.website}`,
    { x: left, y: top + 7 },
    {
      font: fontBold,
      size: { largest: 8.5, smallest: 6.5 },
      width,
      // The phone's narrow sheet lets a long address take a second line.
      maxHeight: format === 'phone' ? 24 : 12,
      align: 'center',
    },
  );
  const lines = [
    ...seller.map((line, index) => (index === 0 ? `${t.soldBy}: ${line}` : line)),
    [brand.supportEmail, brand.supportPhone].filter(Boolean).length
      ? `${t.questions} ${[brand.supportEmail, brand.supportPhone].filter(Boolean).join(' · ')}`
      : null,
  ];
  let y = format === 'phone' ? top + 9 + nameHeight : top + 20;
  doc.fillColor(muted);
  for (const line of lines) {
    if (!line) continue;
    if (format === 'phone') {
      y += drawText(doc, line, left, y, {
        font: fontRegular,
        size: 7.5,
        width,
        colour: muted,
        align: 'center',
      });
    } else {
      y += drawFittedText(
        doc,
        line,
        { x: left, y },
        { font: fontRegular, size: { largest: 8, smallest: 6 }, width, maxHeight: 11, align: 'center' },
      );
    }
    y += 2;
  }
  return y;
}
