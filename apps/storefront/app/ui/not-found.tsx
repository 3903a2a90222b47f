import type { OfferSummary } from '@shop/contracts/catalogue';
import { Link } from 'react-router';
import { useShopData, useT } from '#app/lib/shop-data.ts';
import { PopularLinks, SearchField, TopDeals } from './ways-on.tsx';

/**
 * The page-not-found screen (SPEC §2): "Oops" and a way back home, and ways on instead of a dead end
 * (issue 13): a search, the destinations and themes, and the top deals when the 404 brought them
 * (unknown addresses do, routes/not-found.tsx).
 */
export function NotFound({ topDeals = [] }: { topDeals?: OfferSummary[] }) {
  const t = useT();
  // An address no route matches at all (`/checkout/%E2%80%A8`) renders without the layout's data: no
  // menu to list then, and asking for it would turn the 404 into a 500.
  const hasShopData = useShopData() !== undefined;
  return (
    <div className="container page not-found">
      <div className="narrow not-found-head">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1>{t('notFound.heading')}</h1>
        <p>{t('notFound.text')}</p>
        <Link className="button" to="/">
          {t('notFound.home')}
        </Link>
      </div>
      <div className="narrow ways-on">
        <SearchField id="not-found-q" />
        {hasShopData ? <PopularLinks headingLevel={2} /> : null}
      </div>
      <TopDeals offers={topDeals} headingLevel={2} id="not-found-deals" />
    </div>
  );
}
