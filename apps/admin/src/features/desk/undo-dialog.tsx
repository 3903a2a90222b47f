import type { Redemption } from '@shop/contracts/hotel-portal';
import { text } from '@shop/contracts/text';
import { z } from 'zod';
import { useDeskTexts } from '../../i18n/desk-texts.ts';
import { ActionDialog, useActionForm } from '../../ui/action-dialog.tsx';
import { useAnnounce } from '../../ui/live-region.tsx';
import { FormTextField } from '../../ui/text-field.tsx';
import { useUndoRedemption } from './api/desk.ts';

const undoForm = z.object({ note: text().trim().max(300) });

/**
 * The dialog that undoes a redemption, with its reason: loaded when a desk first asks for it (undo-
 * redemption.tsx), so the scan page's first view carries neither the modal nor the form library.
 */
export function UndoDialog({
  redemption,
  code,
  onUndone,
  onClose,
}: {
  redemption: Redemption;
  code: string;
  onUndone(): void;
  onClose(): void;
}) {
  const texts = useDeskTexts();
  const announce = useAnnounce();
  const undo = useUndoRedemption();
  const { form, dialog } = useActionForm({
    schema: undoForm,
    messages: (t) => ({ note: t.validation.note }),
    defaults: { note: '' },
    action: undo,
    run: async ({ note }) => {
      await undo.mutateAsync({ id: redemption.id, ...(note ? { note } : {}) });
      announce(texts.undone(code));
      onUndone();
    },
  });
  return (
    <ActionDialog
      isOpen
      onOpenChange={(isOpen) => isOpen || onClose()}
      title={texts.undoTitle}
      intro={texts.undoIntro}
      confirmLabel={texts.undoConfirm}
      {...dialog}
    >
      <FormTextField control={form.control} name="note" label={texts.undoNote} autoFocus />
    </ActionDialog>
  );
}
