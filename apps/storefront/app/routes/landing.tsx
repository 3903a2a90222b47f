import { useLoaderData } from 'react-router';
import { ContentPageView } from '#app/features/content/components/content-page.tsx';
import { loadContentPage } from '#app/features/content/content.server.ts';
import { SearchScreen } from '#app/features/search/components/search-screen.tsx';
import { loadPromotionView } from '#app/features/search/promotion-view.server.ts';
import { notFoundWithWaysOn } from '#app/features/search/ways-on.server.ts';
import { pageMeta } from '#app/lib/meta.ts';
import type { LoaderArgs } from '#app/lib/route-types.ts';

/**
 * /:key — first the brand's landing pages (its config names them), then content pages by slug
 * (case-insensitive, SPEC §2), else the 404 page.
 */
export async function loader({ context: { shop }, request, params }: LoaderArgs) {
  const key = (params.key ?? '').toLowerCase();
  const landing = shop.brand.landingPages.find((page) => page.path.toLowerCase() === `/${key}`);
  if (landing) return loadPromotionView(shop, request, landing.promotion, landing.path);
  const content = await loadContentPage(shop, key);
  if (!content) return notFoundWithWaysOn(shop);
  return { kind: 'content' as const, ...content };
}

export const meta = pageMeta;

export default function LandingRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === 'content') return <ContentPageView page={data.page} />;
  return (
    <div className="container page">
      <SearchScreen view={data.search} heading={data.promotion.title} intro={data.promotion.description} />
    </div>
  );
}
