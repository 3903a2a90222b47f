/**
 * The invoice for an order, with what §14 UStG and Italian law ask of one: seller with address and
 * VAT id (tax number, register entry when given), buyer, invoice date and unique number, date of
 * supply, every item with quantity, the amounts and the VAT treatment. Items flow onto further pages
 * under a repeated table header; every page carries the seller's details and "page x of n".
 */
import type { Locale } from '@shop/contracts/locale';
import { type BrandColours, brandColours } from './brand-colour.ts';
import { drawBrandMark } from './brand-mark.ts';
import { documentTexts, formatCents, formatCount, formatDocumentDate } from './document-texts.ts';
import { createPdfDocument, fontBold, fontRegular } from './pdf-document.ts';
import { drawFittedText } from './pdf-text-fit.ts';
import { drawSpecimenWatermark } from './specimen-watermark.ts';

export type InvoicePdfInput = {
  locale: Locale;
  /** Unique and sequential, e.g. 'DEMO-2026-000042'. */
  invoiceNumber: string;
  issuedAt: Date;
  /** The date of supply: the payment date. */
  suppliedAt: Date;
  orderId: number;
  seller: {
    name: string;
    street: string;
    postcode: string;
    city: string;
    country: string;
    vatId: string;
    taxNumber: string | null;
    register: string | null;
    managingDirectors: string | null;
    email: string | null;
    phone: string | null;
  };
  buyer: {
    name: string;
    street: string | null;
    postcode: string | null;
    city: string | null;
    country: string | null;
    email: string | null;
  };
  items: { description: string; quantity: number; unitCents: number; totalCents: number }[];
  /** Promotion codes: positive cents, printed as a deduction. */
  discounts: { description: string; cents: number }[];
  /** Gift cards and credit already paid: positive cents, printed as a deduction. */
  prepaid: { description: string; cents: number }[];
  /** What was paid in money. */
  totalCents: number;
  /**
   * rateBasisPoints null: no VAT shown separately (multi-purpose vouchers). With a rate, the amounts as
   * they were split when the invoice was issued (splitGross) and the rate as printed ("7 %"). The note is
   * printed verbatim.
   */
  vat:
    | { rateBasisPoints: null; note: string }
    | { rateBasisPoints: number; rateText: string; netCents: number; vatCents: number; note: string };
  /** Already translated, e.g. 'PayPal'. */
  paymentMethod: string;
  brand: { name: string; logoPng: Buffer | null; primaryColor: string };
  /** Paid with the payment sandbox's simulated money: every page says it is not a valid invoice. */
  specimen: boolean;
};

/**
 * Splits a gross amount that includes VAT: net = round(gross × 10000 / (10000 + rate)), VAT = the
 * rest, so net + VAT is always the gross to the cent. 10700 at 700 bp → 10000 + 700. Done once, when
 * the invoice is issued (modules/invoices); the PDF prints the amounts its snapshot holds.
 */
export function splitGross(
  grossCents: number,
  rateBasisPoints: number,
): { netCents: number; vatCents: number } {
  const netCents = Math.round((grossCents * 10_000) / (10_000 + rateBasisPoints));
  return { netCents, vatCents: grossCents - netCents };
}

const ink = '#1f1f1f';
const muted = '#5f6368';
const rule = '#d0d4d9';
const margin = { top: 50, bottom: 100, left: 56, right: 56 };

type Column = { key: 'position' | 'description' | 'quantity' | 'unitPrice' | 'amount'; width: number };
type Sheet = { doc: PDFKit.PDFDocument; colours: BrandColours; left: number; width: number };

