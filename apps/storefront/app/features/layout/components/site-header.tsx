import { toSlug } from '@shop/contracts/slug';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { openCartDrawer, useCartCount } from '#app/lib/orders/cart-store.ts';
import { openLogin, useSignedInUser } from '#app/lib/session-store.ts';
import { useShop, useT } from '#app/lib/shop-data.ts';
import { CartIcon, MailIcon, MenuIcon, PhoneIcon, SearchIcon, TagIcon, UserIcon } from '#app/ui/icons.tsx';
import { LanguageSelector } from './language-selector.tsx';
import { NavDropdown } from './nav-dropdown.tsx';
import { SearchDialog } from './search-dialog.tsx';

/**
 * The top bar's own modal layer is the search; the cart drawer and the login window are the root
 * layout's (an add to the cart, a call that needs a sign-in open them too).
 */

type Props = {
  /** Called when the visitor shows interest in the cart (pointer or focus on its button): load its code. */
  onCartIntent?: () => void;
  /** The checkout's top bar: the logo, the support line and signing in (for account credit, saved data). */
  isReduced?: boolean;
};

export function SiteHeader({ onCartIntent, isReduced = false }: Props) {
  const { brand, menu, bargain } = useShop();
  const t = useT();
  const location = useLocation();
  const header = useRef<HTMLElement>(null);
  const menuToggle = useRef<HTMLButtonElement>(null);
  const [isMenuOpen, setMenuOpen] = useState(false);
  const [isSearchOpen, setSearchOpen] = useState(false);
  // 0 on the server and until the stored cart is read: the count appears after hydration.
  const cartCount = useCartCount();

  // A page change or a click elsewhere closes open dropdowns, dialogs and the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => {
    setMenuOpen(false);
    setSearchOpen(false);
    for (const details of header.current?.querySelectorAll('details[open]') ?? []) {
      (details as HTMLDetailsElement).open = false;
    }
  }, [location.key]);
  useEffect(() => {
    const closeOutside = (event: MouseEvent) => {
      for (const details of header.current?.querySelectorAll('details[open]') ?? []) {
        if (!details.contains(event.target as Node)) (details as HTMLDetailsElement).open = false;
      }
    };
    document.addEventListener('click', closeOutside);
    return () => document.removeEventListener('click', closeOutside);
  }, []);

  if (!brand.showHeader) return null;
  // Escape closes the mobile menu (after any open dropdown, which handles it first) and returns to its toggle.
  const closeMenuOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented || !isMenuOpen) return;
    setMenuOpen(false);
    menuToggle.current?.focus();
  };

  if (isReduced) {
    return (
      <header className="site-header is-reduced">
        <SkipLink />
        <div className="container topbar">
          <BrandLink />
          <div className="topbar-actions">
            <PhoneLink />
            <AccountButton />
          </div>
        </div>
      </header>
    );
  }

  return (
    <>
      <header ref={header} className={brand.fixedNavbar ? 'site-header is-fixed' : 'site-header'}>
        <SkipLink />
        <div className="container topbar">
          <BrandLink />
          <div className="topbar-actions">
            {bargain ? (
              <Link className="icon-link bargain-link" to={bargain.href}>
                <TagIcon />
                <span className="bargain-text">{t('layout.bargains')}</span>
              </Link>
            ) : null}
            <PhoneLink />
            <a
              className="icon-link support-link"
              href={`mailto:${brand.supportMail}`}
              aria-label={t('layout.mailUs', { mail: brand.supportMail })}
            >
              <MailIcon />
              <span className="support-text">{brand.supportMail}</span>
            </a>
            <button
              type="button"
              className="icon-link"
              aria-haspopup="dialog"
              aria-label={t('layout.search')}
              onClick={() => setSearchOpen(true)}
            >
              <SearchIcon />
            </button>
            <AccountButton />
            <button
              type="button"
              className="icon-link cart-button"
              aria-haspopup="dialog"
              aria-label={t('layout.cart', { count: cartCount })}
              onClick={openCartDrawer}
              onPointerEnter={onCartIntent}
              onFocus={onCartIntent}
            >
              <CartIcon />
              <span className="cart-count" aria-hidden="true">
                {cartCount}
              </span>
            </button>
            <button
              ref={menuToggle}
              type="button"
              className="icon-link menu-toggle"
              aria-expanded={isMenuOpen}
              aria-controls="main-nav"
              onClick={() => setMenuOpen((open) => !open)}
            >
              <MenuIcon />
              <span className="visually-hidden">{t('layout.menu')}</span>
            </button>
          </div>
        </div>
        <nav
          id="main-nav"
          className={isMenuOpen ? 'main-nav is-open' : 'main-nav'}
          aria-label={t('layout.mainNav')}
          onKeyDown={closeMenuOnEscape}
        >
          <div className="container main-nav-inner">
            <Link className="nav-link" to="/urlaub-finden">
              {t('layout.findVacation')}
            </Link>
            <NavDropdown label={t('layout.destinations')}>
              <ul className="dropdown-list columns">
                {menu.countries.map((country) => (
                  <li key={country.iso}>
                    <Link to={`/reiseziel/${country.iso.toLowerCase()}/${toSlug(country.name)}`}>
                      {country.name}
                    </Link>
                  </li>
                ))}
              </ul>
              <Link className="dropdown-extra" to="/urlaub/karte">
                {t('layout.map')}
              </Link>
            </NavDropdown>
            <NavDropdown label={t('layout.themes')}>
              <ul className="dropdown-list columns">
                {menu.themes.map((theme) => (
                  <li key={theme.id}>
                    <Link to={`/thema/${toSlug(theme.name)}/${theme.id}`}>{theme.name}</Link>
                  </li>
                ))}
              </ul>
            </NavDropdown>
            <div className="nav-end">
              <LanguageSelector />
            </div>
            <div className="nav-support">
              <a href={telHref(brand.supportPhone)}>
                <PhoneIcon />
                {brand.supportPhone}
              </a>
              <a href={`mailto:${brand.supportMail}`}>
                <MailIcon />
                {brand.supportMail}
              </a>
            </div>
          </div>
        </nav>
      </header>
      <SearchDialog isOpen={isSearchOpen} onClose={() => setSearchOpen(false)} />
    </>
  );
}

