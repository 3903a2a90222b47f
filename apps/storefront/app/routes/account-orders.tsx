import { AccountOrders } from '#app/features/account/components/account-orders.tsx';
import { privatePageHeaders, privatePageMeta } from '#app/lib/private-page-meta.ts';

export const meta = privatePageMeta('account.nav.orders');
export const headers = privatePageHeaders;

export default function AccountOrdersRoute() {
  return <AccountOrders />;
}
