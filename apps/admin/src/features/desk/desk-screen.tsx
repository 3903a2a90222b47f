import type { VoucherCheck } from '@shop/contracts/hotel-portal';
import { isWellFormedVoucherCode } from '@shop/contracts/voucher-code';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button, FieldError, Form, Input, Label, Text, TextField } from 'react-aria-components';
import { useDeskTexts } from '../../i18n/desk-texts.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { preloadable } from '../../lib/preloadable.tsx';
import { useAnnounce } from '../../ui/live-region.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { deskHomeQuery, useCheckVoucher } from './api/desk.ts';
import { RecentRedemptions } from './recent-redemptions.tsx';
import './desk.css';

// The camera and its decoder load when the desk asks for the camera, not with the page.
const CodeScanner = lazy(() => import('./code-scanner.tsx').then((m) => ({ default: m.CodeScanner })));
// The answer (with the redeem form and its form library) is fetched while the desk types or scans, so
// that it is there when the check answers; the scan page's first view does without it (issue 27: 150 KB).
const { Component: VoucherAnswer, preload: preloadVoucherAnswer } = preloadable(() =>
  import('./voucher-answer.tsx').then((m) => m.VoucherAnswer),
);

/**
 * /admin/desk (issue 27): a hotel's front desk checks a voucher by its code, typed or scanned, sees at
 * once what it is worth to the house, and redeems it for the stay. Laid out for one hand on a phone:
 * one column, the code field first, big buttons.
 */
export function DeskScreen() {
  const texts = useDeskTexts();
  const { t } = useI18n();
  const home = useQuery(deskHomeQuery());
  const check = useCheckVoucher();
  const announce = useAnnounce();
  const [code, setCode] = useState('');
  const [typo, setTypo] = useState(false);
  const [isScanning, setIsScanning] = useState(false);
  const [noCamera, setNoCamera] = useState(false);
  const [answer, setAnswer] = useState<VoucherCheck | null>(null);
  const codeField = useRef<HTMLInputElement>(null);

  const run = (typed: string) => {
    // The check symbol catches a typo here, before a call that would count as a guess.
    if (!isWellFormedVoucherCode(typed)) {
      setTypo(true);
      setAnswer(null);
      announce(texts.codeTypo);
      codeField.current?.focus();
      return;
    }
    setTypo(false);
    check.mutate(typed, { onSuccess: setAnswer, onError: () => setAnswer(null) });
  };

  const next = () => {
    setAnswer(null);
    setCode('');
    check.reset();
    codeField.current?.focus();
  };

  const hotels = home.data?.hotels ?? [];
  return (
    <div className="stack desk">
      <PageHeading>{texts.title}</PageHeading>
      {hotels.length > 0 && hotels.length <= 5 ? (
        <p className="secondary">{texts.hotels(hotels.map((hotel) => hotel.name).join(', '))}</p>
      ) : null}
      <p>{texts.intro}</p>
      <Form
        className="desk-check"
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          run(code);
        }}
      >
        <TextField
          className="field"
          value={code}
          onChange={(value) => {
            setCode(value);
            setTypo(false);
          }}
          isInvalid={typo}
          isRequired
          autoComplete="off"
          validationBehavior="aria"
        >
          <Label>{texts.code}</Label>
          <Input
            ref={codeField}
            onFocus={preloadVoucherAnswer}
            className="desk-code"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="go"
          />
          <Text slot="description">{texts.codeHint}</Text>
          <FieldError className="field-error">{texts.codeTypo}</FieldError>
        </TextField>
        <div className="action-row">
          <Button type="submit" className="button primary large">
            {check.isPending ? texts.checking : texts.check}
          </Button>
          <Button
            className="button large"
            onPress={() => {
              preloadVoucherAnswer();
              setNoCamera(false);
              setIsScanning((scanning) => !scanning);
            }}
          >
            {isScanning ? texts.stopScan : texts.scan}
          </Button>
        </div>
      </Form>
      {noCamera ? (
        <p className="problem" role="alert">
          {texts.noCamera}
        </p>
      ) : null}
      {isScanning ? (
        <Suspense fallback={<p role="status">{t.app.loading}</p>}>
          <CodeScanner
            onCode={(scanned) => {
              setIsScanning(false);
              setCode(scanned);
              run(scanned);
            }}
            onUnavailable={() => {
              setIsScanning(false);
              setNoCamera(true);
            }}
          />
        </Suspense>
      ) : null}
      <ProblemMessage error={check.error} />
      {answer ? (
        <Suspense fallback={<p role="status">{t.app.loading}</p>}>
          <VoucherAnswer
            // Another voucher, another form: its stay dates and its Idempotency-Key are new.
            key={answer.code}
            answer={answer}
            onChange={setAnswer}
            onRecheck={() => run(answer.code)}
            onNext={next}
          />
        </Suspense>
      ) : null}
      <RecentRedemptions
        // The voucher on screen was undone from the list: what it is now, asked again.
        onUndone={(undone) => answer?.code === undone && run(undone)}
      />
    </div>
  );
}
