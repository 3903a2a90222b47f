import type { MessageKey } from '#app/i18n/de.ts';
import { useT } from '#app/lib/shop-data.ts';

export type CheckoutStep = 'cart' | 'data' | 'payment' | 'done';

const steps: { step: CheckoutStep; label: MessageKey }[] = [
  { step: 'cart', label: 'checkout.steps.cart' },
  { step: 'data', label: 'checkout.steps.data' },
  { step: 'payment', label: 'checkout.steps.payment' },
  { step: 'done', label: 'checkout.steps.done' },
];

/**
 * Where the buyer is in the purchase: cart, your data, payment, done. The current step carries
 * `aria-current="step"`; the ones before it say (to screen readers too) that they are done.
 */
export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  const t = useT();
  const currentIndex = steps.findIndex((entry) => entry.step === current);
  return (
    <nav className="checkout-steps" aria-label={t('checkout.steps.label')}>
      <ol>
        {steps.map(({ step, label }, index) => {
          const state = index < currentIndex ? 'is-done' : index === currentIndex ? 'is-current' : '';
          return (
            <li
              key={step}
              className={state || undefined}
              aria-current={index === currentIndex ? 'step' : undefined}
            >
              <span className="checkout-step-number" aria-hidden="true">
                {index + 1}
              </span>
              <span>{t(label)}</span>
              {index < currentIndex ? (
                <span className="visually-hidden"> ({t('checkout.steps.completed')})</span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
