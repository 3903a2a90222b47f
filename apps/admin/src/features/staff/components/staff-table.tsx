import { useI18n } from '../../../i18n/i18n-context.tsx';
import { useStaffTexts } from '../../../i18n/staff-texts.ts';
import type { StaffListEntry } from '../api/staff.ts';
import { MemberActions } from './member-actions.tsx';

/** Every account: who, which role and brands, the support limit, second factor, state, last active. */
export function StaffTable({ staff }: { staff: StaffListEntry[] }) {
  const { t, money, dateTime } = useI18n();
  const texts = useStaffTexts();
  const columns = texts.staff.columns;
  return (
    <div className="table-scroll">
      <table className="grid staff-grid">
        <caption className="visually-hidden">{texts.staff.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{columns.name}</th>
            <th scope="col">{columns.role}</th>
            <th scope="col">{columns.brands}</th>
            <th scope="col" className="numeric">
              {columns.limit}
            </th>
            <th scope="col">{columns.totp}</th>
            <th scope="col">{columns.state}</th>
            <th scope="col">{columns.lastActive}</th>
            <th scope="col">{columns.actions}</th>
          </tr>
        </thead>
        <tbody>
          {staff.map((member) => (
            <tr key={member.id} data-staff-state={stateOf(member)}>
              <th scope="row">
                {member.name}
                <span className="secondary">{member.email}</span>
              </th>
              <td>{t.roles[member.role]}</td>
              <td>
                {member.role === 'hotel'
                  ? member.hotels.map((hotel) => hotel.name).join(', ')
                  : member.brands.length > 0
                    ? member.brands.map((brand) => brand.name).join(', ')
                    : member.role === 'brand-manager'
                      ? '–'
                      : texts.staff.allBrands}
              </td>
              <td className="numeric">
                {member.role !== 'support'
                  ? '–'
                  : member.markPaidLimitCents === null
                    ? texts.staff.noLimit
                    : money(member.markPaidLimitCents)}
              </td>
              <td>{member.totpEnabled ? texts.staff.totpOn : texts.staff.totpOff}</td>
              <td>
                <span className={`status staff-${stateOf(member)}`}>{texts.staff[stateOf(member)]}</span>
              </td>
              <td>{member.lastActiveAt ? dateTime(member.lastActiveAt) : texts.staff.never}</td>
              <td>
                <MemberActions member={member} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function stateOf(member: StaffListEntry): 'disabled' | 'invited' | 'active' {
  if (member.disabled) return 'disabled';
  return member.invited ? 'invited' : 'active';
}
