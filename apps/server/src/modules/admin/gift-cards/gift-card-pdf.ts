/**
 * The printable gift card (issue 26): one A4 page whose top is the card itself, in the brand's colour,
 * to cut out or fold (logo, amount, the recipient, the code, the last day), and below it how to redeem
 * it and who sells under the brand. Pure: data in, PDF stream out; the same card gives the same bytes.
 */
import type { Locale } from '@shop/contracts/locale';
import { brandColours } from '#src/modules/documents/brand-colour.ts';
import { drawBrandMark } from '#src/modules/documents/brand-mark.ts';
import { formatCents, formatDocumentDate } from '#src/modules/documents/document-texts.ts';
import { createPdfDocument, fontBold, fontRegular } from '#src/modules/documents/pdf-document.ts';
import { drawFittedText } from '#src/modules/documents/pdf-text-fit.ts';
import { drawSpecimenWatermark } from '#src/modules/documents/specimen-watermark.ts';
import { giftCardPdfTexts } from './gift-card-pdf-texts.ts';

export type GiftCardPdfInput = {
  locale: Locale;
  code: string;
  amountCents: number;
  /** The last day it can be redeemed (YYYY-MM-DD); null: no end. */
  validTo: string | null;
  recipientName: string | null;
  issuedAt: Date;
  /** Blocked cards are stamped so: a reprint must not pass for a valid card. */
  blocked: boolean;
  brand: {
    name: string;
    logoPng: Buffer | null;
    primaryColor: string;
    /** The shop's address, where the card is redeemed. */
    website: string;
    supportEmail: string | null;
  };
  /** The selling company's footer lines (brands/seller.ts). */
  seller: string[];
};

const ink = '#1f1f1f';
const muted = '#5f6368';
const margin = 50;

export function renderGiftCardPdf(input: GiftCardPdfInput): PDFKit.PDFDocument {
  const t = giftCardPdfTexts[input.locale];
  const doc = createPdfDocument({
    locale: input.locale,
    createdAt: input.issuedAt,
    title: `${t.title} ${input.code}`,
    author: input.brand.name,
    subject: t.title,
    margins: { top: margin, bottom: 10, left: margin, right: margin },
  });
  const colours = brandColours(input.brand.primaryColor);
  const width = doc.page.width - 2 * margin;

  // The card: a rounded box in the brand colour with a white panel for the logo (logos are drawn on white).
  const cardTop = margin;
  const cardHeight = 300;
  doc.roundedRect(margin, cardTop, width, cardHeight, 14).fill(colours.primary);
  doc.roundedRect(margin + 18, cardTop + 18, 200, 60, 8).fill('#ffffff');
  drawBrandMark(
    doc,
    input.brand,
    { x: margin + 28, y: cardTop + 24, width: 180, height: 48 },
    { colour: colours.text, largest: 20, smallest: 10, topInset: 10 },
  );
  doc.fillColor(colours.onPrimary);
  drawFittedText(
    doc,
    t.title.toUpperCase(),
    { x: margin + 240, y: cardTop + 36 },
    {
      font: fontBold,
      size: { largest: 16, smallest: 10 },
      width: width - 260,
      maxHeight: 24,
      align: 'right',
    },
  );
  doc.font(fontBold).fontSize(44).fillColor(colours.onPrimary);
  doc.text(formatCents(input.amountCents, input.locale), margin + 24, cardTop + 104, {
    width: width - 48,
    lineBreak: false,
  });
  if (input.recipientName) {
    doc.fillColor(colours.onPrimary);
    drawFittedText(
      doc,
      `${t.for} ${input.recipientName}`,
      { x: margin + 24, y: cardTop + 162 },
      { font: fontRegular, size: { largest: 15, smallest: 9 }, width: width - 48, maxHeight: 22 },
    );
  }
  // The code on a white band, large and spaced, so it is typed without mistakes.
  const bandTop = cardTop + 200;
  doc.roundedRect(margin + 18, bandTop, width - 36, 76, 8).fill('#ffffff');
  doc.font(fontRegular).fontSize(9).fillColor(muted);
  doc.text(t.code.toUpperCase(), margin + 34, bandTop + 10, { characterSpacing: 0.8, lineBreak: false });
  doc.font(fontBold).fontSize(24).fillColor(ink);
  doc.text(input.code, margin + 34, bandTop + 26, { characterSpacing: 2, lineBreak: false });
  const validity = input.validTo
    ? `${t.validUntil} ${formatDocumentDate(new Date(`${input.validTo}T12:00:00Z`), input.locale)}`
    : t.noEnd;
  doc.font(fontRegular).fontSize(10).fillColor(muted);
  doc.text(validity, margin + 34, bandTop + 56, { width: width - 68, lineBreak: false });

  // How to redeem it, below the card.
  let y = cardTop + cardHeight + 36;
  doc.font(fontBold).fontSize(13).fillColor(colours.text);
  doc.text(t.howToRedeem, margin, y, { width });
  y += 24;
  const steps = t.steps(input.brand.name, input.brand.website);
  doc.font(fontRegular).fontSize(10.5).fillColor(ink);
  for (const [index, step] of steps.entries()) {
    const text = `${index + 1}. ${step}`;
    const height = doc.heightOfString(text, { width, lineGap: 1.5 });
    doc.text(text, margin, y, { width, lineGap: 1.5 });
    y += height + 6;
  }
  y += 8;
  doc.font(fontRegular).fontSize(9.5).fillColor(muted);
  const terms = t.terms(input.brand.supportEmail);
  doc.text(terms, margin, y, { width, lineGap: 1 });

  // The seller at the foot of the page.
  const footer = input.seller.join(' · ');
  doc.font(fontRegular).fontSize(8).fillColor(muted);
  const footerHeight = doc.heightOfString(footer, { width, align: 'center' });
  doc.text(footer, margin, doc.page.height - 40 - footerHeight, { width, align: 'center' });

  if (input.blocked) drawSpecimenWatermark(doc, t.blocked);
  doc.end();
  return doc;
}
