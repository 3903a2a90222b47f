import type { Account } from '@shop/contracts/accounts';
import { useState } from 'react';
import { Link } from 'react-router';
import { useT } from '#app/lib/shop-data.ts';
import { exportAccount } from '../api/account-calls.ts';
import { useAccount } from '../hooks/use-account.ts';
import { AccountHeading } from './account-layout.tsx';
import { AccountLoadState } from './account-load-state.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

/** /account: who is signed in, the way to the account's pages, and the customer's rights to their data. */
export function AccountOverview() {
  const t = useT();
  const { state, reload } = useAccount();
  if (state.kind !== 'ready') {
    return <AccountLoadState title={t('account.title')} state={state} onRetry={reload} />;
  }
  return <Overview account={state.account} />;
}

function Overview({ account }: { account: Account }) {
  const t = useT();
  const [isDeleting, setDeleting] = useState(false);
  const name = [account.firstName, account.lastName].filter(Boolean).join(' ') || account.userName;
  const sections = [
    { to: '/account/orders', title: t('account.nav.orders'), text: t('account.ordersText') },
    { to: '/account/edit', title: t('account.nav.edit'), text: t('account.editText') },
    {
      to: '/account/change-password',
      title: t('account.nav.changePassword'),
      text: t('account.changePasswordText'),
    },
  ];
  return (
    <>
      <AccountHeading>{t('account.greeting', { name })}</AccountHeading>
      <p className="muted">{t('account.signedInAs', { email: account.userName })}</p>
      <ul className="account-cards">
        {sections.map((section) => (
          <li key={section.to} className="account-card">
            <h2>
              <Link to={section.to} className="stretched-link">
                {section.title}
              </Link>
            </h2>
            <p>{section.text}</p>
          </li>
        ))}
      </ul>
      <section className="account-privacy" aria-labelledby="account-privacy-title">
        <h2 id="account-privacy-title">{t('account.privacy.title')}</h2>
        <p>{t('account.exportText')}</p>
        <p>
          <button
            type="button"
            className="button secondary"
            onClick={() => void download(t('account.exportFile'))}
          >
            {t('account.export')}
          </button>
        </p>
        <p>{t('account.deleteText')}</p>
        <p>
          <button
            type="button"
            className="button secondary is-danger"
            aria-haspopup="dialog"
            onClick={() => setDeleting(true)}
          >
            {t('account.delete')}
          </button>
        </p>
      </section>
      <DeleteAccountDialog isOpen={isDeleting} onClose={() => setDeleting(false)} />
    </>
  );
}

/** GET /api/account/me/export, saved as a JSON file (GDPR Art. 15 and 20). */
async function download(fileName: string): Promise<void> {
  const result = await exportAccount();
  if (!result.ok) return;
  const blob = new Blob([`${JSON.stringify(result.data, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${fileName}-${result.data.exportedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
