import { Link } from 'react-router';
import { useT } from '#app/lib/shop-data.ts';
import { DialogHeader, ModalDialog } from '#app/ui/modal-dialog.tsx';

type Props = { isOpen: boolean; onClose: () => void };

/** SPEC §2: the cart drawer on the right (750 px). A shell: the cart issue fills in its items. */
export function CartDrawer({ isOpen, onClose }: Props) {
  const t = useT();
  return (
    <ModalDialog isOpen={isOpen} onClose={onClose} labelledBy="cart-title" className="drawer">
      <DialogHeader
        id="cart-title"
        title={t('layout.cartTitle')}
        closeLabel={t('layout.close')}
        onClose={onClose}
      />
      <div className="dialog-body">
        <p>{t('layout.cartEmpty')}</p>
        <Link className="button" to="/urlaub-finden" onClick={onClose}>
          {t('layout.cartBrowse')}
        </Link>
      </div>
    </ModalDialog>
  );
}
