import type { Hotel, HotelSummary } from '@shop/contracts/catalogue';
import type { Locale } from '@shop/contracts/locale';
import { toPrice } from '@shop/contracts/money';
import type { Audience, CatalogueContext } from '#src/modules/catalogue/catalogue-context.ts';
import type { Labels } from '#src/modules/catalogue/dictionary.ts';
import { toImage } from '#src/modules/catalogue/images.ts';
import { presentFeatures, presentHotelBase } from '#src/modules/offers/offer-presenter.ts';
import { findHotelBySlug, findHotelsCloseTo, type HotelRow, listHotels } from './hotels.repository.ts';

export function presentHotelSummary(row: HotelRow, labels: Labels, locale: Locale): HotelSummary {
  return {
    ...presentHotelBase(row, labels, locale),
    offerCount: row.offer_count,
    price: row.price_cents === null ? null : toPrice(row.price_cents, locale),
    cheapestOffer:
      row.cheapest_slug === null || row.cheapest_price_cents === null
        ? null
        : { slug: row.cheapest_slug, price: toPrice(row.cheapest_price_cents, locale) },
  };
}

export function presentHotel(row: HotelRow, labels: Labels, locale: Locale): Hotel {
  return {
    ...presentHotelSummary(row, labels, locale),
    description: row.description,
    vendor: { name: row.vendor_name },
    features: presentFeatures(row.feature_codes, labels, locale),
    images: row.hotel_image_seeds.flatMap((seed) => toImage(seed, row.hotel_name) ?? []),
  };
}

export function getHotel(
  context: CatalogueContext,
  audience: Audience,
  slug: string,
): Promise<Hotel | undefined> {
  return context.cached(audience, `hotel:${slug.toLowerCase()}`, async () => {
    const [row, labels] = await Promise.all([
      findHotelBySlug(context.db, slug, audience.brand.id, audience.locale),
      context.labels(),
    ]);
    return row && presentHotel(row, labels, audience.locale);
  });
}

export function getHotelPage(context: CatalogueContext, audience: Audience, page: number, pageSize: number) {
  return context.cached(audience, `hotels:${page}:${pageSize}`, async () => {
    const [{ rows, total }, labels] = await Promise.all([
      listHotels(context.db, audience.brand.id, audience.locale, page, pageSize),
      context.labels(),
    ]);
    return {
      items: rows.map((row) => presentHotelSummary(row, labels, audience.locale)),
      total,
      page,
      pageSize,
    };
  });
}

export function getHotelsCloseTo(
  context: CatalogueContext,
  audience: Audience,
  point: { latitude: number; longitude: number; radiusKm: number },
) {
  const key = `close-to:${point.latitude}:${point.longitude}:${point.radiusKm}`;
  return context.cached(audience, key, async () => {
    const [rows, labels] = await Promise.all([
      findHotelsCloseTo(context.db, point, audience.brand.id, audience.locale),
      context.labels(),
    ]);
    return {
      items: rows.map((row) => ({
        ...presentHotelSummary(row, labels, audience.locale),
        distanceKm: Math.round((row.distance_km ?? 0) * 10) / 10,
      })),
    };
  });
}
