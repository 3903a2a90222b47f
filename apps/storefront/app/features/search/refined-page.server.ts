import type { ShopContext } from '@shop/contracts/shop-context';
import { translatorFor } from '#app/i18n/messages.server.ts';
import { breadcrumbsFor, metaFor } from '#app/lib/page-meta.server.ts';
import { searchOffers } from './search.server.ts';
import { parseSearchState, type SearchBase } from './search-state.ts';

/**
 * A search screen fixed to one destination or theme (the route's `base`): its results, heading,
 * breadcrumb trail and page meta. The caller names the page and its canonical path.
 */
export async function loadRefinedPage(
  shop: ShopContext,
  request: Request,
  page: { name: string; path: string; heading: string; description: string; base: SearchBase },
) {
  const t = translatorFor(shop.locale);
  const search = await searchOffers(shop, t, parseSearchState(new URL(request.url).searchParams), page.base);
  const breadcrumbs = breadcrumbsFor(shop, [{ name: page.name, path: page.path }]);
  return {
    meta: metaFor(shop, { title: page.heading, description: page.description, path: page.path, breadcrumbs }),
    heading: page.heading,
    breadcrumbs,
    search,
  };
}
