import { searchPath } from '@shop/contracts/site-paths';
import { useLoaderData } from 'react-router';
import { SearchScreen } from '#app/features/search/components/search-screen.tsx';
import { searchOffers } from '#app/features/search/search.server.ts';
import { parseSearchState } from '#app/features/search/search-state.ts';
import { translatorFor } from '#app/i18n/messages.server.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { metaFor } from '#app/lib/page-meta.server.ts';
import type { LoaderArgs } from '#app/lib/route-types.ts';

/** /urlaub-finden and /search/:keyword. */
export async function loader({ context: { shop }, request, params }: LoaderArgs) {
  const t = translatorFor(shop.locale);
  const state = parseSearchState(new URL(request.url).searchParams);
  const keyword = params.keyword?.trim().slice(0, 200);
  const search = await searchOffers(shop, t, state, keyword ? { query: keyword } : {});
  const heading = keyword
    ? t('search.titleKeyword', { keyword })
    : state.q
      ? t('search.titleKeyword', { keyword: state.q })
      : t('search.title');
  const path = keyword ? `/search/${encodeURIComponent(keyword)}` : searchPath;
  return {
    meta: metaFor(shop, { title: heading, description: t('search.description'), path }),
    heading,
    search,
  };
}

export const meta = pageMeta;

export default function SearchRoute() {
  const { heading, search } = useLoaderData<typeof loader>();
  return (
    <div className="container page">
      <SearchScreen view={search} heading={heading} />
    </div>
  );
}