export function renderInvoicePdf(input: InvoicePdfInput): PDFKit.PDFDocument {
  // Before the first byte: a refused invoice is an error, never a PDF cut short or adding up wrong.
  checkInvoiceAmounts(input);
  const t = documentTexts[input.locale].invoice;
  const title = `${t.title} ${input.invoiceNumber}`;
  const doc = createPdfDocument({
    locale: input.locale,
    createdAt: input.issuedAt,
    title: input.specimen ? `${t.specimen}: ${title}` : title,
    author: input.brand.name,
    subject: `${title} – ${input.seller.name}`,
    margins: margin,
    bufferPages: true,
  });
  const sheet: Sheet = {
    doc,
    colours: brandColours(input.brand.primaryColor),
    left: margin.left,
    width: doc.page.width - margin.left - margin.right,
  };

  let y = drawLetterhead(sheet, input);
  doc.font(fontBold).fontSize(16).fillColor(ink);
  doc.text(title, sheet.left, y, { width: sheet.width });
  y = doc.y + 14;
  y = drawItems(sheet, input, y);
  y = drawTotals(sheet, input, y + 10);
  if (input.vat.note.trim()) {
    doc.font(fontRegular).fontSize(8.5).fillColor(ink);
    // Flows onto a further page by itself when it is long.
    doc.text(input.vat.note.trim(), sheet.left, y + 16, { width: sheet.width, lineGap: 1.5 });
  }

  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    drawFooter(sheet, input, index - start + 1, count);
    if (input.specimen) drawSpecimenWatermark(doc, t.specimen);
  }
  doc.end();
  return doc;
}

/**
 * An amount rule an invoice breaks. Its message names the invoice, the line's position and the numbers,
 * never the buyer or what was bought, so that it can be logged as it is (an internal error, a 500).
 */
export class InvoiceCheckError extends Error {
  override name = 'InvoiceCheckError';
  constructor(invoiceNumber: string, problem: string) {
    super(`Invoice ${invoiceNumber}: ${problem}`);
  }
}

/** What the amount checks read: the renderer's input, or an invoice snapshot's amounts. */
export type InvoiceAmounts = {
  invoiceNumber: string;
  items: readonly { quantity: number; unitCents: number; totalCents: number }[];
  discounts: readonly { cents: number }[];
  prepaid: readonly { cents: number }[];
  totalCents: number;
  vat: { rateBasisPoints: number | null; netCents?: number; vatCents?: number };
};

const isCents = (value: number) => Number.isSafeInteger(value);

/**
 * An invoice whose amounts do not hold together is refused, never printed: every amount whole cents,
 * every line at least one whole unit with total = quantity × unit price, deductions positive, and the
 * lines less discounts and prepaid equal to what was paid; with a VAT rate, net + VAT = the gross.
 */
