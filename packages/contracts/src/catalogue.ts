import { z } from 'zod';
import { messageKeys } from './message-keys.ts';
import { priceSchema } from './money.ts';
import { decimalQuery, maxPageSize } from './params.ts';
import { text } from './text.ts';

const iso2 = text().regex(/^[A-Za-z]{2}$/, messageKeys.countryCode);

export const countryRefSchema = z.object({ iso: text(), name: text() });
export const themeRefSchema = z.object({ id: z.number().int(), name: text() });
export const rangeSchema = z.object({ min: z.number().int(), max: z.number().int() });
export const imageSchema = z.object({ url: text(), alt: text() });

export const featureSchema = z.object({ code: z.number().int(), icon: text(), label: text() });
export const boardSchema = z.object({ code: text(), short: text(), name: text() });

export const addressSchema = z.object({
  street: text(),
  houseNumber: text(),
  postcode: text(),
  city: text(),
  region: text().nullable(),
  country: countryRefSchema,
});

/** A hotel as lists and maps show it. */
export const hotelSummarySchema = z.object({
  id: z.number().int(),
  slug: text(),
  name: text(),
  stars: z.number().int().nullable(),
  address: addressSchema,
  location: z.object({ latitude: z.number(), longitude: z.number() }),
  image: imageSchema.nullable(),
  offerCount: z.number().int(),
  price: priceSchema.nullable(),
  /** Its cheapest offer on sale and in stock (where a price pin leads); null when none is. */
  cheapestOffer: z.object({ slug: text(), price: priceSchema }).nullable(),
});
export type HotelSummary = z.infer<typeof hotelSummarySchema>;

export const hotelNearbySchema = hotelSummarySchema.extend({ distanceKm: z.number() });

export const hotelSchema = hotelSummarySchema.extend({
  description: text(),
  vendor: z.object({ name: text() }),
  features: z.array(featureSchema),
  images: z.array(imageSchema),
});
export type Hotel = z.infer<typeof hotelSchema>;

export const offerPriceSchema = priceSchema.extend({
  original: priceSchema,
  /** Whole percent saved against the original price. */
  discountPercent: z.number().int(),
  /**
   * What `original` is: the hotel's regular price for the same stay, or (EU price indication rules) our
   * own lowest price of the 30 days before the reduction.
   */
  referenceKind: z.enum(['hotel-price', 'lowest-30-days']),
});

/** One result of the offer search (SPEC §3 "Search result"). */
export const offerSummarySchema = z.object({
  id: z.number().int(),
  slug: text(),
  display: text(),
  subtitle: text(),
  image: imageSchema.nullable(),
  contact: z.object({
    name: text(),
    slug: text(),
    city: text(),
    country: countryRefSchema,
  }),
  vendor: z.object({ name: text() }),
  price: offerPriceSchema,
  nights: rangeSchema,
  persons: rangeSchema,
  isSoldOut: z.boolean(),
});
export type OfferSummary = z.infer<typeof offerSummarySchema>;

export const variantSchema = z.object({
  id: z.number().int(),
  nights: z.number().int(),
  persons: z.number().int(),
  price: offerPriceSchema,
  /** The price divided by persons and nights, rounded to the cent (the "per person and night" line). */
  perPersonAndNight: priceSchema,
  /** Units left when few are (the "only {pcs} left" notice); null when plenty. */
  piecesLeft: z.number().int().nullable(),
  isSoldOut: z.boolean(),
});
export type Variant = z.infer<typeof variantSchema>;

export const offerTextSchema = z.object({
  position: z.number().int().nullable(),
  title: text(),
  body: text(),
});

export const offerSchema = z.object({
  id: z.number().int(),
  slug: text(),
  title: text(),
  subtitle: text(),
  image: imageSchema.nullable(),
  images: z.array(imageSchema),
  board: boardSchema.nullable(),
  themes: z.array(themeRefSchema),
  contact: hotelSummarySchema.omit({ offerCount: true, price: true, cheapestOffer: true }).extend({
    features: z.array(featureSchema),
  }),
  vendor: z.object({ name: text() }),
  variants: z.array(variantSchema),
  price: offerPriceSchema,
  isSoldOut: z.boolean(),
  /** Vouchers are valid this many years from purchase (SPEC §9). */
  validityYears: z.number().int(),
});
export type Offer = z.infer<typeof offerSchema>;

