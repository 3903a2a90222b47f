/**
 * The catalogue in the back office (issue 26): hotels with their pictures, offers with their texts,
 * terms and variants, and the variant's price and stock. What is saved is live in the shop on every
 * process within seconds (the server's change watch).
 */
import { z } from 'zod';
import { isoDate, pageNumber } from './admin.ts';
import { blackoutReasons, inclusionCodes, inclusionUnits, petsPolicies } from './catalogue.ts';
import { messageKeys } from './message-keys.ts';
import { text } from './text.ts';

const maxCents = 100_000_000;
export const cents = z.number().int().min(0).max(maxCents);

/** A text in the shop's three languages: German is required, the others fall back to it when empty. */
export const translatedField = (max: number, options: { required?: boolean } = {}) =>
  z.object({
    de: options.required === false ? text().trim().max(max) : text().trim().min(1).max(max),
    en: text().trim().max(max).default(''),
    it: text().trim().max(max).default(''),
  });
export type TranslatedField = { de: string; en: string; it: string };

/** A URL path segment the shop shows: lower case letters, digits and dashes. */
export const catalogueSlug = text()
  .trim()
  .min(3)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, messageKeys.slug);

/** A picture the media route serves: an uploaded one (`p-…`) or a seed the catalogue already names. */
export const pictureSeed = text().min(1).max(200);

export const hotelInputSchema = z.object({
  name: text().trim().min(2).max(120),
  /** Empty: made from the name. */
  slug: catalogueSlug.optional(),
  vendor: text().trim().min(2).max(120),
  stars: z.number().int().min(1).max(5).nullable(),
  street: text().trim().min(1).max(120),
  houseNumber: text().trim().max(20),
  postcode: text().trim().min(3).max(12),
  city: translatedField(80),
  region: translatedField(80, { required: false }),
  countryIso: text()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** How guests book the stay a voucher pays for: printed on every voucher. */
  phone: text().trim().max(40).nullable(),
  email: text().trim().toLowerCase().email(messageKeys.email).max(254).nullable(),
  description: translatedField(10_000),
  /** SPEC §3 feature codes 1–33. */
  featureCodes: z.array(z.number().int().min(1).max(33)).max(33),
  /** The boards the hotel offers (SPEC §3 codes); an offer picks one of them. */
  boardCodes: z.array(text().max(8)).max(12),
  pictures: z.array(pictureSeed).max(30),
});
export type HotelInput = z.input<typeof hotelInputSchema>;

export const adminHotelSchema = hotelInputSchema.extend({
  id: z.number().int(),
  slug: text(),
  offerCount: z.number().int(),
  pictureUrls: z.array(text()),
});
export type AdminHotel = z.infer<typeof adminHotelSchema>;

