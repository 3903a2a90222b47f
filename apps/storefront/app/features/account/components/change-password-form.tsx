import { fieldName } from '@shop/contracts/messages';
import { type FormEvent, useState } from 'react';
import { useShop, useT } from '#app/lib/shop-data.ts';
import { passwordMinLength } from '../account-form.ts';
import type { PasswordChangeValues } from '../account-validation.ts';
import { changePassword } from '../api/account-calls.ts';
import { useFormErrors } from '../hooks/use-form-errors.ts';
import { AccountHeading } from './account-layout.tsx';
import { ErrorSummary, SuccessNotice } from './form-messages.tsx';
import { TextField } from './text-field.tsx';

const loadValidation = () => import('../account-validation.ts');

const fields = ['oldPassword', 'newPassword', 'passwordConfirmation'] as const;
const empty: PasswordChangeValues = { oldPassword: '', newPassword: '', passwordConfirmation: '' };

/** /account/change-password: the current password, the new one twice. Other sessions end; this one stays. */
export function ChangePasswordForm() {
  const t = useT();
  const { locale } = useShop();
  const [values, setValues] = useState(empty);
  const [isDone, setDone] = useState(false);
  const { errors, show, showRefusal, clear, summaryRef } = useFormErrors('password', fields);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(false);
    const { checkPasswordChange } = await loadValidation();
    const checked = checkPasswordChange(values, locale);
    if (!checked.ok) {
      show({ fields: checked.fieldErrors, form: [] });
      return;
    }
    const result = await changePassword(checked.data);
    if (!result.ok) {
      showRefusal(result.reaction);
      return;
    }
    clear();
    setValues(empty);
    setDone(true);
  };

  const field = (name: (typeof fields)[number], autoComplete: string, hint?: string) => (
    <TextField
      form="password"
      name={name}
      label={fieldName(name, locale)}
      type="password"
      autoComplete={autoComplete}
      className="field-full"
      hint={hint}
      error={errors.fields[name]}
      value={values[name]}
      onChange={(value) => setValues((current) => ({ ...current, [name]: value }))}
    />
  );

  return (
    <>
      <AccountHeading>{t('account.nav.changePassword')}</AccountHeading>
      {isDone ? (
        <SuccessNotice>
          <p>{t('account.password.done')}</p>
        </SuccessNotice>
      ) : null}
      <form
        className="account-form narrow"
        noValidate
        onSubmit={submit}
        onFocus={() => void loadValidation()}
      >
        <ErrorSummary errors={errors} summaryRef={summaryRef} />
        <div className="form-grid">
          {field('oldPassword', 'current-password')}
          {field('newPassword', 'new-password', t('account.password.hint', { min: passwordMinLength }))}
          {field('passwordConfirmation', 'new-password')}
        </div>
        <div className="form-actions">
          <button type="submit" className="button">
            {t('account.password.submit')}
          </button>
        </div>
      </form>
    </>
  );
}
