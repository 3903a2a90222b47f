import { createPortal } from 'react-dom';
import { useT } from '#app/lib/shop-data.ts';
import { useTopLayerHost } from '#app/ui/modal-dialog.tsx';

/**
 * The full-page loading overlay of the site lock: covers the page (no clicks while it loads) and
 * announces "loading" through a live region that is always present, so the change is read out.
 * While a modal dialog is open (the cart drawer) the overlay covers it from inside: anything outside a
 * modal sits below it and is inert.
 */
export function LoadingOverlay({ isShown }: { isShown: boolean }) {
  const t = useT();
  const host = useTopLayerHost();
  const overlay = isShown ? (
    <div className="loading-overlay" aria-hidden="true">
      <span className="spinner" />
    </div>
  ) : null;
  return (
    <>
      {host && overlay ? createPortal(overlay, host) : overlay}
      <p className="visually-hidden" role="status">
        {isShown ? t('layout.loading') : ''}
      </p>
    </>
  );
}
