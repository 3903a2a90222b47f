import { longDateFormat } from '@shop/contracts/locale';
import type { Order } from '@shop/contracts/orders';
import { voucherAnchor } from '@shop/contracts/site-paths';
import type { Voucher } from '@shop/contracts/vouchers';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { InsurancePanel } from '#app/features/insurance/components/insurance-panel.tsx';
import { useShop, useT } from '#app/lib/shop-data.ts';
import { getVoucher, type OrderAccess, printVoucher, voucherPdfPath } from '../api/voucher-calls.ts';
import { voucherLayoutLabels } from '../voucher-form.ts';
import { voucherStateText } from '../voucher-state.ts';
import { VoucherGuestForm } from './voucher-guest-form.tsx';

type CardState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; voucher: Voucher };

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
  const printErrorId = useId();
  const [state, setState] = useState<CardState>({ kind: 'loading' });
  const [lockNews, setLockNews] = useState<string | null>(null);
  const [printError, setPrintError] = useState<string | null>(null);
  const [hasUnsavedChanges, setHasUnsavedChanges] = useState(false);
  const isPrinting = useRef(false);
  const isFocusingDownload = useRef(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const downloadRef = useRef<HTMLAnchorElement>(null);
  const { orderId, orderKey } = access;
  const anchor = voucherAnchor(summary.id);

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

  // The payment mail links each voucher here (`#voucher-<id>`): its card is read once it is there.
  const isReady = state.kind === 'ready';
  useEffect(() => {
    if (!isReady || window.location.hash !== `#${anchor}`) return;
    titleRef.current?.scrollIntoView({ block: 'start' });
    titleRef.current?.focus({ preventScroll: true });
  }, [isReady, anchor]);

  /** Printed meanwhile (another tab, another device): the form goes, and screen readers hear why. */
  const reloadForLock = async () => {
    const voucher = await load();
    if (voucher?.isLocked) setLockNews(t('order.voucher.locked'));
  };

  /**
   * Print = lock the guest data, then open the PDF (now the valid voucher). The new window is opened
   * in the click itself, where browsers allow it, and gets the PDF once the lock is recorded; where it
   * is blocked anyway, the locked card's download link opens it. The focus goes to that link, which
   * takes the button's place.
   */
  const print = async (voucher: Voucher) => {
    if (isPrinting.current) return;
    const refusal = hasUnsavedChanges
      ? t('order.voucher.saveFirst')
      : !voucher.customer
        ? t('order.voucher.nameFirst')
        : null;
    setPrintError(refusal);
    if (refusal) return;
    isPrinting.current = true;
    const pdfWindow = window.open('', '_blank');
    if (pdfWindow) pdfWindow.opener = null;
    const result = await printVoucher(access, voucher.id);
    isPrinting.current = false;
    if (!result.ok) {
      pdfWindow?.close();
      setPrintError(result.reaction.errors[0] ?? null);
      return;
    }
    isFocusingDownload.current = true;
    setState({ kind: 'ready', voucher: result.data });
    setLockNews(t('order.voucher.locked'));
    if (pdfWindow) pdfWindow.location.href = voucherPdfPath(access, voucher.id);
  };

  // Once the locked card is rendered (an effect, not an animation frame: the page may be hidden behind
  // the PDF's window, where frames wait).
  useEffect(() => {
    if (state.kind !== 'ready' || !isFocusingDownload.current) return;
    isFocusingDownload.current = false;
    downloadRef.current?.focus();
  }, [state]);

  const dateFormat = longDateFormat(locale);
  return (
    <li className="voucher-card" id={anchor}>
      <article aria-labelledby={titleId}>
        <h3 id={titleId} ref={titleRef} tabIndex={-1}>
          {t('order.voucher.title', { code: summary.code })}
        </h3>
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
                  ['order.voucher.state', voucherStateText(t, locale, summary)],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt>{t(label)}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            {state.voucher.refundedAt ? (
              <p className="notice is-danger voucher-refunded">
                {t('order.voucher.refunded', { date: dateFormat.format(new Date(state.voucher.refundedAt)) })}
              </p>
            ) : null}
            <h4>{t('order.voucher.guestTitle')}</h4>
            {state.voucher.isLocked || state.voucher.refundedAt ? (
              <LockedGuest voucher={state.voucher} />
            ) : (
              <VoucherGuestForm
                access={access}
                voucher={state.voucher}
                onSaved={(voucher) => {
                  setState({ kind: 'ready', voucher });
                  setPrintError(null);
                }}
                onLocked={() => void reloadForLock()}
                onUnsavedChange={setHasUnsavedChanges}
              />
            )}
            <div className="voucher-download">
              {state.voucher.isLocked || state.voucher.refundedAt ? (
                <div className="voucher-download-links">
                  <a
                    ref={downloadRef}
                    className="button secondary"
                    href={voucherPdfPath(access, summary.id)}
                    target="_blank"
                    rel="noopener"
                  >
                    {t('order.voucher.download')}
                    <span className="visually-hidden">
                      {' '}
                      {summary.code} {t('checkout.newWindow')}
                    </span>
                  </a>
                  <a
                    className="button secondary"
                    href={voucherPdfPath(access, summary.id, 'phone')}
                    target="_blank"
                    rel="noopener"
                  >
                    {t('order.voucher.phone')}
                    <span className="visually-hidden">
                      {' '}
                      {summary.code} {t('checkout.newWindow')}
                    </span>
                  </a>
                </div>
              ) : (
                <>
                  <p id={warningId} className="notice">
                    {t('order.voucher.lockWarning')}
                  </p>
                  <button
                    type="button"
                    className="button"
                    aria-describedby={printError ? `${printErrorId} ${warningId}` : warningId}
                    onClick={() => void print(state.voucher)}
                  >
                    {t('order.voucher.print')}
                    <span className="visually-hidden">
                      {' '}
                      {summary.code} {t('checkout.newWindow')}
                    </span>
                  </button>
                  <p id={printErrorId} className="field-error" role="alert">
                    {printError}
                  </p>
                  <p>
                    <a href={voucherPdfPath(access, summary.id)} target="_blank" rel="noopener">
                      {t('order.voucher.preview')}
                      <span className="visually-hidden"> {t('checkout.newWindow')}</span>
                    </a>
                  </p>
                </>
              )}
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
