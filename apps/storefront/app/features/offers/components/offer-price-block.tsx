import type { Offer, Variant } from '@shop/contracts/catalogue';
import { useId } from 'react';
import { Link } from 'react-router';
import { useT } from '#app/lib/shop-data.ts';
import { InsteadPrice } from '#app/ui/price.tsx';
import { nightsText, personsText } from '#app/ui/ranges.ts';

/** "3 Nächte, 2 Personen" for one variant. */
export function useStayText() {
  const t = useT();
  return (variant: Variant) =>
    `${nightsText(t, { min: variant.nights, max: variant.nights })}, ${personsText(t, {
      min: variant.persons,
      max: variant.persons,
    })}`;
}

/**
 * The offer's price as the EU price-indication rules want it: the "from" price, the reference price
 * with what it is (the hotel's regular price, or our own lowest price of the 30 days before a reduction),
 * the final price incl. VAT,
 * and the chosen voucher's price per person and night.
 */
export function OfferPriceBlock({ offer, selected }: { offer: Offer; selected: Variant | undefined }) {
  const t = useT();
  const stayText = useStayText();
  const referenceId = useId();
  const hasReference = offer.price.original.total > offer.price.total;
  // Each kind of "statt" price the page shows says what it is (the variants' may differ).
  const kinds = new Set(
    [offer.price, ...offer.variants.map((variant) => variant.price)]
      .filter((price) => price.original.total > price.total)
      .map((price) => price.referenceKind),
  );
  return (
    <div className="offer-price-block">
      <p className="offer-price" aria-describedby={hasReference ? referenceId : undefined}>
        <span className="price-from">{t('offer.from')}</span> <strong>{offer.price.display}</strong>{' '}
        <InsteadPrice price={offer.price.original.display} />
      </p>
      <p className="offer-saving">{t('offer.savePercent', { percent: offer.price.discountPercent })}</p>
      {selected ? (
        <p className="offer-per-night">
          <span className="nowrap">
            {t('offer.perPersonNight', { price: selected.perPersonAndNight.display })}
          </span>{' '}
          <span className="muted">({t('offer.selectedStay', { stay: stayText(selected) })})</span>
        </p>
      ) : null}
      <p className="offer-price-notes muted small">
        <span>{t('offer.inclVat')}</span>
        {hasReference ? (
          <>
            {' · '}
            <span id={referenceId}>
              {[...kinds]
                .map((kind) =>
                  t(kind === 'lowest-30-days' ? 'offer.referencePrice30Days' : 'offer.referencePrice'),
                )
                .join(' ')}
            </span>
          </>
        ) : null}
      </p>
    </div>
  );
}

/** The right of withdrawal beside the buy button, with the terms that spell it out. */
export function WithdrawalNote({ termsPath }: { termsPath: string }) {
  const t = useT();
  return (
    <p className="withdrawal-note small">
      {t('offer.withdrawal')} <Link to={termsPath}>{t('offer.withdrawalLink')}</Link>
    </p>
  );
}
