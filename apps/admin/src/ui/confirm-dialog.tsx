import type { ReactNode } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';

type Props = {
  /**
   * The button that opens the dialog. Without one the dialog is opened by its caller (`isOpen`), e.g.
   * from a plain button that loads the dialog's code on first use; focus returns to that button.
   */
  trigger?: ReactNode;
  title: string;
  /** The dialog's content: a form whose submit does the action; `close` ends the dialog. */
  children: (close: () => void) => ReactNode;
  isOpen?: boolean;
  onOpenChange?(isOpen: boolean): void;
};

/**
 * A modal confirmation (React Aria): focus moves into it, stays there, Escape closes it, and focus goes
 * back to the button that opened it.
 */
export function ConfirmDialog({ trigger, title, children, isOpen, onOpenChange }: Props) {
  const controlled = {
    ...(isOpen !== undefined ? { isOpen } : {}),
    ...(onOpenChange ? { onOpenChange } : {}),
  };
  const modal = (
    <ModalOverlay className="modal-overlay" isDismissable {...(trigger === undefined ? controlled : {})}>
      <Modal className="modal">
        <Dialog className="dialog">
          {({ close }) => (
            <>
              <Heading slot="title">{title}</Heading>
              {children(close)}
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
  if (trigger === undefined) return modal;
  return (
    <DialogTrigger {...controlled}>
      <Button className="button">{trigger}</Button>
      {modal}
    </DialogTrigger>
  );
}
