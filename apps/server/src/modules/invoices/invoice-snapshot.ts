/**
 * The invoice's snapshot: everything an issued invoice says, fixed when it is issued (docs/decisions/016).
 * An invoice is a legal document (§ 14 UStG, art. 21 DPR 633/1972) kept unchanged for years (§ 14b UStG,
 * art. 39 DPR 633/1972), so its PDF is rendered from this alone — never from the brand's config, the
 * catalogue or the order as they are on the day of the download. It is issued in one language, the
 * order's (issue 24): every download prints that language, whatever the reader's browser asks for.
 * The texts (line descriptions, the VAT note, deductions, the payment method) are kept in every shop
 * language as well, as they were before the language was stored; every fact exists once.
 */
import { type Locale, locales } from '@shop/contracts/locale';
import { type CustomerData, type PaymentType, paymentTypes } from '@shop/contracts/orders';
import { z } from 'zod';
import type { TranslatedText } from '#src/db/schema/types.ts';
import { translate } from '#src/db/translate.ts';
import type { BrandConfigs } from '#src/modules/brands/brand-config.ts';
import { formatVatRate } from '#src/modules/documents/document-texts.ts';
import {
  checkInvoiceAmounts,
  InvoiceCheckError,
  type InvoicePdfInput,
  splitGross,
} from '#src/modules/documents/invoice-pdf.ts';

export type BrandConfig = Awaited<ReturnType<BrandConfigs['get']>>;

/** The order as the database holds it when its invoice's snapshot is taken (invoices.repository.ts). */
export type InvoiceFacts = {
  order_id: number;
  brand_id: number;
  brand_short: string;
  /** The order's language: the invoice's. */
  locale: string;
  currency: string;
  payment_type: PaymentType | null;
  customer_data: Pick<
    CustomerData,
    'firstName' | 'lastName' | 'street' | 'houseNumber' | 'postcode' | 'city' | 'country' | 'email'
  > | null;
  subtotal_cents: number;
  discount_cents: number;
  prepaid_cents: number;
  total_cents: number;
  paid_at: Date | null;
  /** The transaction's time (PostgreSQL's now()): the moment the snapshot is taken. */
  now: Date;
  lines: { quantity: number; unit_price_cents: number; title: TranslatedText; hotel_name: string }[];
  reduction: { code: string; name: TranslatedText } | null;
  /** What each gift card paid towards the order. */
  gift_card_cents: number[];
};

// Whole cents and units are checkInvoiceAmounts' to judge (with messages that say which line): the
// schema only asks for numbers.
const cents = z.number();
const texts = z.object({ de: z.string(), en: z.string(), it: z.string() });
const isoDate = z.iso.datetime({ offset: true });

