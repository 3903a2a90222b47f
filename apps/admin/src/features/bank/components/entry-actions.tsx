import type { BankEntry } from '@shop/contracts/admin';
import { useI18n } from '../../../i18n/i18n-context.tsx';
import { ActionDialog, useActionForm } from '../../../ui/action-dialog.tsx';
import { useAnnounce } from '../../../ui/live-region.tsx';
import { FormTextField } from '../../../ui/text-field.tsx';
import { useEntryAction } from '../api/entry-actions.ts';
import { assignForm, handleForm } from '../bank-forms.ts';

/** Which entry a row's button acts on, for screen readers (the rows' buttons all read the same). */
function EntryName({ entry }: { entry: BankEntry }) {
  const { t, money, date } = useI18n();
  return (
    <span className="visually-hidden">
      {' – '}
      {t.bank.forEntry(money(entry.amountCents), date(`${entry.bookingDate}T12:00:00`))}
    </span>
  );
}

/** A credit the import could not match, assigned to an open bank transfer by hand: the order is paid. */
export function AssignEntry({ entry }: { entry: BankEntry }) {
  const { t, money, date } = useI18n();
  const announce = useAnnounce();
  const action = useEntryAction(entry.entryId, 'assign');
  const { form, dialog } = useActionForm({
    schema: assignForm,
    messages: (t) => ({ orderId: t.validation.orderId, note: t.validation.note }),
    defaults: { orderId: '', note: '' },
    action,
    run: async (request) => {
      await action.mutateAsync(request);
      announce(t.bank.assigned(request.orderId));
    },
  });
  return (
    <ActionDialog
      trigger={
        <>
          {t.bank.assign}
          <EntryName entry={entry} />
        </>
      }
      title={t.bank.assignTitle}
      intro={t.bank.assignIntro(
        t.bank.forEntry(money(entry.amountCents), date(`${entry.bookingDate}T12:00:00`)),
        entry.remittance,
      )}
      confirmLabel={t.bank.assignConfirm}
      {...dialog}
    >
      <FormTextField
        control={form.control}
        name="orderId"
        label={t.bank.orderId}
        inputMode="numeric"
        isRequired
        autoFocus
      />
      <FormTextField control={form.control} name="note" label={t.bank.note} isRequired />
    </ActionDialog>
  );
}

/** Nothing to book for this entry (a fee, a refund sent back): marked handled, with the reason. */
export function HandleEntry({ entry }: { entry: BankEntry }) {
  const { t } = useI18n();
  const announce = useAnnounce();
  const action = useEntryAction(entry.entryId, 'handle');
  const { form, dialog } = useActionForm({
    schema: handleForm,
    messages: (t) => ({ note: t.validation.note }),
    defaults: { note: '' },
    action,
    run: async (request) => {
      await action.mutateAsync(request);
      announce(t.bank.handled);
    },
  });
  return (
    <ActionDialog
      trigger={
        <>
          {t.bank.handle}
          <EntryName entry={entry} />
        </>
      }
      title={t.bank.handle}
      intro={t.bank.handleIntro}
      confirmLabel={t.bank.handleConfirm}
      {...dialog}
    >
      <FormTextField control={form.control} name="note" label={t.bank.note} isRequired autoFocus />
    </ActionDialog>
  );
}
