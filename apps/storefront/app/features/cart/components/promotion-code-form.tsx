import { formatPrice } from '@shop/contracts/price-format';
import { type FormEvent, useId, useState } from 'react';
import { applyReduction, cartStore, removeReduction, useCartState } from '#app/lib/orders/cart-store.ts';
import { reductionAmountText } from '#app/lib/orders/reduction.ts';
import { useShop, useT } from '#app/lib/shop-data.ts';

/**
 * The promotion code (SPEC §4): none → a field; applied → the code, what it takes off and the price
 * with it, and a way to remove it; invalid → the field marked with the server's reason (unknown,
 * expired, used, not for these vouchers, below the minimum order value: the problem's detail, in the
 * shopper's language), until the cart changes.
 */
export function PromotionCodeForm() {
  const t = useT();
  const { locale } = useShop();
  const { cart, isReductionInvalid } = useCartState();
  const inputId = useId();
  const messageId = useId();
  const [code, setCode] = useState('');
  /** `isInvalidCode`: the server refused the code; it shows only while the cart marks the code invalid. */
  const [failure, setFailure] = useState<{ text: string; isInvalidCode: boolean } | null>(null);

  const reduction = cart?.reduction ?? null;
  if (reduction) {
    const subtotal = cart?.summary.subtotal.total ?? 0;
    // The server's discount, not one worked out here: a code for some offers reduces only their vouchers.
    const withCode = subtotal - (cart?.summary.discountTotal.total ?? 0);
    return (
      <section className="code-box" aria-labelledby={`${inputId}-title`}>
        <h3 id={`${inputId}-title`} className="code-title">
          {t('cart.promotion.title')}
        </h3>
        <p className="code-applied">
          <strong>{reduction.code}</strong>
          {reduction.name ? ` – ${reduction.name}` : ''}: {reductionAmountText(reduction, locale)}
        </p>
        {subtotal > 0 && withCode !== subtotal ? (
          <p className="small">
            {t('cart.promotion.priceWithCode', {
              price: formatPrice(withCode, locale),
              original: formatPrice(subtotal, locale),
            })}
          </p>
        ) : null}
        <button
          type="button"
          className="link-button"
          aria-label={t('cart.promotion.removeNamed', { code: reduction.code })}
          onClick={() => void removeReduction()}
        >
          {t('cart.promotion.remove')}
        </button>
      </section>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const entered = code.trim();
    if (!entered) {
      setFailure({ text: t('cart.promotion.empty'), isInvalidCode: false });
      return;
    }
    setFailure(null);
    const result = await applyReduction(entered);
    if (result.ok) {
      setCode('');
      return;
    }
    const text = result.errors[0];
    const isInvalidCode = cartStore.get().isReductionInvalid;
    // No connection or an unexpected error: the toast said so already. Too many attempts: the server's
    // message says when to try again.
    if (text) setFailure({ text, isInvalidCode });
  };
  // A refused code stays marked until the cart changes (SPEC §4); our own messages until the next try.
  const shownMessage = failure && (!failure.isInvalidCode || isReductionInvalid) ? failure.text : null;
  const isInvalid = shownMessage !== null;
  return (
    <form className="code-box" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="code-title">
        {t('cart.promotion.label')}
      </label>
      <div className="code-row">
        <input
          id={inputId}
          name="promotionCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={50}
          value={code}
          aria-invalid={isInvalid || undefined}
          aria-describedby={isInvalid ? messageId : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <button type="submit" className="button secondary">
          {t('cart.promotion.apply')}
        </button>
      </div>
      <div id={messageId} aria-live="polite">
        {isInvalid ? <p className="field-error">{shownMessage}</p> : null}
      </div>
    </form>
  );
}
