import { useT } from '#app/lib/shop-data.ts';

/**
 * PAYMENTS_MODE=sandbox: every page says that payments are simulated, so that nobody mistakes a demo
 * or staging shop for a real one (and no buyer believes a simulated payment bought a voucher).
 */
export function SandboxNotice() {
  const t = useT();
  return (
    <p className="sandbox-notice" role="note">
      {t('sandbox.notice')}
    </p>
  );
}
