import { type ComponentType, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { closeCartDrawer, useIsCartDrawerOpen } from '#app/lib/orders/cart-store.ts';
import { useT } from '#app/lib/shop-data.ts';
import { DialogHeader, ModalDialog } from '#app/ui/modal-dialog.tsx';

/** What the drawer shows: the cart feature's panel, loaded when the drawer first opens. */
export type CartPanelComponent = ComponentType<{ onClose: () => void }>;

/**
 * SPEC §2: the cart drawer on the right (750 px). Opened by the top bar's cart button and by an add
 * to the cart; a page change closes it. Its contents come as `Panel` (a lazy component) from the
 * root route, so the cart's code is not part of the first page's JavaScript.
 */
export function CartDrawer({ Panel }: { Panel: CartPanelComponent }) {
  const t = useT();
  const isOpen = useIsCartDrawerOpen();
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => {
    closeCartDrawer();
  }, [location.key]);
  return (
    <ModalDialog isOpen={isOpen} onClose={closeCartDrawer} labelledBy="cart-title" className="drawer">
      <DialogHeader
        id="cart-title"
        title={t('layout.cartTitle')}
        closeLabel={t('layout.close')}
        onClose={closeCartDrawer}
      />
      <Suspense
        fallback={
          <div className="dialog-body drawer-loading" role="status">
            <span className="spinner" aria-hidden="true" />
            <span className="visually-hidden">{t('cart.loading')}</span>
          </div>
        }
      >
        <Panel onClose={closeCartDrawer} />
      </Suspense>
    </ModalDialog>
  );
}
