import { destinationPath, searchPath, themePath } from '@shop/contracts/site-paths';
import { Form, Link } from 'react-router';
import { useShop, useT } from '#app/lib/shop-data.ts';
import { SearchIcon } from './icons.tsx';

/**
 * The ways on from a page that has nothing to show (an empty search, the 404 page; issue 13): a search
 * field and the shop's destinations and themes. Plain links and a GET form: they work before the
 * client starts and without it.
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
  const countries = menu.countries.slice(0, linksPerList);
  const themes = menu.themes.slice(0, linksPerList);
  if (countries.length === 0 && themes.length === 0) return null;
  return (
    <section className="ways-on-popular" aria-labelledby="ways-on-popular">
      <Heading id="ways-on-popular">{t('waysOn.popular')}</Heading>
      <ul className="chip-list" aria-label={t('layout.destinations')}>
        {countries.map((country) => (
          <li key={country.iso}>
            <Link className="chip" to={destinationPath(country.iso, country.name)}>
              {country.name}
            </Link>
          </li>
        ))}
      </ul>
      <ul className="chip-list" aria-label={t('layout.themes')}>
        {themes.map((theme) => (
          <li key={theme.id}>
            <Link className="chip" to={themePath(theme.id, theme.name)}>
              {theme.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
