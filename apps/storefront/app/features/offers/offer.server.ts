import type { Offer, OfferData } from '@shop/contracts/catalogue';
import type { ShopContext } from '@shop/contracts/shop-context';
import { destinationPath, hotelPath, offerPath } from '@shop/contracts/site-paths';
import { translatorFor } from '#app/i18n/messages.server.ts';
import { fetchOrThrow } from '#app/lib/api.server.ts';
import { breadcrumbsFor, catalogueImage, metaFor } from '#app/lib/page-meta.server.ts';
import { productLd } from '#app/lib/structured-data.server.ts';

/** The offer and its long texts, facts and hotel (SPEC: texts sorted by position). */
export async function loadOffer(shop: ShopContext, slug: string) {
  const offer = await fetchOrThrow<Offer>(shop, `/api/offer/slug/${encodeURIComponent(slug)}`);
  const details = await fetchOrThrow<OfferData>(shop, `/api/offer/data?id=${offer.id}`);
  const texts = [...details.texts].sort(
    (a, b) => (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER),
  );
  const t = translatorFor(shop.locale);
  const description = `${offer.subtitle}. ${t('offer.from')} ${offer.price.display} – ${t(
    'offer.savePercent',
    {
      percent: offer.price.discountPercent,
    },
  )}.`;
  const { contact } = offer;
  const path = offerPath(contact.slug, offer.slug);
  const breadcrumbs = breadcrumbsFor(shop, [
    {
      name: contact.address.country.name,
      path: destinationPath(contact.address.country.iso, contact.address.country.name),
    },
    { name: contact.name, path: hotelPath(contact.slug) },
    { name: offer.title, path },
  ]);
  return {
    meta: metaFor(shop, {
      title: `${offer.title} – ${contact.name}`,
      description,
      path,
      ogType: 'product',
      image: catalogueImage(shop.origin, offer.images[0] ?? offer.image),
      breadcrumbs,
      structuredData: [productLd(shop.origin, offer, `${shop.origin}${path}`, shop.brand.storeName)],
    }),
    breadcrumbs,
    offer,
    details: { ...details, texts },
  };
}
