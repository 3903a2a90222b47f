import type { BankEntry } from '@shop/contracts/admin';
import { Link } from 'react-router';
import { useI18n } from '../../../i18n/i18n-context.tsx';
import { mayAssign, needsDecision } from '../bank-forms.ts';
import { AssignEntry, HandleEntry } from './entry-actions.tsx';

/** A statement's entries: when, how much, what the payer wrote, what the import made of it, who decided. */
export function EntriesTable({ entries }: { entries: BankEntry[] }) {
  const { t, money, date, dateTime } = useI18n();
  const columns = t.bank.entryColumns;
  return (
    <div className="table-scroll">
      <table className="grid">
        <caption className="visually-hidden">{t.bank.entriesCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{columns.bookingDate}</th>
            <th scope="col" className="numeric">
              {columns.amount}
            </th>
            <th scope="col">{columns.remittance}</th>
            <th scope="col">{columns.outcome}</th>
            <th scope="col">{columns.order}</th>
            <th scope="col">{columns.handled}</th>
            <th scope="col">{columns.actions}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.entryId} data-outcome={entry.outcome}>
              {/* A booking day has no time: read at noon, so no time zone moves it to another day. */}
              <td>{date(`${entry.bookingDate}T12:00:00`)}</td>
              <td className="numeric">
                {money(entry.amountCents)}
                {entry.currency === 'EUR' ? null : ` (${entry.currency})`}
              </td>
              <td className="remittance">{entry.remittance || '–'}</td>
              <td>{t.bank.outcomes[entry.outcome] ?? entry.outcome}</td>
              <td>
                {entry.orderId === null ? '–' : <Link to={`/orders/${entry.orderId}`}>{entry.orderId}</Link>}
              </td>
              <td>
                {entry.handledAt ? (
                  <>
                    {entry.handledBy ?? '–'}
                    <span className="secondary">{dateTime(entry.handledAt)}</span>
                    {entry.handledNote ? <span className="secondary">{entry.handledNote}</span> : null}
                  </>
                ) : (
                  '–'
                )}
              </td>
              <td>
                {needsDecision(entry) ? (
                  <div className="action-row">
                    {mayAssign(entry) ? <AssignEntry entry={entry} /> : null}
                    <HandleEntry entry={entry} />
                  </div>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
