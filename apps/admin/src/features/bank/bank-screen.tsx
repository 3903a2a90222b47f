import { useQuery } from '@tanstack/react-query';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { statementsQuery } from './api/get-statements.ts';
import { StatementsTable } from './components/statements-table.tsx';
import { UploadStatement } from './components/upload-statement.tsx';

/** /admin/bank (operators): upload a camt.053 statement; the files received and what their import did. */
export function BankScreen() {
  const { t } = useI18n();
  const statements = useQuery(statementsQuery());
  return (
    <div className="stack">
      <PageHeading>{t.bank.title}</PageHeading>
      <UploadStatement />
      <section aria-labelledby="statements-title" className="stack">
        <h2 id="statements-title">{t.bank.statements}</h2>
        <ProblemMessage error={statements.error} />
        {statements.data ? (
          statements.data.statements.length === 0 ? (
            <p>{t.bank.none}</p>
          ) : (
            <StatementsTable statements={statements.data.statements} />
          )
        ) : statements.isPending ? (
          <p role="status">{t.app.loading}</p>
        ) : null}
      </section>
    </div>
  );
}
