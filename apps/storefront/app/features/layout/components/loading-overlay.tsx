import { useT } from '#app/lib/shop-data.ts';

/**
 * The full-page loading overlay of the site lock: covers the page (no clicks while it loads) and
 * announces "loading" through a live region that is always present, so the change is read out.
 */
export function LoadingOverlay({ isShown }: { isShown: boolean }) {
  const t = useT();
  return (
    <>
      {isShown ? (
        <div className="loading-overlay" aria-hidden="true">
          <span className="spinner" />
        </div>
      ) : null}
      <p className="visually-hidden" role="status">
        {isShown ? t('layout.loading') : ''}
      </p>
    </>
  );
}