// Offer terms (issue 13): what a buyer asks before buying, as data rather than free text.
export const petsPolicies = ['allowed', 'on-request', 'not-allowed'] as const;
export const blackoutReasons = ['christmas-new-year', 'easter', 'peak-season', 'local-event'] as const;
export const inclusionUnits = ['stay', 'night', 'person'] as const;
export const inclusionCodes = [
  'welcome-drink',
  'candlelight-dinner',
  'spa-access',
  'massage',
  'bathrobe',
  'late-checkout',
  'parking',
  'guest-card',
  'bike-rental',
  'wine-tasting',
  'city-tour',
  'transport-pass',
  'sparkling-wine',
  'cooking-class',
  'green-fee',
  'ski-pass',
] as const;

export const childrenPolicySchema = z.object({
  isAllowed: z.boolean(),
  /** Youngest age the hotel accepts; null: any age. */
  minimumAge: z.number().int().nullable(),
  /** Ascending age bands with the share of an adult's price charged at the hotel (0 = free). */
  bands: z.array(
    z.object({ fromAge: z.number().int(), toAge: z.number().int(), pricePercent: z.number().int() }),
  ),
});
export type ChildrenPolicy = z.infer<typeof childrenPolicySchema>;

export const petsPolicySchema = z.object({
  policy: z.enum(petsPolicies),
  /** Paid at the hotel per pet and night; null: free, or no pets. */
  feePerNight: priceSchema.nullable(),
});

export const blackoutPeriodSchema = z.object({
  /** Inclusive ISO dates (YYYY-MM-DD). */
  from: text(),
  to: text(),
  reason: z.enum(blackoutReasons),
  /** The range in the caller's language, e.g. "24 Dec 2026 – 6 Jan 2027". */
  display: text(),
});

export const inclusionSchema = z.object({
  code: z.enum(inclusionCodes),
  label: text(),
  quantity: z.number().int(),
  per: z.enum(inclusionUnits),
});

export const offerTermsSchema = z.object({
  /** ISO weekdays (1 = Monday … 7 = Sunday) a stay may start on; empty: any day. */
  arrivalDays: z.array(z.number().int().min(1).max(7)),
  /** Fewest nights per stay when the voucher's nights may be split; null: all nights in one stay. */
  minStayNights: z.number().int().nullable(),
  /** Null: the hotel has not said (the page asks the visitor to ask). */
  children: childrenPolicySchema.nullable(),
  pets: petsPolicySchema.nullable(),
  /** Periods not yet over, ascending. */
  blackoutPeriods: z.array(blackoutPeriodSchema),
  /** What the price includes besides the nights and the board. */
  inclusions: z.array(inclusionSchema),
  /** When the offer stops being sold (ISO date-time); null: open-ended. */
  saleEndsAt: text().nullable(),
});
export type OfferTerms = z.infer<typeof offerTermsSchema>;

/** GET /api/offer/data: the long texts and facts of an offer, loaded after the offer itself. */
export const offerDataSchema = z.object({
  id: z.number().int(),
  texts: z.array(offerTextSchema),
  features: z.array(featureSchema),
  board: boardSchema.nullable(),
  hotel: hotelSchema,
  terms: offerTermsSchema,
});
export type OfferData = z.infer<typeof offerDataSchema>;

export const variantDetailSchema = variantSchema.extend({
  offer: z.object({
    id: z.number().int(),
    slug: text(),
    title: text(),
    image: imageSchema.nullable(),
  }),
});

/**
 * The 410 answer for an offer that existed but is no longer sold (deactivated, or its sale period
 * ended): a problem (RFC 9457, type `offer-gone`) that names the offer and carries the ways on, the
 * hotel's and the destination's current offers, so old newsletter and partner links do not end the visit.
 */
export const offerGoneSchema = z.object({
  type: z.literal('offer-gone'),
  title: text(),
  status: z.literal(410),
  detail: text(),
  offer: z.object({ id: z.number().int(), slug: text(), title: text() }),
  hotel: z.object({ slug: text(), name: text(), city: text() }),
  destination: countryRefSchema,
  alternatives: z.object({
    hotel: z.array(offerSummarySchema),
    destination: z.array(offerSummarySchema),
  }),
});
export type OfferGone = z.infer<typeof offerGoneSchema>;

const boundedRange = (min: number, max: number) =>
  z
    .object({
      min: z.number().int().min(min).max(max).optional(),
      max: z.number().int().min(min).max(max).optional(),
    })
    .refine((range) => range.min === undefined || range.max === undefined || range.min <= range.max, {
      message: messageKeys.minAboveMax,
    });

export const searchSorts = ['relevance', 'price-asc', 'price-desc', 'discount', 'newest'] as const;
export const maxSearchWindow = 10_000;

