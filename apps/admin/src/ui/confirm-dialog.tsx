import type { ReactNode } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';

type Props = {
  /** The button that opens the dialog. */
  trigger: ReactNode;
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
  return (
    <DialogTrigger {...(isOpen !== undefined ? { isOpen } : {})} {...(onOpenChange ? { onOpenChange } : {})}>
      <Button className="button">{trigger}</Button>
      <ModalOverlay className="modal-overlay" isDismissable>
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
    </DialogTrigger>
  );
}
