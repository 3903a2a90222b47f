import { AccountOverview } from '#app/features/account/components/account-overview.tsx';
import { privatePageHeaders, privatePageMeta } from '#app/lib/private-page-meta.ts';

export const meta = privatePageMeta('account.title');
export const headers = privatePageHeaders;

export default function AccountOverviewRoute() {
  return <AccountOverview />;
}
