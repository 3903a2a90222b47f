import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useI18n } from '../../../i18n/i18n-context.tsx';
import { useStaffTexts } from '../../../i18n/staff-texts.ts';
import { contractResolver } from '../../../lib/form-resolver.ts';
import { ActionDialog, submitForm } from '../../../ui/action-dialog.tsx';
import { useAnnounce } from '../../../ui/live-region.tsx';
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
  const texts = useStaffTexts();
  const announce = useAnnounce();
  const update = useUpdateMember(member.id);
  const resolver = useMemo(
    () =>
      contractResolver(
        editForm,
        locale,
        { name: texts.validation.name, brands: texts.validation.brands, limit: texts.validation.limit },
        t.validation.invalid,
      ),
    [locale, t, texts],
  );
  const form = useForm({ resolver, defaultValues: editDefaults(member, locale) });
  return (
    <ActionDialog
      trigger={forMember(texts.staff.edit, member)}
      title={texts.staff.editTitle(member.name)}
      intro={texts.staff.editIntro}
      confirmLabel={texts.staff.save}
      error={staffProblem(update.error, texts.staff.notPermitted)}
      isPending={update.isPending}
      onOpen={() => {
        update.reset();
        form.reset(editDefaults(member, locale));
      }}
      onSubmit={() =>
        submitForm(form, async (values) => {
          const changes = changesOf(member, values);
          if (Object.keys(changes).length > 0) await update.mutateAsync(changes);
          announce(texts.staff.saved(values.name));
        })
      }
    >
      <MemberFields control={form.control} autoFocusName />
    </ActionDialog>
  );
}

/** Switching a member off ends all their sessions at once; on again, they may sign in. */
function SwitchMember({ member }: { member: StaffListEntry }) {
  const texts = useStaffTexts();
  const announce = useAnnounce();
  const update = useUpdateMember(member.id);
  const isDisabling = !member.disabled;
  return (
    <ActionDialog
      trigger={forMember(isDisabling ? texts.staff.disable : texts.staff.enable, member)}
      title={isDisabling ? texts.staff.disableTitle(member.name) : texts.staff.enableTitle(member.name)}
      intro={isDisabling ? texts.staff.disableIntro : texts.staff.enableIntro}
      confirmLabel={isDisabling ? texts.staff.disableConfirm : texts.staff.enableConfirm}
      error={staffProblem(update.error, texts.staff.notPermitted)}
      isPending={update.isPending}
      onOpen={() => update.reset()}
      onSubmit={async () => {
        try {
          await update.mutateAsync({ disabled: isDisabling });
          announce(
            isDisabling ? texts.staff.disabledDone(member.name) : texts.staff.enabledDone(member.name),
          );
          return true;
        } catch {
          return false;
        }
      }}
    />
  );
}

function ResendInvite({ member }: { member: StaffListEntry }) {
  const texts = useStaffTexts();
  const announce = useAnnounce();
  const resend = useResendInvite(member.id);
  return (
    <ActionDialog
      trigger={forMember(texts.staff.resend, member)}
      title={texts.staff.resendTitle(member.name)}
      intro={texts.staff.resendIntro}
      confirmLabel={texts.staff.resendConfirm}
      error={staffProblem(resend.error, texts.staff.notPermitted)}
      isPending={resend.isPending}
      onOpen={() => resend.reset()}
      onSubmit={async () => {
        try {
          await resend.mutateAsync();
          announce(texts.staff.resent(member.email));
          return true;
        } catch {
          return false;
        }
      }}
    />
  );
}
