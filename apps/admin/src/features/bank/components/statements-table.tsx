import type { BankStatement } from '@shop/contracts/admin';
import { Link } from 'react-router';
import { useI18n } from '../../../i18n/i18n-context.tsx';
import { StatementCounts, StatementStatus } from './statement-status.tsx';

/** The statement files, newest first: each links to its entries. */
export function StatementsTable({ statements }: { statements: BankStatement[] }) {
  const { t, dateTime } = useI18n();
  const columns = t.bank.columns;
  return (
    <div className="table-scroll">
      <table className="grid">
        <caption className="visually-hidden">{t.bank.tableCaption}</caption>
        <thead>
          <tr>
            {[
              columns.fileName,
              columns.source,
              columns.status,
              columns.counts,
              columns.uploadedBy,
              columns.createdAt,
            ].map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {statements.map((statement) => (
            <tr key={statement.id} data-statement-status={statement.status}>
              <td>
                <Link to={`/bank/${statement.id}`}>{statement.fileName}</Link>
              </td>
              <td>{t.bank.sources[statement.source]}</td>
              <td>
                <StatementStatus status={statement.status} />
              </td>
              <td>
                <StatementCounts counts={statement.counts} />
                {statement.problem ? (
                  <span className="secondary problem-text">{statement.problem}</span>
                ) : null}
              </td>
              <td>{statement.uploadedBy ?? '–'}</td>
              <td>{dateTime(statement.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
