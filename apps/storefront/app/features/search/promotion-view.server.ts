import type { promotionDetailSchema } from '@shop/contracts/catalogue';
import type { ShopContext } from '@shop/contracts/shop-context';
import { translatorFor } from '#app/i18n/messages.server.ts';
import { notFound } from '#app/lib/api.server.ts';
import type { Output } from '#app/lib/contract-types.ts';
import { metaFor } from '#app/lib/page-meta.server.ts';
import { refinePromotionOffers } from './search.server.ts';
import { parseSearchState } from './search-state.ts';

/** A promotion's offers on the search screen (brand landing pages and /willkommen/:promotion). */
export async function loadPromotionView(shop: ShopContext, request: Request, name: string, path: string) {
  const result = await shop.api<Output<typeof promotionDetailSchema>>(
    `/api/offer/promotion/${encodeURIComponent(name)}`,
  );
  if (!result.ok) notFound();
  const { promotion, items } = result.data;
  const t = translatorFor(shop.locale);
  const search = refinePromotionOffers(shop, t, items, parseSearchState(new URL(request.url).searchParams));
  return {
    kind: 'promotion' as const,
    meta: metaFor(shop, { title: promotion.title, description: promotion.description, path }),
    promotion: { title: promotion.title, description: promotion.description },
    search,
  };
}
