import type { OfferSummary } from '@shop/contracts/catalogue';
import { destinationPath, searchPath, themePath } from '@shop/contracts/site-paths';
import { Form, Link } from 'react-router';
import { useShop, useT } from '#app/lib/shop-data.ts';
import { SearchIcon } from './icons.tsx';
import { OfferGrid } from './offer-card.tsx';

/**
 * The ways on from a page that has nothing to show (an empty search, the 404 page; issue 13): a search
 * field, the shop's destinations and themes, its top deals. Plain links and a GET form: they work
 * before the client starts and without it.
 */

/** A keyword search to /urlaub-finden?q=… (the search route). */
export function SearchField({ defaultValue = '', id }: { defaultValue?: string; id: string }) {
  const t = useT();
  return (
    <Form action={searchPath} method="get" className="search-form ways-on-search" role="search">
      <label htmlFor={id}>{t('layout.searchLabel')}</label>
      <div className="search-row">
        <input id={id} type="search" name="q" defaultValue={defaultValue} maxLength={100} />
        <button type="submit" className="button">
          <SearchIcon />
          <span>{t('home.searchButton')}</span>
        </button>
      </div>
    </Form>
  );
}

/** How many destinations and themes each list shows. */
const linksPerList = 8;

/** The menu's first destinations and themes (SPEC §3 order), as links. */
export function PopularLinks({ headingLevel }: { headingLevel: 2 | 3 }) {
  const { menu } = useShop();
  const t = useT();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const lists = [
    {
      label: t('layout.destinations'),
      links: menu.countries.map((country) => ({
        key: country.iso,
        to: destinationPath(country.iso, country.name),
        name: country.name,
      })),
    },
    {
      label: t('layout.themes'),
      links: menu.themes.map((theme) => ({
        key: theme.id,
        to: themePath(theme.id, theme.name),
        name: theme.name,
      })),
    },
  ].filter((list) => list.links.length > 0);
  if (lists.length === 0) return null;
  return (
    <section className="ways-on-popular" aria-labelledby="ways-on-popular">
      <Heading id="ways-on-popular">{t('waysOn.popular')}</Heading>
      {lists.map((list) => (
        <ul key={list.label} className="chip-list" aria-label={list.label}>
          {list.links.slice(0, linksPerList).map((link) => (
            <li key={link.key}>
              <Link className="chip" to={link.to}>
                {link.name}
              </Link>
            </li>
          ))}
        </ul>
      ))}
    </section>
  );
}

/** The shop's biggest savings now (an empty search's and the 404's loaders bring them). */
export function TopDeals({
  offers,
  headingLevel,
  id,
}: {
  offers: OfferSummary[];
  headingLevel: 2 | 3;
  id: string;
}) {
  const t = useT();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (offers.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <Heading id={id}>{t('waysOn.topDeals')}</Heading>
      <OfferGrid offers={offers} listName="top deals" />
    </section>
  );
}
