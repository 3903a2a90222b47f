import { useQuery } from '@tanstack/react-query';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { useStaffTexts } from '../../i18n/staff-texts.ts';
import { PageHeading } from '../../ui/page-heading.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { useSession } from '../auth/use-session.ts';
import { staffListQuery } from './api/staff.ts';
import { InviteMemberDialog } from './components/invite-member-dialog.tsx';
import { StaffTable } from './components/staff-table.tsx';
import { staffProblem } from './staff-problem.ts';

/**
 * /admin/staff: the operator's list of back office accounts, inviting, changing and switching off
 * members. The API decides who may see it: anyone else gets its 403, shown as a message.
 */
export function StaffScreen() {
  const { t } = useI18n();
  const texts = useStaffTexts();
  const isOperator = useSession().data?.staff.role === 'operator';
  const staff = useQuery(staffListQuery());
  return (
    <div className="stack">
      <PageHeading>{texts.staff.title}</PageHeading>
      {isOperator ? (
        <div className="action-row">
          <InviteMemberDialog />
        </div>
      ) : null}
      <ProblemMessage error={staffProblem(staff.error, texts.staff.notPermitted)} />
      {staff.isPending ? <p role="status">{t.app.loading}</p> : null}
      {staff.data ? (
        staff.data.staff.length > 0 ? (
          <StaffTable staff={staff.data.staff} />
        ) : (
          <p>{texts.staff.none}</p>
        )
      ) : null}
    </div>
  );
}
