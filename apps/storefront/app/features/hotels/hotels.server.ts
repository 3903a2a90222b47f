import type { Hotel, offerSummarySchema } from '@shop/contracts/catalogue';
import type { pageOf } from '@shop/contracts/params';
import type { ShopContext } from '@shop/contracts/shop-context';
import { destinationPath, hotelPath } from '@shop/contracts/site-paths';
import { translatorFor } from '#app/i18n/messages.server.ts';
import { fetchOrThrow } from '#app/lib/api.server.ts';
import type { Output } from '#app/lib/contract-types.ts';
import { breadcrumbsFor, catalogueImage, metaFor } from '#app/lib/page-meta.server.ts';
import { hotelLd } from '#app/lib/structured-data.server.ts';

/** GET /api/offer/hotel/{slug}/{page}/{pageSize}: `pageOf(offerSummarySchema)`. */
type OfferPage = Output<ReturnType<typeof pageOf<typeof offerSummarySchema>>>;

export async function loadHotel(shop: ShopContext, slug: string) {
  const hotel = await fetchOrThrow<Hotel>(shop, `/api/hotel/${encodeURIComponent(slug)}`);
  const offers = await fetchOrThrow<OfferPage>(shop, `/api/offer/hotel/${encodeURIComponent(slug)}/1/48`);
  const t = translatorFor(shop.locale);
  const values = { hotel: hotel.name, city: hotel.address.city, country: hotel.address.country.name };
  const path = hotelPath(hotel.slug);
  const { country } = hotel.address;
  const breadcrumbs = breadcrumbsFor(shop, [
    { name: country.name, path: destinationPath(country.iso, country.name) },
    { name: hotel.name, path },
  ]);
  return {
    meta: metaFor(shop, {
      title: t('hotel.title', values),
      description: t('hotel.description', values),
      path,
      image: catalogueImage(shop.origin, hotel.images[0] ?? hotel.image),
      breadcrumbs,
      structuredData: [hotelLd(shop.origin, hotel, `${shop.origin}${path}`)],
    }),
    breadcrumbs,
    hotel,
    offers: offers.items,
  };
}
