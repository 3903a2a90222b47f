import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useI18n } from '../../../i18n/i18n-context.tsx';
import { contractResolver } from '../../../lib/form-resolver.ts';
import { useAnnounce } from '../../../ui/live-region.tsx';
import { ActionDialog, submitForm } from '../../orders/components/action-dialog.tsx';
import { type StaffListEntry, useResendInvite, useUpdateMember } from '../api/staff.ts';
import { changesOf, editDefaults, editForm } from '../member-form.ts';
import { staffProblem } from '../staff-problem.ts';
import { MemberFields } from './member-fields.tsx';

/** A button's text with the member's name for screen readers: each row has its own "Edit". */
function forMember(label: string, member: StaffListEntry) {
  return (
    <>
      {label}
      <span className="visually-hidden"> ({member.name})</span>
    </>
  );
}

/** The row's actions: edit, switch off or on, and for an invited member the invitation again. */
export function MemberActions({ member }: { member: StaffListEntry }) {
  return (
    <div className="action-row">
      <EditMember member={member} />
      <SwitchMember member={member} />
      {member.invited && !member.disabled ? <ResendInvite member={member} /> : null}
    </div>
  );
}

function EditMember({ member }: { member: StaffListEntry }) {
  const { t, locale } = useI18n();
  const announce = useAnnounce();
  const update = useUpdateMember(member.id);
  const resolver = useMemo(
    () =>
      contractResolver(
        editForm,
        locale,
        { name: t.validation.name, brands: t.validation.brands, limit: t.validation.limit },
        t.validation.invalid,
      ),
    [locale, t],
  );
  const form = useForm({ resolver, defaultValues: editDefaults(member, locale) });
  return (
    <ActionDialog
      trigger={forMember(t.staff.edit, member)}
      title={t.staff.editTitle(member.name)}
      intro={t.staff.editIntro}
      confirmLabel={t.staff.save}
      error={staffProblem(update.error, t.staff.notPermitted)}
      isPending={update.isPending}
      onOpen={() => {
        update.reset();
        form.reset(editDefaults(member, locale));
      }}
      onSubmit={() =>
        submitForm(form, async (values) => {
          const changes = changesOf(member, values);
          if (Object.keys(changes).length > 0) await update.mutateAsync(changes);
          announce(t.staff.saved(values.name));
        })
      }
    >
      <MemberFields control={form.control} autoFocusName />
    </ActionDialog>
  );
}

/** Switching a member off ends all their sessions at once; on again, they may sign in. */
function SwitchMember({ member }: { member: StaffListEntry }) {
  const { t } = useI18n();
  const announce = useAnnounce();
  const update = useUpdateMember(member.id);
  const isDisabling = !member.disabled;
  return (
    <ActionDialog
      trigger={forMember(isDisabling ? t.staff.disable : t.staff.enable, member)}
      title={isDisabling ? t.staff.disableTitle(member.name) : t.staff.enableTitle(member.name)}
      intro={isDisabling ? t.staff.disableIntro : t.staff.enableIntro}
      confirmLabel={isDisabling ? t.staff.disableConfirm : t.staff.enableConfirm}
      error={staffProblem(update.error, t.staff.notPermitted)}
      isPending={update.isPending}
      onOpen={() => update.reset()}
      onSubmit={async () => {
        try {
          await update.mutateAsync({ disabled: isDisabling });
          announce(isDisabling ? t.staff.disabledDone(member.name) : t.staff.enabledDone(member.name));
          return true;
        } catch {
          return false;
        }
      }}
    />
  );
}

function ResendInvite({ member }: { member: StaffListEntry }) {
  const { t } = useI18n();
  const announce = useAnnounce();
  const resend = useResendInvite(member.id);
  return (
    <ActionDialog
      trigger={forMember(t.staff.resend, member)}
      title={t.staff.resendTitle(member.name)}
      intro={t.staff.resendIntro}
      confirmLabel={t.staff.resendConfirm}
      error={staffProblem(resend.error, t.staff.notPermitted)}
      isPending={resend.isPending}
      onOpen={() => resend.reset()}
      onSubmit={async () => {
        try {
          await resend.mutateAsync();
          announce(t.staff.resent(member.email));
          return true;
        } catch {
          return false;
        }
      }}
    />
  );
}
