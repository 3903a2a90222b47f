import { useT } from '#app/lib/shop-data.ts';
import { OfferGrid } from '#app/ui/offer-card.tsx';
import { Pagination } from '#app/ui/pagination.tsx';
import type { SearchView } from '../search.server.ts';
import { EmptySearch } from './empty-search.tsx';
import { Refinements } from './refinements.tsx';

/** The one search screen behind home, search, keyword, destination, theme and promotion pages. */
export function SearchScreen({
  view,
  heading,
  intro,
  headingLevel = 1,
}: {
  view: SearchView;
  heading: string;
  intro?: string;
  headingLevel?: 1 | 2;
}) {
  const t = useT();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  // The result count heads the results (one level below the screen's heading), so the card titles
  // (h3) follow an h2 on every search-type page; under an h2 screen heading the cards follow that.
  const count = view.total === 1 ? t('search.resultsOne') : t('search.results', { count: view.total });
  return (
    <section className="search-screen" aria-labelledby="search-heading">
      <Heading id="search-heading">{heading}</Heading>
      {intro ? <p className="search-intro">{intro}</p> : null}
      {view.correctedQuery ? (
        <p className="corrected">{t('search.corrected', { words: view.correctedQuery })}</p>
      ) : null}
      <Refinements view={view} />
      <div aria-live="polite">
        {headingLevel === 1 ? (
          <h2 className="result-count">{count}</h2>
        ) : (
          <p className="result-count">{count}</p>
        )}
      </div>
      {view.items.length === 0 ? (
        <>
          <div className="no-offers" role="status">
            <p>
              <strong>{t('search.none')}</strong>
            </p>
            <p>{t('search.noneHint')}</p>
          </div>
          <EmptySearch view={view} headingLevel={headingLevel === 1 ? 2 : 3} />
        </>
      ) : (
        <OfferGrid offers={view.items} priorityCount={headingLevel === 1 ? 2 : 0} listName="search results" />
      )}
      <Pagination page={view.page} pageCount={view.pageCount} />
    </section>
  );
}
