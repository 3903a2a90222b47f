import { Button } from 'react-aria-components';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { usePageFocus } from '../../lib/page-focus.ts';
import { useSignOut } from '../auth/api/session.ts';
import { useSession } from '../auth/use-session.ts';
import { LanguageSwitch } from './language-switch.tsx';

/** The signed-in frame: navigation, who is signed in with which role, language, sign-out. */
export function AppFrame() {
  const { t } = useI18n();
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  usePageFocus();
  const staff = session.data?.staff;
  const mustSetUpTotp = session.data?.mustSetUpTotp ?? false;
  // A hotel's desk sees its own screen and nothing of the back office (the API's rules say the same).
  const isDesk = staff?.role === 'hotel';
  return (
    <>
      <a className="skip-link" href="#main">
        {t.app.skipLink}
      </a>
      <header className="frame-header">
        <p className="app-name">{t.app.name}</p>
        <nav aria-label={t.nav.label}>
          <ul>
            {!mustSetUpTotp && (isDesk || staff?.role === 'operator') ? (
              <>
                <li>
                  <NavLink to="/desk">{t.nav.desk}</NavLink>
                </li>
                <li>
                  <NavLink to="/statements">{t.nav.statements}</NavLink>
                </li>
              </>
            ) : null}
            {mustSetUpTotp || isDesk ? null : (
              <>
                <li>
                  <NavLink to="/orders">{t.nav.orders}</NavLink>
                </li>
                <li>
                  <NavLink to="/holds">{t.nav.holds}</NavLink>
                </li>
                <li>
                  <NavLink to="/gift-cards">{t.nav.giftCards}</NavLink>
                </li>
                <li>
                  <NavLink to="/catalogue">{t.nav.catalogue}</NavLink>
                </li>
                <li>
                  <NavLink to="/promotions">{t.nav.promotions}</NavLink>
                </li>
                <li>
                  <NavLink to="/codes">{t.nav.codes}</NavLink>
                </li>
                {staff && staff.role !== 'support' ? (
                  <>
                    <li>
                      <NavLink to="/audit">{t.nav.audit}</NavLink>
                    </li>
                    <li>
                      <NavLink to="/reports">{t.nav.reports}</NavLink>
                    </li>
                    <li>
                      <NavLink to="/records">{t.nav.records}</NavLink>
                    </li>
                    <li>
                      <NavLink to="/brands">{t.nav.brands}</NavLink>
                    </li>
                    <li>
                      <NavLink to="/content">{t.nav.content}</NavLink>
                    </li>
                  </>
                ) : null}
              </>
            )}
            {/* The bank account is the installation's, across brands: the operator's alone (the API's rule). */}
            {mustSetUpTotp || staff?.role !== 'operator' ? null : (
              <li>
                <NavLink to="/bank">{t.nav.bank}</NavLink>
              </li>
            )}
            {staff?.role === 'operator' && !mustSetUpTotp ? (
              <li>
                <NavLink to="/staff">{t.nav.staff}</NavLink>
              </li>
            ) : null}
            <li>
              <NavLink to="/security">{t.nav.security}</NavLink>
            </li>
          </ul>
        </nav>
        {staff ? (
          <p className="staff">
            <span className="visually-hidden">{t.nav.signedInAs} </span>
            <span className="staff-name">{staff.name}</span>{' '}
            <span className="staff-role">({t.roles[staff.role]})</span>
          </p>
        ) : null}
        <LanguageSwitch />
        <Button
          className="button"
          onPress={() =>
            !signOut.isPending &&
            signOut.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) })
          }
        >
          {t.nav.signOut}
        </Button>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
