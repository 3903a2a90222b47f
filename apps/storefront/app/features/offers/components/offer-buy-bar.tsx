import type { Variant } from '@shop/contracts/catalogue';
import type { CSSProperties } from 'react';
import { bottomInsetStore } from '#app/lib/bottom-inset.ts';
import { useT } from '#app/lib/shop-data.ts';
import { useStore } from '#app/lib/store.ts';
import { AddToCartButton } from './add-to-cart.tsx';
import { useStayText } from './offer-price-block.tsx';

/**
 * Phones and tablets: the chosen voucher's price and the add-to-cart button in a bar that sticks to the
 * bottom of the screen while the visitor reads the pictures, terms and details (CSS `position: sticky`
 * in the offer's layout: it works before the client starts and rests at the end of the details). The
 * buy box shows no button of its own at these widths, so there is one add-to-cart button at a time.
 */
export function OfferBuyBar({ selected }: { selected: Variant | undefined }) {
  const t = useT();
  const stayText = useStayText();
  // Above the cookie banner while it asks (a registered property, not inherited: set here).
  const bottomInset = useStore(bottomInsetStore, (height) => height, 0);
  return (
    <section
      className="offer-buy-bar"
      aria-label={t('offer.buyBar')}
      style={bottomInset ? ({ '--cookie-banner-height': `${bottomInset}px` } as CSSProperties) : undefined}
    >
      {selected ? (
        <p className="offer-buy-bar-price">
          <strong>{selected.price.display}</strong>
          <span className="small">{stayText(selected)}</span>
        </p>
      ) : null}
      <div className="offer-buy-bar-action">
        <AddToCartButton variantId={selected?.id ?? null} />
      </div>
    </section>
  );
}