export function checkInvoiceAmounts(input: InvoiceAmounts): void {
  const fail = (problem: string): never => {
    throw new InvoiceCheckError(input.invoiceNumber, problem);
  };
  if (input.items.length === 0) fail('has no lines');
  for (const [index, item] of input.items.entries()) {
    const line = `line ${index + 1}`;
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 1)
      fail(`${line}: quantity ${item.quantity} is not a whole number ≥ 1`);
    if (!isCents(item.unitCents) || item.unitCents < 0)
      fail(`${line}: unit price ${item.unitCents} is not whole cents ≥ 0`);
    if (!isCents(item.totalCents)) fail(`${line}: total ${item.totalCents} is not whole cents`);
    if (item.totalCents !== item.quantity * item.unitCents)
      fail(`${line}: total ${item.totalCents} ≠ ${item.quantity} × ${item.unitCents} cents`);
  }
  for (const [kind, deductions] of [
    ['discount', input.discounts],
    ['prepaid', input.prepaid],
  ] as const) {
    for (const [index, deduction] of deductions.entries()) {
      if (!isCents(deduction.cents) || deduction.cents <= 0)
        fail(`${kind} ${index + 1}: ${deduction.cents} is not whole cents > 0`);
    }
  }
  if (!isCents(input.totalCents) || input.totalCents < 0)
    fail(`total ${input.totalCents} is not whole cents ≥ 0`);
  const items = sum(input.items.map((item) => item.totalCents));
  const discounts = sum(input.discounts.map((discount) => discount.cents));
  const deductions = discounts + sum(input.prepaid.map((payment) => payment.cents));
  if (discounts > items) fail(`discounts ${discounts} exceed the lines ${items} cents`);
  if (items - deductions !== input.totalCents)
    fail(`items ${items} − discounts and prepaid ${deductions} ≠ total ${input.totalCents} cents`);
  const rate = input.vat.rateBasisPoints;
  if (rate !== null) {
    if (!Number.isInteger(rate) || rate < 0 || rate > 10_000)
      fail(`VAT rate must be 0–10000 basis points, got ${rate}`);
    const { netCents = Number.NaN, vatCents = Number.NaN } = input.vat;
    if (!isCents(netCents) || !isCents(vatCents) || netCents < 0 || vatCents < 0)
      fail(`net ${netCents} and VAT ${vatCents} are not whole cents ≥ 0`);
    if (netCents + vatCents !== items - discounts)
      fail(`net ${netCents} + VAT ${vatCents} ≠ gross ${items - discounts} cents`);
  }
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function drawLetterhead({ doc, colours, left, width }: Sheet, input: InvoicePdfInput): number {
  const t = documentTexts[input.locale].invoice;
  const { seller, buyer } = input;
  const rightWidth = 210;
  const rightX = left + width - rightWidth;

  drawBrandMark(
    doc,
    input.brand,
    { x: left, y: 40, width: 180, height: 46 },
    {
      colour: colours.text,
      largest: 16,
      smallest: 9,
    },
  );

  doc.font(fontBold).fontSize(9.5).fillColor(ink);
  doc.text(seller.name, rightX, 40, { width: rightWidth });
  doc.font(fontRegular).fontSize(8.5).fillColor(muted);
  const sellerLines = [
    seller.street,
    `${seller.postcode} ${seller.city}`,
    seller.country,
    seller.email,
    seller.phone && `${t.phone} ${seller.phone}`,
  ];
  doc.text(sellerLines.filter(Boolean).join('\n'), rightX, doc.y + 1, { width: rightWidth, lineGap: 1 });
  const sellerBottom = doc.y;

  // The sender's line above the address, as on a letter for a window envelope (DIN 5008).
  const addressTop = Math.max(140, sellerBottom + 16);
  const addressWidth = width - rightWidth - 30;
  doc.font(fontRegular).fontSize(6.5).fillColor(muted);
  drawFittedText(
    doc,
    `${seller.name} · ${seller.street} · ${seller.postcode} ${seller.city}`,
    { x: left, y: addressTop },
    { font: fontRegular, size: { largest: 6.5, smallest: 5 }, width: addressWidth, maxHeight: 9 },
  );
  doc
    .moveTo(left, addressTop + 10)
    .lineTo(left + addressWidth, addressTop + 10)
    .lineWidth(0.5)
    .strokeColor(rule)
    .stroke();
  doc.font(fontRegular).fontSize(7.5).fillColor(muted);
  doc.text(t.billTo, left, addressTop + 16, { width: addressWidth });
  doc.font(fontBold).fontSize(10).fillColor(ink);
  doc.text(buyer.name, left, doc.y + 2, { width: addressWidth });
  const place = [buyer.postcode, buyer.city].filter(Boolean).join(' ');
  const buyerLines = [buyer.street, place, buyer.country, buyer.email].filter(Boolean);
  doc.font(fontRegular).fontSize(9.5);
  if (buyerLines.length > 0)
    doc.text(buyerLines.join('\n'), left, doc.y + 1, { width: addressWidth, lineGap: 1 });
  const buyerBottom = doc.y;

  const meta: [string, string][] = [
    [t.invoiceNumber, input.invoiceNumber],
    [t.invoiceDate, formatDocumentDate(input.issuedAt, input.locale)],
    [t.supplyDate, formatDocumentDate(input.suppliedAt, input.locale)],
    [t.orderNumber, String(input.orderId)],
    [t.paymentMethod, input.paymentMethod],
  ];
  let metaY = addressTop + 16;
  const labelWidth = 100;
  for (const [label, value] of meta) {
    doc.font(fontRegular).fontSize(8.5).fillColor(muted);
    doc.text(label, rightX, metaY, { width: labelWidth });
    doc.font(fontBold).fontSize(8.5).fillColor(ink);
    doc.text(value, rightX + labelWidth, metaY, { width: rightWidth - labelWidth, align: 'right' });
    metaY = Math.max(doc.y, metaY + 12) + 2;
  }
  return Math.max(buyerBottom, metaY) + 26;
}

