import type { ClaimRequest } from '@shop/contracts/accounts';
import { type FormEvent, useState } from 'react';
import { useT } from '#app/lib/shop-data.ts';
import { FormField } from '#app/ui/form-field.tsx';
import { claimOrder } from '../api/account-calls.ts';
import { useFormErrors } from '../hooks/use-form-errors.ts';
import { ErrorSummary, SuccessNotice } from './form-messages.tsx';

const fields = ['orderLink', 'orderId', 'token'] as const;
const empty = { orderLink: '', orderId: '', token: '' };

/**
 * "Add an order": an order bought as a guest joins the account with the link to its page from the order
 * mails (pasted as it is; the server reads number and key from it and says in the customer's language
 * when it is no order link), or, folded away, with its number and key typed separately.
 */
export function ClaimOrderForm({ onClaimed }: { onClaimed: () => void }) {
  const t = useT();
  const [values, setValues] = useState(empty);
  const [claimedId, setClaimedId] = useState<number | null>(null);
  const [isByNumber, setIsByNumber] = useState(false);
  const { errors, show, showRefusal, clear, summaryRef } = useFormErrors('claim', fields);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setClaimedId(null);
    const orderLink = values.orderLink.trim();
    const orderId = values.orderId.trim();
    const token = values.token.trim();
    let request: ClaimRequest;
    if (orderLink || !isByNumber) {
      if (!orderLink) {
        show({ fields: { orderLink: t('account.claim.error.link') }, form: [] });
        return;
      }
      request = { orderLink };
    } else {
      const fieldErrors: Partial<Record<(typeof fields)[number], string>> = {};
      if (!/^\d{1,10}$/.test(orderId) || Number(orderId) < 1)
        fieldErrors.orderId = t('account.claim.error.orderId');
      if (!token) fieldErrors.token = t('account.claim.error.key');
      if (fieldErrors.orderId || fieldErrors.token) {
        show({ fields: fieldErrors, form: [] });
        return;
      }
      request = { orderId: Number(orderId), token };
    }
    const result = await claimOrder(request);
    if (!result.ok) {
      showRefusal(result.reaction);
      return;
    }
    clear();
    setValues(empty);
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
        <FormField
          form="claim"
          name="orderLink"
          label={t('account.claim.link')}
          hint={t('account.claim.linkHint')}
          error={errors.fields.orderLink}
          isRequired={!isByNumber}
        >
          {(control) => (
            <input
              {...control}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              value={values.orderLink}
              onChange={(event) => setValues({ ...values, orderLink: event.target.value })}
            />
          )}
        </FormField>
        <details
          className="account-claim-by-number"
          open={isByNumber}
          onToggle={(event) => setIsByNumber(event.currentTarget.open)}
        >
          <summary>{t('account.claim.byNumber')}</summary>
          <div className="form-grid">
            <FormField
              form="claim"
              name="orderId"
              label={t('account.claim.orderId')}
              error={errors.fields.orderId}
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
            <FormField form="claim" name="token" label={t('account.claim.key')} error={errors.fields.token}>
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
        </details>
        <div className="form-actions">
          <button type="submit" className="button">
            {t('account.claim.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
