import { useQuery } from '@tanstack/react-query';
import { useI18n } from '../../../i18n/i18n-context.tsx';
import { useStaffTexts } from '../../../i18n/staff-texts.ts';
import { ActionDialog } from '../../../ui/action-dialog.tsx';
import { useAnnounce } from '../../../ui/live-region.tsx';
import { ProblemMessage } from '../../../ui/problem-message.tsx';
import { ownSessionsQuery, useEndSession } from '../api/sessions.ts';

type Session = { id: string; createdAt: string; lastUsedAt: string; current: boolean };

/**
 * The member's open sessions (this browser's marked), each other one with a button that ends it: a
 * forgotten desk PC, a lost tablet. That browser is sent to the sign-in on its next call.
 */
export function OwnSessions() {
  const { t, dateTime } = useI18n();
  const texts = useStaffTexts();
  const sessions = useQuery(ownSessionsQuery());
  return (
    <section aria-labelledby="sessions-title" className="stack">
      <h2 id="sessions-title">{texts.sessions.title}</h2>
      <p>{texts.sessions.intro}</p>
      <ProblemMessage error={sessions.error} />
      {sessions.isPending ? <p role="status">{t.app.loading}</p> : null}
      {sessions.data ? (
        <div className="table-scroll">
          <table className="grid">
            <caption className="visually-hidden">{texts.sessions.tableCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{texts.sessions.started}</th>
                <th scope="col">{texts.sessions.lastUsed}</th>
                <th scope="col">{texts.sessions.which}</th>
                <th scope="col">
                  <span className="visually-hidden">{texts.staff.columns.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.data.sessions.map((session) => (
                <tr key={session.id} data-current-session={session.current}>
                  <td>{dateTime(session.createdAt)}</td>
                  <td>{dateTime(session.lastUsedAt)}</td>
                  <td>
                    {session.current ? <strong>{texts.sessions.current}</strong> : texts.sessions.other}
                  </td>
                  <td>{session.current ? null : <EndSession session={session} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function EndSession({ session }: { session: Session }) {
  const { dateTime } = useI18n();
  const texts = useStaffTexts();
  const announce = useAnnounce();
  const end = useEndSession();
  return (
    <ActionDialog
      trigger={
        <>
          {texts.sessions.end}
          <span className="visually-hidden"> ({texts.sessions.endLabel(dateTime(session.createdAt))})</span>
        </>
      }
      title={texts.sessions.endTitle}
      intro={texts.sessions.endIntro}
      confirmLabel={texts.sessions.endConfirm}
      error={end.error}
      isPending={end.isPending}
      onOpen={() => end.reset()}
      onSubmit={async () => {
        try {
          await end.mutateAsync(session.id);
          announce(texts.sessions.ended);
          return true;
        } catch {
          return false;
        }
      }}
    />
  );
}
