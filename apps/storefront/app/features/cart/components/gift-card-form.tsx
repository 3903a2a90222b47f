import { validationMessages } from '@shop/contracts/messages';
import { type FormEvent, useId, useState } from 'react';
import { applyGiftCard, removeGiftCard, useCartState } from '#app/lib/orders/cart-store.ts';
import { useShop, useT } from '#app/lib/shop-data.ts';

/** The contract's gift-card code pattern (`giftCardRequestSchema`), checked before asking the server. */
const giftCardPattern = /^[A-Za-z0-9-]{4,40}$/;

/**
 * Gift cards (only where the brand has them): redeem a card's code; every card on the order (its
 * summary's `prepaid` list, so also one redeemed in an earlier visit) shows masked and can be taken off
 * again by its id. The amounts they cover show in the totals.
 */
export function GiftCardForm() {
  const t = useT();
  const { locale } = useShop();
  const { cart } = useCartState();
  const cards = cart?.summary.prepaid ?? [];
  const inputId = useId();
  const messageId = useId();
  const [tan, setTan] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const entered = tan.trim();
    if (!giftCardPattern.test(entered)) {
      // SPEC §5: "Please enter a valid code!" (the same words the server uses).
      setMessage(validationMessages.giftCardCode[locale]);
      return;
    }
    setMessage(null);
    const result = await applyGiftCard(entered);
    if (result.ok) setTan('');
    else setMessage(result.errors[0] ?? null);
  };

  const remove = async (giftCardId: number) => {
    setMessage(null);
    const result = await removeGiftCard(giftCardId);
    if (!result.ok) setMessage(result.errors[0] ?? null);
  };

  return (
    <div className="code-box">
      <form onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="code-title">
          {t('cart.giftCard.label')}
        </label>
        <div className="code-row">
          <input
            id={inputId}
            name="giftCard"
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            value={tan}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? messageId : undefined}
            onChange={(event) => setTan(event.target.value)}
          />
          <button type="submit" className="button secondary">
            {t('cart.giftCard.apply')}
          </button>
        </div>
        <div id={messageId} aria-live="polite">
          {message ? <p className="field-error">{message}</p> : null}
        </div>
      </form>
      {cards.length > 0 ? (
        <ul className="gift-cards">
          {cards.map((card) => (
            <li key={card.giftCardId}>
              <span>{t('cart.giftCard.applied', { code: card.name })}</span>{' '}
              <button
                type="button"
                className="link-button"
                aria-label={t('cart.giftCard.removeNamed', { code: card.name })}
                onClick={() => void remove(card.giftCardId)}
              >
                {t('cart.giftCard.remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
