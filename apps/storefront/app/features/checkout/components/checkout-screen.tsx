import type { OrderNotification, PaymentType } from '@shop/contracts/orders';
import { formatPrice } from '@shop/contracts/price-format';
import { searchPath } from '@shop/contracts/site-paths';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toEuros, trackEcommerce } from '#app/lib/analytics.ts';
import { type Cart, ecommerceItem, openCartDrawer, useCartState } from '#app/lib/orders/cart-store.ts';
import { useShop, useT } from '#app/lib/shop-data.ts';
import { CheckboxField, fieldId } from '#app/ui/form-field.tsx';
import { OrderLine, OrderTotals } from '#app/ui/order-summary.tsx';
import { checkMembershipNumber } from '../api/checkout-calls.ts';
import {
  type CustomerField,
  type CustomerFormValues,
  type FieldErrors,
  firstErrorField,
  initialValues,
} from '../customer-form.ts';
import { placeOrder } from '../place-order.ts';
import { AdjustedOrderNotice } from './adjusted-order-notice.tsx';
import { CheckoutSteps } from './checkout-steps.tsx';
import { CustomerFields } from './customer-fields.tsx';
import { PaymentChoice, paymentTypesFor } from './payment-choice.tsx';

/** The form's checks use zod (the contract's schema): fetched when the visitor starts on the form. */
const loadValidation = () => import('../customer-validation.ts');

/** SPEC §2 /checkout: customer data, payment choice, terms; then PUT customer → prepare → close. */
export function CheckoutScreen() {
  const t = useT();
  const { cart, phase } = useCartState();
  // Kept here, not in the form: when preparing removed the last voucher the form goes, the changes stay.
  const [adjusted, setAdjusted] = useState<OrderNotification[]>([]);
  return (
    <div className="container page checkout">
      <CheckoutSteps current="data" />
      <h1>{t('checkout.title')}</h1>
      {phase !== 'ready' ? (
        <p className="checkout-loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>{t('cart.loading')}</span>
        </p>
      ) : !cart || cart.items.length === 0 ? (
        <div className="checkout-empty">
          <AdjustedOrderNotice notifications={adjusted} />
          <p>{t(adjusted.length > 0 ? 'waysOn.adjusted.emptied' : 'checkout.empty')}</p>
          <Link className="button" to={searchPath}>
            {t('layout.cartBrowse')}
          </Link>
        </div>
      ) : (
        <CheckoutForm key={cart.id} cart={cart} notifications={adjusted} onAdjusted={setAdjusted} />
      )}
    </div>
  );
}

type SubmitState = { fieldErrors: FieldErrors; formErrors: string[]; paymentError?: string };
const noErrors: SubmitState = { fieldErrors: {}, formErrors: [] };

type CheckoutFormProps = {
  cart: Cart;
  /** What the last prepare changed. */
  notifications: OrderNotification[];
  onAdjusted: (notifications: OrderNotification[]) => void;
};

