import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { statementQuery } from './api/get-statement.ts';
import { isInProgress } from './bank-forms.ts';
import { EntriesTable } from './components/entries-table.tsx';
import { StatementCounts, StatementStatus } from './components/statement-status.tsx';

/**
 * /admin/bank/:id: one statement file. While it is imported the page follows the job (the status is a
 * live region); then its entries, each with its outcome and, where the import could not decide, the
 * actions to assign it to an order or to mark it handled.
 */
export function StatementScreen() {
  const { t, dateTime } = useI18n();
  const id = Number(useParams().id);
  const statement = useQuery({ ...statementQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const data = statement.data;
  return (
    <div className="stack">
      <p>
        <Link to="/bank">← {t.bank.back}</Link>
      </p>
      <PageHeading>{t.bank.statementTitle(data?.fileName ?? String(id))}</PageHeading>
      <ProblemMessage error={statement.error} />
      {statement.isPending && statement.fetchStatus !== 'idle' ? <p role="status">{t.app.loading}</p> : null}
      {data ? (
        <>
          <section aria-labelledby="import-title" className="card" data-statement-status={data.status}>
            <h2 id="import-title">{t.bank.overview}</h2>
            <dl className="facts">
              <div>
                <dt>{t.bank.columns.status}</dt>
                <dd>
                  {/* A live region: the import's progress is read out as it changes. */}
                  <span role="status">
                    <StatementStatus status={data.status} />
                  </span>
                </dd>
              </div>
              <div>
                <dt>{t.bank.columns.counts}</dt>
                <dd>
                  <StatementCounts counts={data.counts} />
                </dd>
              </div>
              {data.problem ? (
                <div>
                  <dt>{t.bank.problem}</dt>
                  <dd className="problem-text">{data.problem}</dd>
                </div>
              ) : null}
              <div>
                <dt>{t.bank.columns.source}</dt>
                <dd>{t.bank.sources[data.source]}</dd>
              </div>
              <div>
                <dt>{t.bank.columns.uploadedBy}</dt>
                <dd>{data.uploadedBy ?? '–'}</dd>
              </div>
              <div>
                <dt>{t.bank.columns.createdAt}</dt>
                <dd>{dateTime(data.createdAt)}</dd>
              </div>
              <div>
                <dt>{t.bank.finishedAt}</dt>
                <dd>{dateTime(data.finishedAt)}</dd>
              </div>
            </dl>
          </section>
          <section aria-labelledby="entries-title" className="card">
            <h2 id="entries-title">{t.bank.entries}</h2>
            {isInProgress(data.status) ? (
              <p>{t.bank.entriesLater}</p>
            ) : data.entries.length === 0 ? (
              <p>{t.bank.noEntries}</p>
            ) : (
              <EntriesTable entries={data.entries} />
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}
