import type { Locale } from '@shop/contracts/locale';
import { useLocation } from 'react-router';
import { useShop, useT } from '#app/lib/shop-data.ts';
import { NavDropdown } from './nav-dropdown.tsx';

/**
 * Shown only when the brand offers more than one language. Each link carries `?lang=`: the server
 * renders the page in that language and remembers the choice in a cookie for the pages that follow.
 */
export function LanguageSelector() {
  const { brand, locale } = useShop();
  const t = useT();
  const location = useLocation();
  const offered = (brand.locales ?? ['de', 'en', 'it']) as Locale[];
  if (offered.length < 2) return null;
  const hrefFor = (language: Locale) => {
    const search = new URLSearchParams(location.search);
    search.set('lang', language);
    return `${location.pathname}?${search.toString()}`;
  };
  return (
    <NavDropdown label={t('layout.languageCurrent', { language: t(`language.${locale}`) })}>
      <ul className="dropdown-list">
        {offered.map((language) => (
          <li key={language}>
            <a
              href={hrefFor(language)}
              hrefLang={language}
              lang={language}
              aria-current={language === locale ? 'true' : undefined}
            >
              {t(`language.${language}`)}
            </a>
          </li>
        ))}
      </ul>
    </NavDropdown>
  );
}