function CheckoutForm({ cart, notifications, onAdjusted }: CheckoutFormProps) {
  const t = useT();
  const { brand, locale } = useShop();
  const navigate = useNavigate();
  const [values, setValues] = useState<CustomerFormValues>(() =>
    initialValues(cart.customer, locale, brand.billingCountries),
  );
  const paymentOptions = paymentTypesFor(cart.summary.total.total);
  const [paymentType, setPaymentType] = useState<PaymentType | null>(() =>
    paymentOptions.length === 1 ? (paymentOptions[0] ?? null) : null,
  );
  const [errors, setErrors] = useState<SubmitState>(noErrors);
  const hasSubmitted = useRef(false);
  const latestCheck = useRef(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  // Back from PayPal / Amazon Pay without paying: the order waits; the same steps choose again (the
  // server reopens it as a cart).
  const isPaymentPending = cart.status === 'payment-pending';

  // Only credit remains when gift cards cover everything (and not otherwise): keep the choice valid.
  const optionsKey = paymentOptions.join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the options are derived from optionsKey
  useEffect(() => {
    setPaymentType((current) =>
      current && paymentOptions.includes(current)
        ? current
        : paymentOptions.length === 1
          ? (paymentOptions[0] ?? null)
          : null,
    );
  }, [optionsKey]);

  // SPEC §1 "checkout start", once per cart.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reported once when the form first shows
  useEffect(() => {
    trackEcommerce('begin_checkout', {
      value: toEuros(cart.summary.total.total),
      items: cart.items.map((item) => ecommerceItem(item)),
      ...(cart.reduction ? { coupon: cart.reduction.code } : {}),
    });
  }, [cart.id]);

  const validate = async (next: CustomerFormValues) => {
    const { validateCustomer } = await loadValidation();
    return validateCustomer(next, {
      orderId: cart.id,
      orderKey: cart.key,
      locale,
      membership: brand.membershipNumber,
    });
  };

  const change = <F extends CustomerField>(field: F, value: CustomerFormValues[F]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first attempt, errors follow the typing (a fixed field loses its message at once);
    // only the latest check counts.
    if (hasSubmitted.current) {
      const check = ++latestCheck.current;
      void validate(next).then((outcome) => {
        if (check !== latestCheck.current) return;
        setErrors((current) => ({ ...current, fieldErrors: outcome.ok ? {} : outcome.fieldErrors }));
      });
    }
  };

  const showErrors = (state: SubmitState) => {
    setErrors(state);
    // Focus the first field with an error (its message is read with it), else the message box.
    requestAnimationFrame(() => {
      const field = firstErrorField(state.fieldErrors);
      if (field) document.getElementById(fieldId('checkout', field))?.focus();
      else if (state.paymentError) document.getElementById(fieldId('checkout', 'paymentType'))?.focus();
      else summaryRef.current?.focus();
    });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    hasSubmitted.current = true;
    const paymentError = paymentType ? undefined : t('checkout.error.payment');
    const outcome = await validate(values);
    if (!outcome.ok || !paymentType) {
      showErrors({ fieldErrors: outcome.ok ? {} : outcome.fieldErrors, formErrors: [], paymentError });
      return;
    }
    // SPEC §7: the brand checks the membership number (POST /api/guard/number) before the order is placed.
    const membershipNumber = outcome.request.membershipNumber;
    if (brand.membershipNumber && membershipNumber) {
      const verdict = await checkMembershipNumber(membershipNumber);
      if (verdict.ok && !verdict.data.valid) {
        const { invalidMembershipNumber } = await loadValidation();
        showErrors({ fieldErrors: { membershipNumber: invalidMembershipNumber(locale) }, formErrors: [] });
        return;
      }
    }
    setErrors(noErrors);
    // What the buyer confirms is the amount on the page now; the server refuses to close for another.
    const placed = await placeOrder(outcome.request, paymentType, cart.summary.total.total);
    switch (placed.kind) {
      case 'refused':
        showErrors({ fieldErrors: placed.fieldErrors, formErrors: placed.formErrors });
        return;
      case 'changed':
        // The summary and the amount to pay show the new total; the buyer reads it and confirms again.
        showErrors({
          fieldErrors: {},
          formErrors: [
            t('checkout.cartChanged', { total: formatPrice(placed.total, locale, placed.currency) }),
          ],
        });
        return;
      case 'adjusted':
        onAdjusted(placed.notifications);
        return;
      case 'redirect':
        window.location.assign(placed.url);
        return;
      case 'closed':
        navigate(placed.path);
        return;
      case 'stopped':
        return;
    }
  };

  const hasErrors =
    errors.formErrors.length > 0 ||
    Object.keys(errors.fieldErrors).length > 0 ||
    Boolean(errors.paymentError);
  return (
    <div className="checkout-layout">
      <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
        <h2 id="checkout-summary-title">{t('checkout.summary.title')}</h2>
        <ul className="order-lines">
          {cart.items.map((item) => (
            <OrderLine key={item.id} item={item} />
          ))}
        </ul>
        <OrderTotals summary={cart.summary} reductionName={cart.reduction?.code ?? null} />
        <button type="button" className="link-button" onClick={openCartDrawer}>
          {t('checkout.editCart')}
        </button>
      </aside>
      <form className="checkout-form" noValidate onSubmit={submit} onFocus={() => void loadValidation()}>
        {/* The toast announces the change; this list stays for reading what changed. */}
        <AdjustedOrderNotice notifications={notifications} />
        <div
          ref={summaryRef}
          tabIndex={-1}
          className={hasErrors ? 'error-summary' : undefined}
          aria-live="polite"
        >
          {hasErrors ? (
            <>
              <p>
                <strong>{t('checkout.error.summary')}</strong>
              </p>
              {errors.formErrors.length > 0 ? (
                <ul>
                  {errors.formErrors.map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </ul>
              ) : null}
            </>
          ) : null}
        </div>
        {isPaymentPending ? (
          <div className="notice">
            <h2 className="notice-title">{t('checkout.pending.title')}</h2>
            <p>{t('checkout.pending.text')}</p>
          </div>
        ) : null}
        <fieldset className="checkout-section">
          <legend>
            <h2>{t('checkout.customer.title')}</h2>
          </legend>
          <p className="small muted">{t('checkout.requiredNote')}</p>
          <CustomerFields values={values} errors={errors.fieldErrors} onChange={change} />
        </fieldset>
        <PaymentChoice
          options={paymentOptions}
          value={paymentType}
          error={errors.paymentError}
          onChange={(next) => {
            setPaymentType(next);
            setErrors((current) => ({ ...current, paymentError: undefined }));
          }}
        />
        {
          <div className="checkout-section">
            {brand.hasNewsletterOptin ? (
              <CheckboxField
                form="checkout"
                name="newsletter"
                label={t('checkout.newsletter')}
                error={errors.fieldErrors.newsletter}
                isChecked={values.newsletter}
                onChange={(checked) => change('newsletter', checked)}
              />
            ) : null}
            <CheckboxField
              form="checkout"
              name="acceptTerms"
              isRequired
              label={
                <>
                  {t('checkout.terms.before')}{' '}
                  <Link to="/agb" target="_blank">
                    {t('checkout.terms.terms')}
                    <span className="visually-hidden"> {t('checkout.newWindow')}</span>
                  </Link>{' '}
                  {t('checkout.terms.between')}{' '}
                  <Link to="/datenschutz" target="_blank">
                    {t('checkout.terms.privacy')}
                    <span className="visually-hidden"> {t('checkout.newWindow')}</span>
                  </Link>
                  {t('checkout.terms.after')}
                </>
              }
              error={errors.fieldErrors.acceptTerms}
              isChecked={values.acceptTerms}
              onChange={(checked) => change('acceptTerms', checked)}
            />
          </div>
        }
        <p className="checkout-total">
          {t('checkout.toPay')} <strong>{cart.summary.total.display}</strong>
        </p>
        <WithdrawalLinks />
        <button type="submit" className="button checkout-submit">
          {t('checkout.submit')}
        </button>
      </form>
    </div>
  );
}

/** The seeded slugs of the withdrawal pages (apps/server/src/seed/legal-content.ts), like /agb above. */
const withdrawalPaths = { information: '/widerruf', form: '/widerrufsformular' };

/**
 * The right of withdrawal where the buyer confirms, beside the buy button: its information and the
 * model form, each opening in a new tab so the form keeps what was entered (docs/decisions/026).
 */
function WithdrawalLinks() {
  const t = useT();
  return (
    <p className="checkout-withdrawal">
      {t('checkout.withdrawal.before')}{' '}
      <Link to={withdrawalPaths.information} target="_blank">
        {t('checkout.withdrawal.information')}
        <span className="visually-hidden"> {t('checkout.newWindow')}</span>
      </Link>{' '}
      {t('checkout.withdrawal.between')}{' '}
      <Link to={withdrawalPaths.form} target="_blank">
        {t('checkout.withdrawal.form')}
        <span className="visually-hidden"> {t('checkout.newWindow')}</span>
      </Link>
      {t('checkout.withdrawal.after')}
    </p>
  );
}