export const invoiceSnapshotSchema = z.object({
  version: z.literal(1),
  /** 'issue': taken in the issuing transaction; 'first-download': an invoice from before migration 0007. */
  origin: z.enum(['issue', 'first-download']),
  takenAt: isoDate,
  invoiceNumber: z.string().min(1),
  /**
   * The language the invoice is issued in: the order's. Absent in snapshots taken before issue 24,
   * which are rendered in the order's language as it is stored (it does not change after the order).
   */
  locale: z.enum(locales).optional(),
  orderId: z.number().int(),
  issuedAt: isoDate,
  /** The date of supply: when the order was paid. */
  suppliedAt: isoDate,
  currency: z.literal('EUR'),
  /** The brand's `legal` block, with its support contacts, as it was at issue. */
  seller: z.object({
    name: z.string(),
    street: z.string(),
    postcode: z.string(),
    city: z.string(),
    country: z.string(),
    vatId: z.string(),
    taxNumber: z.string().nullable(),
    register: z.string().nullable(),
    managingDirectors: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  /** As the order held it at issue. */
  buyer: z.object({
    name: z.string(),
    street: z.string().nullable(),
    postcode: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    email: z.string().nullable(),
  }),
  lines: z.array(z.object({ description: texts, quantity: z.number(), unitCents: cents, totalCents: cents })),
  /** Promotion codes, positive cents taken off before VAT. */
  discounts: z.array(z.object({ description: texts, cents })),
  /** Gift cards and credit, positive cents taken off what was paid in money. */
  prepaid: z.array(z.object({ description: texts, cents })),
  totals: z.object({
    /** The lines' sum. */
    subtotalCents: cents,
    discountCents: cents,
    /** The price of the supply: subtotal − discounts. */
    grossCents: cents,
    /** Only with a VAT rate: the gross split into net + VAT. */
    netCents: cents.nullable(),
    vatCents: cents.nullable(),
    prepaidCents: cents,
    /** What was paid in money: gross − prepaid. */
    totalCents: cents,
  }),
  /** The brand's `voucherVat` at issue: a rate for single-purpose vouchers, null for multi-purpose ones. */
  vat: z.object({
    rateBasisPoints: z.number().nullable(),
    rateText: texts.nullable(),
    note: texts,
  }),
  payment: z.object({ type: z.enum(paymentTypes).nullable(), label: texts }),
  /** How the document looks (not what it says): the shop's name, its logo's address, its colour. */
  brand: z.object({
    name: z.string(),
    logo: z.object({ url: z.string(), height: z.number() }).nullable(),
    primaryColor: z.string(),
  }),
});

export type InvoiceSnapshot = z.infer<typeof invoiceSnapshotSchema>;
type Texts = Record<Locale, string>;

const paymentLabels: Record<string, Texts> = {
  paypal: { de: 'PayPal', en: 'PayPal', it: 'PayPal' },
  amazonpay: { de: 'Amazon Pay', en: 'Amazon Pay', it: 'Amazon Pay' },
  wiretransfer: { de: 'Überweisung', en: 'Bank transfer', it: 'Bonifico bancario' },
  credit: { de: 'Guthaben', en: 'Account credit', it: 'Credito' },
};
const giftCardLabel: Texts = { de: 'Geschenkgutschein', en: 'Gift card', it: 'Carta regalo' };

const eachLocale = (text: (locale: Locale) => string): Texts =>
  Object.fromEntries(locales.map((locale) => [locale, text(locale)])) as Texts;

/**
 * The snapshot of an invoice from the order as it is in `facts` and the brand's config: at issue, inside
 * the issuing transaction; for an invoice from before the snapshot existed, at its first download.
 * Pure: the caller stores it.
 */
export function buildInvoiceSnapshot(input: {
  facts: InvoiceFacts;
  config: BrandConfig;
  invoiceNumber: string;
  issuedAt: Date;
  origin: InvoiceSnapshot['origin'];
}): InvoiceSnapshot {
  const { facts, config, invoiceNumber } = input;
  const { reduction } = facts;
  if (!config.legal || !config.voucherVat) {
    // Decision 015: refused rather than issued without the seller's data.
    throw new Error(`brand ${config.short} has no company data for invoices (legal, voucherVat)`);
  }
  const { legal, voucherVat } = config;
  const customer = facts.customer_data;
  const grossCents = facts.subtotal_cents - facts.discount_cents;
  const rate = voucherVat.rateBasisPoints;
  const split = rate === null ? null : splitGross(grossCents, rate);
  const paidAt = facts.paid_at ?? input.issuedAt;
  return {
    version: 1,
    origin: input.origin,
    takenAt: new Date(facts.now).toISOString(),
    invoiceNumber,
    locale: (locales as readonly string[]).includes(facts.locale) ? (facts.locale as Locale) : 'de',
    orderId: facts.order_id,
    issuedAt: input.issuedAt.toISOString(),
    suppliedAt: new Date(paidAt).toISOString(),
    currency: facts.currency as 'EUR',
    seller: {
      name: legal.name,
      street: legal.street,
      postcode: legal.postcode,
      city: legal.city,
      country: legal.country,
      vatId: legal.vatId,
      taxNumber: legal.taxNumber ?? null,
      register: legal.register ?? null,
      managingDirectors: legal.managingDirectors ?? null,
      email: config.supportMail || null,
      phone: config.supportPhone || null,
    },
    buyer: {
      name: customer ? `${customer.firstName} ${customer.lastName}`.trim() : '',
      street: customer ? `${customer.street} ${customer.houseNumber}`.trim() : null,
      postcode: customer?.postcode ?? null,
      city: customer?.city ?? null,
      country: customer?.country ?? null,
      email: customer?.email ?? null,
    },
    lines: facts.lines.map((line) => ({
      description: eachLocale((locale) => `${translate(line.title, locale)} – ${line.hotel_name}`),
      quantity: line.quantity,
      unitCents: line.unit_price_cents,
      totalCents: line.quantity * line.unit_price_cents,
    })),
    discounts:
      reduction && facts.discount_cents > 0
        ? [
            {
              description: eachLocale((locale) => `${translate(reduction.name, locale)} (${reduction.code})`),
              cents: facts.discount_cents,
            },
          ]
        : [],
    prepaid: facts.gift_card_cents
      .filter((amount) => amount > 0)
      .map((amount) => ({ description: giftCardLabel, cents: amount })),
    totals: {
      subtotalCents: facts.subtotal_cents,
      discountCents: facts.discount_cents,
      grossCents,
      netCents: split?.netCents ?? null,
      vatCents: split?.vatCents ?? null,
      prepaidCents: facts.prepaid_cents,
      totalCents: facts.total_cents,
    },
    vat: {
      rateBasisPoints: rate,
      rateText: rate === null ? null : eachLocale((locale) => formatVatRate(rate, locale)),
      note: eachLocale((locale) => voucherVat.note[locale] ?? ''),
    },
    payment: {
      type: facts.payment_type,
      label: paymentLabels[facts.payment_type ?? 'credit'] ?? eachLocale(() => ''),
    },
    brand: {
      name: config.storeName,
      logo: config.logo ? { url: config.logo.url, height: config.logo.height } : null,
      primaryColor: config.colors.primary,
    },
  };
}

/**
 * A snapshot as it may be stored and rendered: its shape (parsed: it is jsonb, anything could be in the
 * column) and its rules (checkInvoiceSnapshot). Throws an InvoiceCheckError otherwise.
 */
export function soundInvoiceSnapshot(snapshot: unknown, invoiceNumber: string): InvoiceSnapshot {
  const parsed = parseInvoiceSnapshot(snapshot, invoiceNumber);
  checkInvoiceSnapshot(parsed);
  return parsed;
}

/** A stored snapshot, checked for its shape only. */
export function parseInvoiceSnapshot(stored: unknown, invoiceNumber: string): InvoiceSnapshot {
  const parsed = invoiceSnapshotSchema.safeParse(stored);
  if (!parsed.success) {
    // The paths only: the values may be the buyer's.
    const paths = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || '(root)'))];
    throw new InvoiceCheckError(invoiceNumber, `stored snapshot is malformed at ${paths.join(', ')}`);
  }
  return parsed.data;
}

