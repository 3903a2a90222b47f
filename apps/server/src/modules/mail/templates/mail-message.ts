import type { Seller } from '#src/modules/brands/seller.ts';

/** The partner brand a mail is sent for: its look in the header and its contacts in the footer. */
export type MailBrand = {
  name: string;
  /** Absolute https URL of a PNG logo; without one the header shows the name as text. */
  logoUrl: string | null;
  colors: { primary: string; primaryContrast: string };
  supportEmail: string | null;
  supportPhone: string | null;
  /** Absolute origin, e.g. 'https://autoclub.example'. */
  website: string;
  /** The selling company as the brand's config names it: name, address, register entry, VAT ID. */
  seller: Seller;
};

export type MailOrder = {
  id: number;
  customerName: string;
  /** Each voucher line with the hotel it is for. */
  items: { title: string; hotelName: string; quantity: number; totalCents: number }[];
  /** The promotion code's reduction, when the order has one (taken off the lines' sum). */
  discount: { name: string; code: string; cents: number } | null;
  /** What gift cards and account credit paid; the rest (totalCents − prepaidCents) is paid in money. */
  prepaidCents: number;
  /** The order's price: the lines' sum less the discount. */
  totalCents: number;
  /** Absolute link to the order page with its key; the vouchers are printed there. */
  orderUrl: string;
};

export type WireTransferDetails = {
  accountHolder: string;
  iban: string;
  bic: string;
  bank: string;
  reference: string;
  amountCents: number;
  /** YYYY-MM-DD */
  dueDate: string;
  /** Content id of an attached EPC QR PNG ("GiroCode"). */
  qrImageCid: string | null;
};

/**
 * What the order's first mail says about the right of withdrawal (docs/decisions/026): the brand's legal
 * pages as links, and the name of the attached PDF that holds their full text.
 */
export type LegalInformation = {
  /** The terms, withdrawal information and model form pages: title and absolute link. */
  pages: { title: string; url: string }[];
  /** File name of the attached PDF with the pages' full text. */
  attachment: string;
};

export type MailMessage =
  | {
      kind: 'order-received';
      order: MailOrder;
      wireTransfer: WireTransferDetails | null;
      /** Null only when the brand has no legal pages (then there is nothing to attach). */
      legal: LegalInformation | null;
    }
  | {
      kind: 'payment-received';
      order: MailOrder;
      voucherCount: number;
      invoiceUrl: string | null;
      /** Each voucher's place on the order page (`<orderUrl>#voucher-<id>`), never its PDF. */
      voucherLinks: { code: string; url: string }[];
      /** Set when no order-received mail went before (an order paid at once): this mail carries it then. */
      legal: LegalInformation | null;
    }
  /** Sent some days before an unpaid transfer's hold expires. */
  | { kind: 'transfer-reminder'; order: MailOrder; wireTransfer: WireTransferDetails }
  /** The order was cancelled because no payment arrived; its vouchers are released. */
  | { kind: 'transfer-expired'; order: MailOrder };

export type MailKind = MailMessage['kind'];

export type RenderedMail = { subject: string; html: string; text: string };
