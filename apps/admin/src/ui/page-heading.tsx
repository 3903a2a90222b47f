import { useEffect } from 'react';
import { useI18n } from '../i18n/i18n-context.tsx';

/**
 * A screen's h1, and the document's title from it. Focusable by script only: after a client-side
 * navigation focus moves here (lib/page-focus.ts), so that screen readers start on the new screen.
 */
export function PageHeading({ children }: { children: string }) {
  const { t } = useI18n();
  useEffect(() => {
    document.title = `${children} – ${t.app.name}`;
  }, [children, t]);
  return (
    <h1 tabIndex={-1} className="page-heading">
      {children}
    </h1>
  );
}
