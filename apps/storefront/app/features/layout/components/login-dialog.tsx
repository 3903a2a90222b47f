import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { loadChunk } from '#app/features/app-update/chunk-load.ts';
import { closeLogin, useLoginReason } from '#app/lib/session-store.ts';
import { useT } from '#app/lib/shop-data.ts';
import { DialogHeader, ModalDialog } from '#app/ui/modal-dialog.tsx';

/**
 * The form itself is fetched when the window first opens: every page carries the window, few visitors
 * sign in, and the form's code is a kilobyte of every page's first-view budget.
 */
const LoginForm = lazy(() =>
  loadChunk(() => import('./login-form.tsx')).then((module) => ({ default: module.LoginForm })),
);

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
      {reason ? (
        <Suspense fallback={<p className="muted">{t('login.loading')}</p>}>
          <LoginForm reason={reason} />
        </Suspense>
      ) : null}
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
