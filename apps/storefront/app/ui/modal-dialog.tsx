import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
  useEffect,
  useRef,
} from 'react';
import { createStore, useStore } from '#app/lib/store.ts';
import { CloseIcon } from './icons.tsx';

/**
 * The open modal dialogs, innermost last. A modal makes everything outside it inert (hidden from
 * assistive technology too), so toasts and the loading overlay render inside the top one while it
 * is open (see `useTopLayerHost`).
 */
const openDialogs = createStore<HTMLDialogElement[]>([]);

/** Where page-wide layers (toasts, the loading overlay) must render to be seen and heard: null = in place. */
export function useTopLayerHost(): HTMLDialogElement | null {
  return useStore(openDialogs, (dialogs) => dialogs[dialogs.length - 1] ?? null, null);
}

const focusableSelector =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

type ModalDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  /** Id of the heading that names the dialog. */
  labelledBy: string;
  className: string;
  children: ReactNode;
};

/**
 * A modal on the native <dialog>: showModal() puts it in the top layer and makes the rest of the page
 * inert, Escape closes it (the browser's cancel event). On open focus goes to `[data-autofocus]` or the
 * first control, Tab wraps inside, and on close focus returns to the element that opened it.
 * The content mounts only while open, so each opening starts fresh.
 */
export function ModalDialog({ isOpen, onClose, labelledBy, className, children }: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!isOpen || !element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    openDialogs.set((dialogs) => [...dialogs, element]);
    (
      element.querySelector<HTMLElement>('[data-autofocus]') ??
      element.querySelector<HTMLElement>(focusableSelector)
    )?.focus();
    return () => {
      openDialogs.set((dialogs) => dialogs.filter((open) => open !== element));
      element.close();
      // The browser may already have restored focus (Escape), and the visitor may have moved on
      // before this runs: only take focus back when it is lost or still inside the dialog.
      const focused = document.activeElement;
      if (!focused || focused === document.body || element.contains(focused)) opener?.focus();
    };
  }, [isOpen]);

  const keepTabInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const controls = event.currentTarget.querySelectorAll<HTMLElement>(focusableSelector);
    const first = controls[0];
    const last = controls[controls.length - 1];
    if (!first || !last) return;
    if (event.shiftKey ? document.activeElement === first : document.activeElement === last) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    }
  };
  // close() queues its close event: when the visitor reopens the dialog before it is dispatched, that
  // stale event must not close the new opening, so only a dialog that is really closed reports it.
  const reportClose = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (!event.currentTarget.open) onClose();
  };
  // A click on the backdrop lands on the <dialog> itself, outside its box.
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const isOutside =
      event.clientX < box.left ||
      event.clientX > box.right ||
      event.clientY < box.top ||
      event.clientY > box.bottom;
    if (event.target === event.currentTarget && isOutside) onClose();
  };

  return (
    <dialog
      ref={dialog}
      className={className}
      aria-labelledby={labelledBy}
      onClose={reportClose}
      onKeyDown={keepTabInside}
      onClick={closeOnBackdrop}
    >
      {isOpen ? children : null}
    </dialog>
  );
}

/** The dialog's heading row: its name and a close button. */
export function DialogHeader({
  id,
  title,
  closeLabel,
  onClose,
}: {
  id: string;
  title: string;
  closeLabel: string;
  onClose: () => void;
}) {
  return (
    <div className="dialog-header">
      {/* Focusable from code: where focus goes when the control that had it disappears. */}
      <h2 id={id} className="dialog-title" tabIndex={-1}>
        {title}
      </h2>
      <button type="button" className="icon-link" onClick={onClose} aria-label={closeLabel}>
        <CloseIcon />
      </button>
    </div>
  );
}
