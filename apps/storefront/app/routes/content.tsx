import { useLoaderData } from 'react-router';
import { ContentPageView } from '#app/features/content/components/content-page.tsx';
import { loadContentPage } from '#app/features/content/content.server.ts';
import { notFound } from '#app/lib/api.server.ts';
import { pageMeta } from '#app/lib/meta.ts';
import type { LoaderArgs } from '#app/lib/route-types.ts';

/** Fixed content routes (/accessibility, /gutscheinvorteile): the path is the page's slug. */
export async function loader({ context: { shop }, request }: LoaderArgs) {
  const slug = new URL(request.url).pathname.replace(/^\/|\/$/g, '');
  return (await loadContentPage(shop, slug)) ?? notFound();
}

export const meta = pageMeta;

export default function ContentRoute() {
  const { page } = useLoaderData<typeof loader>();
  return <ContentPageView page={page} />;
}
