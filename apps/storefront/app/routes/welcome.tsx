import { redirect, useLoaderData } from 'react-router';
import { SearchScreen } from '#app/features/search/components/search-screen.tsx';
import { loadPromotionView } from '#app/features/search/promotion-view.server.ts';
import { pageMeta } from '#app/lib/meta.ts';
import type { LoaderArgs } from '#app/lib/route-types.ts';

/**
 * /willkommen/:promotion: to the brand's landing page for the promotion when it has one, else the
 * promotion's offers right here (404 when no such promotion runs).
 */
export async function loader({ context: { shop }, request, params }: LoaderArgs) {
  const name = (params.promotion ?? '').toLowerCase();
  const landing = shop.brand.landingPages.find((page) => page.promotion.toLowerCase() === name);
  if (landing) throw redirect(landing.path);
  return loadPromotionView(shop, request, name, `/willkommen/${encodeURIComponent(name)}`);
}

export const meta = pageMeta;

export default function WelcomeRoute() {
  const { search, promotion } = useLoaderData<typeof loader>();
  return (
    <div className="container page">
      <SearchScreen view={search} heading={promotion.title} intro={promotion.description} />
    </div>
  );
}
