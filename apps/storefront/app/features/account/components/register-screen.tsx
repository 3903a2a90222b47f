import { fieldName } from '@shop/contracts/messages';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { openLogin, signIn, useSignedInUser } from '#app/lib/session-store.ts';
import { useShop, useT } from '#app/lib/shop-data.ts';
import { CheckboxField, FormField } from '#app/ui/form-field.tsx';
import { passwordMinLength, salutations } from '../account-form.ts';
import type { RegisterValues } from '../account-validation.ts';
import { register } from '../api/account-calls.ts';
import { useFormErrors } from '../hooks/use-form-errors.ts';
import { ErrorSummary } from './form-messages.tsx';
import { TextField } from './text-field.tsx';

/** The checks use zod (the contract's schema): fetched when the visitor starts on the form. */
const loadValidation = () => import('../account-validation.ts');

const fields = [
  'salutation',
  'firstName',
  'lastName',
  'userName',
  'password',
  'passwordConfirmation',
  'newsletter',
] as const;

const empty: RegisterValues = {
  salutation: '',
  firstName: '',
  lastName: '',
  userName: '',
  password: '',
  passwordConfirmation: '',
  newsletter: false,
};

/**
 * /account/register: the registration form (checked with the contract's schema); then signed in with
 * the same credentials (SPEC §4: the guest cart joins the account) and on to /account.
 */
export function RegisterScreen() {
  const t = useT();
  const { brand, locale } = useShop();
  const navigate = useNavigate();
  const user = useSignedInUser();
  const [values, setValues] = useState<RegisterValues>(empty);
  const [isKnownAddress, setKnownAddress] = useState(false);
  const isRegistering = useRef(false);
  const { errors, show, showRefusal, summaryRef } = useFormErrors('register', fields);
  const change = <F extends keyof RegisterValues>(field: F, value: RegisterValues[F]) =>
    setValues((current) => ({ ...current, [field]: value }));

  if (user && !isRegistering.current) {
    return (
      <div className="container page narrow">
        <h1>{t('register.title')}</h1>
        <p>{t('register.signedIn')}</p>
        <Link className="button" to="/account">
          {t('account.title')}
        </Link>
      </div>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setKnownAddress(false);
    const { checkRegistration } = await loadValidation();
    const checked = checkRegistration(values, locale);
    if (!checked.ok) {
      show({ fields: checked.fieldErrors, form: [] });
      return;
    }
    const registered = await register(checked.data);
    if (!registered.ok) {
      showRefusal(registered.reaction);
      return;
    }
    // The same answer for a new and a known address (no enumeration): signing in tells them apart.
    isRegistering.current = true;
    const signedIn = await signIn(checked.data.userName, checked.data.password);
    if (signedIn.ok) {
      navigate('/account');
      return;
    }
    isRegistering.current = false;
    setKnownAddress(true);
    show({ fields: {}, form: signedIn.errors });
  };

  return (
    <div className="container page narrow">
      <h1>{t('register.title')}</h1>
      <p>{t('register.intro')}</p>
      <p className="small muted">{t('checkout.requiredNote')}</p>
      <form className="account-form" noValidate onSubmit={submit} onFocus={() => void loadValidation()}>
        <ErrorSummary errors={errors} summaryRef={summaryRef}>
          {isKnownAddress ? (
            <p>
              {t('register.known')} <Link to="/password-forgotten">{t('login.forgotten')}</Link>
            </p>
          ) : null}
        </ErrorSummary>
        <div className="form-grid">
          <FormField
            form="register"
            name="salutation"
            label={fieldName('salutation', locale)}
            error={errors.fields.salutation}
            isRequired
            className="field-gender"
          >
            {(control) => (
              <select
                {...control}
                autoComplete="honorific-prefix"
                value={values.salutation}
                onChange={(event) => change('salutation', event.target.value)}
              >
                <option value="">{t('checkout.choose')}</option>
                {salutations.map((option) => (
                  <option key={option.value} value={option.value}>
                    {t(option.label)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <TextField
            form="register"
            name="firstName"
            label={fieldName('firstName', locale)}
            className="field-start"
            autoComplete="given-name"
            error={errors.fields.firstName}
            value={values.firstName}
            onChange={(value) => change('firstName', value)}
          />
          <TextField
            form="register"
            name="lastName"
            label={fieldName('lastName', locale)}
            autoComplete="family-name"
            error={errors.fields.lastName}
            value={values.lastName}
            onChange={(value) => change('lastName', value)}
          />
          <TextField
            form="register"
            name="userName"
            label={fieldName('userName', locale)}
            type="email"
            inputMode="email"
            autoComplete="email"
            className="field-full"
            error={errors.fields.userName}
            value={values.userName}
            onChange={(value) => change('userName', value)}
          />
          <TextField
            form="register"
            name="password"
            label={fieldName('password', locale)}
            type="password"
            autoComplete="new-password"
            hint={t('account.password.hint', { min: passwordMinLength })}
            error={errors.fields.password}
            value={values.password}
            onChange={(value) => change('password', value)}
          />
          <TextField
            form="register"
            name="passwordConfirmation"
            label={fieldName('passwordConfirmation', locale)}
            type="password"
            autoComplete="new-password"
            error={errors.fields.passwordConfirmation}
            value={values.passwordConfirmation}
            onChange={(value) => change('passwordConfirmation', value)}
          />
        </div>
        {brand.hasNewsletterOptin ? (
          <CheckboxField
            form="register"
            name="newsletter"
            label={t('checkout.newsletter')}
            error={errors.fields.newsletter}
            isChecked={values.newsletter}
            onChange={(isChecked) => change('newsletter', isChecked)}
          />
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button">
            {t('register.submit')}
          </button>
        </div>
      </form>
      <p className="account-aside">
        {t('register.haveAccount')}{' '}
        <button type="button" className="link-button" aria-haspopup="dialog" onClick={() => openLogin()}>
          {t('layout.loginSubmit')}
        </button>
      </p>
    </div>
  );
}
