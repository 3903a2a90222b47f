import { AccountDataScreen } from '#app/features/account/components/account-data-form.tsx';
import { privatePageHeaders, privatePageMeta } from '#app/lib/private-page-meta.ts';

export const meta = privatePageMeta('account.nav.edit');
export const headers = privatePageHeaders;

export default function AccountEditRoute() {
  return <AccountDataScreen />;
}
