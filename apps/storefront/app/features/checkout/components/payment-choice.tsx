import type { PaymentType } from '@shop/contracts/orders';
import type { MessageKey } from '#app/i18n/de.ts';
import { useT } from '#app/lib/shop-data.ts';
import { errorId } from '#app/ui/form-field.tsx';

const labels: Record<PaymentType, { name: MessageKey; note: MessageKey }> = {
  paypal: { name: 'checkout.payment.paypal', note: 'checkout.payment.paypalNote' },
  amazonpay: { name: 'checkout.payment.amazonpay', note: 'checkout.payment.amazonpayNote' },
  wiretransfer: { name: 'checkout.payment.wiretransfer', note: 'checkout.payment.wiretransferNote' },
  credit: { name: 'checkout.payment.credit', note: 'checkout.payment.creditNote' },
};

/**
 * The payment types on offer: PayPal, Amazon Pay and wire transfer; account credit only when gift
 * cards cover the whole order (nothing is left to pay).
 */
export function paymentTypesFor(totalCents: number): PaymentType[] {
  return totalCents === 0 ? ['credit'] : ['paypal', 'amazonpay', 'wiretransfer'];
}

type Props = {
  options: PaymentType[];
  value: PaymentType | null;
  error: string | undefined;
  onChange: (paymentType: PaymentType) => void;
};

export function PaymentChoice({ options, value, error, onChange }: Props) {
  const t = useT();
  return (
    <fieldset
      className="payment-choice"
      id="checkout-paymentType"
      tabIndex={-1}
      aria-describedby={error ? errorId('checkout', 'paymentType') : undefined}
    >
      <legend>
        <h2>{t('checkout.payment.title')}</h2>
      </legend>
      {options.map((option) => (
        <label key={option} className={value === option ? 'payment-option is-selected' : 'payment-option'}>
          <input
            type="radio"
            name="paymentType"
            value={option}
            checked={value === option}
            aria-invalid={error ? true : undefined}
            onChange={() => onChange(option)}
          />
          <span>
            <strong>{t(labels[option].name)}</strong>
            <span className="payment-note">{t(labels[option].note)}</span>
          </span>
        </label>
      ))}
      {error ? (
        <p id={errorId('checkout', 'paymentType')} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
