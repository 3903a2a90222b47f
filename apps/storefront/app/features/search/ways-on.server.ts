import type { OfferSummary, SearchResponse, suggestResponseSchema } from '@shop/contracts/catalogue';
import type { ShopContext } from '@shop/contracts/shop-context';
import { data } from 'react-router';
import type { Output } from '#app/lib/contract-types.ts';

export type WaysOn = {
  /** What the suggestions know for the keyword (destinations, themes, hotels, offers), spelled right. */
  suggestions: Output<typeof suggestResponseSchema>['items'];
  /** The biggest savings in the shop now. */
  topDeals: OfferSummary[];
};

/** How many top deals an empty search shows. */
const topDealCount = 4;

/** An empty search's ways on: suggestions for its keyword and the top deals. */
export async function loadWaysOn(shop: ShopContext, query: string | undefined): Promise<WaysOn> {
  const tag = query?.trim().slice(0, 100);
  const [suggestions, deals] = await Promise.all([
    tag && tag.length >= 2
      ? shop.api<Output<typeof suggestResponseSchema>>(`/api/offer/suggest/${encodeURIComponent(tag)}`)
      : null,
    shop.api<SearchResponse>('/api/offer/search', {
      method: 'POST',
      body: { sort: 'discount', page: 1, pageSize: topDealCount, facets: false },
    }),
  ]);
  return {
    suggestions: suggestions?.ok ? suggestions.data.items : [],
    topDeals: deals.ok ? deals.data.items.filter((offer) => !offer.isSoldOut) : [],
  };
}

/** The 404 of an unknown address, with the top deals for the "Oops" page (ui/not-found.tsx). */
export async function notFoundWithWaysOn(shop: ShopContext): Promise<never> {
  const { topDeals } = await loadWaysOn(shop, undefined);
  throw data({ topDeals }, { status: 404 });
}
