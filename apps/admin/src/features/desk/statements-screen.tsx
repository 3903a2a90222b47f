import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDeskTexts } from '../../i18n/desk-texts.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { ActionDialog } from '../../ui/action-dialog.tsx';
import { useAnnounce } from '../../ui/live-region.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { Section } from '../../ui/section.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { useSession } from '../auth/use-session.ts';
import {
  breakageQuery,
  deskHomeQuery,
  statementFileUrl,
  statementListQuery,
  statementQuery,
  useMarkStatementPaid,
} from './api/desk.ts';

/** The last twelve months, newest first, as `YYYY-MM` (the shop's months are Europe/Berlin's). */
function recentMonths(): string[] {
  const now = new Date();
  return Array.from({ length: 12 }, (_, back) =>
    new Date(Date.UTC(now.getFullYear(), now.getMonth() - back, 1)).toISOString().slice(0, 7),
  );
}

/**
 * /admin/statements (issue 27): what the shop owes each hotel for a month's redemptions, as PDF and CSV.
 * The operator sees every hotel, pays a closed month and lists the breakage; a hotel's desk sees its
 * own houses' statements.
 */
export function StatementsScreen() {
  const texts = useDeskTexts();
  const months = recentMonths();
  const [month, setMonth] = useState(months[1] ?? months[0] ?? '');
  const isOperator = useSession().data?.staff.role === 'operator';
  return (
    <div className="stack">
      <PageHeading>{texts.statements.title}</PageHeading>
      <p>{texts.statements.intro}</p>
      <SelectField
        label={texts.statements.month}
        value={month}
        onChange={setMonth}
        options={months.map((id) => ({ id, label: id }))}
      />
      {isOperator ? <OperatorStatements month={month} /> : <DeskStatements month={month} />}
      {isOperator ? <Breakage /> : null}
    </div>
  );
}

function OperatorStatements({ month }: { month: string }) {
  const texts = useDeskTexts();
  const { money, dateTime } = useI18n();
  const list = useQuery(statementListQuery(month));
  const statements = list.data?.statements ?? [];
  return (
    <Section id="statements-list" title={texts.statements.listTitle(month)}>
      <ProblemMessage error={list.error} />
      {list.data && statements.length === 0 ? <p>{texts.statements.none}</p> : null}
      <ul className="desk-recent">
        {statements.map((statement) => (
          <li key={statement.hotel.id}>
            <p>
              <strong>{statement.hotel.name}</strong> · {texts.statements.redemptions(statement.redemptions)}{' '}
              · {money(statement.totalCents)}
            </p>
            {statement.missingRates > 0 ? (
              <p className="secondary">{texts.statements.missingRates(statement.missingRates)}</p>
            ) : null}
            <p className="secondary">
              {statement.paidAt
                ? `${texts.statements.paidAt} ${dateTime(statement.paidAt)}`
                : texts.statements.open}
            </p>
            <StatementLinks hotelId={statement.hotel.id} month={month} name={statement.hotel.name} />
            {statement.paidAt ? null : (
              <MarkPaid hotelId={statement.hotel.id} month={month} name={statement.hotel.name} />
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function DeskStatements({ month }: { month: string }) {
  const home = useQuery(deskHomeQuery());
  return (
    <>
      {(home.data?.hotels ?? []).map((hotel) => (
        <DeskStatement key={hotel.id} hotelId={hotel.id} month={month} />
      ))}
    </>
  );
}

function DeskStatement({ hotelId, month }: { hotelId: number; month: string }) {
  const texts = useDeskTexts();
  const { money, dateTime } = useI18n();
  const statement = useQuery(statementQuery(hotelId, month));
  if (!statement.data) return <ProblemMessage error={statement.error} />;
  const shown = statement.data;
  return (
    <Section id={`statement-${hotelId}`} title={`${shown.hotel.name} · ${month}`}>
      <p>
        {texts.statements.redemptions(shown.lines.length)} · {money(shown.totalCents)}
      </p>
      <p className="secondary">
        {shown.paid ? `${texts.statements.paidAt} ${dateTime(shown.paid.at)}` : texts.statements.open}
      </p>
      <StatementLinks hotelId={hotelId} month={month} name={shown.hotel.name} />
    </Section>
  );
}

function StatementLinks({ hotelId, month, name }: { hotelId: number; month: string; name: string }) {
  const texts = useDeskTexts();
  return (
    <p className="action-row">
      <a className="button" href={statementFileUrl(hotelId, month, 'pdf')} download>
        {texts.statements.pdf}
        <span className="visually-hidden"> {name}</span>
      </a>
      <a className="button" href={statementFileUrl(hotelId, month, 'csv')} download>
        {texts.statements.csv}
        <span className="visually-hidden"> {name}</span>
      </a>
    </p>
  );
}

function MarkPaid({ hotelId, month, name }: { hotelId: number; month: string; name: string }) {
  const texts = useDeskTexts();
  const announce = useAnnounce();
  const paid = useMarkStatementPaid();
  return (
    <ActionDialog
      trigger={
        <>
          {texts.statements.markPaid}
          <span className="visually-hidden"> {name}</span>
        </>
      }
      title={texts.statements.markPaidTitle(name, month)}
      intro={texts.statements.markPaidIntro}
      confirmLabel={texts.statements.markPaid}
      error={paid.error}
      isPending={paid.isPending}
      onOpen={() => paid.reset()}
      onSubmit={() =>
        paid.mutateAsync({ hotelId, month }).then(
          () => {
            announce(texts.statements.markedPaid(name));
            return true;
          },
          () => false,
        )
      }
    />
  );
}

function Breakage() {
  const texts = useDeskTexts();
  const { money } = useI18n();
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const breakage = useQuery(breakageQuery(yearAgo, today));
  return (
    <Section id="breakage" title={texts.statements.breakageTitle}>
      <p>{texts.statements.breakageIntro}</p>
      <ProblemMessage error={breakage.error} />
      {breakage.data ? (
        <p>
          {texts.statements.breakageCount(breakage.data.vouchers.length)} · {money(breakage.data.totalCents)}
        </p>
      ) : null}
      <p>
        <a className="button" href={`/api/admin/breakage?from=${yearAgo}&to=${today}&format=csv`} download>
          {texts.statements.csv}
        </a>
      </p>
    </Section>
  );
}