/** The account link when signed in, else the button that opens the login window. */
function AccountButton() {
  const t = useT();
  // Signed out on the server and until the stored session is read.
  const user = useSignedInUser();
  return user ? (
    <Link to="/account" className="icon-link account-link" aria-label={t('layout.accountSignedIn')}>
      <UserIcon />
      <span className="account-badge" aria-hidden="true" />
    </Link>
  ) : (
    <button
      type="button"
      className="icon-link"
      aria-haspopup="dialog"
      aria-label={t('layout.account')}
      onClick={() => openLogin()}
    >
      <UserIcon />
    </button>
  );
}

function SkipLink() {
  const t = useT();
  return (
    <a className="skip-link" href="#main">
      {t('layout.skipToMain')}
    </a>
  );
}

/** The logo and name, home. */
function BrandLink() {
  const { brand } = useShop();
  return (
    <Link to="/" className="brand-link">
      <img src={brand.logo.url} width={brand.logo.width} height={brand.logo.height} alt="" />
      <span className="brand-name">{brand.storeName}</span>
    </Link>
  );
}

function PhoneLink() {
  const { brand } = useShop();
  const t = useT();
  return (
    <a
      className="icon-link support-link"
      href={telHref(brand.supportPhone)}
      aria-label={t('layout.callUs', { phone: brand.supportPhone })}
    >
      <PhoneIcon />
      <span className="support-text">{brand.supportPhone}</span>
    </a>
  );
}

const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;
