import { z } from 'zod';
import { type Locale, locales } from './locale.ts';
import { messageKeys } from './message-keys.ts';
import { priceSchema } from './money.ts';
import { orderAccessSchema, textField } from './orders.ts';
import { idParam } from './params.ts';
import { text } from './text.ts';

/**
 * Travel insurance for a paid voucher (SPEC §1, §3, §5, §7 POST /api/insurance/book, §9; issue 12):
 * cancellation, or travel curtailment within the first half of the trip (at most its first 8 days).
 */

export const insuranceTypes = ['cancellation', 'curtailment'] as const;
export type InsuranceType = (typeof insuranceTypes)[number];

/** SPEC §3 insurance traveller data; SPEC §5: every field filled, each missing one named in the message. */
export const travellerSchema = z.object({
  /** Salutation or title as the traveller is addressed ("Frau", "Herr", "Dr."). */
  title: textField(40),
  firstName: textField(100),
  lastName: textField(100),
  street: textField(200),
  houseNumber: textField(20),
  postcode: textField(10),
  city: textField(100),
});
export type Traveller = z.infer<typeof travellerSchema>;

/** The fields in the order the form shows them. */
export const travellerFields = [
  'title',
  'firstName',
  'lastName',
  'street',
  'houseNumber',
  'postcode',
  'city',
] as const satisfies readonly (keyof Traveller)[];

const voucherId = z
  .number({ error: messageKeys.positiveInteger })
  .int({ error: messageKeys.positiveInteger })
  .min(1, { error: messageKeys.positiveInteger })
  .max(2_147_483_647, { error: messageKeys.positiveInteger });

/**
 * POST /api/insurance/book. 1..persons travellers (the voucher's variant: the server checks the upper
 * bound, it knows the variant). Booking the same voucher and type again answers the policy booked first.
 */
export const insuranceBookRequestSchema = orderAccessSchema.extend({
  voucherId,
  type: z.enum(insuranceTypes, { error: messageKeys.oneOf }),
  travellers: z.array(travellerSchema).min(1, { error: messageKeys.required }).max(20),
});
export type InsuranceBookRequest = z.input<typeof insuranceBookRequestSchema>;

/** A booked policy as the buyer sees it; the PDF at `pdfUrl` needs the order key like the vouchers. */
export const insurancePolicySchema = z.object({
  policyNumber: text(),
  type: z.enum(insuranceTypes),
  voucherId: z.number().int(),
  /** Billed by the insurer itself, not part of the shop order's total. */
  premium: priceSchema,
  travellerCount: z.number().int(),
  /** Curtailment: cover for a curtailment within the trip's first this many days; null for cancellation. */
  coveredDays: z.number().int().nullable(),
  bookedAt: text(),
  /** Site-relative: `/api/insurance/policy/{id}/{key}/{policyNumber}.pdf`. */
  pdfUrl: text(),
});
export type InsurancePolicy = z.infer<typeof insurancePolicySchema>;

/**
 * What one premium pays for. The brand's tariffs price a voucher by its value: one premium per voucher,
 * covering every traveller up to its persons (`voucher`). `person` and `order` are named so that an
 * insurer pricing otherwise can say so.
 */
export const premiumBases = ['person', 'voucher', 'order'] as const;
export type PremiumBasis = (typeof premiumBases)[number];

/** The insurer's documents the buyer gets before the contract (issue 24), one pair per tariff. */
export const insuranceDocumentKinds = ['product-sheet', 'conditions'] as const;
export type InsuranceDocumentKind = (typeof insuranceDocumentKinds)[number];

/** Traveller data the order already knows (the buyer, the vouchers' guests): the form starts with it. */
export const travellerDefaultsSchema = z.object({
  title: text(),
  firstName: text(),
  lastName: text(),
  street: text(),
  houseNumber: text(),
  postcode: text(),
  city: text(),
});

/** What the order page offers for one voucher: both types' premiums, and what is booked already. */
export const insuranceOfferSchema = z.object({
  voucherId: z.number().int(),
  /** The voucher's variant: the most travellers one policy covers. */
  persons: z.number().int(),
  nights: z.number().int(),
  /** Who the buyer contracts with, and how it bills the premium (it is not part of the shop order). */
  insurer: z.object({
    name: text(),
    address: text(),
    invoiceWithinDays: z.number().int(),
    paymentTermDays: z.number().int(),
  }),
  /** Empty when the brand's tariffs have no band for the voucher's value. */
  options: z.array(
    z.object({
      type: z.enum(insuranceTypes),
      premium: priceSchema,
      premiumBasis: z.enum(premiumBases),
      /** The most the insurer pays: what the voucher cost (the insured trip value). */
      sumInsured: priceSchema,
      coveredDays: z.number().int().nullable(),
      /** Site-relative PDF addresses, in the language of the answer. */
      documents: z.object({ productSheet: text(), conditions: text() }),
    }),
  ),
  /** One per person of the voucher, prefilled from the order; the buyer may change every field. */
  travellers: z.array(travellerDefaultsSchema),
  policies: z.array(insurancePolicySchema),
});
export type InsuranceOffer = z.infer<typeof insuranceOfferSchema>;

const orderKey = text().min(1).max(100);

export const insuranceOfferParams = z.object({ id: idParam, key: orderKey, voucherId: idParam });

/** Policy numbers are upper-case letters, digits and dashes: safe in a path and a file name. */
export const policyNumberPattern = /^[A-Z0-9-]{4,40}$/;

export const insurancePolicyDownloadParams = z.object({
  id: idParam,
  key: orderKey,
  file: text().regex(/^[A-Z0-9-]{4,40}\.pdf$/),
});

/** GET /api/insurance/documents/{locale}/{type}/{kind}.pdf: the brand's insurer's documents per tariff. */
export const insuranceDocumentParams = z.object({
  locale: z.enum(locales),
  type: z.enum(insuranceTypes),
  file: z.enum(insuranceDocumentKinds.map((kind) => `${kind}.pdf` as const)),
});

/** Site-relative address of one of the insurer's documents for a tariff, in a language. */
export const insuranceDocumentUrl = (locale: Locale, type: InsuranceType, kind: InsuranceDocumentKind) =>
  `/api/insurance/documents/${locale}/${type}/${kind}.pdf`;
