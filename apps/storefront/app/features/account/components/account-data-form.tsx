import type { Account } from '@shop/contracts/accounts';
import { fieldName } from '@shop/contracts/messages';
import { type FormEvent, useState } from 'react';
import { useCountryName } from '#app/lib/country-names.ts';
import { useShop, useT } from '#app/lib/shop-data.ts';
import { CheckboxField, FormField } from '#app/ui/form-field.tsx';
import { addressCountries, salutations } from '../account-form.ts';
import type { AccountDataValues } from '../account-validation.ts';
import { updateAccount } from '../api/account-calls.ts';
import { useAccount } from '../hooks/use-account.ts';
import { useFormErrors } from '../hooks/use-form-errors.ts';
import { AccountHeading } from './account-layout.tsx';
import { AccountLoadState } from './account-load-state.tsx';
import { ErrorSummary, SuccessNotice } from './form-messages.tsx';
import { TextField } from './text-field.tsx';

const loadValidation = () => import('../account-validation.ts');

const fields = [
  'salutation',
  'firstName',
  'lastName',
  'phone',
  'street',
  'houseNumber',
  'postcode',
  'city',
  'country',
  'newsletter',
] as const;
type Field = (typeof fields)[number];

/** /account/edit: the account's data (SPEC "my data"), prefilled from GET /api/account/me. */
export function AccountDataScreen() {
  const t = useT();
  const { state, reload, set } = useAccount();
  if (state.kind !== 'ready') {
    return <AccountLoadState title={t('account.nav.edit')} state={state} onRetry={reload} />;
  }
  return <AccountDataForm account={state.account} onSaved={set} />;
}

const valuesOf = (account: Account): AccountDataValues => ({
  salutation: String(account.salutation),
  firstName: account.firstName,
  lastName: account.lastName,
  street: account.street,
  houseNumber: account.houseNumber,
  postcode: account.postcode,
  city: account.city,
  country: account.country ?? '',
  phone: account.phone,
  newsletter: account.newsletter,
});

function AccountDataForm({ account, onSaved }: { account: Account; onSaved: (account: Account) => void }) {
  const t = useT();
  const { brand, locale } = useShop();
  const [values, setValues] = useState(() => valuesOf(account));
  const [isSaved, setSaved] = useState(false);
  const { errors, show, showRefusal, clear, summaryRef } = useFormErrors('account', fields);
  const countryName = useCountryName();
  const change = <F extends keyof AccountDataValues>(field: F, value: AccountDataValues[F]) => {
    setSaved(false);
    setValues((current) => ({ ...current, [field]: value }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const { checkAccountData } = await loadValidation();
    const checked = checkAccountData(values, locale);
    if (!checked.ok) {
      show({ fields: checked.fieldErrors, form: [] });
      return;
    }
    const result = await updateAccount(checked.data);
    if (!result.ok) {
      showRefusal(result.reaction);
      return;
    }
    clear();
    onSaved(result.data);
    setValues(valuesOf(result.data));
    setSaved(true);
  };

  const text = (
    field: Exclude<Field, 'salutation' | 'country' | 'newsletter'>,
    autoComplete: string,
    options: { isRequired?: boolean; className?: string; type?: 'tel'; inputMode?: 'tel' } = {},
  ) => (
    <TextField
      form="account"
      name={field}
      label={fieldName(field, locale)}
      autoComplete={autoComplete}
      isRequired={options.isRequired ?? false}
      className={options.className}
      type={options.type}
      inputMode={options.inputMode}
      error={errors.fields[field]}
      value={values[field]}
      onChange={(value) => change(field, value)}
    />
  );

  return (
    <>
      <AccountHeading>{t('account.nav.edit')}</AccountHeading>
      <p className="muted">
        {t('account.edit.userName')}: <strong>{account.userName}</strong>
      </p>
      {isSaved ? (
        <SuccessNotice>
          <p>{t('account.edit.done')}</p>
        </SuccessNotice>
      ) : null}
      <p className="small muted">{t('checkout.requiredNote')}</p>
      <form className="account-form" noValidate onSubmit={submit} onFocus={() => void loadValidation()}>
        <ErrorSummary errors={errors} summaryRef={summaryRef} />
        <div className="form-grid">
          <FormField
            form="account"
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
                {salutations.map((option) => (
                  <option key={option.value} value={option.value}>
                    {t(option.label)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {text('firstName', 'given-name', { isRequired: true, className: 'field-start' })}
          {text('lastName', 'family-name', { isRequired: true })}
          {text('phone', 'tel', { type: 'tel', inputMode: 'tel' })}
          {text('street', 'address-line1', { className: 'field-street' })}
          {text('houseNumber', 'off', { className: 'field-number' })}
          {text('postcode', 'postal-code', { className: 'field-postcode' })}
          {text('city', 'address-level2', { className: 'field-city' })}
          <FormField
            form="account"
            name="country"
            label={fieldName('country', locale)}
            error={errors.fields.country}
          >
            {(control) => (
              <select
                {...control}
                autoComplete="country"
                value={values.country}
                onChange={(event) => change('country', event.target.value)}
              >
                <option value="">{t('account.edit.none')}</option>
                {addressCountries.map((iso) => (
                  <option key={iso} value={iso}>
                    {countryName(iso)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        {brand.hasNewsletterOptin || values.newsletter ? (
          <CheckboxField
            form="account"
            name="newsletter"
            label={t('checkout.newsletter')}
            error={errors.fields.newsletter}
            isChecked={values.newsletter}
            onChange={(isChecked) => change('newsletter', isChecked)}
          />
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button">
            {t('account.edit.submit')}
          </button>
        </div>
      </form>
    </>
  );
}
