import { fieldNames } from '@shop/contracts/field-names';
import type { InsuranceOffer, InsurancePolicy, InsuranceType } from '@shop/contracts/insurance';
import { type FormEvent, useId, useRef, useState } from 'react';
import { splitDetail } from '#app/lib/orders/error-catalogue.ts';
import { useShop, useT } from '#app/lib/shop-data.ts';
import { bookInsurance, type InsuranceAccess } from '../api/insurance-calls.ts';
import {
  autoCompletes,
  basisLabels,
  emptyTraveller,
  errorKey,
  firstErrorKey,
  maxLengths,
  refusalMessage,
  type TravellerErrors,
  type TravellerField,
  type TravellerValues,
  travellerErrorsFromServer,
  travellerFieldOrder,
  typeLabels,
} from '../insurance-form.ts';
import { validateTravellers } from '../insurance-validation.ts';

type Props = {
  access: InsuranceAccess;
  voucherId: number;
  /** The voucher's persons: the most travellers one policy covers. */
  persons: number;
  /** The types still open for this voucher, with their premiums, sums insured and documents. */
  options: InsuranceOffer['options'];
  /** Who the buyer contracts with and how it bills the premium: said before booking (issue 24). */
  insurer: InsuranceOffer['insurer'];
  /** One per person, prefilled from the order; every field stays editable. */
  travellerDefaults: InsuranceOffer['travellers'];
  onBooked: (policy: InsurancePolicy) => void;
  onCancel: () => void;
};

/**
 * The traveller form (SPEC §3, §5): the type of cover with its premium, then title, first and last name,
 * street, house number, postcode and city of each traveller, every field required. Checked with the
 * contract's schema before sending, the server's answer shown the same way; the focus goes to the first
 * field with an error. Loaded lazily by the insurance panel.
 */