function columnsOf(width: number): Column[] {
  const fixed = { position: 36, quantity: 44, unitPrice: 82, amount: 82 };
  return [
    { key: 'position', width: fixed.position },
    { key: 'description', width: width - fixed.position - fixed.quantity - fixed.unitPrice - fixed.amount },
    { key: 'quantity', width: fixed.quantity },
    { key: 'unitPrice', width: fixed.unitPrice },
    { key: 'amount', width: fixed.amount },
  ];
}

const cellPadding = 5;
const numericColumns = new Set<Column['key']>(['quantity', 'unitPrice', 'amount']);

function drawRow(
  { doc, left }: Sheet,
  columns: Column[],
  cells: Record<Column['key'], string>,
  y: number,
  height: number,
): void {
  let x = left;
  for (const column of columns) {
    doc.text(cells[column.key], x + cellPadding, y + cellPadding, {
      width: column.width - 2 * cellPadding,
      align: numericColumns.has(column.key) ? 'right' : 'left',
      height: height - cellPadding,
    });
    x += column.width;
  }
}

function drawTableHeader(sheet: Sheet, input: InvoicePdfInput, columns: Column[], y: number): number {
  const { doc, colours, left, width } = sheet;
  const t = documentTexts[input.locale].invoice;
  const labels = {
    position: t.position,
    description: t.description,
    quantity: t.quantity,
    unitPrice: t.unitPrice,
    amount: t.amount,
  };
  doc.font(fontBold).fontSize(8.5);
  // "Prezzo unitario" takes two lines in its column: the header grows rather than cut it.
  const labelHeight = Math.max(
    ...columns.map((column) =>
      doc.heightOfString(labels[column.key], { width: column.width - 2 * cellPadding }),
    ),
  );
  const height = labelHeight + 2 * cellPadding + 2;
  doc.rect(left, y, width, height).fill(colours.tint);
  doc
    .moveTo(left, y + height)
    .lineTo(left + width, y + height)
    .lineWidth(1)
    .strokeColor(colours.primary)
    .stroke();
  doc.fillColor(ink);
  drawRow(sheet, columns, labels, y + 1, height);
  return y + height;
}

function drawItems(sheet: Sheet, input: InvoicePdfInput, top: number): number {
  const { doc, left, width } = sheet;
  const t = documentTexts[input.locale].invoice;
  const columns = columnsOf(width);
  const descriptionWidth = columns[1]!.width - 2 * cellPadding;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  let y = drawTableHeader(sheet, input, columns, top);
  for (const [index, item] of input.items.entries()) {
    doc.font(fontRegular).fontSize(9);
    const height = doc.heightOfString(item.description, { width: descriptionWidth }) + 2 * cellPadding;
    if (y + height > bottom()) {
      doc.addPage();
      doc.font(fontBold).fontSize(9).fillColor(muted);
      doc.text(`${t.title} ${input.invoiceNumber} (${t.continued})`, left, margin.top, { width });
      y = drawTableHeader(sheet, input, columns, doc.y + 8);
    }
    doc.font(fontRegular).fontSize(9).fillColor(ink);
    drawRow(
      sheet,
      columns,
      {
        position: String(index + 1),
        description: item.description,
        quantity: formatCount(item.quantity, input.locale),
        unitPrice: formatCents(item.unitCents, input.locale),
        amount: formatCents(item.totalCents, input.locale),
      },
      y,
      height,
    );
    y += height;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor(rule)
      .stroke();
  }
  return y;
}

type TotalRow = { label: string; cents: number; strong?: boolean; ruleAbove?: boolean };

