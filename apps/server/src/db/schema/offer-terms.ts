import type {
  blackoutReasons,
  inclusionCodes,
  inclusionUnits,
  petsPolicies,
} from '@shop/contracts/catalogue';

/** The stored shapes of an offer's terms (jsonb columns of `offers`); offer data presents them. */

export type ChildrenPolicy = {
  isAllowed: boolean;
  /** Youngest age the hotel accepts; null: any age. */
  minimumAge: number | null;
  /** Ascending age bands with the share of an adult's price the hotel charges on site (0 = free). */
  bands: { fromAge: number; toAge: number; pricePercent: number }[];
};

export type PetsPolicy = {
  policy: (typeof petsPolicies)[number];
  /** Paid at the hotel, per pet and night; null: free (or not allowed). */
  feePerNightCents: number | null;
};

/** Inclusive ISO dates (YYYY-MM-DD). */
export type BlackoutPeriod = { from: string; to: string; reason: (typeof blackoutReasons)[number] };

export type Inclusion = {
  code: (typeof inclusionCodes)[number];
  quantity: number;
  /** Once per stay, every night, or once per person. */
  per: (typeof inclusionUnits)[number];
};
