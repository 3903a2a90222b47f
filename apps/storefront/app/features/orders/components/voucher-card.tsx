import { longDateFormat } from '@shop/contracts/locale';
import type { Order } from '@shop/contracts/orders';
import type { Voucher } from '@shop/contracts/vouchers';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { InsurancePanel } from '#app/features/insurance/components/insurance-panel.tsx';
import { useShop, useT } from '#app/lib/shop-data.ts';
import { getVoucher, type OrderAccess, voucherPdfPath } from '../api/voucher-calls.ts';
import { voucherLayoutLabels } from '../voucher-form.ts';
import { VoucherGuestForm } from './voucher-guest-form.tsx';

type CardState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; voucher: Voucher };

/**
 * After a click on the download link the PDF opens in another tab, and its first download locks the
 * voucher: the card reads the voucher again until it shows the lock (the request may still be on its
 * way when the first read answers).
 */
const lockChecksMs = [1_000, 2_500, 5_000, 10_000];

/** One voucher of a paid order: what it is for, the guest form (until printed) and its PDF. */
export function VoucherCard({
  access,
  summary,
}: {
  access: OrderAccess;
  summary: Order['vouchers'][number];
}) {
  const t = useT();
  const { locale } = useShop();
  const titleId = useId();
  const warningId = useId();
  const [state, setState] = useState<CardState>({ kind: 'loading' });
  const [lockNews, setLockNews] = useState<string | null>(null);
  const lockTimers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const { orderId, orderKey } = access;

  const load = useCallback(async () => {
    const result = await getVoucher({ orderId, orderKey }, summary.id);
    if (result.ok) setState({ kind: 'ready', voucher: result.data });
    return result.ok ? result.data : null;
  }, [orderId, orderKey, summary.id]);

  useEffect(() => {
    void load().then((voucher) => {
      if (!voucher) setState({ kind: 'failed' });
    });
  }, [load]);

  const stopLockChecks = useCallback(() => {
    for (const timer of lockTimers.current) clearTimeout(timer);
    lockTimers.current = [];
  }, []);
  useEffect(() => stopLockChecks, [stopLockChecks]);

  /** Reads the voucher again; once it is locked, says so to screen readers (the form goes away). */
  const reloadForLock = async () => {
    const voucher = await load();
    if (!voucher?.isLocked) return;
    stopLockChecks();
    setLockNews(t('order.voucher.locked'));
  };

  const checkLock = () => {
    stopLockChecks();
    lockTimers.current = lockChecksMs.map((delay) => setTimeout(() => void reloadForLock(), delay));
  };

  const dateFormat = longDateFormat(locale);
  return (
    <li className="voucher-card">
      <article aria-labelledby={titleId}>
        <h3 id={titleId}>{t('order.voucher.title', { code: summary.code })}</h3>
        {state.kind === 'loading' ? (
          <p className="checkout-loading">
            <span className="spinner" aria-hidden="true" />
            <span>{t('order.voucher.loading')}</span>
          </p>
        ) : null}
        {state.kind === 'failed' ? (
          <div className="notice is-danger">
            <p>{t('order.voucher.loadFailed')}</p>
            <button type="button" className="button secondary" onClick={() => void load()}>
              {t('order.voucher.retry')}
            </button>
          </div>
        ) : null}
        {state.kind === 'ready' ? (
          <>
            <dl className="voucher-facts">
              {(
                [
                  ['order.voucher.code', state.voucher.code],
                  ['order.voucher.offer', state.voucher.offerTitle],
                  ['order.voucher.accommodation', state.voucher.hotelName],
                  ['order.voucher.nights', String(state.voucher.nights)],
                  ['order.voucher.persons', String(state.voucher.persons)],
                  ['order.voucher.validUntil', dateFormat.format(new Date(state.voucher.validUntil))],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt>{t(label)}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            <h4>{t('order.voucher.guestTitle')}</h4>
            {state.voucher.isLocked ? (
              <LockedGuest voucher={state.voucher} />
            ) : (
              <VoucherGuestForm
                access={access}
                voucher={state.voucher}
                onSaved={(voucher) => setState({ kind: 'ready', voucher })}
                onLocked={() => void reloadForLock()}
              />
            )}
            <div className="voucher-download">
              {state.voucher.isLocked ? null : (
                <p id={warningId} className="notice">
                  {t('order.voucher.lockWarning')}
                </p>
              )}
              <a
                className="button secondary"
                href={voucherPdfPath(access, summary.id)}
                target="_blank"
                rel="noopener"
                aria-describedby={state.voucher.isLocked ? undefined : warningId}
                onClick={state.voucher.isLocked ? undefined : checkLock}
              >
                {t('order.voucher.download')}
                <span className="visually-hidden">
                  {' '}
                  {summary.code} {t('checkout.newWindow')}
                </span>
              </a>
            </div>
            <InsurancePanel access={access} voucherId={summary.id} />
          </>
        ) : null}
        <div className="visually-hidden" aria-live="polite">
          {lockNews}
        </div>
      </article>
    </li>
  );
}

/** A printed voucher's guest data, read-only (SPEC §4: locked after printing). */
function LockedGuest({ voucher }: { voucher: Voucher }) {
  const t = useT();
  const guest = voucher.customer
    ? `${voucher.customer.firstName} ${voucher.customer.lastName}`
    : t('order.voucher.noGuest');
  return (
    <>
      <p className="notice voucher-locked">{t('order.voucher.locked')}</p>
      <dl className="voucher-facts">
        <div>
          <dt>{t('order.voucher.guest')}</dt>
          <dd>{guest}</dd>
        </div>
        {voucher.message ? (
          <div>
            <dt>{t('order.voucher.message')}</dt>
            <dd className="voucher-message">{voucher.message}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('order.voucher.layout')}</dt>
          <dd>{t(voucherLayoutLabels[voucher.layout])}</dd>
        </div>
      </dl>
    </>
  );
}
