import type { Variant } from '@shop/contracts/catalogue';
import { useT } from '#app/lib/shop-data.ts';
import { InsteadPrice } from '#app/ui/price.tsx';
import { nightsText, personsText } from '#app/ui/ranges.ts';

type Props = {
  variants: Variant[];
  /** With a selection, each variant on sale gets a radio button (the one the cart button adds). */
  selection?: { selectedId: number | null; onSelect: (variantId: number) => void };
};

/** Variants (nights × persons) with price, savings, stock notice and sold-out state. */
export function VariantTable({ variants, selection }: Props) {
  const t = useT();
  return (
    <table className="variant-table">
      <caption className="visually-hidden">{t('offer.variants')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('offer.variant')}</th>
          <th scope="col">{t('offer.price')}</th>
          <th scope="col">{t('offer.savings')}</th>
        </tr>
      </thead>
      <tbody>
        {variants.map((variant) => {
          const name = (
            <>
              <span className="nowrap">{nightsText(t, { min: variant.nights, max: variant.nights })}</span>
              <br />
              <span className="muted nowrap">
                {personsText(t, { min: variant.persons, max: variant.persons })}
              </span>
            </>
          );
          const isSelected = selection?.selectedId === variant.id;
          const rowClass = [variant.isSoldOut ? 'is-sold-out' : '', isSelected ? 'is-selected' : '']
            .filter(Boolean)
            .join(' ');
          return (
            <tr key={variant.id} className={rowClass || undefined}>
              <th scope="row">
                {selection && !variant.isSoldOut ? (
                  <label className="variant-choice">
                    <input
                      type="radio"
                      name="variant"
                      value={variant.id}
                      checked={isSelected}
                      onChange={() => selection.onSelect(variant.id)}
                    />
                    <span>{name}</span>
                  </label>
                ) : (
                  name
                )}
              </th>
              <td>
                <strong className="price">{variant.price.display}</strong>
                <span className="per-night muted">
                  {t('offer.perPersonNightShort', { price: variant.perPersonAndNight.display })}
                </span>
                {variant.price.original.total > variant.price.total ? (
                  <InsteadPrice price={variant.price.original.display} />
                ) : null}
              </td>
              <td>
                {variant.isSoldOut ? (
                  <span className="badge sold-out">{t('offer.soldOut')}</span>
                ) : (
                  <>
                    <span className="badge discount">
                      {t('offer.save', { percent: variant.price.discountPercent })}
                    </span>
                    {variant.piecesLeft !== null ? (
                      <span className="pieces-left">
                        {t('offer.piecesLeft', { pcs: variant.piecesLeft })}
                      </span>
                    ) : null}
                  </>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
