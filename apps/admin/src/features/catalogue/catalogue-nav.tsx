import { NavLink } from 'react-router';
import { useCatalogueTexts } from '../../i18n/catalogue-texts.ts';

/** The catalogue's two lists, one link each. */
export function CatalogueNav() {
  const texts = useCatalogueTexts();
  return (
    <nav aria-label={texts.nav.label}>
      <ul className="kind-list">
        <li>
          <NavLink to="/catalogue/offers" end>
            {texts.nav.offers}
          </NavLink>
        </li>
        <li>
          <NavLink to="/catalogue/hotels" end>
            {texts.nav.hotels}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