export const adminHotelListSchema = z.object({
  hotels: z.array(
    z.object({
      id: z.number().int(),
      name: text(),
      city: text(),
      countryIso: text(),
      stars: z.number().int().nullable(),
      offerCount: z.number().int(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminHotelList = z.infer<typeof adminHotelListSchema>;

export const hotelListQuery = z.object({
  query: text().trim().max(120).optional(),
  page: pageNumber.optional(),
});

const childrenInput = z.object({
  isAllowed: z.boolean(),
  minimumAge: z.number().int().min(0).max(17).nullable(),
  bands: z
    .array(
      z.object({
        fromAge: z.number().int().min(0).max(17),
        toAge: z.number().int().min(0).max(17),
        pricePercent: z.number().int().min(0).max(100),
      }),
    )
    .max(6),
});

const blackoutInput = z
  .object({ from: isoDate, to: isoDate, reason: z.enum(blackoutReasons) })
  .refine((period) => period.from <= period.to, { message: messageKeys.invalid, path: ['to'] });

export const offerTextInput = z.object({
  /** Shown ascending by position; null: after the positioned ones. */
  position: z.number().int().min(0).max(999).nullable(),
  title: translatedField(200),
  body: translatedField(20_000),
});

export const variantInputSchema = z.object({
  nights: z.number().int().min(1).max(60),
  persons: z.number().int().min(1).max(20),
  priceCents: cents.min(1),
  /** The "statt" price: the hotel's regular price for the same stay. 0: none shown. */
  originalPriceCents: cents,
  stock: z.number().int().min(0).max(1_000_000),
  /**
   * `hotel`: `originalPriceCents` is the hotel's regular price. `former`: the shop's own earlier price;
   * then the database sets the "statt" price to the lowest of the 30 days before a reduction (EU price
   * indication rules) and ignores the one sent.
   */
  referenceSource: z.enum(['hotel', 'former']).default('hotel'),
  /**
   * What the shop pays the hotel for one redeemed voucher (issue 27: the hotel's statement); null: not
   * agreed yet. Never shown in the shop.
   */
  netRateCents: cents.nullable().default(null),
});
export type VariantInput = z.input<typeof variantInputSchema>;

export const offerInputSchema = z.object({
  hotelId: z.number().int().min(1),
  /** Empty: made from the German title. */
  slug: catalogueSlug.optional(),
  /** The brand it is sold on; null: every brand (changes then need the operator). */
  brand: text().max(40).nullable(),
  title: translatedField(200),
  subtitle: translatedField(300, { required: false }),
  boardCode: text().max(8).nullable(),
  themeIds: z.array(z.number().int().min(1)).max(20),
  pictures: z.array(pictureSeed).max(30),
  isActive: z.boolean(),
  /** The last day of the sale period (Europe/Berlin); null: open-ended. */
  saleEndsOn: isoDate.nullable(),
  arrivalDays: z.array(z.number().int().min(1).max(7)).max(7),
  minStayNights: z.number().int().min(1).max(60).nullable(),
  children: childrenInput.nullable(),
  pets: z.object({ policy: z.enum(petsPolicies), feePerNightCents: cents.nullable() }).nullable(),
  blackoutPeriods: z.array(blackoutInput).max(50),
  inclusions: z
    .array(
      z.object({
        code: z.enum(inclusionCodes),
        quantity: z.number().int().min(1).max(99),
        per: z.enum(inclusionUnits),
      }),
    )
    .max(30),
  texts: z.array(offerTextInput).max(30),
});
export type OfferInput = z.input<typeof offerInputSchema>;

/** A new offer comes with its variants (at least one: an offer without one cannot be sold). */
export const newOfferSchema = offerInputSchema.extend({
  variants: z.array(variantInputSchema).min(1).max(50),
});
export type NewOffer = z.input<typeof newOfferSchema>;

export const adminVariantSchema = variantInputSchema.extend({
  id: z.number().int(),
  referenceSource: z.enum(['hotel', 'former']),
});
export type AdminVariant = z.infer<typeof adminVariantSchema>;

export const adminOfferSchema = offerInputSchema.extend({
  id: z.number().int(),
  slug: text(),
  hotelName: text(),
  variants: z.array(adminVariantSchema),
  /** The offer page's path on the brand's shop (the default brand's when sold on every brand). */
  shopPath: text(),
});
export type AdminOffer = z.infer<typeof adminOfferSchema>;

export const variantPatchSchema = z
  .object({
    priceCents: cents.min(1).optional(),
    originalPriceCents: cents.optional(),
    stock: z.number().int().min(0).max(1_000_000).optional(),
    referenceSource: z.enum(['hotel', 'former']).optional(),
    netRateCents: cents.nullable().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: messageKeys.required });
export type VariantPatch = z.infer<typeof variantPatchSchema>;

export const offerListQuery = z.object({
  query: text().trim().max(120).optional(),
  brand: text().max(40).optional(),
  hotel: text()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .optional(),
  state: z.enum(['active', 'inactive']).optional(),
  page: pageNumber.optional(),
});

export const adminOfferListSchema = z.object({
  offers: z.array(
    z.object({
      id: z.number().int(),
      title: text(),
      hotelName: text(),
      brand: text().nullable(),
      isActive: z.boolean(),
      variantCount: z.number().int(),
      fromPriceCents: z.number().int().nullable(),
      stock: z.number().int(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminOfferList = z.infer<typeof adminOfferListSchema>;

/** What the catalogue forms choose from. */
export const catalogueChoicesSchema = z.object({
  countries: z.array(z.object({ iso: text(), name: text() })),
  themes: z.array(z.object({ id: z.number().int(), name: text() })),
  features: z.array(z.object({ code: z.number().int(), label: text() })),
  boards: z.array(z.object({ code: text(), name: text() })),
  brands: z.array(z.object({ short: text(), name: text() })),
  inclusionCodes: z.array(z.object({ code: z.enum(inclusionCodes), label: text() })),
});
export type CatalogueChoices = z.infer<typeof catalogueChoicesSchema>;

/** An uploaded picture, cropped and stored; its seed goes into a hotel's or offer's pictures. */
export const uploadedPictureSchema = z.object({
  seed: text(),
  url: text(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedPicture = z.infer<typeof uploadedPictureSchema>;

/** The crop a picture upload asks for, in the source's pixels (after its EXIF rotation). */
const pixels = (min: number) =>
  text()
    .regex(/^\d{1,5}$/, messageKeys.positiveInteger)
    .transform(Number)
    .pipe(z.number().int().min(min).max(20_000));

export const pictureCropQuery = z.object({
  left: pixels(0).optional(),
  top: pixels(0).optional(),
  width: pixels(16).optional(),
  height: pixels(16).optional(),
});

/** The CSV export's filters: the offers list's. */
export const catalogueExportQuery = offerListQuery.omit({ page: true });

export const catalogueImportQuery = z.object({
  name: text().trim().min(1).max(200).default('catalogue.csv'),
  /** true: check and list what would change, write nothing. */
  dryRun: z.enum(['true', 'false']).default('true'),
});

export const catalogueImportStatuses = ['queued', 'checking', 'writing', 'done', 'failed'] as const;

/** One line's change: which offer or variant, and each column before and after. */
export const catalogueChangeSchema = z.object({
  line: z.number().int(),
  kind: z.enum(['offer-created', 'offer-changed', 'variant-created', 'variant-changed']),
  offer: text(),
  variantId: z.number().int().nullable(),
  fields: z.array(z.object({ column: text(), before: text().nullable(), after: text() })),
});
export type CatalogueChange = z.infer<typeof catalogueChangeSchema>;

/** A line's error: the line of the file (the header is line 1), its column, what is wrong. */
export const catalogueIssueSchema = z.object({
  line: z.number().int(),
  column: text().nullable(),
  message: text(),
});
export type CatalogueIssue = z.infer<typeof catalogueIssueSchema>;

export const catalogueImportSchema = z.object({
  id: z.number().int(),
  fileName: text(),
  dryRun: z.boolean(),
  status: z.enum(catalogueImportStatuses),
  rowsTotal: z.number().int().nullable(),
  rowsDone: z.number().int(),
  /** Written to the catalogue (never with errors, never on a dry run). */
  applied: z.boolean(),
  summary: z
    .object({
      offersCreated: z.number().int(),
      offersChanged: z.number().int(),
      variantsCreated: z.number().int(),
      variantsChanged: z.number().int(),
      unchanged: z.number().int(),
    })
    .nullable(),
  /** The first 1,000 changes; `summary` counts them all. */
  changes: z.array(catalogueChangeSchema),
  /** The first 1,000 errors. */
  errors: z.array(catalogueIssueSchema),
  errorCount: z.number().int(),
  createdAt: text(),
  finishedAt: text().nullable(),
});
export type CatalogueImport = z.infer<typeof catalogueImportSchema>;

/**
 * A change of price or stock over every variant of the offers a filter finds (the offers list's
 * filters). A dry run answers what would change; the change itself is one transaction.
 */
export const bulkVariantChangeSchema = z
  .object({
    query: text().trim().max(120).optional(),
    brand: text().max(40).optional(),
    hotelId: z.number().int().min(1).optional(),
    state: z.enum(['active', 'inactive']).optional(),
    /** Percent up (positive) or down; whole-euro prices stay whole euros. */
    pricePercent: z.number().int().min(-90).max(200).nullable().default(null),
    stockSet: z.number().int().min(0).max(1_000_000).nullable().default(null),
    stockAdd: z.number().int().min(-1_000_000).max(1_000_000).nullable().default(null),
    dryRun: z.boolean().default(true),
  })
  .refine((change) => change.pricePercent !== null || change.stockSet !== null || change.stockAdd !== null, {
    message: messageKeys.required,
    path: ['pricePercent'],
  })
  .refine((change) => change.stockSet === null || change.stockAdd === null, {
    message: messageKeys.invalid,
    path: ['stockAdd'],
  });
export type BulkVariantChange = z.input<typeof bulkVariantChangeSchema>;

export const bulkVariantResultSchema = z.object({
  dryRun: z.boolean(),
  /** Variants changed (or, in a dry run, that would change). */
  variants: z.number().int(),
  /** Offers the filter found that the member may not change (a brand manager: those on every brand). */
  skippedOffers: z.number().int(),
  /** The first 500, in the list's order. */
  changes: z.array(
    z.object({
      variantId: z.number().int(),
      offerId: z.number().int(),
      title: text(),
      nights: z.number().int(),
      persons: z.number().int(),
      priceBefore: z.number().int(),
      priceAfter: z.number().int(),
      stockBefore: z.number().int(),
      stockAfter: z.number().int(),
    }),
  ),
});
export type BulkVariantResult = z.infer<typeof bulkVariantResultSchema>;
