import type { BrandConfig } from '@shop/contracts/brand-config';
import type { Hotel, Offer } from '@shop/contracts/catalogue';
import type { JsonLd } from './meta.ts';
import { catalogueImage } from './page-meta.server.ts';

const context = 'https://schema.org';

const imageUrls = (origin: string, images: { url: string; alt: string }[]) =>
  images.flatMap((image) => catalogueImage(origin, image)?.url ?? []);

/** An offer as a schema.org Product with its "from" price as the Offer. */
export function productLd(origin: string, offer: Offer, url: string, seller: string): JsonLd {
  return {
    '@context': context,
    '@type': 'Product',
    name: offer.title,
    description: offer.subtitle,
    sku: String(offer.id),
    url,
    image: imageUrls(origin, offer.images.length > 0 ? offer.images : offer.image ? [offer.image] : []),
    offers: {
      '@type': 'Offer',
      url,
      // schema.org wants a plain decimal with a dot ("199.00"), not the display format.
      price: (offer.price.total / 100).toFixed(2),
      priceCurrency: offer.price.currency,
      availability: offer.isSoldOut ? `${context}/SoldOut` : `${context}/InStock`,
      seller: { '@type': 'Organization', name: seller },
    },
  };
}

/** A hotel with its address, position and category. */
export function hotelLd(origin: string, hotel: Hotel, url: string): JsonLd {
  const { address } = hotel;
  return {
    '@context': context,
    '@type': 'Hotel',
    name: hotel.name,
    description: hotel.description,
    url,
    image: imageUrls(origin, hotel.images.length > 0 ? hotel.images : hotel.image ? [hotel.image] : []),
    address: {
      '@type': 'PostalAddress',
      streetAddress: `${address.street} ${address.houseNumber}`.trim(),
      postalCode: address.postcode,
      addressLocality: address.city,
      ...(address.region ? { addressRegion: address.region } : {}),
      addressCountry: address.country.iso,
    },
    geo: {
      '@type': 'GeoCoordinates',
      latitude: hotel.location.latitude,
      longitude: hotel.location.longitude,
    },
    ...(hotel.stars ? { starRating: { '@type': 'Rating', ratingValue: hotel.stars } } : {}),
  };
}

/** The shop itself (home page): name, logo and customer service. */
export function organizationLd(origin: string, brand: BrandConfig): JsonLd {
  return {
    '@context': context,
    '@type': 'Organization',
    name: brand.storeName,
    legalName: brand.company,
    url: `${origin}/`,
    logo: new URL(brand.logo.url, `${origin}/`).href,
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      email: brand.supportMail,
      telephone: brand.supportPhone,
    },
  };
}

/** A page's questions and answers (the offer page's FAQ) as a schema.org FAQPage. */
export function faqLd(questions: { question: string; answer: string }[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: questions.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: answer },
    })),
  };
}
