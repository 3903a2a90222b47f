import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDeskTexts } from '../../i18n/desk-texts.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { Section } from '../../ui/section.tsx';
import { useSession } from '../auth/use-session.ts';
import { deskHomeQuery } from './api/desk.ts';
import { UndoRedemption } from './undo-redemption.tsx';

/** The house's redemptions of the last seven days, newest first: a mistake is found and undone here. */
export function RecentRedemptions({ onUndone }: { onUndone(code: string): void }) {
  const texts = useDeskTexts();
  const { date, dateTime } = useI18n();
  const isOperator = useSession().data?.staff.role === 'operator';
  const home = useQuery(deskHomeQuery());
  const recent = home.data?.recent ?? [];
  // The undone redemption's button and dialog are gone: the keyboard's place moves to the line that
  // says it is undone, not to the page's start.
  const [focusUndone, setFocusUndone] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: looks again when the list has changed (the line may come after the undo).
  useEffect(() => {
    const line = focusUndone === null ? null : document.getElementById(`desk-undone-${focusUndone}`);
    if (!line) return;
    setFocusUndone(null);
    line.focus();
  }, [focusUndone, recent]);
  return (
    <Section id="desk-recent" title={texts.recentTitle}>
      {home.data && recent.length === 0 ? <p>{texts.recentNone}</p> : null}
      <ul className="desk-recent">
        {recent.map((redemption) => (
          <li key={redemption.id} data-undone={redemption.undoneAt ? 'true' : undefined}>
            <p>
              <code>{redemption.code}</code> · {redemption.guestName ?? texts.noGuest}
            </p>
            <p className="secondary">
              {texts.stayValue(date(redemption.arrival), date(redemption.departure))} · {texts.redeemedAt}{' '}
              {dateTime(redemption.redeemedAt)} ({redemption.redeemedBy})
            </p>
            {redemption.undoneAt ? (
              <p className="secondary" id={`desk-undone-${redemption.id}`} tabIndex={-1}>
                {texts.undoneAt} {dateTime(redemption.undoneAt)} ({redemption.undoneBy})
              </p>
            ) : isOperator || Date.now() < Date.parse(redemption.undoableUntil) ? (
              <UndoRedemption
                redemption={redemption}
                code={redemption.code}
                onUndone={() => {
                  setFocusUndone(redemption.id);
                  onUndone(redemption.code);
                }}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}
