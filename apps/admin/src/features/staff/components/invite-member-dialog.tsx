import { useMemo } from 'react';
import type { Control } from 'react-hook-form';
import { useForm } from 'react-hook-form';
import { useI18n } from '../../../i18n/i18n-context.tsx';
import { useStaffTexts } from '../../../i18n/staff-texts.ts';
import { contractResolver } from '../../../lib/form-resolver.ts';
import { ActionDialog, submitForm } from '../../../ui/action-dialog.tsx';
import { useAnnounce } from '../../../ui/live-region.tsx';
import { FormTextField } from '../../../ui/text-field.tsx';
import { useInviteMember } from '../api/staff.ts';
import { inviteDefaults, inviteForm } from '../member-form.ts';
import { staffProblem } from '../staff-problem.ts';
import { MemberFields, type MemberFieldValues } from './member-fields.tsx';

/** "Invite a member": address, name, role, brands, limit; the API sends the mail with the link. */
export function InviteMemberDialog() {
  const { t, locale } = useI18n();
  const texts = useStaffTexts();
  const announce = useAnnounce();
  const invite = useInviteMember();
  const resolver = useMemo(
    () =>
      contractResolver(
        inviteForm,
        locale,
        {
          email: t.validation.email,
          name: texts.validation.name,
          brands: texts.validation.brands,
          limit: texts.validation.limit,
        },
        t.validation.invalid,
      ),
    [locale, t, texts],
  );
  const form = useForm({ resolver, defaultValues: inviteDefaults(locale) });
  return (
    <ActionDialog
      trigger={texts.staff.invite}
      title={texts.staff.invite}
      intro={texts.staff.inviteIntro}
      confirmLabel={texts.staff.inviteConfirm}
      error={staffProblem(invite.error, texts.staff.notPermitted)}
      isPending={invite.isPending}
      onOpen={() => {
        invite.reset();
        form.reset(inviteDefaults(locale));
      }}
      onSubmit={() =>
        submitForm(form, async (request) => {
          await invite.mutateAsync(request);
          announce(texts.staff.invitationSent(request.email));
        })
      }
    >
      <FormTextField
        control={form.control}
        name="email"
        label={texts.staff.email}
        type="email"
        autoComplete="off"
        isRequired
        autoFocus
      />
      <MemberFields control={form.control as unknown as Control<MemberFieldValues, unknown, unknown>} />
    </ActionDialog>
  );
}
