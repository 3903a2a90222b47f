import type {
  contentOverviewSchema,
  Offer,
  OfferData,
  OfferGone,
  OfferSummary,
  offerSummarySchema,
  SearchRequest,
  SearchResponse,
} from '@shop/contracts/catalogue';
import type { pageOf } from '@shop/contracts/params';
import type { ShopContext } from '@shop/contracts/shop-context';
import { contentPath, destinationPath, hotelPath, offerPath } from '@shop/contracts/site-paths';
import { data } from 'react-router';
import { translatorFor } from '#app/i18n/messages.server.ts';
import { apiFailure, fetchOrThrow } from '#app/lib/api.server.ts';
import type { Output } from '#app/lib/contract-types.ts';
import { breadcrumbsFor, catalogueImage, metaFor } from '#app/lib/page-meta.server.ts';
import { faqLd, productLd } from '#app/lib/structured-data.server.ts';
import type { OfferMissing } from './components/offer-missing.tsx';
import { presentOfferFacts } from './offer-facts.server.ts';

type OfferPage = Output<ReturnType<typeof pageOf<typeof offerSummarySchema>>>;
type ContentOverview = Output<typeof contentOverviewSchema>;

/** How many offers each list of ways on shows. */
const alternativesCount = 4;

/** The offer and its long texts, facts, terms and hotel (SPEC: texts sorted by position), and the ways on. */
export async function loadOffer(shop: ShopContext, contactSlug: string, slug: string) {
  const answer = await shop.api<Offer>(`/api/offer/slug/${encodeURIComponent(slug)}`);
  if (!answer.ok) throw await missingOffer(shop, answer.status, answer.data, contactSlug);
  const offer = answer.data;
  const [details, similar, hotelOffers, termsSlug] = await Promise.all([
    fetchOrThrow<OfferData>(shop, `/api/offer/data?id=${offer.id}`),
    similarOffers(shop, offer),
    offer.isSoldOut ? hotelOffersInStock(shop, offer.contact.slug, offer.id) : [],
    termsPageSlug(shop),
  ]);
  const texts = [...details.texts].sort(
    (a, b) => (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER),
  );
  const t = translatorFor(shop.locale);
  const facts = presentOfferFacts(t, offer, details);
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
      structuredData: [
        productLd(shop.origin, offer, `${shop.origin}${path}`, shop.brand.storeName),
        faqLd(facts.faq),
      ],
    }),
    breadcrumbs,
    offer,
    details: { ...details, texts },
    facts,
    similar,
    hotelOffers,
    termsPath: contentPath(termsSlug),
  };
}

async function missingOffer(shop: ShopContext, status: number, body: unknown, contactSlug: string) {
  if (status === 410) {
    const gone: OfferMissing = { kind: 'gone', gone: body as OfferGone };
    return data(gone, { status: 410 });
  }
  if (status !== 404 && status !== 400) return apiFailure(status);
  const hotel = await shop.api<OfferPage>(`/api/offer/hotel/${encodeURIComponent(contactSlug)}/1/12`);
  const hotelOffers = hotel.ok ? hotel.data.items.filter((item) => !item.isSoldOut) : [];
  const offers =
    hotelOffers.length > 0
      ? hotelOffers
      : await fetchOrThrow<OfferSummary[]>(shop, '/api/offer/travel-deals');
  const missing: OfferMissing = {
    kind: 'missing',
    hotelName: hotelOffers[0]?.contact.name ?? null,
    offers: offers.slice(0, alternativesCount * 2),
  };
  return data(missing, { status: 404 });
}

/** Offers like this one, on sale: same destination and theme through the search API, else the destination. */
async function similarOffers(shop: ShopContext, offer: Offer): Promise<OfferSummary[]> {
  const search = async (request: SearchRequest) => {
    const answer = await shop.api<SearchResponse>('/api/offer/search', {
      method: 'POST',
      body: { sort: 'discount', pageSize: alternativesCount + 8, facets: false, ...request },
    });
    return answer.ok
      ? answer.data.items.filter(
          (item) => item.id !== offer.id && !item.isSoldOut && item.contact.slug !== offer.contact.slug,
        )
      : [];
  };
  const countries = [offer.contact.address.country.iso];
  const themes = offer.themes.slice(0, 1).map((theme) => theme.id);
  const sameTheme = themes.length > 0 ? await search({ countries, themes }) : [];
  const found =
    sameTheme.length >= alternativesCount ? sameTheme : [...sameTheme, ...(await search({ countries }))];
  const unique = [...new Map(found.map((item) => [item.id, item])).values()];
  return unique.slice(0, alternativesCount);
}

async function hotelOffersInStock(
  shop: ShopContext,
  hotelSlug: string,
  offerId: number,
): Promise<OfferSummary[]> {
  const answer = await shop.api<OfferPage>(`/api/offer/hotel/${encodeURIComponent(hotelSlug)}/1/12`);
  if (!answer.ok) return [];
  return answer.data.items
    .filter((item) => item.id !== offerId && !item.isSoldOut)
    .slice(0, alternativesCount);
}

/** The brand's terms page (its withdrawal section), linked beside the buy button. */
async function termsPageSlug(shop: ShopContext): Promise<string> {
  const answer = await shop.api<ContentOverview>('/api/content');
  return (answer.ok && answer.data.pages.find((page) => page.name === 'terms')?.slug) || 'agb';
}
