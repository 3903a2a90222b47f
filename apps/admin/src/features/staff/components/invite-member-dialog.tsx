import { useMemo } from 'react';
import type { Control } from 'react-hook-form';
import { useForm } from 'react-hook-form';
import { useI18n } from '../../../i18n/i18n-context.tsx';
import { contractResolver } from '../../../lib/form-resolver.ts';
import { useAnnounce } from '../../../ui/live-region.tsx';
import { FormTextField } from '../../../ui/text-field.tsx';
import { ActionDialog, submitForm } from '../../orders/components/action-dialog.tsx';
import { useInviteMember } from '../api/staff.ts';
import { inviteDefaults, inviteForm } from '../member-form.ts';
import { staffProblem } from '../staff-problem.ts';
import { MemberFields, type MemberFieldValues } from './member-fields.tsx';

/** "Invite a member": address, name, role, brands, limit; the API sends the mail with the link. */
export function InviteMemberDialog() {
  const { t, locale } = useI18n();
  const announce = useAnnounce();
  const invite = useInviteMember();
  const resolver = useMemo(
    () =>
      contractResolver(
        inviteForm,
        locale,
        {
          email: t.validation.email,
          name: t.validation.name,
          brands: t.validation.brands,
          limit: t.validation.limit,
        },
        t.validation.invalid,
      ),
    [locale, t],
  );
  const form = useForm({ resolver, defaultValues: inviteDefaults(locale) });
  return (
    <ActionDialog
      trigger={t.staff.invite}
      title={t.staff.invite}
      intro={t.staff.inviteIntro}
      confirmLabel={t.staff.inviteConfirm}
      error={staffProblem(invite.error, t.staff.notPermitted)}
      isPending={invite.isPending}
      onOpen={() => {
        invite.reset();
        form.reset(inviteDefaults(locale));
      }}
      onSubmit={() =>
        submitForm(form, async (request) => {
          await invite.mutateAsync(request);
          announce(t.staff.invitationSent(request.email));
        })
      }
    >
      <FormTextField
        control={form.control}
        name="email"
        label={t.staff.email}
        type="email"
        autoComplete="off"
        isRequired
        autoFocus
      />
      <MemberFields control={form.control as unknown as Control<MemberFieldValues, unknown, unknown>} />
    </ActionDialog>
  );
}
