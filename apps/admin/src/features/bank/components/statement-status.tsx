import type { BankStatement } from '@shop/contracts/admin';
import { useI18n } from '../../../i18n/i18n-context.tsx';
import { sortedCounts } from '../bank-forms.ts';

/** A statement's import status as a badge. */
export function StatementStatus({ status }: { status: BankStatement['status'] }) {
  const { t } = useI18n();
  return <span className={`status status-bank-${status}`}>{t.bank.statuses[status]}</span>;
}

/** The import's counts per outcome ("Bezahlt (automatisch): 3, Nicht zugeordnet: 1"). */
export function StatementCounts({ counts }: { counts: BankStatement['counts'] }) {
  const { t } = useI18n();
  const rows = sortedCounts(counts);
  if (rows.length === 0) return <>{t.bank.noCounts}</>;
  return (
    <ul className="counts">
      {rows.map(([outcome, count]) => (
        <li key={outcome}>
          {t.bank.outcomes[outcome] ?? outcome}: {count}
        </li>
      ))}
    </ul>
  );
}
