import { isNumericMembershipRule } from '@shop/contracts/membership-keypad';
import { useCountryName } from '#app/lib/country-names.ts';
import { useShop, useT } from '#app/lib/shop-data.ts';
import { FormField } from '#app/ui/form-field.tsx';
import {
  type CustomerField,
  type CustomerFormValues,
  type FieldErrors,
  fieldLabel,
} from '../customer-form.ts';

type Props = {
  values: CustomerFormValues;
  errors: FieldErrors;
  onChange: <F extends CustomerField>(field: F, value: CustomerFormValues[F]) => void;
};

/** Name, contact and address of the buyer (SPEC §3 address countries; membership number per brand). */
export function CustomerFields({ values, errors, onChange }: Props) {
  const t = useT();
  const { brand, locale } = useShop();
  const label = (field: CustomerField) => fieldLabel(field, locale);
  const countryName = useCountryName();
  const membership = brand.membershipNumber;
  const text = (
    field: Exclude<CustomerField, 'gender' | 'country' | 'newsletter' | 'acceptTerms'>,
    label: string,
    options: {
      autoComplete: string;
      type?: string;
      isRequired?: boolean;
      inputMode?: 'tel' | 'email' | 'numeric';
      hint?: string;
      className?: string;
    },
  ) => (
    <FormField
      form="checkout"
      name={field}
      label={label}
      error={errors[field]}
      isRequired={options.isRequired ?? true}
      hint={options.hint}
      className={options.className}
    >
      {(control) => (
        <input
          {...control}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete}
          inputMode={options.inputMode}
          value={values[field]}
          onChange={(event) => onChange(field, event.target.value)}
        />
      )}
    </FormField>
  );

  return (
    <div className="form-grid">
      <FormField
        form="checkout"
        name="gender"
        label={label('gender')}
        error={errors.gender}
        isRequired
        className="field-gender"
      >
        {(control) => (
          <select
            {...control}
            autoComplete="sex"
            value={values.gender}
            onChange={(event) => onChange('gender', event.target.value as CustomerFormValues['gender'])}
          >
            <option value="">{t('checkout.choose')}</option>
            <option value="20">{t('checkout.gender.female')}</option>
            <option value="10">{t('checkout.gender.male')}</option>
            <option value="0">{t('checkout.gender.other')}</option>
          </select>
        )}
      </FormField>
      {text('firstName', label('firstName'), {
        autoComplete: 'given-name',
        className: 'field-start',
      })}
      {text('lastName', label('lastName'), { autoComplete: 'family-name' })}
      {text('email', label('email'), {
        autoComplete: 'email',
        type: 'email',
        inputMode: 'email',
        hint: t('checkout.hint.email'),
      })}
      {text('phone', label('phone'), {
        autoComplete: 'tel',
        type: 'tel',
        inputMode: 'tel',
        isRequired: false,
      })}
      {text('street', label('street'), {
        autoComplete: 'address-line1',
        className: 'field-street',
      })}
      {text('houseNumber', label('houseNumber'), {
        autoComplete: 'off',
        className: 'field-number',
      })}
      {text('postcode', label('postcode'), {
        autoComplete: 'postal-code',
        className: 'field-postcode',
      })}
      {text('city', label('city'), { autoComplete: 'address-level2', className: 'field-city' })}
      <FormField form="checkout" name="country" label={label('country')} error={errors.country} isRequired>
        {(control) => (
          <select
            {...control}
            autoComplete="country"
            value={values.country}
            onChange={(event) => onChange('country', event.target.value as CustomerFormValues['country'])}
          >
            <option value="">{t('checkout.choose')}</option>
            {brand.billingCountries.map((iso) => (
              <option key={iso} value={iso}>
                {countryName(iso)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {membership
        ? text('membershipNumber', label('membershipNumber'), {
            autoComplete: 'off',
            isRequired: !membership.optional,
            // Digits only: phones show the numeric keypad (spaces the member types are allowed anyway).
            inputMode: isNumericMembershipRule(membership) ? 'numeric' : undefined,
            hint: [
              t(
                membership.optional
                  ? 'checkout.hint.membershipNumber'
                  : 'checkout.hint.membershipNumberRequired',
              ),
              membership.example
                ? t('checkout.hint.membershipNumberExample', { example: membership.example })
                : '',
            ]
              .filter(Boolean)
              .join(' '),
          })
        : null}
    </div>
  );
}
