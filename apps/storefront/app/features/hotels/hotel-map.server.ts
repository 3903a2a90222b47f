import type { HotelSummary, hotelNearbySchema } from '@shop/contracts/catalogue';
import type { ShopContext } from '@shop/contracts/shop-context';
import { hotelMapPath } from '@shop/contracts/site-paths';
import { translatorFor } from '#app/i18n/messages.server.ts';
import type { Output } from '#app/lib/contract-types.ts';
import { metaFor } from '#app/lib/page-meta.server.ts';

/** What a pin and the list show of a hotel. */
export type MapHotel = {
  id: number;
  slug: string;
  name: string;
  city: string;
  stars: number | null;
  offerCount: number;
  latitude: number;
  longitude: number;
  /** Its cheapest offer on sale, where the price pin leads; null when all are sold out or gone. */
  cheapest: { slug: string; price: string } | null;
};

/**
 * `/api/hotel/close-to` answers at most 200 hotels within 1000 km of a point: these circles together
 * cover Europe and Turkey (the catalogue's 39 countries), each asked once, the answers merged.
 */
const coverage = [
  { latitude: 50, longitude: 10 },
  { latitude: 41, longitude: -3 },
  { latitude: 42, longitude: 22 },
  { latitude: 59, longitude: 15 },
  { latitude: 53, longitude: -4 },
  { latitude: 38, longitude: 33 },
  { latitude: 52, longitude: 28 },
];
const radiusKm = 1000;

/** The map's hotels (the pins are placed in the browser, per zoom) and the same hotels listed by country. */
export async function loadHotelMap(shop: ShopContext) {
  const answers = await Promise.all(
    coverage.map(({ latitude, longitude }) =>
      // GET /api/hotel/close-to answers `{ items: hotelNearbySchema[] }`, each with its cheapest offer.
      shop.api<{ items: Output<typeof hotelNearbySchema>[] }>(
        `/api/hotel/close-to?latitude=${latitude}&longitude=${longitude}&radius=${radiusKm}`,
      ),
    ),
  );
  const byId = new Map<number, HotelSummary>();
  for (const answer of answers) {
    if (answer.ok) for (const hotel of answer.data.items) byId.set(hotel.id, hotel);
  }
  const collator = new Intl.Collator(shop.locale);
  const hotels = [...byId.values()].sort(
    (a, b) =>
      collator.compare(a.address.country.name, b.address.country.name) || collator.compare(a.name, b.name),
  );
  // One object per hotel, shared by markers and list: the page data serialises each hotel once.
  const entries = hotels.map((hotel) => ({
    hotel,
    view: {
      id: hotel.id,
      slug: hotel.slug,
      name: hotel.name,
      city: hotel.address.city,
      stars: hotel.stars,
      offerCount: hotel.offerCount,
      latitude: hotel.location.latitude,
      longitude: hotel.location.longitude,
      cheapest: hotel.cheapestOffer && {
        slug: hotel.cheapestOffer.slug,
        price: hotel.cheapestOffer.price.display,
      },
    } satisfies MapHotel,
  }));
  const countries = new Map<string, { iso: string; name: string; hotels: MapHotel[] }>();
  for (const { hotel, view } of entries) {
    const { iso, name } = hotel.address.country;
    const group = countries.get(iso) ?? { iso, name, hotels: [] };
    group.hotels.push(view);
    countries.set(iso, group);
  }
  const t = translatorFor(shop.locale);
  return {
    meta: metaFor(shop, { title: t('map.title'), description: t('map.description'), path: hotelMapPath }),
    hotels: entries.map((entry) => entry.view),
    countries: [...countries.values()],
    hotelCount: hotels.length,
  };
}
