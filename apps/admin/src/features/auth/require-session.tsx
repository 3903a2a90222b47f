import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { useSession } from './use-session.ts';

/**
 * Every screen but the sign-in: nobody signed in goes to the sign-in (which brings them back here), and
 * a staff member who must set up a second factor goes to the security screen and nowhere else.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const session = useSession();
  const location = useLocation();
  if (session.isPending) {
    return (
      <p className="loading" role="status">
        {t.app.loading}
      </p>
    );
  }
  if (session.isError) throw session.error;
  if (!session.data) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />;
  }
  if (session.data.mustSetUpTotp && location.pathname !== '/security') {
    return <Navigate to="/security" replace />;
  }
  return children;
}
