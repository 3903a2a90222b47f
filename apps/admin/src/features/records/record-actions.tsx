import {
  type ServiceRecord,
  type ServiceRecordKind,
  serviceRecordActionSchema,
} from '@shop/contracts/admin-records';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { useRecordsTexts } from '../../i18n/records-texts.ts';
import { ActionDialog, useActionForm } from '../../ui/action-dialog.tsx';
import { useAnnounce } from '../../ui/live-region.tsx';
import { FormTextField } from '../../ui/text-field.tsx';
import { useRecordAction } from './api/records.ts';

/**
 * A record's action behind a confirmation with a required note: unsubscribe (newsletter) or delete on
 * request. The row's button names the record for screen readers (the rows' buttons read the same).
 */
export function RecordAction({
  kind,
  record,
  action,
}: {
  kind: ServiceRecordKind;
  record: ServiceRecord;
  action: 'delete' | 'unsubscribe';
}) {
  const { t } = useI18n();
  const texts = useRecordsTexts();
  const announce = useAnnounce();
  const mutation = useRecordAction(kind, record.id, action);
  const { form, dialog } = useActionForm({
    schema: serviceRecordActionSchema,
    messages: (t) => ({ note: t.validation.note }),
    defaults: { note: '' },
    action: mutation,
    run: async (request) => {
      await mutation.mutateAsync(request);
      announce(action === 'delete' ? texts.deleted : texts.unsubscribed(record.who));
    },
  });
  const isDelete = action === 'delete';
  return (
    <ActionDialog
      trigger={
        <>
          {isDelete ? texts.delete : texts.unsubscribe}
          <span className="visually-hidden"> {texts.forRecord(record.who)}</span>
        </>
      }
      title={isDelete ? texts.deleteTitle : texts.unsubscribeTitle}
      intro={
        isDelete
          ? kind === 'consent'
            ? texts.deleteConsentIntro(record.who)
            : texts.deleteIntro(record.who)
          : texts.unsubscribeIntro(record.who)
      }
      confirmLabel={isDelete ? texts.delete : texts.unsubscribe}
      {...dialog}
    >
      <FormTextField
        control={form.control}
        name="note"
        label={texts.note || t.order.note}
        isRequired
        autoFocus
      />
    </ActionDialog>
  );
}
