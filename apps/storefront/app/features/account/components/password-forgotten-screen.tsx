import { fieldName } from '@shop/contracts/messages';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { openLogin } from '#app/lib/session-store.ts';
import { useShop, useT } from '#app/lib/shop-data.ts';
import { passwordMinLength } from '../account-form.ts';
import { requestPasswordReset, resetPassword } from '../api/account-calls.ts';
import { useFormErrors } from '../hooks/use-form-errors.ts';
import { ErrorSummary, SuccessNotice } from './form-messages.tsx';
import { TextField } from './text-field.tsx';

const loadValidation = () => import('../account-validation.ts');

/**
 * /password-forgotten (SPEC §2): the "send me a link" form; with `?email=&token=` from the reset mail,
 * the "choose a new password" form instead.
 */
export function PasswordForgottenScreen() {
  const [params] = useSearchParams();
  const email = params.get('email');
  const token = params.get('token');
  return (
    <div className="container page narrow">
      {email && token ? <NewPasswordForm email={email} token={token} /> : <RequestLinkForm />}
    </div>
  );
}

function RequestLinkForm() {
  const t = useT();
  const { locale } = useShop();
  const [email, setEmail] = useState('');
  const [isSent, setSent] = useState(false);
  const { errors, show, showRefusal, summaryRef } = useFormErrors('reset', ['email'] as const);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { checkPasswordForgotten } = await loadValidation();
    const checked = checkPasswordForgotten(email, locale);
    if (!checked.ok) {
      show({ fields: checked.fieldErrors, form: [] });
      return;
    }
    const result = await requestPasswordReset(checked.data);
    if (!result.ok) {
      showRefusal(result.reaction);
      return;
    }
    setSent(true);
  };

  return (
    <>
      <h1>{t('reset.title')}</h1>
      {isSent ? (
        <SuccessNotice>
          <p>{t('reset.sent')}</p>
        </SuccessNotice>
      ) : (
        <>
          <p>{t('reset.intro')}</p>
          <form className="account-form" noValidate onSubmit={submit} onFocus={() => void loadValidation()}>
            <ErrorSummary errors={errors} summaryRef={summaryRef} />
            <div className="form-grid">
              <TextField
                form="reset"
                name="email"
                label={fieldName('email', locale)}
                type="email"
                inputMode="email"
                autoComplete="email"
                className="field-full"
                error={errors.fields.email}
                value={email}
                onChange={setEmail}
              />
            </div>
            <div className="form-actions">
              <button type="submit" className="button">
                {t('reset.submit')}
              </button>
            </div>
          </form>
        </>
      )}
    </>
  );
}

const newPasswordFields = ['newPassword', 'passwordConfirmation'] as const;

function NewPasswordForm({ email, token }: { email: string; token: string }) {
  const t = useT();
  const { locale } = useShop();
  const [values, setValues] = useState({ newPassword: '', passwordConfirmation: '' });
  const [isDone, setDone] = useState(false);
  const [isLinkInvalid, setLinkInvalid] = useState(false);
  const { errors, show, showRefusal, summaryRef } = useFormErrors('reset', newPasswordFields);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { checkPasswordReset } = await loadValidation();
    const checked = checkPasswordReset({ email, token, ...values }, locale);
    if (!checked.ok) {
      const { newPassword, passwordConfirmation, ...others } = checked.fieldErrors;
      const fields = Object.fromEntries(
        Object.entries({ newPassword, passwordConfirmation }).filter(([, message]) => message),
      );
      // A malformed link (e-mail or token) is no field of this form: its words go to the summary.
      show({ fields, form: Object.values(others) });
      return;
    }
    const result = await resetPassword(checked.data);
    if (!result.ok) {
      const problem = result.failure.kind === 'problem' ? result.failure.problem : null;
      setLinkInvalid(problem?.type === 'invalid-reset-token');
      showRefusal(result.reaction);
      return;
    }
    setDone(true);
  };

  if (isDone) {
    return (
      <>
        <h1>{t('reset.newTitle')}</h1>
        <SuccessNotice>
          <p>{t('reset.done')}</p>
          <p>
            <button type="button" className="button" aria-haspopup="dialog" onClick={() => openLogin()}>
              {t('reset.signIn')}
            </button>
          </p>
        </SuccessNotice>
      </>
    );
  }
  return (
    <>
      <h1>{t('reset.newTitle')}</h1>
      <p>{t('reset.newIntro', { email })}</p>
      <form className="account-form" noValidate onSubmit={submit} onFocus={() => void loadValidation()}>
        <ErrorSummary errors={errors} summaryRef={summaryRef}>
          {isLinkInvalid ? (
            <p>
              <Link to="/password-forgotten">{t('reset.requestNew')}</Link>
            </p>
          ) : null}
        </ErrorSummary>
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <div className="form-grid">
          <TextField
            form="reset"
            name="newPassword"
            label={fieldName('newPassword', locale)}
            type="password"
            autoComplete="new-password"
            className="field-full"
            hint={t('account.password.hint', { min: passwordMinLength })}
            error={errors.fields.newPassword}
            value={values.newPassword}
            onChange={(value) => setValues((current) => ({ ...current, newPassword: value }))}
          />
          <TextField
            form="reset"
            name="passwordConfirmation"
            label={fieldName('passwordConfirmation', locale)}
            type="password"
            autoComplete="new-password"
            className="field-full"
            error={errors.fields.passwordConfirmation}
            value={values.passwordConfirmation}
            onChange={(value) => setValues((current) => ({ ...current, passwordConfirmation: value }))}
          />
        </div>
        <div className="form-actions">
          <button type="submit" className="button">
            {t('reset.newSubmit')}
          </button>
        </div>
      </form>
    </>
  );
}
