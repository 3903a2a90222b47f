import { Link } from 'react-router';
import { hrefForSuggestion } from '#app/features/layout/api/get-suggestions.ts';
import { WishForm } from '#app/features/wishes/components/wish-form.tsx';
import { useT } from '#app/lib/shop-data.ts';
import { PopularLinks, SearchField, TopDeals } from '#app/ui/ways-on.tsx';
import type { SearchView } from '../search.server.ts';

/**
 * A search without results is not the end of the visit (issue 13): a new search (when the refinements
 * above have no keyword field), what the suggestions know for the keyword, the destinations and
 * themes, the top deals, and the wish form to tell us what was missing (SPEC §1).
 */
export function EmptySearch({ view, headingLevel }: { view: SearchView; headingLevel: 2 | 3 }) {
  const t = useT();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const suggestions = view.waysOn?.suggestions ?? [];
  return (
    <div className="empty-search">
      {view.fixed.query ? <SearchField id="empty-search-q" /> : null}
      {suggestions.length > 0 ? (
        <section aria-labelledby="empty-search-suggestions">
          <Heading id="empty-search-suggestions">{t('waysOn.suggestions')}</Heading>
          <ul className="chip-list">
            {suggestions.map((suggestion) => (
              <li key={`${suggestion.kind}-${suggestion.key}`}>
                <Link className="chip" to={hrefForSuggestion(suggestion)}>
                  {suggestion.label}
                  <span className="visually-hidden"> ({t(`layout.suggestion.${suggestion.kind}`)})</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <PopularLinks headingLevel={headingLevel} />
      <TopDeals offers={view.waysOn?.topDeals ?? []} headingLevel={headingLevel} id="empty-search-deals" />
      {/* Nothing found: the visitor can tell us what they were looking for (SPEC §1 wish form). */}
      <WishForm headingLevel={headingLevel} />
    </div>
  );
}
