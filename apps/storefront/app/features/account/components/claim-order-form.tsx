import { type FormEvent, useState } from 'react';
import { useT } from '#app/lib/shop-data.ts';
import { FormField } from '#app/ui/form-field.tsx';
import { claimOrder } from '../api/account-calls.ts';
import { useFormErrors } from '../hooks/use-form-errors.ts';
import { ErrorSummary, SuccessNotice } from './form-messages.tsx';

const fields = ['orderId', 'token'] as const;

/**
 * "Add an order": an order bought as a guest joins the account with its number and key (both in the
 * order confirmation, and in its page's address /view/{number}/{key}).
 */
export function ClaimOrderForm({ onClaimed }: { onClaimed: () => void }) {
  const t = useT();
  const [values, setValues] = useState({ orderId: '', token: '' });
  const [claimedId, setClaimedId] = useState<number | null>(null);
  const { errors, show, showRefusal, clear, summaryRef } = useFormErrors('claim', fields);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setClaimedId(null);
    const orderId = values.orderId.trim();
    const token = values.token.trim();
    const fieldErrors: Partial<Record<(typeof fields)[number], string>> = {};
    if (!/^\d{1,10}$/.test(orderId) || Number(orderId) < 1)
      fieldErrors.orderId = t('account.claim.error.orderId');
    if (!token) fieldErrors.token = t('account.claim.error.key');
    if (fieldErrors.orderId || fieldErrors.token) {
      show({ fields: fieldErrors, form: [] });
      return;
    }
    const result = await claimOrder(Number(orderId), token);
    if (!result.ok) {
      showRefusal(result.reaction);
      return;
    }
    clear();
    setValues({ orderId: '', token: '' });
    setClaimedId(result.data.order.id);
    onClaimed();
  };

  return (
    <section className="account-claim" aria-labelledby="claim-title">
      <h2 id="claim-title">{t('account.claim.title')}</h2>
      <p>{t('account.claim.text')}</p>
      {claimedId !== null ? (
        <SuccessNotice>
          <p>{t('account.claim.done', { id: claimedId })}</p>
        </SuccessNotice>
      ) : null}
      <form className="account-form" noValidate onSubmit={submit}>
        <ErrorSummary errors={errors} summaryRef={summaryRef} />
        <div className="form-grid">
          <FormField
            form="claim"
            name="orderId"
            label={t('account.claim.orderId')}
            error={errors.fields.orderId}
            isRequired
          >
            {(control) => (
              <input
                {...control}
                inputMode="numeric"
                autoComplete="off"
                value={values.orderId}
                onChange={(event) => setValues({ ...values, orderId: event.target.value })}
              />
            )}
          </FormField>
          <FormField
            form="claim"
            name="token"
            label={t('account.claim.key')}
            error={errors.fields.token}
            isRequired
          >
            {(control) => (
              <input
                {...control}
                autoComplete="off"
                spellCheck={false}
                value={values.token}
                onChange={(event) => setValues({ ...values, token: event.target.value })}
              />
            )}
          </FormField>
        </div>
        <div className="form-actions">
          <button type="submit" className="button">
            {t('account.claim.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
