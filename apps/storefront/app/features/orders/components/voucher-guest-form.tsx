import type { Voucher } from '@shop/contracts/vouchers';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useShop, useT } from '#app/lib/shop-data.ts';
import { type OrderAccess, saveVoucher } from '../api/voucher-calls.ts';
import {
  firstVoucherErrorField,
  guestNameLabel,
  hasUnsavedChanges,
  messageMaxLength,
  type VoucherField,
  type VoucherFieldErrors,
  type VoucherFormValues,
  voucherErrorsFromServer,
  voucherFormValues,
  voucherLayoutLabels,
  voucherLayoutOptions,
} from '../voucher-form.ts';

const loadValidation = () => import('../voucher-validation.ts');

type Props = {
  access: OrderAccess;
  voucher: Voucher;
  /** The voucher as the server answered a save. */
  onSaved: (voucher: Voucher) => void;
  /** The server says the voucher was printed meanwhile: the card reads it again. */
  onLocked: () => void;
  /** Whether the form differs from the saved voucher: the card prints only saved data. */
  onUnsavedChange: (hasChanges: boolean) => void;
};

/**
 * The guest's name, an optional message and the layout of one voucher (SPEC §7 PUT /api/voucher),
 * checked with the contract's schema before sending; the server's answer is shown the same way.
 */
export function VoucherGuestForm({ access, voucher, onSaved, onLocked, onUnsavedChange }: Props) {
  const t = useT();
  const { locale } = useShop();
  const idPrefix = useId();
  const fieldId = (field: VoucherField) => `${idPrefix}-${field}`;
  const errorId = (field: VoucherField) => `${idPrefix}-${field}-error`;
  const [values, setValues] = useState(() => voucherFormValues(voucher));
  const [errors, setErrors] = useState<VoucherFieldErrors>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [saved, setSaved] = useState<string | null>(null);
  const hasSubmitted = useRef(false);
  const latestCheck = useRef(0);
  const messageLabel = t('order.voucher.message');
  const isUnsaved = hasUnsavedChanges(values, voucher);
  useEffect(() => onUnsavedChange(isUnsaved), [isUnsaved, onUnsavedChange]);

  const validate = async (next: VoucherFormValues) => {
    const { validateVoucher } = await loadValidation();
    return validateVoucher(next, { locale, messageLabel });
  };

  const change = <F extends VoucherField>(field: F, value: VoucherFormValues[F]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setSaved(null);
    // After a first attempt, errors follow the typing; only the latest check counts.
    if (hasSubmitted.current) {
      const check = ++latestCheck.current;
      void validate(next).then((outcome) => {
        if (check === latestCheck.current) setErrors(outcome.ok ? {} : outcome.fieldErrors);
      });
    }
  };

  const showErrors = (fieldErrors: VoucherFieldErrors, others: string[]) => {
    setErrors(fieldErrors);
    setFormErrors(others);
    const field = firstVoucherErrorField(fieldErrors);
    // The layout's error is read with the chosen radio button.
    const target = field === 'layout' ? `${fieldId('layout')}-${values.layout}` : field && fieldId(field);
    if (target) requestAnimationFrame(() => document.getElementById(target)?.focus());
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    hasSubmitted.current = true;
    setSaved(null);
    const outcome = await validate(values);
    if (!outcome.ok) {
      showErrors(outcome.fieldErrors, []);
      return;
    }
    const result = await saveVoucher(access, voucher.id, outcome.update);
    if (result.ok) {
      showErrors({}, []);
      setValues(voucherFormValues(result.data));
      onSaved(result.data);
      setSaved(t('order.voucher.saved', { code: result.data.code }));
      return;
    }
    if (result.failure.kind === 'problem' && result.failure.problem.type === 'voucher-locked') {
      onLocked();
      return;
    }
    const fieldErrors = voucherErrorsFromServer(result.reaction.fieldErrors);
    // Field messages show at their fields; the server's other messages above the button. A toast has
    // said the rest (no connection, an unexpected error).
    showErrors(fieldErrors, Object.keys(fieldErrors).length > 0 ? [] : result.reaction.errors);
  };

  const field = (
    name: VoucherField,
    label: string,
    control: (describedBy: string | undefined) => ReactNode,
  ) => {
    const hintIds = name === 'message' ? `${fieldId(name)}-hint ${fieldId(name)}-count` : '';
    const describedBy = [errors[name] ? errorId(name) : '', hintIds].filter(Boolean).join(' ') || undefined;
    return (
      <div className="field">
        <label htmlFor={fieldId(name)}>
          {label}
          {name === 'message' ? null : <span aria-hidden="true"> *</span>}
        </label>
        {control(describedBy)}
        {name === 'message' ? (
          <>
            <p id={`${fieldId(name)}-hint`} className="field-hint">
              {t('order.voucher.messageHint')}
            </p>
            <p id={`${fieldId(name)}-count`} className="field-hint">
              {t('order.voucher.messageCount', { count: values.message.length, max: messageMaxLength })}
            </p>
          </>
        ) : null}
        {errors[name] ? (
          <p id={errorId(name)} className="field-error">
            {errors[name]}
          </p>
        ) : null}
      </div>
    );
  };

  const nameInput = (name: 'firstName' | 'lastName', autoComplete: string) =>
    field(name, guestNameLabel(name, locale), (describedBy) => (
      <input
        id={fieldId(name)}
        name={name}
        autoComplete={autoComplete}
        maxLength={100}
        value={values[name]}
        aria-required
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => change(name, event.target.value)}
      />
    ));

  return (
    <form className="voucher-form" noValidate onSubmit={submit} onFocus={() => void loadValidation()}>
      <p className="field-hint">{t('order.voucher.guestIntro')}</p>
      <div className="voucher-form-names">
        {nameInput('firstName', 'off')}
        {nameInput('lastName', 'off')}
      </div>
      {field('message', messageLabel, (describedBy) => (
        <textarea
          id={fieldId('message')}
          name="message"
          rows={4}
          maxLength={messageMaxLength}
          value={values.message}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => change('message', event.target.value)}
        />
      ))}
      <fieldset className="voucher-layouts" aria-describedby={errors.layout ? errorId('layout') : undefined}>
        <legend>{t('order.voucher.layout')}</legend>
        {voucherLayoutOptions.map((layout) => (
          <div key={layout} className="check-field">
            <input
              type="radio"
              id={`${fieldId('layout')}-${layout}`}
              name={`${idPrefix}-layout`}
              value={layout}
              checked={values.layout === layout}
              onChange={() => change('layout', layout)}
            />
            <label htmlFor={`${fieldId('layout')}-${layout}`}>{t(voucherLayoutLabels[layout])}</label>
          </div>
        ))}
        {errors.layout ? (
          <p id={errorId('layout')} className="field-error">
            {errors.layout}
          </p>
        ) : null}
      </fieldset>
      {formErrors.length > 0 ? (
        <div className="error-summary" role="alert">
          <ul>
            {formErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <button type="submit" className="button">
        {t('order.voucher.save')}
      </button>
      <div aria-live="polite" className="voucher-saved">
        {saved ? <p>{saved}</p> : null}
      </div>
    </form>
  );
}
