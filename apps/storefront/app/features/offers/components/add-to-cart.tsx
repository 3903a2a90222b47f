import { useId, useState } from 'react';
import { addToCart } from '#app/lib/orders/cart-store.ts';
import { useT } from '#app/lib/shop-data.ts';

/**
 * Adds one unit of the chosen variant (SPEC §9) and opens the cart drawer; an answer like "sold out"
 * shows right below the button.
 */
export function AddToCartButton({ variantId }: { variantId: number | null }) {
  const t = useT();
  const messageId = useId();
  const [message, setMessage] = useState<string | null>(null);
  const add = async () => {
    if (variantId === null) {
      setMessage(t('offer.chooseVariant'));
      return;
    }
    setMessage(null);
    const result = await addToCart(variantId);
    if (!result.ok && result.errors[0]) setMessage(result.errors[0]);
  };
  return (
    <>
      <button
        type="button"
        className="button add-to-cart"
        aria-describedby={message ? messageId : undefined}
        onClick={() => void add()}
      >
        {t('offer.addToCart')}
      </button>
      <div id={messageId} role="alert" className="add-to-cart-message">
        {message ? <p className="field-error">{message}</p> : null}
      </div>
    </>
  );
}
