import type { Offer, OfferData, OfferGone, OfferSummary } from '@shop/contracts/catalogue';
import type { Locale } from '@shop/contracts/locale';
import { problemTitles } from '#src/http/problem.ts';
import type { Audience, CatalogueContext } from '#src/modules/catalogue/catalogue-context.ts';
import { toImage } from '#src/modules/catalogue/images.ts';
import { findHotelBySlug } from '#src/modules/hotels/hotels.repository.ts';
import { presentHotel } from '#src/modules/hotels/hotels.service.ts';
import { presentFeatures, presentOffer, presentOfferSummary, presentVariant } from './offer-presenter.ts';
import { presentOfferTerms } from './offer-terms.ts';
import {
  findCurrentOfferIds,
  findGoneOffer,
  findHotelOfferIds,
  findOffer,
  findOfferListings,
  findOfferSummaries,
  findOfferTerms,
  findOfferTexts,
  findTravelDealIds,
  findVariant,
  type OfferCard,
  type OfferListing,
  type OfferSummaryRow,
} from './offers.repository.ts';

export const travelDealsLimit = 12;

/**
 * Offer cards in the order of `ids`, without those no longer sold. What the process's stores hold is not
 * asked of the database again: on the embedded database every query blocks the thread that answers
 * (docs/decisions/035). Texts are kept until the next announced change, prices and stock a second (a
 * sale announces nothing) or, on the embedded database, until this process's own sale changes them.
 */
export async function summariesOf(
  context: CatalogueContext,
  ids: number[],
  locale: Locale,
): Promise<OfferSummary[]> {
  const { offerCards, offerListings } = context;
  const cardKey = (id: number) => `${locale}:${id}`;
  const rows = new Map<number, OfferSummaryRow>();
  const cardsOnly = new Map<number, OfferCard>();
  const missing: number[] = [];
  for (const id of ids) {
    const card = offerCards.get(cardKey(id));
    const listing = card && offerListings.get(String(id));
    if (listing) rows.set(id, { ...card, ...listing });
    else if (card) cardsOnly.set(id, card);
    else missing.push(id);
  }
  const cardsBegun = offerCards.begin();
  const listingsBegun = offerListings.begin();
  const [listings, loaded, labels] = await Promise.all([
    findOfferListings(context.db, [...cardsOnly.keys()]),
    findOfferSummaries(context.db, missing, locale),
    context.labels(),
  ]);
  for (const listing of listings) rows.set(listing.id, { ...cardsOnly.get(listing.id)!, ...listing });
  for (const row of loaded) rows.set(row.id, row);
  offerCards.putAll(
    cardsBegun,
    loaded.map((row) => [cardKey(row.id), cardOf(row)]),
  );
  offerListings.putAll(listingsBegun, [
    ...listings.map((listing): [string, OfferListing] => [String(listing.id), listing]),
    ...loaded.map((row): [string, OfferListing] => [String(row.id), listingOf(row)]),
  ]);
  return ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [presentOfferSummary(row, labels, locale)] : [];
  });
}

function listingOf(row: OfferSummaryRow): OfferListing {
  const { id, price_cents, original_price_cents, discount_percent, reference_source } = row;
  const { nights_min, nights_max, persons_min, persons_max, is_sold_out } = row;
  return {
    id,
    price_cents,
    original_price_cents,
    discount_percent,
    reference_source,
    nights_min,
    nights_max,
    persons_min,
    persons_max,
    is_sold_out,
  };
}

function cardOf(row: OfferSummaryRow): OfferCard {
  const { id, slug, title, subtitle, image_seed, hotel_name, hotel_slug, city, country_iso, vendor_name } =
    row;
  return { id, slug, title, subtitle, image_seed, hotel_name, hotel_slug, city, country_iso, vendor_name };
}

export function getOffer(
  context: CatalogueContext,
  audience: Audience,
  by: { id: number } | { slug: string },
): Promise<Offer | undefined> {
  const key = 'id' in by ? `offer:${by.id}` : `offer-slug:${by.slug.toLowerCase()}`;
  return context.cached(audience, key, async () => {
    const [row, labels] = await Promise.all([
      findOffer(context.db, by, audience.brand.id, audience.locale),
      context.labels(),
    ]);
    return row && presentOffer(row, labels, audience.locale);
  });
}

