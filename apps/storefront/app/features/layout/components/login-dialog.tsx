import { type FormEvent, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation } from 'react-router';
import { closeLogin, type LoginReason, signIn, useLoginReason } from '#app/lib/session-store.ts';
import { useShop, useT } from '#app/lib/shop-data.ts';
import { showToast } from '#app/lib/toasts.ts';
import { FormField, fieldId } from '#app/ui/form-field.tsx';
import { DialogHeader, ModalDialog } from '#app/ui/modal-dialog.tsx';

/**
 * SPEC §2/§6: the login modal. The header's account button opens it, and so does a call the server
 * answered 401/101 (session-store.ts): closing it makes that call fail, signing in replays it.
 */
export function LoginDialog() {
  const t = useT();
  const reason = useLoginReason();
  useCloseOnNavigation();
  return (
    <ModalDialog isOpen={reason !== null} onClose={closeLogin} labelledBy="login-title" className="modal">
      <DialogHeader
        id="login-title"
        title={t('layout.loginTitle')}
        closeLabel={t('layout.close')}
        onClose={closeLogin}
      />
      {reason ? <LoginForm reason={reason} /> : null}
    </ModalDialog>
  );
}

/** A page change (the links to register or reset the password, back/forward) closes the window. */
function useCloseOnNavigation() {
  const { key } = useLocation();
  const seen = useRef(key);
  useEffect(() => {
    if (seen.current === key) return;
    seen.current = key;
    closeLogin();
  }, [key]);
}

type Field = 'email' | 'password';
type Errors = { fields: Partial<Record<Field, string>>; form: string[] };

const loginNotes: Record<LoginReason, 'login.expired' | 'login.required' | null> = {
  asked: null,
  expired: 'login.expired',
  required: 'login.required',
};

function LoginForm({ reason }: { reason: LoginReason }) {
  const t = useT();
  const { locale } = useShop();
  const [errors, setErrors] = useState<Errors>({ fields: {}, form: [] });
  const alertRef = useRef<HTMLDivElement>(null);
  const note = loginNotes[reason];

  const show = (next: Errors) => {
    // Committed at once, then focused: waiting for the next frame instead lost the focus now and then
    // on a busy machine (the CI's run of accounts.e2e.ts).
    flushSync(() => setErrors(next));
    const field = (['email', 'password'] as const).find((name) => next.fields[name]);
    if (field) document.getElementById(fieldId('login', field))?.focus();
    else alertRef.current?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const userName = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    // The wording of SPEC §5 (as the server says it), fetched with the first submit: not on every page.
    const { formatMessage } = await import('@shop/contracts/messages');
    const fields: Errors['fields'] = {};
    if (!userName) fields.email = formatMessage('required', locale, { field: 'userName' });
    else if (!/^[^\s@]+@[^\s@]+$/.test(userName))
      fields.email = formatMessage('email', locale, { field: 'userName' });
    if (!password) fields.password = formatMessage('required', locale, { field: 'password' });
    if (fields.email || fields.password) {
      show({ fields, form: [] });
      return;
    }
    const result = await signIn(userName, password);
    if (result.ok) {
      showToast({ tone: 'success', parts: [{ key: 'login.signedIn' }] });
      return;
    }
    // Wrong e-mail or password, too many attempts: the server's words (a toast said anything else).
    if (result.errors.length > 0) show({ fields: {}, form: result.errors });
  };

  return (
    <form className="dialog-body login-form" noValidate onSubmit={submit}>
      {note ? <p className="notice">{t(note)}</p> : null}
      <div
        ref={alertRef}
        tabIndex={-1}
        role="alert"
        className={errors.form.length > 0 ? 'error-summary' : undefined}
      >
        {errors.form.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
      <FormField form="login" name="email" label={t('layout.email')} error={errors.fields.email}>
        {(control) => (
          <input {...control} type="email" inputMode="email" autoComplete="username" data-autofocus />
        )}
      </FormField>
      <FormField form="login" name="password" label={t('layout.password')} error={errors.fields.password}>
        {(control) => <input {...control} type="password" autoComplete="current-password" />}
      </FormField>
      <button type="submit" className="button">
        {t('layout.loginSubmit')}
      </button>
      <p>
        <Link to="/password-forgotten">{t('login.forgotten')}</Link>
      </p>
      <p className="login-register">
        {t('login.noAccount')} <Link to="/account/register">{t('login.register')}</Link>
      </p>
    </form>
  );
}
