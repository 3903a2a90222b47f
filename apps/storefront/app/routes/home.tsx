import type { OfferSummary } from '@shop/contracts/catalogue';
import { useLoaderData } from 'react-router';
import { Hero } from '#app/features/home/components/hero.tsx';
import { SearchScreen } from '#app/features/search/components/search-screen.tsx';
import { type SearchView, searchOffers } from '#app/features/search/search.server.ts';
import { parseSearchState, type SearchState } from '#app/features/search/search-state.ts';
import { translatorFor } from '#app/i18n/messages.server.ts';
import { fetchOrThrow } from '#app/lib/api.server.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { metaFor } from '#app/lib/page-meta.server.ts';
import type { LoaderArgs } from '#app/lib/route-types.ts';
import { useT } from '#app/lib/shop-data.ts';
import { organizationLd } from '#app/lib/structured-data.server.ts';
import { OfferGrid } from '#app/ui/offer-card.tsx';

export async function loader({ context: { shop }, request }: LoaderArgs) {
  const t = translatorFor(shop.locale);
  const state = parseSearchState(new URL(request.url).searchParams);
  const [deals, search] = await Promise.all([
    fetchOrThrow<OfferSummary[]>(shop, '/api/offer/travel-deals'),
    searchOffers(shop, t, state, {}),
  ]);
  const shownDeals = deals.slice(0, dealCount(deals.length));
  const store = shop.brand.storeName;
  const hero = shop.brand.hero[shop.locale] ?? shop.brand.hero.de ?? { title: store, subtitle: '' };
  return {
    meta: metaFor(shop, {
      title: t('home.title', { store }),
      description: t('home.description', { store }),
      path: '/',
      structuredData: [organizationLd(shop.origin, shop.brand)],
    }),
    hero,
    deals: shownDeals,
    search: withoutDeals(search, state, shownDeals),
  };
}

/**
 * How many top deals fill whole rows of the offer grid at 1, 2 and 3 columns: 6, else 3, else what
 * there is.
 */
function dealCount(available: number): number {
  return available >= 6 ? 6 : Math.min(available, 3);
}

/**
 * Unrefined, "all offers" in the recommended order begins with the top deals shown just above: leave
 * them out there instead of showing them twice (the count still counts all offers). Once a customer
 * refines or sorts, the list shows every match.
 */
function withoutDeals(search: SearchView, state: SearchState, deals: OfferSummary[]): SearchView {
  const isUnrefined =
    !state.q &&
    state.sort === 'relevance' &&
    state.country === null &&
    state.theme === null &&
    state.nights === null &&
    state.persons === null &&
    state.price === null;
  if (!isUnrefined || deals.length === 0) return search;
  const dealIds = new Set(deals.map((deal) => deal.id));
  return { ...search, items: search.items.filter((offer) => !dealIds.has(offer.id)) };
}

export const meta = pageMeta;

export default function HomeRoute() {
  const { hero, deals, search } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <>
      <Hero title={hero.title} subtitle={hero.subtitle} />
      <div className="container page">
        {deals.length > 0 ? (
          <section className="travel-deals" aria-labelledby="deals-heading">
            <h2 id="deals-heading">{t('home.travelDeals')}</h2>
            <OfferGrid offers={deals} listName="travel deals" />
          </section>
        ) : null}
        <SearchScreen view={search} heading={t('home.allOffers')} headingLevel={2} />
      </div>
    </>
  );
}
