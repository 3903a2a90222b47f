import { type FormEvent, useState } from 'react';
import { useT } from '#app/lib/shop-data.ts';
import { DialogHeader, ModalDialog } from '#app/ui/modal-dialog.tsx';

type Props = { isOpen: boolean; onClose: () => void };

/** SPEC §2: the login modal. A shell: the account issue wires the form to the API. */
export function LoginDialog({ isOpen, onClose }: Props) {
  const t = useT();
  return (
    <ModalDialog isOpen={isOpen} onClose={onClose} labelledBy="login-title" className="modal">
      <DialogHeader
        id="login-title"
        title={t('layout.loginTitle')}
        closeLabel={t('layout.close')}
        onClose={onClose}
      />
      <LoginForm />
    </ModalDialog>
  );
}

function LoginForm() {
  const t = useT();
  const [isSubmitted, setSubmitted] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
  };
  return (
    <form className="dialog-body login-form" onSubmit={submit}>
      <div className="field">
        <label htmlFor="login-email">{t('layout.email')}</label>
        <input id="login-email" name="email" type="email" autoComplete="email" required data-autofocus />
      </div>
      <div className="field">
        <label htmlFor="login-password">{t('layout.password')}</label>
        <input id="login-password" name="password" type="password" autoComplete="current-password" required />
      </div>
      <button type="submit" className="button">
        {t('layout.loginSubmit')}
      </button>
      <p role="status">{isSubmitted ? t('layout.loginComingSoon') : ''}</p>
    </form>
  );
}
