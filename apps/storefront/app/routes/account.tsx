import { Outlet } from 'react-router';
import { AccountLayout } from '#app/features/account/components/account-layout.tsx';
import { privatePageHeaders, privatePageMeta } from '#app/lib/private-page-meta.ts';

/** /account and its children (SPEC §2): rendered in the browser for the signed-in customer only. */
export const meta = privatePageMeta('account.title');
export const headers = privatePageHeaders;

export default function AccountRoute() {
  return (
    <AccountLayout>
      <Outlet />
    </AccountLayout>
  );
}
