import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { MessageKey } from '#app/i18n/de.ts';
import { forgetCart, loadStoredCart, storedCartAccess } from '#app/lib/orders/cart-store.ts';
import { useT } from '#app/lib/shop-data.ts';
import { completeAmazonPay, completePayPal } from '../api/checkout-calls.ts';
import { CheckoutSteps } from './checkout-steps.tsx';

/** What the provider's return means for the customer: each way a payment can end has its own words. */
type Outcome =
  | { kind: 'working' }
  /** Cancelled on the provider's page: nothing charged, the order kept; pay again, there or otherwise. */
  | { kind: 'cancelled' }
  /** The provider refused the means of payment (402 payment-declined). */
  | { kind: 'declined' }
  /** The provider did not answer (402 payment-timeout): the outcome is open; try again later. */
  | { kind: 'timeout' }
  /** The approval lapsed, or the order changed since (402 payment-stale): pay again from the checkout. */
  | { kind: 'stale' }
  /** The return does not belong to this browser's order, or is malformed. */
  | { kind: 'unknown' }
  | { kind: 'failed'; message: string | null };

/** The answer of the capture call, by its problem type. */
const outcomeByProblem: Record<string, Outcome> = {
  'payment-declined': { kind: 'declined' },
  'payment-timeout': { kind: 'timeout' },
  'payment-stale': { kind: 'stale' },
};

const providerLabels: Record<string, string> = { paypal: 'PayPal', amazonpay: 'Amazon Pay' };

/**
 * /checkout/authorize: PayPal and Amazon Pay send the customer back here. The approved payment is
 * captured (PayPal transaction / Amazon Pay completion); a paid order continues to /complete, anything
 * else says what happened and what to do, and leads back to the checkout (or tries again after a time-out).
 */
export function AuthorizeScreen() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const started = useRef(false);
  const provider = params.get('provider') ?? '';
  const providerLabel = providerLabels[provider] ?? provider;

  const confirm = useCallback(async () => {
    await loadStoredCart();
    const access = storedCartAccess();
    if (!access || String(access.orderId) !== params.get('orderId')) {
      setOutcome({ kind: 'unknown' });
      return;
    }
    if (params.get('cancelled') === '1') {
      setOutcome({ kind: 'cancelled' });
      return;
    }
    const reference =
      provider === 'paypal'
        ? params.get('token')
        : provider === 'amazonpay'
          ? params.get('amazonCheckoutSessionId')
          : null;
    if (!reference) {
      setOutcome({ kind: 'unknown' });
      return;
    }
    const result =
      provider === 'paypal'
        ? await completePayPal(access, reference)
        : await completeAmazonPay(access, reference);
    if (result.ok) {
      const order = result.data;
      if (order.status === 'paid' || order.status === 'awaiting-payment') {
        forgetCart();
        navigate(`/complete/${order.id}/${encodeURIComponent(order.token)}`, { replace: true });
      } else {
        setOutcome({ kind: 'failed', message: null });
      }
      return;
    }
    const problem = result.failure.kind === 'problem' ? result.failure.problem : null;
    setOutcome(
      (problem && outcomeByProblem[problem.type]) ?? {
        kind: 'failed',
        message: result.reaction.errors[0] ?? null,
      },
    );
  }, [navigate, params, provider]);

  useEffect(() => {
    // Once per visit: a capture must not be sent twice (development renders effects twice).
    if (started.current) return;
    started.current = true;
    void confirm();
  }, [confirm]);

  /** After a time-out: ask again (the capture's request id is fixed, so nothing is taken twice). */
  const retry = () => {
    setOutcome({ kind: 'working' });
    void confirm();
  };

  // The result replaces the "please wait": move focus to it so it is read out.
  useEffect(() => {
    if (outcome.kind !== 'working') headingRef.current?.focus();
  }, [outcome.kind]);

  const titles: Record<Outcome['kind'], MessageKey> = {
    working: 'checkout.authorize.working',
    cancelled: 'checkout.authorize.cancelledTitle',
    declined: 'checkout.authorize.declinedTitle',
    timeout: 'checkout.authorize.timeoutTitle',
    stale: 'checkout.authorize.staleTitle',
    unknown: 'checkout.authorize.unknownTitle',
    failed: 'checkout.authorize.failedTitle',
  };
  const texts: Record<Exclude<Outcome['kind'], 'working' | 'failed'>, MessageKey> = {
    cancelled: 'checkout.authorize.cancelled',
    declined: 'checkout.authorize.declined',
    timeout: 'checkout.authorize.timeout',
    stale: 'checkout.authorize.stale',
    unknown: 'checkout.authorize.unknown',
  };
  const values = { provider: providerLabel };
  return (
    <div className="container page narrow authorize" data-outcome={outcome.kind}>
      <CheckoutSteps current="payment" />
      <h1 ref={headingRef} tabIndex={-1}>
        {t(titles[outcome.kind], values)}
      </h1>
      {outcome.kind === 'working' ? (
        <p className="checkout-loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>{t('checkout.authorize.wait')}</span>
        </p>
      ) : (
        <div className="notice is-danger">
          <p>
            {outcome.kind === 'failed'
              ? (outcome.message ?? t('cart.error.unexpected'))
              : t(texts[outcome.kind], values)}
          </p>
        </div>
      )}
      {outcome.kind === 'working' ? null : (
        <p>
          {outcome.kind === 'timeout' ? (
            <button type="button" className="button" onClick={retry}>
              {t('checkout.authorize.retry')}
            </button>
          ) : null}{' '}
          <Link className={outcome.kind === 'timeout' ? 'button secondary' : 'button'} to="/checkout">
            {outcome.kind === 'unknown'
              ? t('checkout.authorize.toCart')
              : t('checkout.authorize.chooseAgain')}
          </Link>
        </p>
      )}
    </div>
  );
}