/**
 * Everything checkInvoiceAmounts asks of the PDF (which includes paid = lines − discounts − prepaid), and
 * that the snapshot's totals agree with its lines: subtotal = the lines' sum, discount and prepaid =
 * their lines' sums, gross = subtotal − discount, net and VAT exactly when there is a rate. Also that it
 * names the seller and describes every line in every language. Run before a snapshot is stored and
 * before every rendering; a violation is an InvoiceCheckError.
 */
export function checkInvoiceSnapshot(snapshot: InvoiceSnapshot): void {
  const { invoiceNumber, totals, seller, vat } = snapshot;
  const fail = (problem: string): never => {
    throw new InvoiceCheckError(invoiceNumber, problem);
  };
  for (const field of ['name', 'street', 'postcode', 'city', 'country', 'vatId'] as const) {
    if (!seller[field].trim()) fail(`the seller's ${field} is empty`);
  }
  for (const [index, line] of snapshot.lines.entries()) {
    for (const locale of locales) {
      if (!line.description[locale].trim()) fail(`line ${index + 1} has no description in ${locale}`);
    }
  }
  checkInvoiceAmounts(amountsOf(snapshot));
  const sums = {
    subtotal: sum(snapshot.lines.map((line) => line.totalCents)),
    discount: sum(snapshot.discounts.map((discount) => discount.cents)),
    prepaid: sum(snapshot.prepaid.map((payment) => payment.cents)),
  };
  if (totals.subtotalCents !== sums.subtotal)
    fail(`subtotal ${totals.subtotalCents} ≠ the lines' ${sums.subtotal} cents`);
  if (totals.discountCents !== sums.discount)
    fail(`discount ${totals.discountCents} ≠ the discount lines' ${sums.discount} cents`);
  if (totals.prepaidCents !== sums.prepaid)
    fail(`prepaid ${totals.prepaidCents} ≠ the prepaid lines' ${sums.prepaid} cents`);
  if (totals.grossCents !== totals.subtotalCents - totals.discountCents)
    fail(`gross ${totals.grossCents} ≠ subtotal ${totals.subtotalCents} − discount ${totals.discountCents}`);
  const hasRate = vat.rateBasisPoints !== null;
  if (hasRate !== (totals.netCents !== null && totals.vatCents !== null && vat.rateText !== null))
    fail('net, VAT and rate text must be there exactly when a VAT rate is');
}

