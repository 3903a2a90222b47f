import type { Hotel, Offer, OfferSummary, Variant } from '@shop/contracts/catalogue';
import type { Locale } from '@shop/contracts/locale';
import { toPrice } from '@shop/contracts/money';
import type { Labels } from '#src/modules/catalogue/dictionary.ts';
import { toImage } from '#src/modules/catalogue/images.ts';
import type {
  HotelColumns,
  OfferRow,
  OfferSummaryRow,
  ReferenceSource,
  VariantRow,
} from './offers.repository.ts';

/** Below this many units left the shop shows the "only {pcs} left" notice. */
export const piecesLeftThreshold = 5;
export const voucherValidityYears = 3;

export function discountPercent(priceCents: number, originalCents: number): number {
  if (originalCents <= 0 || priceCents >= originalCents) return 0;
  return Math.round(100 - (100 * priceCents) / originalCents);
}

export function offerPrice(
  priceCents: number,
  originalCents: number,
  locale: Locale,
  source: ReferenceSource = 'hotel',
) {
  return {
    ...toPrice(priceCents, locale),
    original: toPrice(originalCents, locale),
    discountPercent: discountPercent(priceCents, originalCents),
    referenceKind: referenceKinds[source],
  };
}

const referenceKinds = { hotel: 'hotel-price', former: 'lowest-30-days' } as const;

export function presentOfferSummary(row: OfferSummaryRow, labels: Labels, locale: Locale): OfferSummary {
  return {
    id: row.id,
    slug: row.slug,
    display: row.title,
    subtitle: row.subtitle,
    image: toImage(row.image_seed, row.title),
    contact: {
      name: row.hotel_name,
      slug: row.hotel_slug,
      city: row.city,
      country: labels.country(row.country_iso, locale),
    },
    vendor: { name: row.vendor_name },
    price: {
      ...toPrice(row.price_cents, locale),
      original: toPrice(row.original_price_cents, locale),
      discountPercent: row.discount_percent,
      referenceKind: referenceKinds[row.reference_source],
    },
    nights: { min: row.nights_min, max: row.nights_max },
    persons: { min: row.persons_min, max: row.persons_max },
    isSoldOut: row.is_sold_out,
  };
}

export function presentVariant(row: VariantRow, locale: Locale): Variant {
  const isSoldOut = row.stock <= 0;
  return {
    id: row.id,
    nights: row.nights,
    persons: row.persons,
    price: offerPrice(row.price, row.original, locale, row.source),
    perPersonAndNight: toPrice(Math.round(row.price / Math.max(1, row.persons * row.nights)), locale),
    piecesLeft: !isSoldOut && row.stock <= piecesLeftThreshold ? row.stock : null,
    isSoldOut,
  };
}

export function presentHotelBase(row: HotelColumns, labels: Labels, locale: Locale) {
  return {
    id: row.hotel_id,
    slug: row.hotel_slug,
    name: row.hotel_name,
    stars: row.stars,
    address: {
      street: row.street,
      houseNumber: row.house_number,
      postcode: row.postcode,
      city: row.city,
      region: row.region,
      country: labels.country(row.country_iso, locale),
    },
    location: { latitude: row.latitude, longitude: row.longitude },
    image: toImage(row.hotel_image_seeds[0], row.hotel_name),
  };
}

export function presentFeatures(codes: number[], labels: Labels, locale: Locale): Hotel['features'] {
  return codes.map((code) => labels.feature(code, locale));
}

export function presentOffer(row: OfferRow, labels: Labels, locale: Locale): Offer {
  const variants = row.variants.map((variant) => presentVariant(variant, locale));
  const inStock = row.variants.filter((variant) => variant.stock > 0);
  const advertised = [...(inStock.length > 0 ? inStock : row.variants)].sort((a, b) => a.price - b.price)[0];
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    subtitle: row.subtitle,
    image: toImage(row.image_seeds[0], row.title),
    images: row.image_seeds.flatMap((seed) => toImage(seed, row.title) ?? []),
    board: labels.board(row.board_code, locale),
    themes: row.theme_ids.map((id) => labels.theme(id, locale)),
    contact: {
      ...presentHotelBase(row, labels, locale),
      features: presentFeatures(row.feature_codes, labels, locale),
    },
    vendor: { name: row.vendor_name },
    variants,
    price: offerPrice(advertised?.price ?? 0, advertised?.original ?? 0, locale, advertised?.source),
    isSoldOut: inStock.length === 0,
    validityYears: voucherValidityYears,
  };
}
