import { PasswordForgottenScreen } from '#app/features/account/components/password-forgotten-screen.tsx';
import { privatePageHeaders, privatePageMeta } from '#app/lib/private-page-meta.ts';

/** /password-forgotten (SPEC §2): its address may carry a reset token, so no cache keeps it and no Referer leaks it. */
export const meta = privatePageMeta('reset.title');
export const headers = privatePageHeaders;

export default function PasswordForgottenRoute() {
  return <PasswordForgottenScreen />;
}