function amountsOf(snapshot: InvoiceSnapshot) {
  return {
    invoiceNumber: snapshot.invoiceNumber,
    items: snapshot.lines,
    discounts: snapshot.discounts,
    prepaid: snapshot.prepaid,
    totalCents: snapshot.totals.totalCents,
    vat: {
      rateBasisPoints: snapshot.vat.rateBasisPoints,
      netCents: snapshot.totals.netCents ?? Number.NaN,
      vatCents: snapshot.totals.vatCents ?? Number.NaN,
    },
  };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * What the PDF prints, in the invoice's language, from the snapshot and nothing else but the logo.
 * `orderLocale` is the order's stored language, for snapshots taken before the language was part of them.
 */
export function invoicePdfInput(
  snapshot: InvoiceSnapshot,
  options: { orderLocale: Locale; logoPng: Buffer | null; specimen: boolean },
): InvoicePdfInput {
  const locale = snapshot.locale ?? options.orderLocale;
  const { vat, totals } = snapshot;
  return {
    locale,
    invoiceNumber: snapshot.invoiceNumber,
    issuedAt: new Date(snapshot.issuedAt),
    suppliedAt: new Date(snapshot.suppliedAt),
    orderId: snapshot.orderId,
    seller: snapshot.seller,
    buyer: snapshot.buyer,
    items: snapshot.lines.map((line) => ({
      description: line.description[locale],
      quantity: line.quantity,
      unitCents: line.unitCents,
      totalCents: line.totalCents,
    })),
    discounts: snapshot.discounts.map((discount) => ({
      description: discount.description[locale],
      cents: discount.cents,
    })),
    prepaid: snapshot.prepaid.map((payment) => ({
      description: payment.description[locale],
      cents: payment.cents,
    })),
    totalCents: totals.totalCents,
    vat:
      vat.rateBasisPoints === null
        ? { rateBasisPoints: null, note: vat.note[locale] }
        : {
            rateBasisPoints: vat.rateBasisPoints,
            rateText: vat.rateText?.[locale] ?? '',
            netCents: totals.netCents ?? Number.NaN,
            vatCents: totals.vatCents ?? Number.NaN,
            note: vat.note[locale],
          },
    paymentMethod: snapshot.payment.label[locale],
    brand: { name: snapshot.brand.name, logoPng: options.logoPng, primaryColor: snapshot.brand.primaryColor },
    specimen: options.specimen,
  };
}
