import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { MessageKey } from '#app/i18n/de.ts';
import { forgetCart, loadStoredCart, storedCartAccess } from '#app/lib/orders/cart-store.ts';
import { useT } from '#app/lib/shop-data.ts';
import { completeAmazonPay, completePayPal } from '../api/checkout-calls.ts';
import { CheckoutSteps } from './checkout-steps.tsx';

/** What the provider's return means for the customer. */
type Outcome =
  | { kind: 'working' }
  /** Cancelled on the provider's page: choose again (SPEC §8 "payment unsuccessful, try another method"). */
  | { kind: 'cancelled' }
  /** Declined or timed out (402): SPEC §8 "payment declined, retry". */
  | { kind: 'declined' }
  /** The return does not belong to this browser's order, or is malformed. */
  | { kind: 'unknown' }
  | { kind: 'failed'; message: string | null };

/**
 * /checkout/authorize: PayPal and Amazon Pay send the customer back here. The approved payment is
 * captured (PayPal transaction / Amazon Pay completion); a paid order continues to /complete, anything
 * else explains what happened and leads back to the checkout to choose again.
 */
export function AuthorizeScreen() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once per visit: a capture must not be sent twice (development renders effects twice).
    if (started.current) return;
    started.current = true;
    void (async () => {
      await loadStoredCart();
      const access = storedCartAccess();
      const provider = params.get('provider');
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
          setOutcome({ kind: 'declined' });
        }
        return;
      }
      const problem = result.failure.kind === 'problem' ? result.failure.problem : null;
      if (problem?.status === 402 || problem?.type === 'payment-failed') {
        setOutcome({ kind: 'declined' });
      } else {
        setOutcome({ kind: 'failed', message: result.reaction.errors[0] ?? null });
      }
    })();
  }, [navigate, params]);

  // The result replaces the "please wait": move focus to it so it is read out.
  useEffect(() => {
    if (outcome.kind !== 'working') headingRef.current?.focus();
  }, [outcome.kind]);

  const titles: Record<Outcome['kind'], MessageKey> = {
    working: 'checkout.authorize.working',
    cancelled: 'checkout.authorize.cancelledTitle',
    declined: 'checkout.authorize.declinedTitle',
    unknown: 'checkout.authorize.unknownTitle',
    failed: 'checkout.authorize.failedTitle',
  };
  return (
    <div className="container page narrow authorize">
      <CheckoutSteps current="payment" />
      <h1 ref={headingRef} tabIndex={-1}>
        {t(titles[outcome.kind])}
      </h1>
      {outcome.kind === 'working' ? (
        <p className="checkout-loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>{t('checkout.authorize.wait')}</span>
        </p>
      ) : (
        <div className="notice is-danger">
          <p>
            {outcome.kind === 'cancelled'
              ? t('checkout.authorize.cancelled')
              : outcome.kind === 'declined'
                ? t('checkout.authorize.declined')
                : outcome.kind === 'unknown'
                  ? t('checkout.authorize.unknown')
                  : (outcome.message ?? t('cart.error.unexpected'))}
          </p>
        </div>
      )}
      {outcome.kind === 'working' ? null : (
        <p>
          <Link className="button" to="/checkout">
            {outcome.kind === 'unknown'
              ? t('checkout.authorize.toCart')
              : t('checkout.authorize.chooseAgain')}
          </Link>
        </p>
      )}
    </div>
  );
}
