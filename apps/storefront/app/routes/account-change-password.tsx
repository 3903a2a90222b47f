import { ChangePasswordForm } from '#app/features/account/components/change-password-form.tsx';
import { privatePageHeaders, privatePageMeta } from '#app/lib/private-page-meta.ts';

export const meta = privatePageMeta('account.nav.changePassword');
export const headers = privatePageHeaders;

export default function AccountChangePasswordRoute() {
  return <ChangePasswordForm />;
}
