import { type ReactNode, useEffect, useRef } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { openLogin, signOut, useSessionPhase, useSignedInUser } from '#app/lib/session-store.ts';
import { useT } from '#app/lib/shop-data.ts';
import { showToast } from '#app/lib/toasts.ts';

/**
 * The frame of /account and its children (SPEC §2): the account's navigation beside the page. A
 * visitor who arrives signed out gets the login window at once, and the page once signed in; one who
 * closes it (or signs out elsewhere) reads why the page stays empty, with a button to sign in.
 */
export function AccountLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const phase = useSessionPhase();
  const user = useSignedInUser();
  const hasArrived = useRef(false);

  useEffect(() => {
    if (phase !== 'ready' || hasArrived.current) return;
    hasArrived.current = true;
    if (!user) openLogin('required');
  }, [phase, user]);

  if (phase !== 'ready') {
    return (
      <div className="container page account">
        <h1>{t('account.title')}</h1>
        <p className="checkout-loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>{t('account.loading')}</span>
        </p>
      </div>
    );
  }
  if (!user) {
    return (
      <div className="container page narrow account">
        <h1>{t('account.title')}</h1>
        <p>{t('account.signInNeeded')}</p>
        <button type="button" className="button" aria-haspopup="dialog" onClick={() => openLogin('required')}>
          {t('layout.loginSubmit')}
        </button>
      </div>
    );
  }
  return (
    <div className="container page account account-layout">
      <AccountNav />
      <div className="account-main">{children}</div>
    </div>
  );
}

function AccountNav() {
  const t = useT();
  const navigate = useNavigate();
  const leave = async () => {
    // Home first: signed out on an account page would ask for a sign-in again.
    await navigate('/');
    await signOut();
    showToast({ tone: 'success', parts: [{ key: 'account.signedOut' }] });
  };
  return (
    <nav className="account-nav" aria-label={t('account.nav')}>
      <ul>
        <li>
          <NavLink to="/account" end>
            {t('account.nav.overview')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/account/orders">{t('account.nav.orders')}</NavLink>
        </li>
        <li>
          <NavLink to="/account/edit">{t('account.nav.edit')}</NavLink>
        </li>
        <li>
          <NavLink to="/account/change-password">{t('account.nav.changePassword')}</NavLink>
        </li>
        <li>
          <button type="button" className="account-sign-out" onClick={leave}>
            {t('account.signOut')}
          </button>
        </li>
      </ul>
    </nav>
  );
}

/** The heading of an account page: focused when the page shows, so a screen reader starts there. */
export function AccountHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}
