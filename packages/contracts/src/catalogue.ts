import { z } from 'zod';
import { messageKeys } from './messages.ts';
import { priceSchema } from './money.ts';
import { decimalQuery, maxPageSize } from './params.ts';

const iso2 = z.string().regex(/^[A-Za-z]{2}$/, messageKeys.countryCode);

export const countryRefSchema = z.object({ iso: z.string(), name: z.string() });
export const themeRefSchema = z.object({ id: z.number().int(), name: z.string() });
export const rangeSchema = z.object({ min: z.number().int(), max: z.number().int() });
export const imageSchema = z.object({ url: z.string(), alt: z.string() });

export const featureSchema = z.object({ code: z.number().int(), icon: z.string(), label: z.string() });
export const boardSchema = z.object({ code: z.string(), short: z.string(), name: z.string() });

export const addressSchema = z.object({
  street: z.string(),
  houseNumber: z.string(),
  postcode: z.string(),
  city: z.string(),
  region: z.string().nullable(),
  country: countryRefSchema,
});

/** A hotel as lists and maps show it. */
export const hotelSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  stars: z.number().int().nullable(),
  address: addressSchema,
  location: z.object({ latitude: z.number(), longitude: z.number() }),
  image: imageSchema.nullable(),
  offerCount: z.number().int(),
  price: priceSchema.nullable(),
});
export type HotelSummary = z.infer<typeof hotelSummarySchema>;

export const hotelNearbySchema = hotelSummarySchema.extend({ distanceKm: z.number() });

export const hotelSchema = hotelSummarySchema.extend({
  description: z.string(),
  vendor: z.object({ name: z.string() }),
  features: z.array(featureSchema),
  images: z.array(imageSchema),
});
export type Hotel = z.infer<typeof hotelSchema>;

export const offerPriceSchema = priceSchema.extend({
  original: priceSchema,
  /** Whole percent saved against the original price. */
  discountPercent: z.number().int(),
});

/** One result of the offer search (SPEC §3 "Search result"). */
export const offerSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  display: z.string(),
  subtitle: z.string(),
  image: imageSchema.nullable(),
  contact: z.object({
    name: z.string(),
    slug: z.string(),
    city: z.string(),
    country: countryRefSchema,
  }),
  vendor: z.object({ name: z.string() }),
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
  /** Units left when few are (the "only {pcs} left" notice); null when plenty. */
  piecesLeft: z.number().int().nullable(),
  isSoldOut: z.boolean(),
});
export type Variant = z.infer<typeof variantSchema>;

export const offerTextSchema = z.object({
  position: z.number().int().nullable(),
  title: z.string(),
  body: z.string(),
});

export const offerSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  subtitle: z.string(),
  image: imageSchema.nullable(),
  images: z.array(imageSchema),
  board: boardSchema.nullable(),
  themes: z.array(themeRefSchema),
  contact: hotelSummarySchema.omit({ offerCount: true, price: true }).extend({
    features: z.array(featureSchema),
  }),
  vendor: z.object({ name: z.string() }),
  variants: z.array(variantSchema),
  price: offerPriceSchema,
  isSoldOut: z.boolean(),
  /** Vouchers are valid this many years from purchase (SPEC §9). */
  validityYears: z.number().int(),
});
export type Offer = z.infer<typeof offerSchema>;

/** GET /api/offer/data: the long texts and facts of an offer, loaded after the offer itself. */
export const offerDataSchema = z.object({
  id: z.number().int(),
  texts: z.array(offerTextSchema),
  features: z.array(featureSchema),
  board: boardSchema.nullable(),
  hotel: hotelSchema,
});
export type OfferData = z.infer<typeof offerDataSchema>;

export const variantDetailSchema = variantSchema.extend({
  offer: z.object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    image: imageSchema.nullable(),
  }),
});

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
    query: z.string().max(200).optional(),
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
  countries: z.array(facetCount({ iso: z.string(), name: z.string() })),
  themes: z.array(facetCount({ id: z.number().int(), name: z.string() })),
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
  corrections: z.record(z.string(), z.array(z.string())),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const suggestionSchema = z.object({
  kind: z.enum(['country', 'theme', 'hotel', 'offer']),
  label: z.string(),
  /** Country ISO code, theme id, hotel slug or offer id. */
  key: z.string(),
});
export const suggestResponseSchema = z.object({ items: z.array(suggestionSchema) });

export const availableCountriesSchema = z.array(facetCount({ iso: z.string(), name: z.string() }));
export const availableThemesSchema = z.array(facetCount({ id: z.number().int(), name: z.string() }));

export const offerGroupsRequestSchema = z
  .object({
    groups: z
      .array(
        z
          .object({
            key: z.string().min(1).max(64),
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
  groups: z.array(z.object({ key: z.string(), items: z.array(offerSummarySchema) })),
});

export const promotionSchema = z.object({
  name: z.string(),
  promotionType: z.string(),
  type: z.string(),
  title: z.string(),
  description: z.string(),
  active: z.boolean(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Offers in the promotion. */
  count: z.number().int(),
});
export type Promotion = z.infer<typeof promotionSchema>;
export const promotionDetailSchema = z.object({
  promotion: promotionSchema,
  items: z.array(offerSummarySchema),
});

export const menuSchema = z.object({
  countries: z.array(z.object({ key: z.string(), value: z.string() })),
  /** `value` is null for themes that are not in the menu (SPEC: only those with a value are shown). */
  themes: z.array(z.object({ key: z.number().int(), value: z.string().nullable() })),
});

export const contentPageRefSchema = z.object({
  slug: z.string(),
  name: z.string(),
  title: z.string(),
  locale: z.string(),
});
export const contentOverviewSchema = z.object({
  pages: z.array(contentPageRefSchema),
  extensionPoints: z.object({
    footerMenu: z.array(z.string()),
    home: z.array(z.string()),
  }),
});
export const contentPageSchema = contentPageRefSchema.extend({ body: z.string() });

export const brandSchema = z.object({ short: z.string(), name: z.string(), locales: z.array(z.string()) });

export const closeToQuerySchema = z
  .object({
    latitude: decimalQuery.pipe(z.number().min(-90).max(90)),
    longitude: decimalQuery.pipe(z.number().min(-180).max(180)),
    /** Kilometres. */
    radius: decimalQuery.pipe(z.number().gt(0).max(1000)).default(50),
  })
  .strict();
