import type { OrderItem } from '@shop/contracts/orders';
import { searchPath } from '@shop/contracts/site-paths';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Cart, changeQuantity, removeItem, useCartState } from '#app/lib/orders/cart-store.ts';
import { useShop, useT } from '#app/lib/shop-data.ts';
import { OrderLine, OrderTotals } from '#app/ui/order-summary.tsx';
import { GiftCardForm } from './gift-card-form.tsx';
import { PromotionCodeForm } from './promotion-code-form.tsx';

/** Most units of one voucher in a cart (the contract's limit for a quantity change). */
const maxQuantity = 99;

/** The cart drawer's contents (SPEC §2): items, codes, totals and the way to the checkout. */
export default function CartPanel({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { cart, phase } = useCartState();
  if (phase !== 'ready') {
    return (
      <div className="dialog-body drawer-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">{t('cart.loading')}</span>
      </div>
    );
  }
  if (!cart || cart.items.length === 0) return <EmptyCart onClose={onClose} />;
  return <OpenCart cart={cart} onClose={onClose} />;
}

function EmptyCart({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <div className="dialog-body cart-panel">
      <p>{t('layout.cartEmpty')}</p>
      <Link className="button" to={searchPath} onClick={onClose}>
        {t('layout.cartBrowse')}
      </Link>
      <PromotionCodeForm />
    </div>
  );
}

function OpenCart({ cart, onClose }: { cart: Cart; onClose: () => void }) {
  const t = useT();
  const { brand } = useShop();
  return (
    <div className="dialog-body cart-panel">
      {/* Waiting for PayPal / Amazon Pay: any change reopens the cart (the server releases the hold). */}
      {cart.status === 'payment-pending' ? <p className="notice">{t('cart.paymentPending')}</p> : null}
      <h3 className="visually-hidden">{t('cart.items')}</h3>
      <ul className="order-lines">
        {cart.items.map((item) => (
          <OrderLine key={item.id} item={item}>
            <ItemControls item={item} />
          </OrderLine>
        ))}
      </ul>
      <PromotionCodeForm />
      {brand.hasGiftCards ? <GiftCardForm /> : null}
      <OrderTotals summary={cart.summary} reductionName={cart.reduction?.code ?? null} />
      <div className="cart-actions">
        <Link className="button" to="/checkout" onClick={onClose}>
          {t('cart.toCheckout')}
        </Link>
        <button type="button" className="button secondary" onClick={onClose}>
          {t('cart.continueShopping')}
        </button>
      </div>
    </div>
  );
}

/** Quantity − / + and remove, each named with the item it acts on; an answer like "sold out" below. */
function ItemControls({ item }: { item: OrderItem }) {
  const t = useT();
  const [message, setMessage] = useState<string | null>(null);
  const messageId = `cart-item-${item.id}-message`;
  const run = async (action: Promise<{ ok: boolean; errors?: string[] }>) => {
    setMessage(null);
    const result = await action;
    if (!result.ok) setMessage(result.errors?.[0] ?? null);
    // A removed line takes its focused button with it: keep focus in the drawer, on its title.
    requestAnimationFrame(() => {
      const title = document.getElementById('cart-title');
      if (!title?.closest('dialog')?.contains(document.activeElement)) title?.focus();
    });
  };
  // `available` counts what the shop can still sell beyond this order's own units.
  const canAddOne = item.available > 0 && item.quantity < maxQuantity;
  return (
    <>
      <fieldset className="quantity">
        <legend className="visually-hidden">{t('cart.quantityOf', { title: item.title })}</legend>
        <button
          type="button"
          className="quantity-button"
          aria-label={t('cart.decrease', { title: item.title })}
          aria-describedby={message ? messageId : undefined}
          onClick={() => void run(changeQuantity(item.id, item.quantity - 1))}
        >
          −
        </button>
        <output className="quantity-value" aria-live="polite">
          {item.quantity}
        </output>
        <button
          type="button"
          className="quantity-button"
          aria-label={t('cart.increase', { title: item.title })}
          aria-disabled={canAddOne ? undefined : true}
          aria-describedby={message ? messageId : undefined}
          onClick={() =>
            canAddOne
              ? void run(changeQuantity(item.id, item.quantity + 1))
              : setMessage(t('cart.noMoreUnits'))
          }
        >
          +
        </button>
      </fieldset>
      <button
        type="button"
        className="link-button"
        aria-label={t('cart.removeItem', { title: item.title })}
        onClick={() => void run(removeItem(item.id))}
      >
        {t('cart.remove')}
      </button>
      {message ? (
        <p id={messageId} className="field-error" role="alert">
          {message}
        </p>
      ) : null}
    </>
  );
}
