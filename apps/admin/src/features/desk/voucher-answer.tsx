import { isCalendarDate } from '@shop/contracts/calendar-date';
import type { Redemption, VoucherCheck } from '@shop/contracts/hotel-portal';
import { text } from '@shop/contracts/text';
import { useEffect, useRef, useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { z } from 'zod';
import { useDeskTexts } from '../../i18n/desk-texts.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { useActionForm } from '../../ui/action-dialog.tsx';
import { useAnnounce } from '../../ui/live-region.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { Facts } from '../../ui/section.tsx';
import { FormTextField } from '../../ui/text-field.tsx';
import { useSession } from '../auth/use-session.ts';
import { useRedeemVoucher } from './api/desk.ts';
import { UndoRedemption } from './undo-redemption.tsx';

const stayDate = text().refine(isCalendarDate);
const redeemForm = z
  .object({
    arrival: stayDate,
    departure: stayDate,
    bookingReference: text().trim().max(60),
    nightsNote: text().trim().max(300),
  })
  .refine((stay) => stay.departure > stay.arrival, { path: ['departure'], message: 'departure' });

/** `YYYY-MM-DD` of the desk's own day, `days` later. */
function localDay(days = 0): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

const nightsBetween = (arrival: string, departure: string) =>
  isCalendarDate(arrival) && isCalendarDate(departure)
    ? Math.round((Date.parse(departure) - Date.parse(arrival)) / 86_400_000)
    : null;

/** What the check found: the state in large type, the voucher as printed, and what the desk can do now. */
export function VoucherAnswer({
  answer,
  onChange,
  onRecheck,
  onNext,
}: {
  answer: VoucherCheck;
  onChange(answer: VoucherCheck): void;
  /** Asks again (after an undo: what the voucher is now depends on more than the redemption). */
  onRecheck(): void;
  onNext(): void;
}) {
  const texts = useDeskTexts();
  const { date } = useI18n();
  const isOperator = useSession().data?.staff.role === 'operator';
  const { voucher, redemption } = answer;
  const note =
    answer.state === 'specimen' && !answer.redeemable
      ? texts.stateNotes.specimenLive
      : texts.stateNotes[answer.state];
  const tone = answer.redeemable ? 'good' : answer.state === 'redeemed' ? 'warning' : 'bad';
  // A new answer is read out and reached from its heading, where the redeem form follows.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (answer) headingRef.current?.focus();
  }, [answer]);
  return (
    <section className={`card desk-answer is-${tone}`} aria-labelledby="desk-answer-title">
      <h2 id="desk-answer-title" ref={headingRef} tabIndex={-1}>
        <span className="visually-hidden">{texts.answerTitle}: </span>
        <span className="desk-state" data-state={answer.state}>
          {texts.states[answer.state]}
        </span>{' '}
        <code>{answer.code}</code>
      </h2>
      <p>{note}</p>
      {voucher ? (
        <Facts
          rows={[
            [texts.guest, voucher.guestName ?? texts.noGuest],
            [texts.offer, voucher.offerTitle],
            [texts.hotel, voucher.hotel.name],
            [texts.nights, String(voucher.nights)],
            [texts.persons, String(voucher.persons)],
            [texts.board, voucher.board],
            [texts.validUntil, date(voucher.validUntil)],
          ]}
        />
      ) : null}
      {redemption ? <RedemptionFacts redemption={redemption} /> : null}
      {redemption && (isOperator || Date.now() < Date.parse(redemption.undoableUntil)) ? (
        <UndoRedemption redemption={redemption} code={answer.code} onUndone={onRecheck} />
      ) : null}
      {answer.redeemable && voucher ? (
        <RedeemForm
          code={answer.code}
          nights={voucher.nights}
          onRedeemed={(made) =>
            onChange({ ...answer, state: 'redeemed', redeemable: false, redemption: made })
          }
        />
      ) : null}
      <p>
        <Button className="button" onPress={onNext}>
          {texts.next}
        </Button>
      </p>
    </section>
  );
}

function RedemptionFacts({ redemption }: { redemption: Redemption }) {
  const texts = useDeskTexts();
  const { date, dateTime } = useI18n();
  return (
    <Facts
      rows={[
        [texts.redeemedAt, dateTime(redemption.redeemedAt)],
        [texts.redeemedBy, redemption.redeemedBy],
        [texts.stay, texts.stayValue(date(redemption.arrival), date(redemption.departure))],
        [texts.bookingReference, redemption.bookingReference],
      ]}
    />
  );
}

function RedeemForm({
  code,
  nights,
  onRedeemed,
}: {
  code: string;
  nights: number;
  onRedeemed(redemption: Redemption): void;
}) {
  const texts = useDeskTexts();
  const announce = useAnnounce();
  const redeem = useRedeemVoucher();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const { form, dialog } = useActionForm({
    schema: redeemForm,
    messages: (t) => ({ arrival: t.validation.invalid, departure: t.validation.invalid }),
    defaults: { arrival: localDay(), departure: localDay(nights), bookingReference: '', nightsNote: '' },
    action: redeem,
    run: async (values) => {
      const made = await redeem.mutateAsync({
        idempotencyKey,
        code,
        arrival: values.arrival,
        departure: values.departure,
        ...(values.bookingReference ? { bookingReference: values.bookingReference } : {}),
        ...(values.nightsNote ? { nightsNote: values.nightsNote } : {}),
      });
      announce(texts.redeemed(code));
      onRedeemed(made.redemption);
    },
  });
  const [arrival, departure] = form.watch(['arrival', 'departure']);
  const stayNights = nightsBetween(arrival, departure);
  const differs = stayNights !== null && stayNights > 0 && stayNights !== nights;
  return (
    <Form
      className="stack desk-redeem"
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault();
        if (!redeem.isPending) void dialog.onSubmit();
      }}
    >
      <h3>{texts.redeemTitle}</h3>
      <div className="desk-dates">
        <FormTextField control={form.control} name="arrival" label={texts.arrival} type="date" isRequired />
        <FormTextField
          control={form.control}
          name="departure"
          label={texts.departure}
          type="date"
          isRequired
        />
      </div>
      <FormTextField
        control={form.control}
        name="bookingReference"
        label={texts.bookingReference}
        description={texts.bookingReferenceHint}
        autoComplete="off"
      />
      {differs ? (
        <FormTextField
          control={form.control}
          name="nightsNote"
          label={texts.nightsNote}
          description={texts.nightsNoteHint(nights, stayNights)}
          isRequired
        />
      ) : null}
      <ProblemMessage error={redeem.error} />
      <Button type="submit" className="button primary large">
        {redeem.isPending ? texts.redeeming : texts.redeem}
      </Button>
    </Form>
  );
}
