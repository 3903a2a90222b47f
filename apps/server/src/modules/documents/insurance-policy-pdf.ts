/**
 * The travel insurance policy (issue 12): one A4 page with the insurer's policy number, the insured
 * voucher and trip, the cover (cancellation, or curtailment within the trip's first days, SPEC §9), the
 * insured travellers and the premium, which the insurer bills. Pure: data in, PDF stream out.
 */
import type { InsuranceType } from '@shop/contracts/insurance';
import type { Locale } from '@shop/contracts/locale';
import { brandColours } from './brand-colour.ts';
import { drawBrandMark } from './brand-mark.ts';
import { formatCents, formatDocumentDate } from './document-texts.ts';
import { createPdfDocument, fontBold, fontRegular } from './pdf-document.ts';
import { drawSpecimenWatermark } from './specimen-watermark.ts';

export type InsurancePolicyPdfInput = {
  locale: Locale;
  policyNumber: string;
  type: InsuranceType;
  premiumCents: number;
  /** Curtailment: the trip's first this many days are covered; null for cancellation. */
  coveredDays: number | null;
  bookedAt: Date;
  orderId: number;
  voucherCode: string;
  offerTitle: string;
  hotelName: string;
  nights: number;
  persons: number;
  travellers: {
    title: string;
    firstName: string;
    lastName: string;
    street: string;
    houseNumber: string;
    postcode: string;
    city: string;
  }[];
  brand: { name: string; logoPng: Buffer | null; primaryColor: string; website: string };
  /** The insurer the brand's config names (issue 24); unset: the brand's name stands for it. */
  insurerName?: string;
  /** Booked with the built-in sandbox insurer: every page says it is no valid policy. */
  specimen: boolean;
};

type PolicyTexts = {
  title: string;
  policyNumber: string;
  issuedAt: string;
  orderNumber: string;
  voucher: string;
  trip: string;
  tripLine: (nights: number, persons: number) => string;
  cover: string;
  types: Record<InsuranceType, string>;
  coverText: (type: InsuranceType, coveredDays: number | null) => string;
  travellers: string;
  premium: string;
  premiumNote: string;
  insurer: string;
  specimen: string;
};

export const policyTexts: Record<Locale, PolicyTexts> = {
  de: {
    title: 'Versicherungsschein',
    policyNumber: 'Policennummer',
    issuedAt: 'Ausgestellt am',
    orderNumber: 'Bestellnummer',
    voucher: 'Versicherter Gutschein',
    trip: 'Reise',
    tripLine: (nights, persons) =>
      `${nights} ${nights === 1 ? 'Nacht' : 'Nächte'}, ${persons} ${persons === 1 ? 'Person' : 'Personen'}`,
    cover: 'Versicherungsschutz',
    types: { cancellation: 'Reiserücktrittsversicherung', curtailment: 'Reiseabbruchversicherung' },
    coverText: (type, days) =>
      type === 'cancellation'
        ? 'Erstattet die Reisekosten, wenn Sie die Reise aus einem versicherten Grund nicht antreten können.'
        : `Erstattet die nicht genutzten Reiseleistungen bei einem Reiseabbruch innerhalb der ersten Hälfte der Reise, höchstens der ersten 8 Tage: bei dieser Reise bis einschließlich Tag ${days}.`,
    travellers: 'Versicherte Reisende',
    premium: 'Prämie',
    premiumNote:
      'Die Prämie ist an den Versicherer zu zahlen, der sie gesondert in Rechnung stellt; sie ist nicht Teil Ihrer Bestellung.',
    insurer: 'Versicherer',
    specimen: 'MUSTER – KEINE GÜLTIGE POLICE',
  },
  en: {
    title: 'Insurance policy',
    policyNumber: 'Policy number',
    issuedAt: 'Issued on',
    orderNumber: 'Order number',
    voucher: 'Insured voucher',
    trip: 'Trip',
    tripLine: (nights, persons) =>
      `${nights} ${nights === 1 ? 'night' : 'nights'}, ${persons} ${persons === 1 ? 'person' : 'persons'}`,
    cover: 'Cover',
    types: { cancellation: 'Travel cancellation insurance', curtailment: 'Travel curtailment insurance' },
    coverText: (type, days) =>
      type === 'cancellation'
        ? 'Refunds the travel costs if you cannot start the trip for an insured reason.'
        : `Refunds the unused travel services if the trip is cut short within its first half, at most its first 8 days: for this trip, up to and including day ${days}.`,
    travellers: 'Insured travellers',
    premium: 'Premium',
    premiumNote:
      'The premium is payable to the insurer, which bills it separately; it is not part of your order.',
    insurer: 'Insurer',
    specimen: 'SPECIMEN – NOT A VALID POLICY',
  },
  it: {
    title: 'Polizza assicurativa',
    policyNumber: 'Numero di polizza',
    issuedAt: 'Emessa il',
    orderNumber: 'Numero d’ordine',
    voucher: 'Voucher assicurato',
    trip: 'Viaggio',
    tripLine: (nights, persons) =>
      `${nights} ${nights === 1 ? 'notte' : 'notti'}, ${persons} ${persons === 1 ? 'persona' : 'persone'}`,
    cover: 'Copertura',
    types: {
      cancellation: 'Assicurazione annullamento viaggio',
      curtailment: 'Assicurazione interruzione viaggio',
    },
    coverText: (type, days) =>
      type === 'cancellation'
        ? 'Rimborsa i costi del viaggio se non può partire per un motivo assicurato.'
        : `Rimborsa i servizi non usufruiti se il viaggio viene interrotto nella prima metà, al massimo nei primi 8 giorni: per questo viaggio, fino al giorno ${days} incluso.`,
    travellers: 'Viaggiatori assicurati',
    premium: 'Premio',
    premiumNote:
      'Il premio è dovuto all’assicuratore, che lo fattura separatamente; non fa parte del Suo ordine.',
    insurer: 'Assicuratore',
    specimen: 'FACSIMILE – POLIZZA NON VALIDA',
  },
};