function totalRows(input: InvoicePdfInput): TotalRow[] {
  const t = documentTexts[input.locale].invoice;
  const itemsCents = sum(input.items.map((item) => item.totalCents));
  const grossCents = itemsCents - sum(input.discounts.map((discount) => discount.cents));
  const rows: TotalRow[] = [];
  if (input.discounts.length > 0) {
    rows.push({ label: t.subtotal, cents: itemsCents });
    for (const discount of input.discounts)
      rows.push({ label: discount.description, cents: -discount.cents });
  }
  // VAT is due on the whole price of the supply, also on the part a gift card pays (§10 UStG).
  const { vat } = input;
  if (vat.rateBasisPoints !== null) {
    rows.push({ label: t.net, cents: vat.netCents });
    rows.push({ label: t.vat(vat.rateText), cents: vat.vatCents });
  }
  rows.push({ label: t.total, cents: grossCents, strong: true, ruleAbove: true });
  for (const payment of input.prepaid) rows.push({ label: payment.description, cents: -payment.cents });
  rows.push({
    label: t.paidWith(input.paymentMethod),
    cents: input.totalCents,
    strong: true,
    ruleAbove: true,
  });
  return rows;
}

/** The totals stay together: when they do not fit below the items, they start the next page. */
function drawTotals({ doc, left, width }: Sheet, input: InvoicePdfInput, top: number): number {
  const amountWidth = 90;
  const labelWidth = 200;
  const labelX = left + width - amountWidth - labelWidth;
  const rows = totalRows(input);
  const heights = rows.map((row) => {
    doc.font(row.strong ? fontBold : fontRegular).fontSize(9.5);
    return doc.heightOfString(row.label, { width: labelWidth - 10 }) + 6;
  });
  let y = top;
  if (y + sum(heights) > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    y = margin.top;
  }
  for (const [index, row] of rows.entries()) {
    if (row.ruleAbove) {
      doc
        .moveTo(labelX, y + 1)
        .lineTo(left + width, y + 1)
        .lineWidth(0.75)
        .strokeColor(ink)
        .stroke();
    }
    doc
      .font(row.strong ? fontBold : fontRegular)
      .fontSize(9.5)
      .fillColor(ink);
    doc.text(row.label, labelX, y + 4, { width: labelWidth - 10 });
    doc.text(formatCents(row.cents, input.locale), labelX + labelWidth, y + 4, {
      width: amountWidth - cellPadding,
      align: 'right',
    });
    y += heights[index]!;
  }
  return y;
}

function drawFooter(
  { doc, colours, left, width }: Sheet,
  input: InvoicePdfInput,
  page: number,
  pages: number,
): void {
  const t = documentTexts[input.locale].invoice;
  const { seller } = input;
  const top = doc.page.height - margin.bottom + 24;
  doc
    .moveTo(left, top)
    .lineTo(left + width, top)
    .lineWidth(0.5)
    .strokeColor(colours.primary)
    .stroke();
  const lines = [
    [seller.name, seller.street, `${seller.postcode} ${seller.city}`, seller.country],
    [
      `${t.vatId} ${seller.vatId}`,
      seller.taxNumber && `${t.taxNumber} ${seller.taxNumber}`,
      seller.register && `${t.register} ${seller.register}`,
    ],
    [
      seller.managingDirectors && `${t.managingDirectors}: ${seller.managingDirectors}`,
      seller.email && `${t.email} ${seller.email}`,
      seller.phone && `${t.phone} ${seller.phone}`,
    ],
  ]
    .map((parts) => parts.filter(Boolean).join(' · '))
    .filter(Boolean);
  doc.fillColor(muted);
  drawFittedText(
    doc,
    lines.join('\n'),
    { x: left, y: top + 6 },
    { font: fontRegular, size: { largest: 7, smallest: 5.5 }, width: width - 70, maxHeight: 40, lineGap: 1 },
  );
  doc.font(fontRegular).fontSize(7).fillColor(muted);
  // With a width pdfkit wraps even with lineBreak off, and would start a new page down here.
  doc.text(t.page(page, pages), left + width - 70, top + 6, { width: 70, align: 'right', height: 10 });
}