/** POST /api/offer/search. Results beyond `maxSearchWindow` (page × pageSize) are not served. */
export const searchRequestSchema = z
  .object({
    query: text().max(200).optional(),
    countries: z.array(iso2).max(50).optional(),
    themes: z.array(z.number().int().min(1).max(2_147_483_647)).max(50).optional(),
    nights: boundedRange(1, 365).optional(),
    persons: boundedRange(1, 50).optional(),
    /** Price of the cheapest variant, in cents. */
    price: boundedRange(0, 100_000_000).optional(),
    sort: z.enum(searchSorts).default('relevance'),
    page: z.number().int().min(1).max(10_000).default(1),
    pageSize: z.number().int().min(1).max(maxPageSize).default(24),
    facets: z.boolean().default(true),
  })
  .strict()
  .refine((request) => request.page * request.pageSize <= maxSearchWindow, {
    message: messageKeys.searchWindow,
    path: ['page'],
  });
export type SearchRequest = z.input<typeof searchRequestSchema>;
export type ParsedSearchRequest = z.output<typeof searchRequestSchema>;

const facetCount = <T extends z.ZodRawShape>(shape: T) => z.object({ ...shape, count: z.number().int() });

export const searchFacetsSchema = z.object({
  countries: z.array(facetCount({ iso: text(), name: text() })),
  themes: z.array(facetCount({ id: z.number().int(), name: text() })),
  nights: z.array(facetCount({ value: z.number().int() })),
  persons: z.array(facetCount({ value: z.number().int() })),
  price: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
});
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

export const searchResponseSchema = z.object({
  items: z.array(offerSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Counts for each refinement, computed without that refinement's own filter. */
  facets: searchFacetsSchema.nullable(),
  /** Words the search corrected for typos, e.g. { gardase: ["gardasee"] }. */
  corrections: z.record(text(), z.array(text())),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const suggestionSchema = z.object({
  kind: z.enum(['country', 'theme', 'hotel', 'offer']),
  label: text(),
  /** Country ISO code, theme id, hotel slug or offer id. */
  key: text(),
});
/** GET /api/offer/suggest/{tag}: what the visitor has typed so far. */
export const suggestParams = z.object({ tag: text().min(1).max(100) });
export const suggestResponseSchema = z.object({ items: z.array(suggestionSchema) });

export const availableCountriesSchema = z.array(facetCount({ iso: text(), name: text() }));
export const availableThemesSchema = z.array(facetCount({ id: z.number().int(), name: text() }));

export const offerGroupsRequestSchema = z
  .object({
    groups: z
      .array(
        z
          .object({
            key: text().min(1).max(64),
            countries: z.array(iso2).max(50).optional(),
            themes: z.array(z.number().int().min(1).max(2_147_483_647)).max(50).optional(),
            sort: z.enum(searchSorts).default('discount'),
            limit: z.number().int().min(1).max(24).default(8),
          })
          .strict(),
      )
      .min(1)
      .max(12),
  })
  .strict();
export const offerGroupsResponseSchema = z.object({
  groups: z.array(z.object({ key: text(), items: z.array(offerSummarySchema) })),
});

export const promotionSchema = z.object({
  name: text(),
  promotionType: text(),
  type: text(),
  title: text(),
  description: text(),
  active: z.boolean(),
  from: text().nullable(),
  to: text().nullable(),
  /** Offers in the promotion. */
  count: z.number().int(),
});
export type Promotion = z.infer<typeof promotionSchema>;
export const promotionDetailSchema = z.object({
  promotion: promotionSchema,
  items: z.array(offerSummarySchema),
});

export const menuSchema = z.object({
  countries: z.array(z.object({ key: text(), value: text() })),
  /** `value` is null for themes that are not in the menu (SPEC: only those with a value are shown). */
  themes: z.array(z.object({ key: z.number().int(), value: text().nullable() })),
});

export const contentPageRefSchema = z.object({
  slug: text(),
  name: text(),
  title: text(),
  locale: text(),
});
export const contentOverviewSchema = z.object({
  pages: z.array(contentPageRefSchema),
  extensionPoints: z.object({
    footerMenu: z.array(text()),
    home: z.array(text()),
  }),
});
export const contentPageSchema = contentPageRefSchema.extend({ body: text() });

export const brandSchema = z.object({ short: text(), name: text(), locales: z.array(text()) });

export const closeToQuerySchema = z
  .object({
    latitude: decimalQuery.pipe(z.number().min(-90).max(90)),
    longitude: decimalQuery.pipe(z.number().min(-180).max(180)),
    /** Kilometres. */
    radius: decimalQuery.pipe(z.number().gt(0).max(1000)).default(50),
  })
  .strict();