export function getOfferData(
  context: CatalogueContext,
  audience: Audience,
  offerId: number,
): Promise<OfferData | undefined> {
  return context.cached(audience, `offer-data:${offerId}`, async () => {
    const { db } = context;
    const offer = await findOffer(db, { id: offerId }, audience.brand.id, audience.locale);
    if (!offer) return undefined;
    const [texts, hotel, labels, terms] = await Promise.all([
      findOfferTexts(db, offerId, audience.locale),
      findHotelBySlug(db, offer.hotel_slug, audience.brand.id, audience.locale),
      context.labels(),
      findOfferTerms(db, offerId),
    ]);
    if (!hotel || !terms) return undefined;
    return {
      id: offerId,
      texts,
      features: presentFeatures(offer.feature_codes, labels, audience.locale),
      board: labels.board(offer.board_code, audience.locale),
      hotel: presentHotel(hotel, labels, audience.locale),
      terms: presentOfferTerms(terms, audience.locale),
    };
  });
}

export async function getVariant(context: CatalogueContext, audience: Audience, variantId: number) {
  // Not cached: the cart reads stock and price from here.
  const row = await findVariant(context.db, variantId, audience.brand.id, audience.locale);
  if (!row) return undefined;
  return {
    ...presentVariant(row, audience.locale),
    offer: {
      id: row.offer_id,
      slug: row.offer_slug,
      title: row.offer_title,
      image: toImage(row.image_seed, row.offer_title),
    },
  };
}

export function listHotelOffers(
  context: CatalogueContext,
  audience: Audience,
  hotelSlug: string,
  page: number,
  pageSize: number,
) {
  return context.cached(audience, `hotel-offers:${hotelSlug.toLowerCase()}:${page}:${pageSize}`, async () => {
    const found = await findHotelOfferIds(context.db, hotelSlug, audience.brand.id, page, pageSize);
    if (!found) return undefined;
    return {
      items: await summariesOf(context, found.ids, audience.locale),
      total: found.total,
      page,
      pageSize,
    };
  });
}

export function listTravelDeals(context: CatalogueContext, audience: Audience): Promise<OfferSummary[]> {
  return context.cached(audience, 'travel-deals', async () =>
    summariesOf(
      context,
      await findTravelDealIds(context.db, audience.brand.id, travelDealsLimit),
      audience.locale,
    ),
  );
}

/** How many current offers the 410 answer suggests from the hotel and from its destination. */
export const goneAlternativesLimit = 4;

/**
 * An offer of the brand that is no longer sold, with its hotel's and its destination's current offers;
 * undefined when there never was such an offer (a 404).
 */
export function getGoneOffer(
  context: CatalogueContext,
  audience: Audience,
  by: { id: number } | { slug: string },
): Promise<OfferGone | undefined> {
  const key = 'id' in by ? `gone:${by.id}` : `gone-slug:${by.slug.toLowerCase()}`;
  return context.cached(audience, key, async () => {
    const { db } = context;
    const brandId = audience.brand.id;
    const gone = await findGoneOffer(db, by, brandId, audience.locale);
    if (!gone) return undefined;
    const [hotelIds, destinationIds, labels] = await Promise.all([
      findCurrentOfferIds(db, { hotelId: gone.hotel_id }, brandId, goneAlternativesLimit),
      findCurrentOfferIds(
        db,
        { countryIso: gone.country_iso, exceptHotelId: gone.hotel_id },
        brandId,
        goneAlternativesLimit,
      ),
      context.labels(),
    ]);
    const [hotelOffers, destinationOffers] = await Promise.all([
      summariesOf(context, hotelIds, audience.locale),
      summariesOf(context, destinationIds, audience.locale),
    ]);
    return {
      type: 'offer-gone' as const,
      title: problemTitles['offer-gone'][audience.locale],
      status: 410 as const,
      detail: `offer ${gone.slug} is no longer sold`,
      offer: { id: gone.id, slug: gone.slug, title: gone.title },
      hotel: { slug: gone.hotel_slug, name: gone.hotel_name, city: gone.city },
      destination: labels.country(gone.country_iso, audience.locale),
      alternatives: { hotel: hotelOffers, destination: destinationOffers },
    };
  });
}
