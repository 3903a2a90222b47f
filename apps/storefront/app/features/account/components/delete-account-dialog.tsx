import { formatMessage } from '@shop/contracts/messages';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { forgetSession } from '#app/lib/session-store.ts';
import { useShop, useT } from '#app/lib/shop-data.ts';
import { showToast } from '#app/lib/toasts.ts';
import { FormField } from '#app/ui/form-field.tsx';
import { DialogHeader, ModalDialog } from '#app/ui/modal-dialog.tsx';
import { deleteAccount } from '../api/account-calls.ts';
import { useFormErrors } from '../hooks/use-form-errors.ts';
import { ErrorSummary } from './form-messages.tsx';

/** "Delete account": the password confirms it; then the customer is signed out and told it is done. */
export function DeleteAccountDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <ModalDialog isOpen={isOpen} onClose={onClose} labelledBy="delete-account-title" className="modal">
      <DialogHeader
        id="delete-account-title"
        title={t('account.delete')}
        closeLabel={t('layout.close')}
        onClose={onClose}
      />
      <DeleteForm onCancel={onClose} />
    </ModalDialog>
  );
}

const fields = ['password'] as const;

function DeleteForm({ onCancel }: { onCancel: () => void }) {
  const t = useT();
  const { locale } = useShop();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const { errors, show, showRefusal, summaryRef } = useFormErrors('delete-account', fields);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      show({ fields: { password: formatMessage('required', locale, { field: 'password' }) }, form: [] });
      return;
    }
    const result = await deleteAccount(password);
    if (!result.ok) {
      showRefusal(result.reaction);
      return;
    }
    // Home first: signed out on an account page would ask for a sign-in again.
    await navigate('/');
    forgetSession();
    showToast({ tone: 'success', parts: [{ key: 'account.deleted' }] });
  };

  return (
    <form className="dialog-body login-form" noValidate onSubmit={submit}>
      <p>{t('account.deleteText')}</p>
      <ErrorSummary errors={errors} summaryRef={summaryRef} />
      <FormField
        form="delete-account"
        name="password"
        label={t('layout.password')}
        hint={t('account.delete.confirm')}
        error={errors.fields.password}
        isRequired
      >
        {(control) => (
          <input
            {...control}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            data-autofocus
          />
        )}
      </FormField>
      <div className="form-actions">
        <button type="submit" className="button is-danger">
          {t('account.delete.submit')}
        </button>
        <button type="button" className="button secondary" onClick={onCancel}>
          {t('account.cancel')}
        </button>
      </div>
    </form>
  );
}