export default function InsuranceForm({
  access,
  voucherId,
  persons,
  options,
  insurer,
  travellerDefaults,
  onBooked,
  onCancel,
}: Props) {
  const t = useT();
  const { locale } = useShop();
  const idPrefix = useId();
  const inputId = (key: string) => `${idPrefix}-${key.replace('.', '-')}`;
  const [type, setType] = useState<InsuranceType>(options[0]?.type ?? 'cancellation');
  const [count, setCount] = useState(persons);
  const [travellers, setTravellers] = useState<TravellerValues[]>(() =>
    Array.from({ length: persons }, (_, index) => ({ ...emptyTraveller(), ...travellerDefaults[index] })),
  );
  const isPrefilled = travellerDefaults.some((traveller) => Object.values(traveller).some(Boolean));
  const [errors, setErrors] = useState<TravellerErrors>({});
  const [refusals, setRefusals] = useState<string[]>([]);
  const [isSending, setIsSending] = useState(false);
  const hasSubmitted = useRef(false);
  const summary = useRef<HTMLDivElement>(null);
  const shown = travellers.slice(0, count);

  const change = (index: number, field: TravellerField, value: string) => {
    const next = travellers.map((traveller, at) =>
      at === index ? { ...traveller, [field]: value } : traveller,
    );
    setTravellers(next);
    // After a first attempt, the messages follow the typing.
    if (hasSubmitted.current) {
      const outcome = validateTravellers(next.slice(0, count), locale);
      setErrors(outcome.ok ? {} : outcome.errors);
    }
  };

  const showErrors = (fieldErrors: TravellerErrors) => {
    setErrors(fieldErrors);
    const first = firstErrorKey(fieldErrors, count);
    if (first) requestAnimationFrame(() => document.getElementById(inputId(first))?.focus());
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSending) return;
    hasSubmitted.current = true;
    setRefusals([]);
    const outcome = validateTravellers(shown, locale);
    if (!outcome.ok) {
      showErrors(outcome.errors);
      return;
    }
    setErrors({});
    setIsSending(true);
    const result = await bookInsurance({
      orderId: Number(access.orderId),
      key: access.orderKey,
      voucherId,
      type,
      travellers: outcome.travellers,
    });
    setIsSending(false);
    if (result.ok) {
      onBooked(result.data);
      return;
    }
    const problem = result.failure.kind === 'problem' ? result.failure.problem : null;
    if (problem?.status === 400 && problem.type === 'validation-error') {
      const fieldErrors = travellerErrorsFromServer(
        Object.fromEntries((problem.errors ?? []).map((entry) => [entry.field, entry.message])),
      );
      if (Object.keys(fieldErrors).length > 0) {
        showErrors(fieldErrors);
        return;
      }
      setRefusals(splitDetail(problem));
    } else {
      setRefusals([t(refusalMessage(problem))]);
    }
    requestAnimationFrame(() => summary.current?.focus());
  };

  const fieldLabel = (field: TravellerField) => fieldNames[field][locale];

  return (
    <form className="insurance-form" noValidate onSubmit={submit} aria-busy={isSending || undefined}>
      <p className="insurance-insurer">
        {t('insurance.insurer', { name: insurer.name, address: insurer.address })}
      </p>
      <fieldset className="insurance-types">
        <legend>{t('insurance.type')}</legend>
        {options.map((option) => {
          const id = `${idPrefix}-type-${option.type}`;
          return (
            <div key={option.type} className="check-field">
              <input
                type="radio"
                id={id}
                name={`${idPrefix}-type`}
                value={option.type}
                checked={type === option.type}
                aria-describedby={`${id}-hint`}
                onChange={() => setType(option.type)}
              />
              <label htmlFor={id}>
                {t(typeLabels[option.type])}: <strong>{option.premium.display}</strong>
              </label>
              <div id={`${id}-hint`} className="field-hint insurance-terms">
                <p>
                  {option.type === 'curtailment'
                    ? t('insurance.type.curtailment.hint', { days: option.coveredDays ?? 1 })
                    : t('insurance.type.cancellation.hint')}
                </p>
                <p>{t('insurance.sumInsured', { price: option.sumInsured.display })}</p>
                <p>{t(basisLabels[option.premiumBasis], { persons })}</p>
              </div>
              <ul className="insurance-documents">
                {(['productSheet', 'conditions'] as const).map((document) => (
                  <li key={document}>
                    <a
                      href={option.documents[document]}
                      target="_blank"
                      rel="noopener"
                      type="application/pdf"
                    >
                      {t(`insurance.${document}`, { type: t(typeLabels[option.type]) })}
                      <span className="visually-hidden"> {t('checkout.newWindow')}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
        <p className="field-hint insurance-billing">
          {t('insurance.premiumNote', {
            insurer: insurer.name,
            invoiceDays: insurer.invoiceWithinDays,
            paymentDays: insurer.paymentTermDays,
          })}
        </p>
      </fieldset>

      {persons > 1 ? (
        <div className="field">
          <label htmlFor={`${idPrefix}-count`}>{t('insurance.travellerCount')}</label>
          <select
            id={`${idPrefix}-count`}
            value={count}
            onChange={(event) => {
              setCount(Number(event.target.value));
              setErrors({});
            }}
          >
            {Array.from({ length: persons }, (_, index) => index + 1).map((number) => (
              <option key={number} value={number}>
                {number}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      <p className="field-hint">{t('insurance.allRequired')}</p>
      {isPrefilled ? <p className="field-hint insurance-prefilled">{t('insurance.prefilled')}</p> : null}
      {shown.map((traveller, index) => (
        // Travellers are positions in the form, not records: the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows and shrinks at its end
        <fieldset key={index} className="insurance-traveller">
          <legend>{t('insurance.traveller', { number: index + 1 })}</legend>
          {travellerFieldOrder.map((field) => {
            const key = errorKey(index, field);
            const id = inputId(key);
            const error = errors[key];
            return (
              <div key={field} className="field">
                <label htmlFor={id}>
                  {fieldLabel(field)}
                  <span aria-hidden="true"> *</span>
                </label>
                {field === 'title' ? (
                  <p id={`${id}-hint`} className="field-hint">
                    {t('insurance.titleHint')}
                  </p>
                ) : null}
                <input
                  id={id}
                  name={`travellers.${index}.${field}`}
                  autoComplete={index === 0 ? autoCompletes[field] : 'off'}
                  maxLength={maxLengths[field]}
                  value={traveller[field]}
                  required
                  aria-invalid={error ? true : undefined}
                  aria-describedby={
                    [error ? `${id}-error` : '', field === 'title' ? `${id}-hint` : '']
                      .filter(Boolean)
                      .join(' ') || undefined
                  }
                  onChange={(event) => change(index, field, event.target.value)}
                />
                {error ? (
                  <p id={`${id}-error`} className="field-error">
                    {error}
                  </p>
                ) : null}
              </div>
            );
          })}
        </fieldset>
      ))}

      <div
        ref={summary}
        tabIndex={-1}
        role="alert"
        className={refusals.length > 0 ? 'error-summary' : undefined}
      >
        {refusals.length > 0 ? (
          <ul>
            {refusals.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="insurance-actions">
        <button type="submit" className="button" disabled={isSending}>
          {isSending ? t('insurance.sending') : t('insurance.submit')}
        </button>{' '}
        <button type="button" className="button secondary" onClick={onCancel}>
          {t('insurance.cancel')}
        </button>
      </div>
    </form>
  );
}