const ink = '#1f1f1f';
const muted = '#5f6368';
const margin = 56;

export function renderInsurancePolicyPdf(input: InsurancePolicyPdfInput): PDFKit.PDFDocument {
  if (!Number.isSafeInteger(input.premiumCents)) throw new Error('premium must be whole cents');
  const t = policyTexts[input.locale];
  const title = `${t.title} ${input.policyNumber}`;
  const doc = createPdfDocument({
    locale: input.locale,
    createdAt: input.bookedAt,
    title: input.specimen ? `${t.specimen}: ${title}` : title,
    author: input.brand.name,
    subject: `${t.types[input.type]} – ${input.offerTitle}`,
    margins: { top: margin, bottom: 40, left: margin, right: margin },
  });
  const colours = brandColours(input.brand.primaryColor);
  const left = margin;
  const width = doc.page.width - 2 * margin;

  drawBrandMark(
    doc,
    input.brand,
    { x: left, y: 36, width: 180, height: 46 },
    { colour: colours.text, largest: 16, smallest: 9 },
  );
  doc
    .moveTo(left, 96)
    .lineTo(left + width, 96)
    .lineWidth(1.5)
    .strokeColor(colours.primary)
    .stroke();

  doc.font(fontBold).fontSize(18).fillColor(ink).text(t.types[input.type], left, 116, { width });
  doc
    .font(fontRegular)
    .fontSize(11)
    .fillColor(muted)
    .text(t.title, left, doc.y + 2, { width });

  const facts: [string, string][] = [
    [t.policyNumber, input.policyNumber],
    [t.issuedAt, formatDocumentDate(input.bookedAt, input.locale)],
    [t.orderNumber, String(input.orderId)],
    [t.voucher, `${input.voucherCode} · ${input.offerTitle}`],
    [t.trip, `${input.hotelName} · ${t.tripLine(input.nights, input.persons)}`],
    [t.insurer, input.insurerName ?? (input.specimen ? `Sandbox (${input.brand.name})` : input.brand.name)],
  ];
  let y = doc.y + 18;
  const labelWidth = 150;
  for (const [label, value] of facts) {
    doc.font(fontRegular).fontSize(9.5).fillColor(muted).text(label, left, y, { width: labelWidth });
    doc
      .font(fontBold)
      .fontSize(9.5)
      .fillColor(ink)
      .text(value, left + labelWidth, y, { width: width - labelWidth });
    y = doc.y + 6;
  }

  y = section(doc, t.cover, left, width, y + 10, colours.text);
  doc.font(fontRegular).fontSize(10).fillColor(ink);
  doc.text(t.coverText(input.type, input.coveredDays), left, y, { width, lineGap: 2 });
  y = doc.y + 8;

  y = section(doc, t.travellers, left, width, y + 10, colours.text);
  for (const [index, traveller] of input.travellers.entries()) {
    doc.font(fontBold).fontSize(10).fillColor(ink);
    doc.text(`${index + 1}. ${traveller.title} ${traveller.firstName} ${traveller.lastName}`, left, y, {
      width,
    });
    doc.font(fontRegular).fontSize(9.5).fillColor(muted);
    doc.text(
      `${traveller.street} ${traveller.houseNumber}, ${traveller.postcode} ${traveller.city}`,
      left + 14,
      doc.y + 1,
      { width: width - 14 },
    );
    y = doc.y + 6;
  }

  y = section(doc, t.premium, left, width, y + 10, colours.text);
  doc
    .font(fontBold)
    .fontSize(12)
    .fillColor(ink)
    .text(formatCents(input.premiumCents, input.locale), left, y, {
      width,
    });
  doc
    .font(fontRegular)
    .fontSize(9.5)
    .fillColor(muted)
    .text(t.premiumNote, left, doc.y + 4, { width });

  doc.font(fontRegular).fontSize(8).fillColor(muted);
  doc.text(`${input.brand.name} · ${input.brand.website}`, left, doc.page.height - 60, {
    width,
    align: 'center',
    lineBreak: false,
  });
  if (input.specimen) drawSpecimenWatermark(doc, t.specimen);
  doc.end();
  return doc;
}

function section(
  doc: PDFKit.PDFDocument,
  heading: string,
  left: number,
  width: number,
  y: number,
  colour: [number, number, number],
): number {
  doc.font(fontBold).fontSize(11).fillColor(colour).text(heading, left, y, { width });
  const below = doc.y + 3;
  doc
    .moveTo(left, below)
    .lineTo(left + width, below)
    .lineWidth(0.5)
    .strokeColor('#d0d4d9')
    .stroke();
  return below + 8;
}
