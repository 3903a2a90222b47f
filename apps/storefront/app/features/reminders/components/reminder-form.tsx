import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useShop, useT } from '#app/lib/shop-data.ts';
import { FormField } from '#app/ui/form-field.tsx';
import { askReminder } from '../api/reminder-calls.ts';
import { describeReminderFailure, type ReminderFailure } from '../reminder-failure.ts';

const loadValidation = () => import('../reminder-validation.ts');
const form = 'reminder';

type Outcome = { kind: 'stored'; email: string; isAvailable: boolean } | null;

/**
 * "Notify me" on a sold-out offer (SPEC §1): an address, one mail when the offer is back. The result
 * (thanks, or what went wrong) takes the focus, so that it is read out where the visitor is.
 */
export function ReminderForm({ offerId, variantId }: { offerId: number; variantId?: number | null }) {
  const t = useT();
  const { locale } = useShop();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [isSending, setSending] = useState(false);
  const messageRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // Each new result is focused: the thanks, or the form's message.
  useEffect(() => {
    if (outcome || formError) messageRef.current?.focus();
  }, [outcome, formError]);

  const showFailure = (failure: ReminderFailure) => {
    if (failure.field === 'email') {
      setEmailError(failure.message);
      inputRef.current?.focus();
      return;
    }
    setFormError('key' in failure ? t(failure.key) : failure.message);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSending) return;
    setEmailError(undefined);
    setFormError(null);
    const { checkReminder } = await loadValidation();
    const checked = checkReminder({ email, offerId, variantId: variantId ?? null }, locale);
    if (!checked.ok) {
      showFailure({ field: 'email', message: checked.emailError });
      return;
    }
    setSending(true);
    const result = await askReminder(checked.data);
    setSending(false);
    if (!result.ok) {
      showFailure(describeReminderFailure(result.failure));
      return;
    }
    setOutcome({ kind: 'stored', email: checked.data.email, isAvailable: result.data.isAvailable });
  };

  if (outcome) {
    return (
      <div ref={messageRef} tabIndex={-1} role="status" className="notice is-success reminder-result">
        <p>{t('reminder.success', { email: outcome.email })}</p>
        {outcome.isAvailable ? <p>{t('reminder.availableNow')}</p> : null}
      </div>
    );
  }
  return (
    <form
      className="reminder-form"
      noValidate
      onSubmit={submit}
      onFocus={() => void loadValidation()}
      aria-describedby="reminder-intro"
    >
      <p id="reminder-intro" className="muted small">
        {t('reminder.intro')}
      </p>
      <div ref={messageRef} tabIndex={-1} role="alert" className={formError ? 'error-summary' : undefined}>
        {formError ? (
          <>
            <p>
              <strong>{t('reminder.error.summary')}</strong>
            </p>
            <p>{formError}</p>
          </>
        ) : null}
      </div>
      <FormField form={form} name="email" label={t('reminder.email')} error={emailError} isRequired>
        {(control) => (
          <input
            {...control}
            ref={inputRef}
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </FormField>
      <button type="submit" className="button secondary" aria-disabled={isSending || undefined}>
        {isSending ? t('reminder.sending') : t('reminder.submit')}
      </button>
    </form>
  );
}
